package state

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestEngineFromPath(t *testing.T) {
	tests := []struct {
		path string
		want Engine // "" for an ErrUnknownEngine error
	}{
		// Folder names.
		{"query_engine_streamlit_reports/state_武汉大学_20250825_180214.json", EngineQuery},
		{"x/media_engine_streamlit_reports/state_武汉大学_20250825_175347.json", EngineMedia},
		{"/data/insight_engine_streamlit_reports/state_武汉大学_20250825_180214.json", EngineInsight},
		{"runs/media/state.json", EngineMedia},
		{"x/query_engine/a.json", EngineQuery},
		{"x/Insight_Engine_Reports/a.json", EngineInsight},
		{"x/QUERY/a.json", EngineQuery},
		{"query_engine_streamlit_reports/media.json", EngineQuery}, // the folder wins
		// File names.
		{"media.json", EngineMedia},
		{"insight_state.json", EngineInsight},
		{"out/run-2-query.v1.json", EngineQuery},
		{"QUERY.json", EngineQuery},
		{"query_query.json", EngineQuery},
		{"states/media", EngineMedia},
		{"query_engineering/media.json", EngineMedia}, // not an engine folder
		{"武汉大学·insight·0825.json", EngineInsight},
		// Neither.
		{"state_武汉大学_20250825_180214.json", ""},
		{"query_engineering/x.json", ""},
		{"host.json", ""},
		{"host/state.json", ""},
		{"querying.json", ""},
		{"medias/state.json", ""},
		{"query_media.json", ""},         // two engines
		{"media-insight-query.json", ""}, // three
		{"", ""},
	}
	for _, tt := range tests {
		path := filepath.FromSlash(tt.path)
		got, err := EngineFromPath(path)
		if tt.want == "" {
			if !errors.Is(err, ErrUnknownEngine) {
				t.Errorf("EngineFromPath(%q) = %q, %v; want ErrUnknownEngine", path, got, err)
				continue
			}
			if msg := err.Error(); !strings.Contains(msg, path) || !strings.Contains(msg, "engine=PATH") {
				t.Errorf("EngineFromPath(%q): message %q should name the path and engine=PATH", path, msg)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("EngineFromPath(%q) = %q, %v; want %q", path, got, err, tt.want)
		}
	}
}

func TestParseArg(t *testing.T) {
	errOther := errors.New("an error that is not ErrUnknownEngine")
	tests := []struct {
		arg     string
		want    Input
		wantErr error // nil, ErrUnknownEngine or errOther
	}{
		{"query=a.json", Input{EngineQuery, "a.json"}, nil},
		{"media=runs/x.json", Input{EngineMedia, "runs/x.json"}, nil},
		{"insight=/abs/path/state.json", Input{EngineInsight, "/abs/path/state.json"}, nil},
		{"MEDIA=dir/x=y.json", Input{EngineMedia, "dir/x=y.json"}, nil},
		{"query=media.json", Input{EngineQuery, "media.json"}, nil}, // the name wins over the path
		{"query_engine_streamlit_reports/state_武汉大学_20250825_180214.json",
			Input{EngineQuery, "query_engine_streamlit_reports/state_武汉大学_20250825_180214.json"}, nil},
		{"media_engine_streamlit_reports/state_武汉大学_20250825_180214.json",
			Input{EngineMedia, "media_engine_streamlit_reports/state_武汉大学_20250825_180214.json"}, nil},
		{"insight_engine_streamlit_reports/state_武汉大学_20250825_180214.json",
			Input{EngineInsight, "insight_engine_streamlit_reports/state_武汉大学_20250825_180214.json"}, nil},
		{"insight.json", Input{EngineInsight, "insight.json"}, nil},
		{"./a=b/media.json", Input{EngineMedia, "./a=b/media.json"}, nil}, // prefix "./a" is not letters
		{"=media.json", Input{EngineMedia, "=media.json"}, nil},
		{"q1=media.json", Input{EngineMedia, "q1=media.json"}, nil},
		{"host=forum.json", Input{}, ErrUnknownEngine},
		{"foo=a.json", Input{}, ErrUnknownEngine},
		{"a=media.json", Input{}, ErrUnknownEngine},
		{"state_武汉大学_20250825_180214.json", Input{}, ErrUnknownEngine},
		{"query=", Input{}, errOther},
		{"", Input{}, errOther},
	}
	for _, tt := range tests {
		got, err := ParseArg(tt.arg)
		switch tt.wantErr {
		case nil:
			if err != nil || got != tt.want {
				t.Errorf("ParseArg(%q) = %+v, %v; want %+v", tt.arg, got, err, tt.want)
			}
		case ErrUnknownEngine:
			if !errors.Is(err, ErrUnknownEngine) {
				t.Errorf("ParseArg(%q) = %+v, %v; want ErrUnknownEngine", tt.arg, got, err)
			}
		default:
			if err == nil || errors.Is(err, ErrUnknownEngine) {
				t.Errorf("ParseArg(%q) = %+v, %v; want an error other than ErrUnknownEngine", tt.arg, got, err)
			}
		}
	}
}

// A forum log passed as a state file is named as one: the error says to
// pass it with --forum, not engine=PATH (a new user followed that advice
// into an invalid-JSON error).
func TestEngineFromPathForumLog(t *testing.T) {
	for path, forum := range map[string]bool{"examples/coffee-shop/logs/forum.log": true, "run/forum_0825.txt": true, "notes/x.LOG": true, "state_x.json": false} {
		_, err := EngineFromPath(filepath.FromSlash(path))
		if !errors.Is(err, ErrUnknownEngine) || strings.Contains(err.Error(), "--forum") != forum || strings.Contains(err.Error(), "engine=PATH") == forum {
			t.Errorf("EngineFromPath(%q): %v; want the --forum advice %v", path, err, forum)
		}
	}
}
