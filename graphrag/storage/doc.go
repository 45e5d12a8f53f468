// Package storage keeps knowledge graphs on disk, one file per report, and
// finds them again by report id or as the latest one.
//
// # Layout on disk
//
// A Store owns one graphs folder (the CLI's default is "graphs"). Each report
// has a sub-folder named by its report id, holding the graph file and,
// when Save wrote it, its column file:
//
//	graphs/
//	  wuhan-2025/
//	    graphrag.json
//	    graphrag.columns
//	  report_1724579334/
//	    graphrag.json
//
// The file is the graphrag.json format of package graphrag (see
// graphrag.WriteJSON): "task_id", "created_at" and "stats" first, then any
// extra keys, then "nodes" and "edges", one element per line. Files written
// by the BettaFish report engine (stats last, indent 2, "label",
// "properties", "source"/"target") and its web API's {"success":…,
// "graph":{…}} envelope are read as well. A report id must pass ValidateID:
// it is a single folder name and can never reach outside the graphs folder.
//
// graphrag.columns (ColumnsFileName) is a binary index of the graph file
// (graphrag.WriteJSONColumns: typed columns whose strings point into
// graphrag.json's bytes, those JSON spells with escapes too) that
// Save writes in the same pass as the JSON, into a temporary file renamed
// beside graphrag.json once that is in place, and Load reads with the
// JSON's bytes instead of parsing them. It records the length and CRC-32C
// of the graph file it was written for; Load reads graphrag.json once,
// computing its CRC-32C on the way (about 25 ms for 240 MB), and uses the
// column file only when both match, so any change to graphrag.json (an
// older Save's column file, a graph file edited in place at the same size
// with its modification time set back) is noticed. A column file of
// another version (an older program's) is skipped silently; one written
// for other bytes or damaged is skipped with a LoadReport warning naming
// it; the JSON is parsed then (and, with FillColumns, the column file
// written again, unless the reader skipped duplicates or edges to missing
// nodes: such a graph is always read from the JSON, so that every Load's
// LoadReport counts and names what was skipped). It is written without an fsync: a crash leaves at worst
// a column file whose checksum fails. The column file is a cache;
// deleting it loses nothing.
//
// # Codecs
//
// What goes into a report folder and how it is read back is a Codec's:
// Fast (the default) writes graphrag.json with package graphrag's
// chunked sonic encoder and the column file in the same pass, and reads the
// column file when it belongs to the JSON's bytes. The tests hold it to a
// reference, Plain (in the test files), which writes graphrag.json alone
// with encoding/json one row at a time and parses it
// (graphrag.ReadJSONText): they write the same bytes and read the same
// graph (TestCodecsAgree); Store.Codec picks another Codec.
//
// # Usage
//
//	st, err := storage.New("graphs")
//	if err != nil { … }
//	path, err := st.Save(g)              // graphs/<g.TaskID>/graphrag.json
//	g, report, err := st.Load("wuhan-2025")
//	if errors.Is(err, storage.ErrNotFound) { … }
//	id, err := st.Latest()
//	infos, err := st.List()              // ids, times and counts without loading
//
// # Atomic writes
//
// Save writes to a temporary file in the report's folder, flushes it to disk,
// renames it over graphrag.json and flushes the folder; the column file,
// written alongside into its own temporary file, is renamed after it
// (without the flushes). A failure at any step
// before the rename (an attribute that JSON cannot hold, a full disk) leaves
// the previous graphrag.json byte for byte as it was and removes the
// temporary file; a reader never sees a half-written graph. A crash can at
// worst leave a stray ".graphrag.json.*.tmp" next to an intact graphrag.json;
// nothing reads those files, and they may be deleted at any time. Two Saves of the
// same id at the same time write separate temporary files and the last rename
// wins, so the result is one of the two graphs, never a mix.
//
// # Lookup rules, and how they differ from BettaFish
//
// The BettaFish graph storage (§3.3 and §8 #11-12 of its reference) matches a
// report id against folder names by substring, by '-'/'_' swapping and by
// lower-cased alphanumeric normalisation, in unordered directory order, and
// then falls back to opening and parsing every graphrag.json to compare its
// task_id; load errors are swallowed and become "not found". So "report_1"
// can return the graph of "report_17…", and a miss costs a parse of every
// graph. This package instead:
//
//   - looks up the exact id only: Load(id) opens <dir>/<id>/graphrag.json and
//     nothing else, so "report_1" never returns "report_17";
//   - never opens other files to find a graph, and never parses a whole file
//     to list it: List reads "created_at" and "stats" from the head of each
//     file and stops at "nodes";
//   - tells errors apart: ErrInvalidID for an unusable id, ErrNotFound for a
//     missing graph, graphrag.ErrFormat (naming the file and the JSON path)
//     for a corrupt one;
//   - orders List, and so Latest, deterministically: by created_at (newest
//     first), then by file modification time (newest first), then by id. A
//     missing or unparsable created_at sorts as the oldest and never crashes
//     the listing. BettaFish picks the latest by modification time only and
//     sorts its list by the raw created_at string.
//
// A Store caches nothing: each Load reads the file again, so a graph saved by
// another process is seen at once. Callers that serve many queries on one
// graph (the server) keep the loaded *graphrag.Graph themselves.
package storage
