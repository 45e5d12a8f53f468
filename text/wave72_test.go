package text

import (
	"slices"
	"testing"
)

// Heldout72: people around the asker who argue or ask about the matter
// (店里客人又在争) are no terms, though the public (网友) arguing is the
// matter; 准话 (a sure answer) is no term; conclude is a verb of
// thinking, no term.
func TestWave72Terms(t *testing.T) {
	for q, want := range map[string][]string{
		"店里客人又在争武大的樱花到底是么时候种的，有没有个准话？":                                                               {"武大", "樱花"},
		"同事一直在问李明咖啡店在哪":                                                                              {"李明", "咖啡店"},
		"网友都在争论什么？":                                                                                  {"网友", "争论"},
		"what did sam actually conclude about the weird signal? just random noise or something else": {"sam", "weird", "signal", "random", "noise", "something", "else"},
	} {
		if got := termTexts(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%s) = %q, want %q", q, got, want)
		}
	}
}

// Heldout67: a work "adapted as" or "turned into" a form asks for the
// form, "who is the author of" for the role; an ending making another word of a matched one (author in
// authority) is told apart from an inflection (authors).
func TestWave72Asked(t *testing.T) {
	for q, want := range map[string][]string{
		"Has Operation: Dulce ever been adapted as an audio drama or podcast?": {"drama", "podcast"},
		"Was the story turned into a movie?":                                   {"movie"},
		"Who is the author of Operation: Dulce?":                               {"author"},
		"Who's the leader of the squad?":                                       {"leader"},
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%s) = %q, want %q", q, got, want)
		}
	}
	for rest, want := range map[string]bool{"ity figure": true, "itarian": true, "ities": true, "s of": false, "": false, "ize": false} {
		if got := AbstractEnding(rest); got != want {
			t.Errorf("AbstractEnding(%q) = %v, want %v", rest, got, want)
		}
	}
}

// Wuhan's 好多 of a price asked is 多少 (要好多钱, 好多钱一张); a lot of
// money spent is not asked (花了好多钱).
func TestWave72PriceDialect(t *testing.T) {
	for q, want := range map[string]string{
		"樱花季武大门口有黄牛倒票吗？一张要好多钱": "樱花季武大门口有黄牛倒票吗？一张要多少钱",
		"门票好多钱一张": "门票多少钱一张",
		"他花了好多钱":  "他花了好多钱",
	} {
		if got := Standard(q); got != want {
			t.Errorf("Standard(%s) = %s, want %s", q, got, want)
		}
	}
}
