package knowledge

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"reportengine/graphrag"
	"reportengine/internal/memo"
	"reportengine/internal/parallel"
	"reportengine/text"
)

// BM25 parameters of the lexical index (the usual values: k1 = 1.2 bounds
// what repeating a term adds, b = 0.75 normalises by document length).
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// hanRunesPerWord converts a count of Han runes to an estimate of Chinese
// words (the dictionary's words average about 1.5 runes in running text),
// so that a term's share of the knowledge compares with its share of
// general text (text.GeneralShare), which counts words.
const hanRunesPerWord = 1.5

// Lexical is the lexical index of a Model: every entity's document (its
// title and description) and every text unit's text, searched ASCII
// lower-cased (a document holding a capital is lower-cased when it is
// searched, not kept twice), with their lengths, searched for the content terms of a question
// (text.Terms). It is built once per Model on first use (Model.Lexical)
// and read-only afterwards, so it is safe for concurrent use.
//
// Terms are found by substring: a term holding a Han rune wherever it
// occurs (Chinese is written without spaces, so a text needs no
// segmentation to be searched), any other term at the start of a word (the
// rune before it is not a letter or digit), so "agent" finds "agents" and
// "agent's" but not "reagent". One pass over the texts per term: about
// 1 ms per megabyte of text and term on one core.
type Lexical struct {
	docs     []string // entities first (len = nEnt), then text units, as they are
	upper    []bool   // per doc: it holds an ASCII capital (searched lower-cased: docCount)
	lens     []int32  // runes per doc
	nEnt     int
	avgEnt   float64 // mean runes of entity docs
	avgUnit  float64
	words    float64   // estimated words of the whole knowledge (Han runes / 1.5 + other words)
	entUnits [][]int32 // entity → text units (indexes into TextUnits) it lists
	// bytes counts each byte value in the sampled documents (those the
	// word estimate reads): a searched word is looked for by its rarest
	// byte (anchoredCount)
	bytes [256]int64
	memo  countMemo
	// results are the last searchMemoSize searches (Search) by their
	// terms' key (termsKey)
	results memo.FIFO[*LexicalResult]
	// bigrams find a word's documents without a pass over all of them
	// (bigram.go): the model file's, or, for a Lexical newLexical made
	// (lazyBigrams), built from docs on the first count that can use it
	// (bigramsOnce; a model made in memory, a Microsoft GraphRAG index);
	// nil: count scans
	bigrams     *bigramIndex
	lazyBigrams bool
	bigramsOnce sync.Once
	// yearsHeld: some document writes a year in digits (holdsYear),
	// found on the first question asking "what year"
	yearsOnce sync.Once
	yearsHeld bool
	// titled are the content words (text.Terms) of the entities' titles
	// of a Microsoft GraphRAG index (TermStat.Titled); nil for our graphs,
	// whose titles are page titles and search queries
	titled map[string]bool
	// titleWords are the words of titled of five letters or more, sorted:
	// the names a misspelt question word is read as (misspeltNames)
	titleWords []string
	// vocab is an English knowledge's words a misspelt question word is
	// read as (misspeltWords), made on first use
	vocab spellVocab
}

// wordSample: the word count of a knowledge of wordSampleFrom documents
// or more is estimated from every wordSample-th document (smaller ones
// are counted whole).
const (
	wordSample     = 16
	wordSampleFrom = 16384
)

// countWords counts the Han runes of s and its runs of other letters and
// digits (ASCII capitals are letters: s lower-cased gives the same counts).
func countWords(s string) (han, other int64) {
	inWord := false
	for _, r := range s {
		switch {
		case r >= 0x4E00 && r <= 0x9FFF || r >= 0x3400 && text.IsHan(r):
			han++
			inWord = false
		case r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') || r >= 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if !inWord {
				other++
			}
			inWord = true
		default:
			inWord = false
		}
	}
	return han, other
}

// lowerASCII lower-cases the ASCII letters of s, returning s itself when
// it has none upper-case (most Chinese text): texts are searched for
// lower-cased terms. Other scripts' capitals are kept (rare in the texts
// searched; a term holding one simply does not match them).
func lowerASCII(s string) string {
	if !hasUpperASCII(s) {
		return s
	}
	return string(appendLower(nil, s))
}

// appendLower appends s to b with its ASCII capitals lower-cased.
func appendLower(b []byte, s string) []byte {
	b = append(b, s...)
	for i := len(b) - len(s); i < len(b); i++ {
		if c := b[i]; 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return b
}

// Lexical returns the model's lexical index, building it on the first
// call (linear in the texts: one lower-casing and one count of runes per
// text, split over the cores).
func (m *Model) Lexical() *Lexical {
	m.lexOnce.Do(func() { m.lex = newLexical(m) })
	return m.lex
}

func newLexical(m *Model) *Lexical {
	ents, units := m.Entities(), m.TextUnits()
	n := len(ents) + len(units)
	x := &Lexical{nEnt: len(ents), docs: make([]string, n), upper: make([]bool, n), lens: make([]int32, n), lazyBigrams: true}
	// the word estimate reads every wordSample-th document (a fixed
	// choice, so the same model gives the same figures)
	han, other := make([]int64, n), make([]int64, n)
	step := 1
	if len(x.docs) >= wordSampleFrom {
		step = wordSample
	}
	byteParts := make([][256]int64, parallel.Workers(len(x.docs), 256))
	parallel.Each(len(x.docs), 256, func(w, i int) {
		var s string
		if i < len(ents) {
			s = ents[i].Title + "\n" + ents[i].Description
		} else {
			s = units[i-len(ents)].Text
		}
		x.docs[i], x.upper[i] = s, hasUpperASCII(s)
		x.lens[i] = int32(utf8.RuneCountInString(s))
		if i%step == 0 {
			han[i], other[i] = countWords(s)
			bp := &byteParts[w]
			for k := 0; k < len(s); k++ {
				bp[byte(foldASCII(rune(s[k])))]++
			}
		}
	})
	for _, bp := range byteParts {
		for c, n := range bp {
			x.bytes[c] += n
		}
	}
	se, su := x.averages()
	// scale the sample's words by the share of runes it holds
	var hs, os, sampled float64
	for i := 0; i < n; i += step {
		hs += float64(han[i])
		os += float64(other[i])
		sampled += float64(x.lens[i])
	}
	if sampled > 0 {
		x.words = (hs/hanRunesPerWord + os) * (se + su) / sampled
	}
	x.entUnits = entityUnits(m)
	if m.Source().Kind == "graphrag-index" {
		x.titled = map[string]bool{}
		for _, e := range ents {
			for _, t := range text.Terms(e.Title) {
				x.titled[t.Text] = true
			}
		}
		x.titleWords = titleWords(x.titled)
	}
	return x
}

// averages sets the mean runes of the entity documents and of the text
// units from lens, and returns the runes of each kind in all.
func (x *Lexical) averages() (ent, unit float64) {
	for i, n := range x.lens {
		if i < x.nEnt {
			ent += float64(n)
		} else {
			unit += float64(n)
		}
	}
	if x.nEnt > 0 {
		x.avgEnt = ent / float64(x.nEnt)
	}
	if n := len(x.lens) - x.nEnt; n > 0 {
		x.avgUnit = unit / float64(n)
	}
	return ent, unit
}

// entityUnits lists, per entity, the indexes of the text units it lists
// (TextUnitIDs that name a unit).
func entityUnits(m *Model) [][]int32 {
	ents := m.Entities()
	out := make([][]int32, len(ents))
	n := 0
	for _, e := range ents {
		n += len(e.TextUnitIDs)
	}
	// one block for all the lists (the last unit with an id wins, as in
	// the context builder)
	block := make([]int32, 0, n)
	for i, e := range ents {
		start := len(block)
		for _, id := range e.TextUnitIDs {
			if u, ok := m.TextUnitIndex(id); ok {
				block = append(block, int32(u))
			}
		}
		if len(block) > start {
			out[i] = block[start:len(block):len(block)]
		}
	}
	return out
}

// TermStat is what the knowledge holds of one content term of a question.
type TermStat struct {
	// Term is the question's term (text.Term.Text).
	Term string `json:"term"`
	// Matched is the word that was counted: the term itself (with its
	// synonyms, text.Term.Synonyms, counted as the term) when the
	// knowledge holds it at least MinTopicalCount times, else whichever of
	// the term, its parts (text.Term.Parts) and its stand-ins
	// (text.StandIns) occurs most (the term on a tie); "" when none
	// occurs.
	Matched string `json:"matched,omitempty"`
	// Docs is how many documents (entity documents and text units) hold
	// Matched; Count how often it occurs in all of them.
	Docs  int `json:"docs"`
	Count int `json:"count"`
	// Share is Count over the estimated words of the knowledge; General is
	// text.GeneralShare(Matched) (plus its synonyms' when Matched is the
	// term), 0 for a word the general dictionary does not hold (rare
	// words, names, Latin words).
	Share   float64 `json:"share"`
	General float64 `json:"general"`
	// Lift is Share / max(General, GeneralFloor): how many times more
	// often the knowledge uses the word than general text does; 0 when
	// Count is 0.
	Lift float64 `json:"lift"`
	// Titled: on a Microsoft GraphRAG index, the term itself is a word of
	// an entity's title (MARTIANS PLAYING POKER JOKE holds joke): the
	// index's extraction named a thing by it, which makes it topical
	// however seldom the texts use it (Topical).
	Titled bool `json:"titled,omitempty"`
	// Apart: for a name the question asks about (local search's gate), the
	// knowledge holds it in at most ApartDocs documents, none of which
	// holds another term of the question that it holds prominently
	// (Lexical.Apart).
	Apart bool `json:"apart,omitempty"`
	// Inside: for a name the question asks about that the dictionary
	// knows (text.IsName), the knowledge holds it only inside longer words
	// (Lexical.UsedAsName false: 比亚 in 埃塞俄比亚, where the question's
	// 比亚迪 was cut 比亚/迪), so it does not hold the name.
	Inside bool `json:"inside,omitempty"`
}

// ApartDocs is the most documents a name may be held in for the relevance
// gate to ask whether they speak of the question's other terms
// (TermStat.Apart): a name in a handful of records is named in passing
// unless one of them speaks of what the question asks.
const ApartDocs = 3

// Found reports whether the knowledge holds the term (or a part of it).
func (s TermStat) Found() bool { return s.Count > 0 }

// The relevance rule on term statistics (local search's gate and the
// local/global router use it). Calibration (offline, the sample and the
// BettaFish fixture): terms of answerable questions have lifts 6.6 (情绪)
// to 3·10⁴ (咖啡店); the terms of the off-topic ones that the fixture
// mentions in passing have 0.08 (今天), 0.68 (天气), 1.3 (殖民, 计划), 1.8
// (火星) and 3.1 (进展).
const (
	// TopicalLift is how many times more often than general text the
	// knowledge must use a term (Lift) for the term to show what the
	// knowledge is about.
	TopicalLift = 5.0
	// MinTopicalCount is the least number of times the knowledge must use
	// a term (Count) for it to be topical: a word used once is mentioned
	// in passing however rare it is in general text (one post on the
	// Wuhan graph names 拿铁; a name or a word the dictionary lacks would
	// otherwise have an unbounded lift from a single use).
	MinTopicalCount = 2
	// MinTopicalShare is the least share of a question's term weight
	// (Weight) its topical terms must carry for the knowledge to be about
	// the question.
	MinTopicalShare = 1.0 / 3
)

// Topical reports whether the knowledge uses the term prominently: at
// least MinTopicalCount times (or once when it names an entity of an
// index, Titled) and TopicalLift times as often as general text.
func (s TermStat) Topical() bool {
	return (s.Count >= MinTopicalCount || s.Titled) && s.Lift >= TopicalLift
}

// Weight is how much the term says about what is asked: TermWeight of the
// general share of the word counted (General), or of the term itself
// (text.GeneralShare) when the knowledge lacks it.
func (s TermStat) Weight() float64 {
	if !s.Found() {
		return TermWeight(text.GeneralShare(s.Term))
	}
	return TermWeight(s.General)
}

// TopicalShare is the topical terms' share of the terms' weight, 0–1 (0
// without terms). The knowledge is about a question whose terms' topical
// share is at least MinTopicalShare.
func TopicalShare(stats []TermStat) float64 { return weightShare(stats, TermStat.Topical) }

// MaxMissingShare is the share of a question's term weight that the terms
// the knowledge lacks or uses only once (Count under MinTopicalCount) may
// carry at most: over it, most of what is asked is not in the knowledge, whatever it holds of the rest, and the relevance rule
// refuses the question. "Who sued whom over the Wuhan University library
// case?" on the Chinese fixture, read as it was before its glossary
// words were translated (text.AsChinese), lacked sued, library and case
// (0.67; its English pages hold "Wuhan University"); the
// shipped sets' answered questions reach 0.4 (Dulce's relationship), "What
// is the story about overall?" 0.5, a question holding one topical term
// and two used once as much as it 0.6.
const MaxMissingShare = 0.6

// MissingShare is the share of the terms' weight (Weight) carried by the
// terms the knowledge lacks or uses only once (Count under
// MinTopicalCount; not a word naming an entity of an index, Titled), 0–1
// (0 without terms).
func MissingShare(stats []TermStat) float64 {
	return weightShare(stats, func(s TermStat) bool { return s.Count < MinTopicalCount && !s.Titled })
}

// weightShare is the share of the terms' weight (Weight) carried by the
// terms in says, 0–1 (0 without terms). An aspect word the knowledge
// lacks (text.IsAspectWord: 毛病 in "主要毛病出在哪几块？", theme in "what
// themes keep coming back?") weighs nothing: it names the kind of answer
// asked, which texts give by naming the instances (断货, trust), never by
// the word; so does a price word it lacks (text.IsPriceWord: 价钱, given as
// 1350元).
func weightShare(stats []TermStat, in func(TermStat) bool) float64 {
	var total, part float64
	for _, s := range stats {
		if !s.Found() && (text.IsAspectWord(s.Term) || text.IsPriceWord(s.Term)) {
			continue
		}
		w := s.Weight()
		total += w
		if in(s) {
			part += w
		}
	}
	if total == 0 {
		return 0
	}
	return part / total
}

// TermWeight is text.TermWeight: how much a term says about what is
// asked, from its share of general text (0.1 for everyday words, up to 4
// for words the general dictionary lacks).
func TermWeight(general float64) float64 { return text.TermWeight(general) }

// GeneralFloor is text.GeneralFloor, the general-text share assumed for a
// word the general dictionary does not hold.
const GeneralFloor = text.GeneralFloor

// docHit is one document holding a word and how often.
type docHit struct {
	doc int32
	tf  int32
}

// count finds w (ASCII lower-cased) in every document: the documents holding it,
// ascending, with their counts, and the total count. The scan runs on all
// cores over fixed chunks; the merge keeps document order. The last
// words' results are kept (countMemo): a chat asks its earlier questions'
// words again with every turn, and the follow-up questions are screened
// on the answer's words.
func (x *Lexical) count(w string) ([]docHit, int) {
	w = lowerASCII(w)
	if w == "" {
		return nil, 0
	}
	if r, ok := x.memo.get(w); ok {
		return r.hits, r.total
	}
	var hits []docHit
	total, ok := 0, false
	if x.indexable(w) {
		hits, total, ok = x.countIndexed(w)
	}
	if !ok {
		hits, total = x.scanCount(w)
	}
	x.memo.put(w, countResult{hits, total})
	return hits, total
}

// scanCount is count(w) by a pass over every document (w lower-cased).
func (x *Lexical) scanCount(w string) ([]docHit, int) {
	anywhere := text.HasHan(w)
	k := x.anchor(w)
	const chunk = 4096
	nChunks := (len(x.docs) + chunk - 1) / chunk
	parts := make([][]docHit, nChunks)
	parallel.Each(nChunks, 1, func(_, c int) {
		var buf []byte
		for d := c * chunk; d < min((c+1)*chunk, len(x.docs)); d++ {
			if n := x.docCount(d, w, k, anywhere, &buf); n > 0 {
				parts[c] = append(parts[c], docHit{int32(d), int32(n)})
			}
		}
	})
	var out []docHit
	total := 0
	for _, p := range parts {
		for _, h := range p {
			total += int(h.tf)
		}
		out = append(out, p...)
	}
	return out, total
}

// EntitiesHolding returns the indexes (into Model.Entities), ascending,
// of the entities whose document — title, "\n", description, ASCII
// lower-cased — holds w as the lexical search counts it (a word with a
// Han character anywhere, another at the start of a word).
func (x *Lexical) EntitiesHolding(w string) []int32 {
	hits, _ := x.count(w)
	var out []int32
	for _, h := range hits {
		if int(h.doc) >= x.nEnt {
			break // the text units follow the entities
		}
		out = append(out, h.doc)
	}
	return out
}

// docCount is anchoredCount in document d lower-cased (lowerASCII): a
// document holding a capital is lower-cased into *buf first.
func (x *Lexical) docCount(d int, w string, k int, anywhere bool, buf *[]byte) int {
	s := x.docs[d]
	if x.upper[d] {
		b := appendLower((*buf)[:0], s)
		*buf, s = b, unsafe.String(unsafe.SliceData(b), len(b))
	}
	return anchoredCount(s, w, k, anywhere)
}

// anchor is the position in w of its byte that is rarest in the
// knowledge's text (Lexical.bytes; the first of equally rare ones).
func (x *Lexical) anchor(w string) int {
	k := 0
	for i := 1; i < len(w); i++ {
		if x.bytes[w[i]] < x.bytes[w[k]] {
			k = i
		}
	}
	return k
}

// anchoredCount is countIn(s, w, anywhere), found by looking for the byte
// w[k] (IndexByte runs many bytes at a time) and comparing w where it
// would start: in Chinese text the first byte of a character (0xE4–0xE9
// for most) is every third byte, which made strings.Index stop and check
// every character, while the last byte of a character (64 values) is
// rarely the one looked for. The matches are the leftmost
// non-overlapping ones, as strings.Count and strings.Index find them:
// candidates come in order of their start, and after a match the search
// resumes where the next match could start. countIn (a test's) is the
// plain rule (TestAnchoredCountOracle).
func anchoredCount(s, w string, k int, anywhere bool) int {
	n, c := 0, w[k]
	last := len(s) - len(w) + k // the anchor of a match starting at len(s)-len(w)
	for i := k; i <= last; {
		j := strings.IndexByte(s[i:last+1], c)
		if j < 0 {
			break
		}
		p := i + j - k
		if s[p:p+len(w)] != w {
			i += j + 1
			continue
		}
		if anywhere || wordStart(s, p, len(w)) {
			n++
		}
		i = p + len(w) + k
	}
	return n
}

// countResult is what count found for one word.
type countResult struct {
	hits  []docHit
	total int
}

// countMemo keeps the results of the last words counted, at most
// memoHits document hits in all (16 MiB): the oldest go first.
type countMemo struct{ memo.FIFO[countResult] }

// memoHits bounds the hits a Lexical keeps: about 16 MiB, the counts of
// ten words held by 200 000 documents each.
const memoHits = 2 << 20

func (c *countMemo) put(w string, r countResult) { c.Put(w, r, len(r.hits), memoHits) }

func (c *countMemo) get(w string) (countResult, bool) { return c.Get(w) }

// Words is the estimated number of words of the knowledge (Han runes / 1.5
// plus the runs of other letters and digits): the denominator of
// TermStat.Share.
func (x *Lexical) Words() float64 { return x.words }

// IsBookkeeping reports whether e is a record of how the research was
// done rather than evidence of what it found: in a model made from one of
// our graphs (Source.Kind "reportengine-graph"), the topic, the engines
// (the forum host among them) and the search queries, whose descriptions
// are bookkeeping ("网络搜索「…」，3 条结果", "研究主题「…」", "论坛主持人，
// 6 次总结"). Such records may guide retrieval but are never quoted as an
// answer or asked about. Entities of a GraphRAG index are never
// bookkeeping.
func (m *Model) IsBookkeeping(e Entity) bool {
	if m.p.Source.Kind != "reportengine-graph" {
		return false
	}
	switch graphrag.NodeType(e.Type) {
	case graphrag.TypeTopic, graphrag.TypeEngine, graphrag.TypeSearchQuery:
		return true
	}
	return false
}
