package text

import (
	"slices"
	"testing"
)

// Heldout79: the internet's 典中典 and 急了 no terms and 名场面 of what
// someone said read as the words said; saving money stood in for by a
// cost cut.
func TestWave79Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"武大校长被记者问的时候说了啥名场面？听说要等谁安排，典中典": {"武大", "校长", "记者", "安排"},
		"你急了，雷军班一届招多少人":                 {"雷军班"},
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
	if !slices.Contains(StandIns("省钱"), "降到") {
		t.Errorf("StandIns(省钱) = %q, want 降到 among them", StandIns("省钱"))
	}
}
