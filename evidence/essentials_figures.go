package evidence

import (
	"cmp"
	"slices"

	"reportengine/text"
)

// essentialKinds are the figure kinds the essentials report, in order.
var essentialKinds = []FigureKind{FigVolume, FigSentiment, FigPlatform, FigIndex, FigShare, FigCount}

// trendWords mark a share or count clause about volume or its change
// (舆情事件频次…激增186%).
var trendWords = []string{"频次", "舆情", "热度", "热搜", "声量", "阅读", "播放", "传播", "增长", "激增", "同比", "环比"}

// keyFigures are the sentiment and volume figures the on-topic items
// state: the sentiment, volume, platform and index figures, and shares
// and counts whose clause speaks of volume or its change (trendWords),
// each with a KPI label (subject and metric named; a sentiment part needs
// only its group). One figure (its value as written and the metric word
// its label ends on) stated by several items is kept once, cited to its first item by primaryRank then id; a
// sentiment split is kept whole, all its parts from one item. Ranked by
// the number of items stating the figure (the run's headline figures
// are repeated), then kind (essentialKinds), then item order: at most
// EssentialFigures figures, then the parts of at most EssentialSplits
// sentiment splits.
func keyFigures(set *Set, topical []bool) []Figure {
	type cand struct {
		f     Figure
		rank  int // primaryRank of its item
		pos   int // item position
		items map[string]bool
		kind  int
	}
	byKey := map[string]*cand{}
	var keys []string
	for _, f := range set.Figures {
		k := slices.Index(essentialKinds, f.Kind)
		if k < 0 || f.Raw == "" {
			continue
		}
		if (f.Kind == FigShare || f.Kind == FigCount) && text.FirstWord(f.Sentence, trendWords) == "" {
			continue
		}
		if f.KPI == "" && (f.Kind != FigSentiment || f.Group == "") {
			continue // no subject and metric named: no key figure (a sentiment part is named by its group)
		}
		i, ok := set.byID[f.ItemID]
		if !ok || !topical[i] || !set.topicFigure(f) {
			continue
		}
		it := &set.Items[i]
		// 话题阅读量 and 全平台话题阅读量 28.7亿次, 4.1亿 and 41000万 of one
		// metric: one figure
		key := cmp.Or(figureKey(f), f.Raw) + "\x00" + lastAny(f.KPI, metricWords)
		if f.Kind == FigSentiment {
			key = f.Raw + "\x00" + f.Group + "\x00" + f.ItemID // a split's parts stay with their item
		}
		c := byKey[key]
		if c == nil {
			c = &cand{f: f, rank: primaryRank(it), pos: i, items: map[string]bool{}, kind: k}
			byKey[key] = c
			keys = append(keys, key)
		} else if r := primaryRank(it); r < c.rank {
			c.f, c.rank, c.pos = f, r, i
		}
		c.items[it.ID] = true
	}
	slices.SortStableFunc(keys, func(a, b string) int {
		x, y := byKey[a], byKey[b]
		return cmp.Or(cmp.Compare(len(y.items), len(x.items)), cmp.Compare(x.kind, y.kind), cmp.Compare(x.pos, y.pos))
	})
	var out []Figure
	var splitItems []string // items stating sentiment, in rank order
	for _, k := range keys {
		c := byKey[k]
		switch {
		case c.f.Kind != FigSentiment:
			if len(out) >= EssentialFigures || slices.ContainsFunc(out, func(f Figure) bool { return f.ItemID == c.f.ItemID && f.Raw == c.f.Raw }) {
				continue
			}
			out = append(out, c.f)
			for _, f := range set.figuresOf(c.f.ItemID) { // its other values: 二次舆情反弹概率 31% → 58%
				if f.KPI == c.f.KPI && f.Raw != c.f.Raw && f.Kind == c.f.Kind && !slices.Contains(out, f) {
					out = append(out, f)
				}
			}
		case !slices.Contains(splitItems, c.f.ItemID):
			splitItems = append(splitItems, c.f.ItemID)
		}
	}
	return append(out, sentimentSplits(set, splitItems)...)
}

// sentimentSplits are the parts of at most EssentialSplits sentiment
// splits of items (in rank order): a whole split (正面34%、负面28%、中性38%)
// before a single share, the same split in another passage (a copy of one
// page) once.
func sentimentSplits(set *Set, items []string) []Figure {
	parts := map[string][]Figure{} // each item's sentiment figures
	for _, id := range items {
		for _, f := range set.figuresOf(id) {
			if f.Kind == FigSentiment {
				parts[id] = append(parts[id], f)
			}
		}
	}
	slices.SortStableFunc(items, func(a, b string) int { return cmp.Compare(len(parts[b]), len(parts[a])) })
	var sentiment []Figure
	said := map[string]bool{} // the splits taken, by their parts
	for _, id := range items {
		if len(said) == EssentialSplits {
			break
		}
		sig := ""
		for _, f := range parts[id] {
			sig += f.Group + f.Raw + "\x00"
		}
		if !said[sig] { // else the same split in another passage (a copy of one page)
			said[sig] = true
			sentiment = append(sentiment, parts[id]...)
		}
	}
	return sentiment
}
