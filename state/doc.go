// Package state reads the State JSON files that BettaFish's three research
// engines (query, media, insight) write next to their markdown reports, and
// turns each into a typed State: the topic query, the engine's own report,
// and every paragraph with every search result the engine collected. It is
// the only package that parses engine JSON; the graph builder and the
// report pipeline work from State values.
//
// # Usage
//
// The command line names each file as `engine=PATH`, or as a plain PATH in a
// folder such as `media_engine_streamlit_reports` (see EngineFromPath):
//
//	var inputs []state.Input
//	for _, arg := range args {
//		in, err := state.ParseArg(arg) // "query=runs/q.json" or ".../insight_engine_streamlit_reports/state_x.json"
//		if err != nil {
//			return err // errors.Is(err, state.ErrUnknownEngine)
//		}
//		inputs = append(inputs, in)
//	}
//	loaded, err := state.Load(inputs, state.LoadOptions{AllowMixedQueries: mixed})
//	if err != nil {
//		return err // *state.ParseError, *state.MixedQueriesError, state.ErrNoEngines, …
//	}
//	for _, w := range loaded.Warnings {
//		log.Print(w) // "media engine (m.json): file not found"
//	}
//	topic := loaded.Topic()
//	for _, st := range loaded.States { // query, media, insight order
//		fmt.Println(st.Engine, len(st.Paragraphs), st.RecordCount())
//	}
//
// Parse works on bytes already in memory, ParseFile on one file.
//
// # Research runs
//
// BettaFish names each engine's file `state_<query>_<YYYYMMDD_HHMMSS>.json`
// with that engine's own finish time (Stamp), and an engine may rephrase
// the query. Load takes files as one run when their queries are related
// (RelatedQueries: equal, or one contains the other) or their stamps lie
// within RunWindow, and refuses files that are not (B13). Discover groups
// the files of BettaFish output folders into runs by their stamps and
// PickRun picks one (the newest complete run by default):
//
//	runs, err := state.Discover([]string{"BettaFish"}) // newest first
//	run, note, err := state.PickRun(runs, "")          // or a "YYYYMMDD_HHMMSS" stamp
//	loaded, err := state.Load(run.Inputs(), state.LoadOptions{})
//
// # The format
//
// One JSON object per file (§2.2 of the BettaFish reference):
//
//	{
//	  "query": str, "report_title": str, "final_report": str (markdown),
//	  "is_completed": bool, "created_at": ISO str, "updated_at": ISO str,
//	  "paragraphs": [ {
//	    "title": str, "content": str (planned description), "order": int,
//	    "research": {
//	      "search_history": [ {"query": str, "url": str, "title": str,
//	                           "content": str, "score": float|null,
//	                           "timestamp": ISO str}, … ],
//	      "latest_summary": str, "reflection_iteration": int,
//	      "is_completed": bool } } ]
//	}
//
// search_history holds one record per search RESULT, so a query's text
// repeats across its results; State keeps them all, with their position in
// SearchRecord.Index. Paragraph.Position is the index in paragraphs[], unique
// even when "order" repeats or is missing.
//
// Every field may be null or missing; that gives the zero value (nil for
// Paragraph.Order and SearchRecord.Score), because engines that failed half
// way write `"research": null` or `"search_history": null` (B15). Unknown
// keys are ignored. A present value of another type is an error: a string
// for an array, a string score, an "order" of 2.5 (2.0 is an integer). An
// element of paragraphs[] or search_history[] must be an object; null there
// is an error too.
//
// # Errors
//
//   - *ParseError (errors.Is ErrInvalid): the file is empty, is not JSON
//     (Line and Column locate the first syntax error; columns count
//     characters), is not a JSON object, or holds a value of the wrong type
//     (JSONPath names it, e.g. `paragraphs[1].research.search_history[3].score`).
//   - ErrUnknownEngine: an engine name other than query, media or insight,
//     or a path that does not tell the engine; the message says to pass
//     engine=PATH.
//   - ErrDuplicateEngine: two files for one engine.
//   - ErrDuplicateFile: one file for two engines (also by another path).
//   - *MixedQueriesError (errors.Is ErrMixedQueries): the files are not
//     one research run and LoadOptions.AllowMixedQueries is false (B13);
//     it lists every input's query, empty and missing files included.
//   - ErrNoEngines: no file gave a usable state; the message names each
//     input and why.
//
// A missing file, an empty file (zero bytes or only white space) or a state
// with no paragraphs is not an error for Load: the engine is reported in Loaded.Warnings and Loaded.Unavailable and the graph
// is built from the others (B14).
//
// # Where this differs from BettaFish's StateParser
//
// StateParser keeps a digest: record content cut to 200 characters,
// summaries to 300, and any exception (unreadable file, bad JSON,
// `research: null`) makes it return None, so the engine silently drops out.
// This package:
//   - keeps the full content of every field, never truncated;
//   - keeps every record of every paragraph with its position, and both
//     latest_summary and the paragraph content (StateParser merges them
//     into one cut summary); the choice of which records make graph nodes
//     belongs to the graph builder;
//   - treats null and missing fields as normal, not as a failure;
//   - never swallows an error: a file that exists but is wrong stops Load
//     with a *ParseError naming the file and the JSON path; only a missing
//     or empty file or an empty state is left out, and then with a warning;
//   - keeps "order" as written (nil when absent) instead of defaulting to 0,
//     so paragraphs without an order do not collide with paragraph 0.
//   - checks that strings are UTF-8: a file whose strings are mostly not
//     (saved as GBK, say) is refused with the first bad string's JSON path,
//     the count and an iconv hint; a few bad bytes become U+FFFD, with a
//     warning naming the file and the path (State.InvalidUTF8).
//
// # Memory and speed
//
// Parse walks each document once, front to back, descending into objects
// and arrays as it meets them (gjson's Result.ForEach would first scan each
// nested value to find its end, once per nesting level: six scans of every
// search record). The walk checks the document as strictly as
// encoding/json, reading each byte once: the structure itself; strings
// without escapes, found with strings.IndexByte and checked for control
// characters (gjson.Parse and gjson.Valid on every string cost 14 % more
// CPU for the whole build-graph on the 300 000-record input); numbers,
// literals and strings with escapes decoded by gjson.Parse and checked by
// gjson.Valid; values it skips (unknown keys' objects and arrays) checked
// whole by gjson.Valid. Load parses its files concurrently, each mapped
// into memory (mmap: 11 % less peak memory for that build-graph than
// reading them into the heap). The strings a State
// keeps are copied into 1 MiB chunks, so a State holds its text but not the
// JSON around it (keys, syntax, indentation: about a third of a BettaFish
// state file) and the input is freed. On the 3 × 200 × 500 synthetic input
// (193 MB, docs/benchmarks.md) Load takes about 40 % of the CPU time of
// the first parser (gjson ForEach at every level after gjson.ValidBytes).
package state
