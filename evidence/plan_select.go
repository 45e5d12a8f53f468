package evidence

import (
	"cmp"
	"maps"
	"math"
	"runtime"
	"slices"

	"reportengine/internal/parallel"
	"reportengine/text"
)

// planTarget is a sub-point items are given to: its chapter and index
// among the chapter's sub-points, and its key (SubPointKey).
type planTarget struct {
	ch, sp int
	key    string
	advice bool // the sub-point asks for recommendations or an outlook (AdviceTitle)
}

// planTargets adds the chapters and their sub-points to p and returns
// the targets (the sub-points of the non-summary chapters; a chapter
// without sub-points is one, its title) with their queries: the
// sub-point's title, and the chapter's at half weight.
func planTargets(p *Plan, chapters []ChapterSpec) ([]planTarget, [][]weighted) {
	var targets []planTarget
	var queries [][]weighted
	for ci, c := range chapters {
		cp := ChapterPlan{ID: c.ID, Title: c.Title, Summary: c.Summary}
		subs := c.SubPoints
		if len(subs) == 0 {
			subs = []string{c.Title}
		}
		for si, sp := range subs {
			key := SubPointKey(c.ID, si)
			cp.SubPoints = append(cp.SubPoints, SubPlan{Key: key, Title: sp})
			if c.Summary {
				continue
			}
			targets = append(targets, planTarget{ci, si, key, AdviceTitle(sp)})
			queries = append(queries, []weighted{{stripNumber(sp), 1}, {c.Title, 0.5}})
		}
		p.Chapters = append(p.Chapters, cp)
	}
	return targets, queries
}

// scoredItem is an item's best and second-best targets with their
// scores, its relevance, boost and retrieval hit at the best, whether it
// is on topic, and whether no sub-point retrieved it.
type scoredItem struct {
	best, second            int
	bestS, secondS, bestRel float64
	bestBoost               float64
	bestHit                 targetHit
	on                      bool
	skipped                 bool
}

// scoreItems scores every item against the targets that retrieved it
// (every target when hits is nil), on all cores; the result is in item
// order, whatever the scheduling. A recommendation or an outlook (Advice)
// is scored only against the targets asking for one, when there are any.
func scoreItems(set *Set, sc *scorer, nq int, targets []planTarget, chapters []ChapterSpec, hits [][]targetHit, boosts Boosts, names []string) []scoredItem {
	adviceTargets := slices.ContainsFunc(targets, func(t planTarget) bool { return t.advice })
	res := make([]scoredItem, len(set.Items))
	workers := runtime.GOMAXPROCS(0)
	outs := make([][]float64, workers)
	bufs := make([][]uint64, workers)
	for w := range outs {
		outs[w] = make([]float64, nq)
	}
	parallel.Each(len(set.Items), eachGrain, func(w, i int) {
		it := &set.Items[i]
		if hits != nil && len(hits[i]) == 0 {
			res[i] = scoredItem{best: -1, second: -1, skipped: true}
			return
		}
		r := scoredItem{best: -1, second: -1, on: set.onTopic(i, names)}
		bufs[w] = sc.score(it.Text, outs[w], bufs[w])
		advice := adviceTargets && Advice(it.Text)
		consider := func(ti int, h targetHit) {
			t := targets[ti]
			if advice && !t.advice {
				return
			}
			rel := outs[w][ti]
			b := boosts.of(chapters[t.ch].ID, it)
			s := rel + RetrievalWeight*h.retrieval
			if !r.on {
				s *= OffTopicFactor
			}
			s += b
			if s > r.bestS || r.best < 0 {
				if r.best >= 0 {
					r.second, r.secondS = r.best, r.bestS
				}
				r.best, r.bestS, r.bestRel, r.bestBoost, r.bestHit = ti, s, rel, b, h
			} else if s > r.secondS || r.second < 0 {
				r.second, r.secondS = ti, s
			}
		}
		if hits == nil {
			for ti := range targets {
				consider(ti, targetHit{target: ti})
			}
		} else {
			for _, h := range hits[i] { // in target order
				consider(h.target, h)
			}
		}
		res[i] = r
	})
	return res
}

// bestSubPoints gives each scored item to its best target (chapter,
// sub-point) as a candidate, counting in p.Unassigned those left out (not
// retrieved, off topic, below the minimum score or relevance); each
// target's candidates best first (ties: item order).
func bestSubPoints(p *Plan, targets []planTarget, res []scoredItem) map[[2]int][]cand {
	perSub := map[[2]int][]cand{}
	for i, r := range res {
		if reason := unassignedReason(r); reason != "" {
			p.Unassigned[reason]++
			continue
		}
		runner := ""
		if r.second >= 0 && r.secondS >= MinScore {
			runner = targets[r.second].key
		}
		k := [2]int{targets[r.best].ch, targets[r.best].sp}
		perSub[k] = append(perSub[k], cand{i, r.bestS, r.bestRel, runner, r.on, r.bestBoost, r.bestHit})
	}
	for _, cs := range perSub {
		slices.SortStableFunc(cs, byScore)
	}
	return perSub
}

// gatePool passes a sub-point's candidates (best first) through the
// finding gate until the MMR pool holds size of them: noise and off-topic
// passages never take a place, and are counted and listed in p.Rejected
// under the sub-point's key. It returns the pool and the gate's verdicts.
func gatePool(set *Set, p *Plan, fg gate, cs []cand, key string, size int) ([]cand, map[int]verdict) {
	var pool []cand
	verdicts := map[int]verdict{}
	for _, c := range cs {
		if len(pool) >= size {
			break
		}
		v := fg.judge(c.item)
		if v.ok {
			verdicts[c.item] = v
			pool = append(pool, c)
			continue
		}
		r := Rejected{ItemID: set.Items[c.item].ID, Key: key, Text: text.TruncateRunes(set.Items[c.item].Text, RejectedRunes)}
		if v.noise != Clean && v.noise != Fragment || v.noise == Fragment && v.on {
			p.Unassigned["noise"]++
			r.Reason, r.Noise = "noise", v.noise.String()
		} else {
			p.Unassigned["off_topic_subject"]++
			r.Reason, r.Subject = "off_topic", v.subject
		}
		p.Rejected = append(p.Rejected, r)
	}
	return pool, verdicts
}

// mmrChoose chooses at most n of pool by maximal marginal relevance
// (Lambda of the score against the highest trigram containment in a
// chosen item), then applies the web quota (webQuota).
func mmrChoose(set *Set, pool []cand, n int) []cand {
	grams := make([][]uint64, len(pool))
	for ci, c := range pool {
		grams[ci] = trigramList(Normalize(set.Items[c.item].Text))
	}
	var chosen []cand
	var chosenGrams [][]uint64
	used := make([]bool, len(pool))
	for len(chosen) < n {
		bi, bv := -1, math.Inf(-1)
		for ci, c := range pool {
			if used[ci] {
				continue
			}
			red := 0.0
			for _, h := range chosenGrams {
				red = math.Max(red, containment(grams[ci], h))
			}
			v := Lambda*c.score - (1-Lambda)*red
			if v > bv {
				bi, bv = ci, v
			}
		}
		if bi < 0 {
			break
		}
		used[bi] = true
		chosen = append(chosen, pool[bi])
		chosenGrams = append(chosenGrams, grams[bi])
	}
	return webQuota(set, chosen, pool, used, grams, chosenGrams)
}

// assign records the chosen candidates in sub-point sp, in MMR rank
// order with the gate's verdicts, and their figures in item order.
func assign(set *Set, sp *SubPlan, chosen []cand, verdicts map[int]verdict) {
	for r, c := range chosen {
		v := verdicts[c.item]
		noise := ""
		if v.noise == Fragment {
			noise = v.noise.String()
		}
		sp.Items = append(sp.Items, Assigned{ItemID: set.Items[c.item].ID, Score: round3(c.score), Relevance: round3(c.relevance),
			Runner: c.runner, OnTopic: c.onTopic, MMRRank: r + 1, Boost: round3(c.boost),
			Retrieval: round3(c.hit.retrieval), RetrievalRank: c.hit.rank, Via: c.hit.via, Subject: v.subject, Noise: noise})
	}
	for _, a := range sp.Items {
		sp.Figures = append(sp.Figures, set.eventFiguresOf(a.ItemID)...)
	}
}

// fillEmpty gives each sub-point of a chapter that is not a summary and
// that the gate left without a passage the best spare candidate (one that
// passed the gate but its best sub-point's quota left out) whose runner-up
// it is: the passage that fits it second best, rather than "本小节暂无…"
// (the fixture's 3.1 首发信源与早期扩散 held the 和服 opener this way until
// it became another event's; fillByWording fills it now). Counted out of
// Unassigned "quota".
func fillEmpty(set *Set, p *Plan, spare []cand, verdicts map[int]verdict) {
	slices.SortStableFunc(spare, byScore)
	for c, sp := range p.subPlans {
		if c.Summary || len(sp.Items) > 0 {
			continue
		}
		if k := slices.IndexFunc(spare, func(c cand) bool { return c.runner == sp.Key }); k >= 0 {
			assign(set, sp, spare[k:k+1], verdicts)
			spare = slices.Delete(spare, k, k+1)
			p.Assigned++
			p.Unassigned["quota"]--
		}
	}
}

// cand is one item's best place in the plan, before the MMR selection.
type cand struct {
	item      int
	score     float64
	relevance float64
	runner    string
	onTopic   bool
	boost     float64
	hit       targetHit
}

// byScore orders candidates best first (ties: item order).
func byScore(a, b cand) int {
	return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.item, b.item))
}

// targetHit is one retrieval candidate of an item: the target that found
// it and how.
type targetHit struct {
	target    int
	retrieval float64
	rank      int
	via       string
}

// candidatesByItem turns per-key candidates into per-item hits in target
// order (the best retrieval kept when a key lists an item twice); nil when
// cands is nil. Keys that name no target are ignored.
func candidatesByItem(set *Set, cands map[string][]Candidate, target func(key string) int) [][]targetHit {
	if cands == nil {
		return nil
	}
	out := make([][]targetHit, len(set.Items))
	for _, k := range slices.SortedFunc(maps.Keys(cands), func(a, b string) int { return cmp.Compare(target(a), target(b)) }) {
		ti := target(k)
		if ti < 0 {
			continue
		}
		for _, c := range cands[k] {
			if c.Item < 0 || c.Item >= len(out) {
				continue
			}
			hs := out[c.Item]
			if n := len(hs); n > 0 && hs[n-1].target == ti {
				if c.Retrieval > hs[n-1].retrieval {
					hs[n-1] = targetHit{ti, c.Retrieval, c.Rank, c.Via}
				}
				continue
			}
			out[c.Item] = append(hs, targetHit{ti, c.Retrieval, c.Rank, c.Via})
		}
	}
	return out
}

// roundBoosts keeps, of each round, the RoundQuota keys whose best item is
// most relevant to the chapter (query chapterQ+i of sc for chapter i; ties:
// the round's order), and boosts them.
func roundBoosts(set *Set, sc *scorer, chapterQ int, chapters []ChapterSpec, rounds Rounds) Boosts {
	if len(rounds) == 0 {
		return nil
	}
	wanted := map[string]bool{}
	for _, rs := range rounds {
		for _, keys := range rs {
			for _, k := range keys {
				wanted[k] = true
			}
		}
	}
	byKey := map[string][]int{}
	for i := range set.Items {
		for _, p := range set.Items[i].Provenance {
			for _, k := range []string{p.URL, p.Section} {
				if k != "" && wanted[k] && (len(byKey[k]) == 0 || byKey[k][len(byKey[k])-1] != i) {
					byKey[k] = append(byKey[k], i)
				}
			}
		}
	}
	// scores of the items that carry a key, against every query
	rel := map[int][]float64{}
	var buf []uint64
	for _, is := range byKey {
		for _, i := range is {
			if _, ok := rel[i]; !ok {
				rel[i] = make([]float64, sc.nq)
				buf = sc.score(set.Items[i].Text, rel[i], buf)
			}
		}
	}
	out := Boosts{}
	for ci, c := range chapters {
		if len(rounds[c.ID]) == 0 || c.Summary {
			continue
		}
		best := map[string]float64{} // each key's best item's relevance to the chapter
		for k, is := range byKey {
			for _, i := range is {
				best[k] = math.Max(best[k], rel[i][chapterQ+ci])
			}
		}
		out[c.ID] = map[string]float64{}
		for _, keys := range rounds[c.ID] {
			ks := slices.DeleteFunc(text.Unique(keys), func(k string) bool { return len(byKey[k]) == 0 })
			slices.SortStableFunc(ks, func(a, b string) int { return cmp.Compare(best[b], best[a]) })
			for _, k := range ks[:min(len(ks), RoundQuota)] {
				out[c.ID][k] = BoostScore
			}
		}
	}
	return out
}

func (b Boosts) of(chapter string, it *Item) float64 {
	m, best := b[chapter], 0.0 // no key is ""
	for _, pv := range it.Provenance {
		best = max(best, m[pv.URL], m[pv.Section])
	}
	return best
}
