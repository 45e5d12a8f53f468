package knowledge

import "testing"

func TestPandasCSV(t *testing.T) {
	tests := []struct {
		name   string
		header []string
		rows   [][]string
		want   string
	}{
		{"plain", []string{"turn", "content"}, [][]string{{"user", "Tell me about Agent Mercer"}},
			"turn|content\nuser|Tell me about Agent Mercer\n"},
		{"newline quoted", []string{"id", "title", "content"}, [][]string{{"0", "T", "# T\n\nbody"}},
			"id|title|content\n0|T|\"# T\n\nbody\"\n"},
		{"quote doubled", []string{"a"}, [][]string{{`say "hi"`}}, "a\n\"say \"\"hi\"\"\"\n"},
		{"delimiter quoted", []string{"a", "b"}, [][]string{{"x|y", "z"}}, "a|b\n\"x|y\"|z\n"},
		{"carriage return quoted", []string{"a", "b"}, [][]string{{"x\ry", "z"}}, "a|b\n\"x\ry\"|z\n"},
		{"spaces not quoted", []string{"a", "b"}, [][]string{{" x ", ""}}, "a|b\n x |\n"},
		{"single empty field", []string{"a"}, [][]string{{""}}, "a\n\"\"\n"},
	}
	for _, tt := range tests {
		if got := PandasCSV(tt.header, tt.rows, "|"); got != tt.want {
			t.Errorf("%s: PandasCSV = %q, want %q", tt.name, got, tt.want)
		}
	}
}
