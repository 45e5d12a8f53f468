// Package render turns a report Document (package ir) into one
// self-contained HTML page and into GitHub-flavoured Markdown.
//
// # Usage
//
//	doc := stitched report           // *ir.Document
//	page, err := render.HTML(doc)    // one .html file, readable offline
//	md, err := render.Markdown(doc)  // the same content as Markdown
//
// Both functions are pure: the same Document gives byte-identical output
// (no clock, no random ids, no map iteration order; chart ids come from
// the block's position, e.g. "chart-2-5" for chapter 2, block 5), and the
// Document is never modified.
//
// # The HTML page
//
// One file, html/template over a template embedded with go:embed and
// parsed once. The stylesheet is inline; charts are inline SVG drawn in Go;
// figures are never fetched. There is one tiny constant script (open the
// chart data tables before printing); the page is complete without it.
// In order the page shows: a sticky header; a banner, in Chinese and
// English, when Metadata.Generator.Extractive says the text was extracted
// by the offline model rather than written by a language model; a notice
// box "注意事项 / Notices" listing Metadata.Notices (missing or empty engine
// input, a stage that fell back to a default, a block replaced after
// failing validation), one escaped line each, blank lines dropped; the hero
// (title, subtitle, tagline, summary, highlights, KPI cards, actions); a
// notice listing failed chapters (Metadata.Failures, plus any placeholder
// chapter it forgot); the table of contents (Metadata.TOC.Entries, else
// one line per chapter, with headings nested down to TOC.Depth); every
// chapter as <section id=anchor> (placeholder chapters dashed and marked,
// never a silent gap); the references (Document.Sources); a footer. A
// print stylesheet drops the sticky header, starts each chapter on a new
// page and prints link targets.
//
// All 16 block types are rendered: heading (h2–h6 with id), paragraph
// (marks → strong/em/u/s/code/mark/sub/sup/a, colour and font marks via
// allow-listed values), list (ul/ol/task), table (th/td, rowspan, colspan,
// caption, zebra), swotTable and pestTable (four quadrant cards), blockquote,
// engineQuote (with its agent's name), hr, code, math (the LaTeX source in
// a styled block; no MathJax), figure, callout (four tones), kpiGrid,
// widget and toc.
//
// Charts (widget blocks) are drawn as SVG: bar, horizontal bar (also bar
// with options.indexAxis "y"), line, pie and doughnut; radar, polarArea,
// scatter and bubble fall back to a bar chart with a note; word clouds are
// shown as a table. Every chart has a legend, axis labels and its data in a
// <details> table beneath. A chart with no labels, no datasets or no usable
// numbers shows "图表数据不可用 / chart data unavailable" and whatever data
// it has as a table, never a blank area (field failure B28).
//
// # Safety
//
// Every string in the IR is untrusted (it comes from scraped pages through
// a model). Text is escaped by html/template everywhere; template.HTML is
// used only for goldmark output. Links are kept only for http, https,
// mailto and same-document #anchors (SafeHref); anything else is shown as
// plain text. No class, style, id or other attribute value from the IR
// reaches the page except through a fixed allow-list: callout tone → 4
// classes (default info), align → 4, deltaTone → 3, engine → 4, impact and
// trend tags → 4, font marks → a few classes, colours only as #hex or a
// fixed colour name, ids reduced to letters, digits, '-' and '_'. Theme
// tokens are read only for fixed keys (primary, secondary, bg, text,
// card, border) with #hex values and become CSS custom properties; all
// other tokens are ignored. Images become <img> only for inline raster
// data: URIs; http(s) images are captioned links. No JSON is embedded in
// a script. Unmarked runs that contain Markdown (a model habit) are
// rendered by goldmark with raw HTML off (its default) and a link filter
// that applies SafeHref to every link, autolink and image.
//
// # Markdown
//
// Markdown renders the same view: title, extractive notice (a GitHub
// alert), the notices (a "> [!NOTE]" alert with one list item each), hero
// summary and KPIs as a table, TOC, chapters (## with an
// <a id> anchor), headings, paragraphs with marks, lists, tables (grid
// laid out for spans, '|' escaped), SWOT/PEST as tables, blockquote,
// engineQuote and callout as quotes ("> **title** [tone]"), code fences,
// $$ math, charts as data tables, and the references. Citations (a link
// to "#ref-N" around "[N]") are GFM footnote references "[^N]", a KPI
// card's source "[N]" too, and the reference list comes last, after the
// footer, as the footnote definitions "[^N]: title — engines · cited in"
// (no HTML inside links; a renderer with footnotes, e.g. goldmark's
// extension, numbers them by first reference). Untrusted text is
// backslash-escaped where it could change structure.
//
// # Differences from BettaFish (reference §5.6, §8)
//
//   - No CDN or inlined JavaScript libraries (Chart.js, MathJax, html2canvas,
//     jsPDF): charts are SVG, math is shown as LaTeX text, print is the
//     browser's.
//   - No LLM chart repair during rendering (§8 #15): rendering is offline
//     and deterministic and never writes back into the IR; unusable charts
//     get the visible fallback instead.
//   - The injection points of §8 #14 are closed: table align, callout tone,
//     KPI tone, inline style values, themeTokens in <style>, and link
//     schemes (javascript: was allowed) all go through allow-lists; rowspan
//     and colspan are ints clamped to 1…1000.
//   - External images are links rather than a bare placeholder, and
//     placeholder chapters are listed in a failures notice.
package render
