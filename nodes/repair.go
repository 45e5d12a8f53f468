package nodes

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"reportengine/ir"
	"reportengine/llm/tokens"
	"reportengine/prompts"
	textrules "reportengine/text"
)

// chapterBlockTypes are the block types a chapter may use (the
// constraints' allowedBlocks): every IR block type except toc (the
// document has its table of contents), figure (no image material exists
// and external images are not allowed), code and math (no use in an
// opinion report; the validator still accepts them).
var chapterBlockTypes = []string{ir.TypeHeading, ir.TypeParagraph, ir.TypeList, ir.TypeTable, ir.TypeSwotTable,
	ir.TypePestTable, ir.TypeBlockquote, ir.TypeEngineQuote, ir.TypeHr, ir.TypeCallout, ir.TypeKPIGrid, ir.TypeWidget}

// schemaTypes are the allowed block types of c without swotTable and
// pestTable unless c allows them: the block types whose schema the prompt
// carries.
func schemaTypes(c prompts.Constraints) []string {
	types := c.AllowedBlocks
	if len(types) == 0 {
		types = chapterBlockTypes
	}
	return slices.DeleteFunc(slices.Clone(types), func(t string) bool {
		return t == ir.TypeSwotTable && !c.AllowSwot || t == ir.TypePestTable && !c.AllowPest
	})
}

// errChapterLevel says a chapter's validation problems are not in its
// blocks (an empty chapter), so no block repair can fix them.
var errChapterLevel = errors.New("the chapter's problems are outside its blocks; no block repair is possible")

// repairInput gathers the failing top-level blocks of c with their
// validator errors (verr, paths from the chapter) for a repair call, and
// the evidence ids the chapter may cite (those of its prompt). ok is false
// when a problem lies outside the blocks.
func repairInput(c *ir.Chapter, verr error, input prompts.ChapterInput) (prompts.ChapterRepairInput, bool) {
	rin := prompts.ChapterRepairInput{Task: prompts.TaskChapterRepair, Section: input.Section,
		AllowedBlocks: schemaTypes(input.Constraints), EvidenceIDs: promptEvidenceIDs(input)}
	byIndex, ok := blockErrors(verr, len(c.Blocks))
	if !ok {
		return rin, false
	}
	for i := range c.Blocks {
		if errs, ok := byIndex[i]; ok {
			rin.FailedBlocks = append(rin.FailedBlocks, prompts.FailedBlock{Index: i, Block: c.Blocks[i], Errors: errs})
		}
	}
	return rin, len(rin.FailedBlocks) > 0
}

// repairOutputTokens is the repair call's output limit, in tokens: room
// for the failed blocks twice over (a block may be rewritten as several)
// plus 1 024 tokens, never above limit, the chapter call's limit (0 = no
// limit sent). A repair answers with the failed blocks only, not a chapter.
func repairOutputTokens(rin prompts.ChapterRepairInput, limit int) int {
	b, _ := json.Marshal(rin.FailedBlocks)
	n := 2*tokens.Count(string(b)) + 1024
	if limit > 0 {
		return min(n, limit)
	}
	return n
}

// promptEvidenceIDs are the evidence ids a chapter prompt carries: its
// sub-points' evidence (each item's primary web sources before it), then the ids cited in the digests it summarises,
// then those of its essentials (essentialsCites),
// each once, in that order.
func promptEvidenceIDs(in prompts.ChapterInput) []string {
	var ids []string
	for _, sp := range in.SubPoints {
		for _, e := range sp.Evidence {
			ids = append(append(ids, e.Primary...), e.ID)
		}
	}
	for _, d := range in.Digests {
		for _, f := range d.Findings {
			for _, sp := range ir.FindCitations(f) {
				ids = append(ids, sp.IDs...)
			}
		}
	}
	ids = append(ids, essentialsCites(in.Essentials)...)
	return textrules.Unique(slices.DeleteFunc(ids, func(id string) bool { return id == "" }))
}

// essentialsCites are the evidence ids the chapter's essentials may cite
// (prompts.Essentials: the chapter cites them like its planned evidence),
// in the order of the blocks; nil for none. A repaired figure list or
// timeline keeps its citations.
func essentialsCites(es *prompts.Essentials) []string {
	if es == nil {
		return nil
	}
	ids := slices.Clone(es.Window.Cite)
	for _, p := range es.Platforms {
		ids = append(ids, p.Cite...)
	}
	for _, s := range es.TopSources {
		ids = append(ids, s.Cite...)
	}
	for _, a := range es.Accounts {
		ids = append(ids, a.Cite...)
	}
	for _, e := range es.Timeline {
		for _, x := range append([]prompts.TimelineEvent{e}, e.Conflicts...) {
			ids = append(ids, x.Primary, x.Cite)
		}
	}
	for _, f := range es.Figures {
		ids = append(ids, f.Primary, f.ItemID)
		for _, c := range ir.FindCitations(f.Disagree) {
			ids = append(ids, c.IDs...)
		}
	}
	return ids
}

// spliceRepair reads a repair reply and puts the repaired blocks into a
// copy of c at the failed blocks' positions. Accepted shapes:
//
//   - {"blocks": [{"index": 3, "block": {...}}, {"index": 5, "blocks": [...]}]}
//     (prompts.ChapterRepairReply): each index must be one of the failed
//     blocks (others are ignored with a note); "blocks" may hold several
//     blocks, or none (the block is dropped, with a note);
//   - {"blocks": [{...}, {...}]}: bare blocks, one per failed block in
//     order (their count must match);
//   - {"chapter": {"blocks": [...]}}: as bare blocks when the count matches
//     the failed blocks; as the whole chapter's blocks when there are at
//     least as many as the chapter's sound blocks (a model that rewrote
//     the chapter).
//
// A failed block the reply does not mention stays as it was (degrade
// deals with it). Blocks are read with ir.DecodeChapter's normalisation;
// the notes (prefixed "blocks[i]" with the position in c) say what was
// changed and spliced. Any other shape is an error.
func spliceRepair(c ir.Chapter, rin prompts.ChapterRepairInput, raw json.RawMessage) (ir.Chapter, []string, error) {
	m, err := decodeObject(raw)
	if err != nil {
		return c, nil, err
	}
	sp := &splicer{rin: rin, failed: failedIndexes(rin), repl: map[int][]ir.Block{}}
	blocks, _ := m["blocks"].([]any)
	if ch := asObject(m["chapter"]); blocks == nil && ch != nil {
		all, _ := ch["blocks"].([]any)
		switch {
		case all == nil:
			return c, nil, fmt.Errorf("repair reply: chapter without blocks")
		case len(all) == len(rin.FailedBlocks):
			if err := sp.positional(all); err != nil {
				return c, nil, err
			}
		case len(all) >= len(c.Blocks)-len(rin.FailedBlocks):
			bs, err := sp.decode(0, all)
			if err != nil {
				return c, nil, err
			}
			out := c
			out.Blocks = bs
			return out, append(sp.notes, "the repair reply rewrote the whole chapter; its blocks replace the chapter's"), nil
		default:
			return c, nil, fmt.Errorf("repair reply: a chapter of %d blocks for %d failed blocks of %d", len(all), len(rin.FailedBlocks), len(c.Blocks))
		}
	} else if blocks == nil {
		return c, nil, fmt.Errorf("repair reply: no \"blocks\" list")
	} else if indexed(blocks) {
		if err := sp.indexed(blocks); err != nil {
			return c, nil, err
		}
	} else if err := sp.positional(blocks); err != nil {
		return c, nil, err
	}
	out, notes := spliceBlocks(c, sp.failed, sp.repl, sp.notes)
	return out, notes, nil
}

// splicer collects the repaired blocks of a repair reply by index.
type splicer struct {
	rin    prompts.ChapterRepairInput
	failed map[int]bool
	repl   map[int][]ir.Block
	notes  []string
}

// decode reads the repaired blocks for block at with ir.DecodeChapter.
func (sp *splicer) decode(at int, elems []any) ([]ir.Block, error) {
	b, _ := json.Marshal(map[string]any{"blocks": elems})
	ch, ns, err := ir.DecodeChapter(b)
	if err != nil {
		return nil, fmt.Errorf("repaired blocks[%d]: %w", at, err)
	}
	for _, n := range ns {
		sp.notes = append(sp.notes, fmt.Sprintf("blocks[%d] (repaired): %s", at, n))
	}
	return ch.Blocks, nil
}

// positional takes one block per failed block, in order.
func (sp *splicer) positional(elems []any) error {
	if len(elems) != len(sp.rin.FailedBlocks) {
		return fmt.Errorf("repair reply has %d blocks for %d failed blocks and no indices", len(elems), len(sp.rin.FailedBlocks))
	}
	for k, fb := range sp.rin.FailedBlocks {
		bs, err := sp.decode(fb.Index, elems[k:k+1])
		if err != nil {
			return err
		}
		sp.repl[fb.Index] = bs
	}
	return nil
}

// indexed takes {"index": i, "block"|"blocks": …} entries; an index that
// is not a failed block's, or an entry without a block, is ignored with a
// note.
func (sp *splicer) indexed(blocks []any) error {
	for k, e := range blocks {
		o := asObject(e)
		i, ok := asInt(o["index"])
		if !ok || !sp.failed[i] {
			sp.notes = append(sp.notes, fmt.Sprintf("repair reply blocks[%d]: index %v is not a failed block, ignored", k, o["index"]))
			continue
		}
		var elems []any
		switch {
		case o["block"] != nil:
			elems = []any{o["block"]}
		case o["blocks"] != nil:
			elems, _ = o["blocks"].([]any)
			if elems == nil {
				elems = []any{o["blocks"]}
			}
		default:
			sp.notes = append(sp.notes, fmt.Sprintf("repair reply blocks[%d]: no block for index %d, ignored", k, i))
			continue
		}
		bs, err := sp.decode(i, elems)
		if err != nil {
			return err
		}
		sp.repl[i] = append(sp.repl[i], bs...)
	}
	return nil
}

// spliceBlocks replaces c's blocks by their repairs in repl (none: the
// block is dropped; a failed block without one is kept, with a note).
func spliceBlocks(c ir.Chapter, failed map[int]bool, repl map[int][]ir.Block, notes []string) (ir.Chapter, []string) {
	out := c
	out.Blocks = nil
	for i, b := range c.Blocks {
		bs, ok := repl[i]
		switch {
		case !ok:
			if failed[i] {
				notes = append(notes, fmt.Sprintf("blocks[%d]: not in the repair reply, kept as it was", i))
			}
			out.Blocks = append(out.Blocks, b)
		case len(bs) == 0:
			notes = append(notes, fmt.Sprintf("blocks[%d]: dropped by the repair", i))
		default:
			if len(bs) > 1 {
				notes = append(notes, fmt.Sprintf("blocks[%d]: replaced by %d repaired blocks", i, len(bs)))
			}
			out.Blocks = append(out.Blocks, bs...)
		}
	}
	return out, notes
}

// spliceReply is spliceRepair for a typed reply (the offline repair).
func spliceReply(c ir.Chapter, rin prompts.ChapterRepairInput, reply prompts.ChapterRepairReply) (ir.Chapter, []string) {
	failed := failedIndexes(rin)
	var notes []string
	repl := map[int][]ir.Block{}
	for k, rb := range reply.Blocks {
		switch {
		case !failed[rb.Index]:
			notes = append(notes, fmt.Sprintf("repair reply blocks[%d]: index %d is not a failed block, ignored", k, rb.Index))
		case rb.Block != nil:
			repl[rb.Index] = append(repl[rb.Index], *rb.Block)
		case rb.Blocks != nil:
			repl[rb.Index] = append(repl[rb.Index], rb.Blocks...)
		default:
			notes = append(notes, fmt.Sprintf("repair reply blocks[%d]: no block for index %d, ignored", k, rb.Index))
		}
	}
	return spliceBlocks(c, failed, repl, notes)
}

// failedIndexes are the indexes of rin's failed blocks.
func failedIndexes(rin prompts.ChapterRepairInput) map[int]bool {
	failed := map[int]bool{}
	for _, fb := range rin.FailedBlocks {
		failed[fb.Index] = true
	}
	return failed
}

// indexed reports whether a repair reply's list holds {"index": …}
// wrappers rather than bare blocks.
func indexed(elems []any) bool {
	return len(elems) > 0 && !slices.ContainsFunc(elems, func(e any) bool {
		_, ok := asObject(e)["index"]
		return !ok
	})
}
