package knowledge

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"reportengine/graphrag"
	"reportengine/internal/parallel"
)

// The text units of FromGraph (split out of graph.go): the texts of the
// graph, cut into units, linked to their own node, to the entities they
// mention and to the relationships both of whose ends they are linked to.

// speech is one forum speech kept on an engine node.
type speech struct {
	Line    int    `json:"line"`
	Time    string `json:"time"`
	Speaker string `json:"speaker"`
	Content string `json:"content"`
}

// maxNameHolders is the most entities one name may belong to and still be
// matched in texts: a name that more entities hold (a site's page title
// such as "citywalk" or "首页" on hundreds of sources) does not say which
// of them a text means, and linking every mention to all of them made
// 42 million of the 42.5 million unit–entity links of the 300 000-record
// synthetic graph (1.4 GB of the model). The BettaFish fixture's most
// shared name, 武汉大学, has 3 holders.
const maxNameHolders = 8

// ownText is a text of the graph and the node it belongs to.
type ownText struct {
	owner     int
	doc, text string
}

// unitChunk is one unit of a text: its text and its entities, the owner
// first, then the entities mentioned, in order of first mention.
type unitChunk struct {
	text string
	ents []int32
}

// unitLinks are the units of each entity: its own and those mentioning
// it, and each unit's entities.
type unitLinks struct {
	own, mentioned [][]int32 // entity → units
	unitEnts       [][]int32 // unit → entities (unitChunk.ents)
}

// textUnits: every section's text (content, then the research summary),
// every source's full content with the passages its search records add
// (sourceText) and every forum speech on an engine node,
// cut into units of at most DefaultTextUnitRunes, in graph order. A unit is linked to
// its own node and to every entity whose title it mentions (topic and
// engine titles excepted: every text mentions them).
func (b *graphBuild) textUnits() {
	mm, ok := b.nameMatcher()
	if !ok {
		return
	}
	texts, ok := b.unitTexts()
	if !ok {
		return
	}
	chunks := b.chunkTexts(texts, mm)
	if b.ctx.Err() != nil {
		return
	}
	l := b.addUnits(texts, chunks)
	if b.linkEntities(l) {
		b.linkRelationships(l)
	}
}

// eachName calls fn with every matched name of every entity (title, then
// the node name when it differs), topic and engines excepted; false when
// the context ended.
func (b *graphBuild) eachName(fn func(i int, name string)) bool {
	for i := range b.p.Entities {
		if b.stop(i) {
			return false
		}
		if t := b.g.Type(i); t == graphrag.TypeTopic || t == graphrag.TypeEngine {
			continue
		}
		fn(i, b.p.Entities[i].Title)
		if n := b.g.Name(i); n != b.p.Entities[i].Title {
			fn(i, n)
		}
	}
	return true
}

// nameMatcher is the automaton of the entities' names, those held by at
// most maxNameHolders entities (a name held by many, hundreds of pages
// titled "citywalk" or "首页", tells none of them apart); false when the
// context ended.
func (b *graphBuild) nameMatcher() (*mentionMatcher, bool) {
	type holders struct{ n, last int } // last: the last holder + 1
	held := map[string]holders{}
	if !b.eachName(func(i int, n string) {
		k := mentionKey(n)
		if h := held[k]; h.last != i+1 {
			held[k] = holders{h.n + 1, i + 1}
		}
	}) {
		return nil, false
	}
	mm := &mentionMatcher{}
	if !b.eachName(func(i int, n string) {
		if held[mentionKey(n)].n <= maxNameHolders {
			mm.add(n, i)
		} else {
			b.ambiguous++
		}
	}) {
		return nil, false
	}
	mm.build()
	return mm, true
}

// unitTexts are the non-blank texts, in graph order (reading them is
// cheap; the unreadable speeches are warned about in that order); false
// when the context ended.
func (b *graphBuild) unitTexts() ([]ownText, bool) {
	var texts []ownText
	add := func(owner int, doc, t string) {
		if strings.TrimSpace(t) != "" {
			texts = append(texts, ownText{owner, doc, t})
		}
	}
	passages := b.recordPassages()
	for i := range b.p.Entities {
		if b.stop(i) {
			return nil, false
		}
		switch b.g.Type(i) {
		case graphrag.TypeSection:
			content, summary := strings.TrimSpace(b.g.String(i, "content")), strings.TrimSpace(b.g.String(i, "latest_summary"))
			text := content
			switch {
			case summary == "" || strings.Contains(content, summary):
			case content == "" || strings.Contains(summary, content):
				text = summary
			default:
				text = content + "\n\n" + summary
			}
			add(i, b.g.ID(i), text)
		case graphrag.TypeSource:
			add(i, b.g.ID(i), sourceText(b.g.String(i, "content"), passages[int32(i)]))
		case graphrag.TypeEngine:
			v, ok := b.g.Attr(i, "speeches")
			if !ok {
				continue
			}
			var sp []speech
			if err := decodeAttr(v, &sp); err != nil {
				b.warn.add("speeches", "engine %s: speeches attribute unreadable (%v); not used as text units", b.g.ID(i), err)
				continue
			}
			for k, s := range sp {
				add(i, fmt.Sprintf("%s/speech-%d", b.g.ID(i), k), fmt.Sprintf("[%s] %s: %s", s.Time, s.Speaker, s.Content))
			}
		}
	}
	return texts, true
}

// recordPassages are the contents of the search records of found edges,
// by source: a source found by several searches keeps the first
// record's content as its own and each record's on its found edge, and
// the records' passages differ where the search engine quoted the page
// at another place (the fixture's 32: "题为《舆情应对“唯上不唯实”是一种
// “向上甩锅”》" is on an edge only; heldout66).
func (b *graphBuild) recordPassages() map[int32][]string {
	out := map[int32][]string{}
	ends := b.g.EdgeEnds()
	for e := range ends {
		if b.g.Relation(e) != graphrag.RelFound {
			continue
		}
		for _, r := range b.g.Records(e) {
			if r.Content != nil {
				out[ends[e][1]] = append(out[ends[e][1]], *r.Content)
			}
		}
	}
	return out
}

// sourceText is a source's text for its units: its content, then each
// passage of its records (recordPassages, in edge order) that the text so
// far does not hold, after a blank line.
func sourceText(content string, passages []string) string {
	text := content
	for _, p := range passages {
		if p = strings.TrimSpace(p); p != "" && !strings.Contains(text, p) {
			text += "\n\n" + p
		}
	}
	return text
}

// chunkTexts cuts each text into units and finds the entities each
// mentions. A text's chunks depend on that text only (the matcher is
// read-only once built): on all cores, each worker with its own scratch
// space. It stops early when the context ends.
func (b *graphBuild) chunkTexts(texts []ownText, mm *mentionMatcher) [][]unitChunk {
	chunks := make([][]unitChunk, len(texts))
	workers := min(runtime.GOMAXPROCS(0), max(len(texts)/64, 1))
	parallel.Chunks(len(texts), workers, func(_, lo, hi int) {
		var sc mentionScratch
		mark := make([]uint32, len(b.p.Entities)) // entity → the chunk (1-based, this worker) that holds it
		gen := uint32(0)
		for j := lo; j < hi; j++ {
			if (j-lo)%64 == 0 && b.ctx.Err() != nil {
				return
			}
			for _, c := range chunkText(texts[j].text, DefaultTextUnitRunes) {
				gen++
				owner := texts[j].owner
				ents := []int32{int32(owner)}
				mark[owner] = gen
				mm.find(c, &sc, func(id int) {
					if mark[id] != gen { // a title and a name can both hit
						mark[id] = gen
						ents = append(ents, int32(id))
					}
				})
				chunks[j] = append(chunks[j], unitChunk{c, slices.Clip(ents)})
			}
		}
	})
	return chunks
}

// addUnits adds the units of every text to the model, in text order, and
// returns their links.
func (b *graphBuild) addUnits(texts []ownText, chunks [][]unitChunk) unitLinks {
	l := unitLinks{own: make([][]int32, len(b.p.Entities)), mentioned: make([][]int32, len(b.p.Entities))}
	for j, t := range texts {
		b.textsRead++
		for k, c := range chunks[j] {
			u := int32(len(b.p.TextUnits))
			l.unitEnts = append(l.unitEnts, c.ents)
			l.own[t.owner] = append(l.own[t.owner], u)
			for _, e := range c.ents[1:] {
				l.mentioned[e] = append(l.mentioned[e], u)
			}
			b.p.TextUnits = append(b.p.TextUnits, TextUnit{
				ID:         t.doc + "#" + strconv.Itoa(k),
				ShortID:    strconv.Itoa(int(u)),
				Text:       c.text,
				DocumentID: t.doc,
			})
		}
		chunks[j] = nil
	}
	return l
}

// linkEntities writes each entity's units (its own, then those
// mentioning it) and each unit's entities; false when the context ended.
func (b *graphBuild) linkEntities(l unitLinks) bool {
	for i := range b.p.Entities {
		if b.stop(i) {
			return false
		}
		if n := len(l.own[i]) + len(l.mentioned[i]); n > 0 {
			ids := make([]string, 0, n)
			for _, list := range [][]int32{l.own[i], l.mentioned[i]} {
				for _, u := range list {
					ids = append(ids, b.p.TextUnits[u].ID)
				}
			}
			b.p.Entities[i].TextUnitIDs = ids
		}
	}
	for u, ents := range l.unitEnts {
		if b.stop(u) {
			return false
		}
		ids := make([]string, len(ents))
		for k, e := range ents {
			ids[k] = b.p.Entities[e].ID
		}
		b.p.TextUnits[u].EntityIDs = ids
	}
	return true
}

// linkRelationships links each unit to the relationships with both ends
// linked to it. The edges are taken by their source entity: its units
// (ascending), each unit's entities marked once, then every edge of that
// source checked against the marks; the links are then written in edge
// order, so a unit lists its relationships in graph order.
func (b *graphBuild) linkRelationships(l unitLinks) {
	bySource := make([][]int32, len(b.p.Entities)) // entity → its edges, in graph order
	for r, ij := range b.ends {
		bySource[ij[0]] = append(bySource[ij[0]], int32(r))
	}
	relUnits := make([][]int32, len(b.ends)) // edge → its units, ascending
	mark := make([]int32, len(b.p.Entities)) // entity → the unit (1-based) that marked it
	for i, rs := range bySource {
		if b.stop(i) {
			return
		}
		if len(rs) == 0 {
			continue
		}
		units := append(slices.Clone(l.own[i]), l.mentioned[i]...)
		slices.Sort(units)
		for _, u := range units {
			for _, e := range l.unitEnts[u] {
				mark[e] = u + 1
			}
			for _, r := range rs {
				if mark[b.ends[r][1]] == u+1 {
					relUnits[r] = append(relUnits[r], u)
				}
			}
		}
	}
	for r, units := range relUnits {
		for _, u := range units {
			b.p.Relationships[r].TextUnitIDs = append(b.p.Relationships[r].TextUnitIDs, b.p.TextUnits[u].ID)
			b.p.TextUnits[u].RelationshipIDs = append(b.p.TextUnits[u].RelationshipIDs, b.p.Relationships[r].ID)
		}
	}
}
