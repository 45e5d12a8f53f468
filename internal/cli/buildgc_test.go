package cli

import (
	"math"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

// memoryLimit reads the memory limit without changing it.
func memoryLimit() int64 { return debug.SetMemoryLimit(-1) }

// build-graph turns the collector off while it runs, unless the
// environment sets GOGC or GOMEMLIMIT, sets a memory limit above the heap
// once the inputs are loaded, and puts both settings back.
func TestBuildGC(t *testing.T) {
	beforePercent, beforeLimit := gcPercent(), memoryLimit()
	for _, tt := range []struct {
		name string
		env  map[string]string
		off  bool
	}{
		{"nothing set", nil, true},
		{"GOGC blank (no setting)", map[string]string{"GOGC": " "}, true},
		{"GOGC set", map[string]string{"GOGC": "50"}, false},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "1GiB"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			restore := buildGC(func(k string) string { return tt.env[k] })
			if (restore != nil) != tt.off {
				t.Fatalf("buildGC changed the settings: %v, want %v", restore != nil, tt.off)
			}
			if !tt.off {
				if gcPercent() != beforePercent || memoryLimit() != beforeLimit {
					t.Errorf("settings changed although the environment sets them")
				}
				return
			}
			if got := gcPercent(); got != -1 {
				t.Errorf("during the build GOGC = %d, want off (-1)", got)
			}
			buildMemoryLimit()
			sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
			metrics.Read(sample)
			heap := int64(sample[0].Value.Uint64())
			if got := memoryLimit(); got == math.MaxInt64 || got < 2*heap || got > 3*heap+64<<20 {
				t.Errorf("memory limit %d, want about 2.5 times the heap of %d bytes plus 64 MiB", got, heap)
			}
			restore()
			if gcPercent() != beforePercent || memoryLimit() != beforeLimit {
				t.Errorf("after the build GOGC = %d, limit %d; want %d, %d back", gcPercent(), memoryLimit(), beforePercent, beforeLimit)
			}
		})
	}
}
