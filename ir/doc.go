// Package ir defines the chapter and document intermediate representation
// (IR version "1.0", the BettaFish ReportEngine chapter JSON of reference
// §5.1) that the chapter stage produces and the renderers consume, and the
// code that turns a model's loose JSON into it, checks it and measures it.
//
// # The IR
//
// A Document is metadata plus chapters; a Chapter is a list of blocks; a
// Block has one of 16 types (BlockTypes): heading, paragraph, list, table,
// swotTable, pestTable, blockquote, engineQuote, hr, code, math, figure,
// callout, kpiGrid, widget, toc. Block is a flat union: the fields that
// apply depend on Type, and JSON keys follow the BettaFish IR (camelCase).
// The one key with two meanings, "items", is handled by Block's
// MarshalJSON/UnmarshalJSON: list items ([][]Block) for type "list", KPI
// items for "kpiGrid". Text lives in Inline runs carrying Marks (12 types,
// MarkTypes). Charts are widget blocks with widgetType "chart.js/<kind>" and
// Chart.js-shaped ChartData.
//
// A minimal chapter:
//
//	{"chapterId": "S1", "title": "概览", "anchor": "overview", "order": 1,
//	 "blocks": [
//	   {"type": "heading", "level": 2, "text": "概览", "anchor": "overview-h"},
//	   {"type": "paragraph", "inlines": [{"text": "正文", "marks": [{"type": "bold"}]}]}
//	 ]}
//
// # From model output to a checked chapter
//
//	c, notes, err := ir.DecodeChapter(raw) // loose JSON → Chapter, with notes
//	if err != nil { … ask the model again … }
//	notes = append(notes, ir.Normalize(&c)...) // defaults, fixed values, enum free text
//	if err := ir.ValidateChapter(&c); err != nil {
//		var verr ir.ValidationError
//		errors.As(err, &verr) // each FieldError has a JSON path and a message
//	}
//	if err := ir.CheckDensity(&c); errors.Is(err, ir.ErrSparse) { … }
//
// DecodeChapter does BettaFish's sanitising (reference §5.3 step 6) as a
// documented list of normalisations, each reported as a note, and drops the
// fragile parts: it never merges "fragment" paragraphs, never dumps an
// unknown block's raw JSON into the report, never invents empty chart data
// and never rebuilds tables from a header-word guess (reference §8 #23).
// Values that cannot be coerced are errors, not zeros.
//
// ValidateChapter and ValidateDocument return a ValidationError listing
// every problem with its JSON path, e.g. "blocks[3].rows[0].cells[1].blocks"
// or "chapters[1].blocks[0].inlines[0].marks[0].href". Formats, enums and
// ranges are `validate` struct tags on the types (go-playground/validator);
// type-dependent rules are Go code. They cover BettaFish's rules (reference
// §5.4) and, unlike BettaFish, every value the renderer puts into markup
// attributes or CSS (reference §8 #14, #24): link schemes, colours, fonts,
// alignment, variants, tones, theme tokens, anchors. Escaping text remains
// the renderer's job: the IR keeps "<img src=x onerror=…>" verbatim as text.
//
// Normalize then makes the deterministic repairs for what capable models
// get wrong although the prompt's schema states it (a list without
// listType, a callout without tone, an engine quote without its fixed
// title, SWOT impact "高：支撑声誉" and PEST trend "负面", a heading
// without an anchor, a bare chart kind as widgetType), each as a note;
// chart values such as "42%", "1,234" or "3.8亿" (ParseChartNumber) and a
// table's separate "headers" list are already read by DecodeChapter.
//
// # The schema models are shown
//
// Schema(types) is the compact text of the block types' contract for a
// prompt (about 720 tokens for the chapter block set): for each type its
// required fields, its enum values and one valid example. It is generated
// from the validator itself, never written by hand (a fixed text that
// TestSchemaTextIsGenerated regenerates and compares): the examples must
// validate, the required fields are those whose removal from the example
// fails ValidateChapter, and the enums are read from the `oneof` tags and
// the validator's lists. BettaFish has no such schema; its prompt describes the IR in
// prose.
//
// Density and CheckDensity implement the content-density check (reference
// §5.3 step 8) in runes.
//
// # Helpers
//
// PlainText flattens inline runs; BlockText gathers a block's running text;
// Chapter.Walk visits every
// block depth first with its JSON path; IsAnchor, IsSafeHref, IsSafeColor,
// IsSafeImageSrc, IsSafeFontFamily/Size/Weight, IsSafeThemeValue and
// IsWidgetType are the checks the validator uses, exported so a renderer
// can apply them again as defence in depth.
package ir
