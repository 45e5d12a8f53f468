package knowledge

import (
	"fmt"
	"strings"
	"testing"

	"reportengine/text"
)

// Every phrase FromGraph writes for a structural node or edge, in both
// languages, is bookkeeping by text.Bookkeeping, the one rule answers and
// questions use: a phrase changed here without the rule fails.
func TestPhrasesAreBookkeeping(t *testing.T) {
	for _, ph := range []phrases{phrasesZH, phrasesEN} {
		for _, s := range []string{
			fmt.Sprintf(ph.topic, "武汉大学") + fmt.Sprintf(ph.topicEngines, "query"),
			fmt.Sprintf(ph.host, 6),
			fmt.Sprintf(ph.engine, "media") + fmt.Sprintf(ph.engineReport, "报告") + fmt.Sprintf(ph.engineCounts, 5, 150),
			fmt.Sprintf(ph.search, "武汉大学 舆情", 3),
			fmt.Sprintf(ph.analysedBy, "武汉大学", "media"),
			fmt.Sprintf(ph.contains, "media", "概述"),
			fmt.Sprintf(ph.searched, "概述", "武汉大学 舆情"),
			fmt.Sprintf(ph.found, "武汉大学 舆情", "一篇报道") + fmt.Sprintf(ph.foundCount, 2),
			fmt.Sprintf(ph.researchedBy, "武汉大学", 3, "query"),
			fmt.Sprintf(ph.unavailable, "insight"),
			fmt.Sprintf(ph.sections, "概述"),
		} {
			if !text.Bookkeeping(strings.TrimSpace(s)) {
				t.Errorf("%q is not bookkeeping", s)
			}
		}
	}
}
