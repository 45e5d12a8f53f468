// Package builder turns engine states (package state) and forum entries
// (package forum) into a knowledge graph (package graphrag), without any LLM.
//
//	loaded, _ := state.Load(inputs, state.LoadOptions{})
//	entries, _, _ := forum.ParseFile("logs/forum.log")
//	g, warnings, err := builder.Build(builder.Config{
//		Topic: loaded.Topic(), ReportID: "wuhan-2025", CreatedAt: time.Now().UTC().Format(time.RFC3339),
//		States: loaded.States, Forum: entries, Unavailable: loaded.Unavailable,
//	})
//
// Build is pure: it reads no clock, file or environment, and equal Configs
// give equal graphs.
//
// # Nodes
//
// In graph order: the topic; then per engine, in the order query, media,
// insight: the engine node, its sections (paragraphs ordered by "order",
// ties and missing orders by file position), each followed by its search
// queries (first-appearance order) and the sources they found; then the host
// engine and its sections.
//
//	type          id                         name                      attributes
//	topic         T_<16 hex of SHA-256(topic)> topic                   query, engines[], unavailable_engines[{engine,reason,path,speeches?}],
//	                                                                   query_warning? (Config.QueryNote: differing queries of one run, B13)
//	topic         T_<16 hex of SHA-256(query)> query                   query, engines[]: with Config.TopicPerQuery, one more per distinct
//	                                                                   query of files let through from different runs (B13's override)
//	engine        query | media | insight     same                     engine, report_title, original_query, source_file, status,
//	                                                                   paragraph_count, record_count, is_completed, created_at,
//	                                                                   updated_at, final_report (full markdown), speeches[]
//	engine        host                        host                     engine, report_title, status, speech_count
//	section       <engine>_P<position>        paragraph title          title, order (int|null), position, summary (≤300 runes),
//	                                                                   content, latest_summary, reflection_iteration,
//	                                                                   is_completed, engine, record_count, query_count
//	section       host_P<i>                   主持人总结 <i+1>          title "[HH:MM:SS] 主持人总结", order, position, summary,
//	                                                                   content, engine "host", timestamp, line, session?
//	search_query  <section id>_Q<first record index>  query (≤50 runes)  query_text, section_ref, engine, record_count, first_record
//	source        SRC_<24 hex of SHA-256(key)> title (≤50 runes)      url, title, preview (≤100 runes), score, content (full),
//	                                                                   key ("url"|"text"), engines[], found_count
//
// Edges: topic→engine analyzed_by, engine→section contains,
// section→search_query searched, search_query→source found. A found edge
// carries "records": every search record behind it,
// [{index, score, timestamp, title?, content?}] (title and content only when
// they differ from the source node's), so nothing the engines found is lost.
//
// Engine speeches from the forum log are the "speeches" attribute of their
// engine node ([{line, time, speaker, session, content}]); speeches of an
// engine without a state sit in the topic's unavailable_engines entry; all
// other entries (SYSTEM banners, unknown speakers) are kept in the graph's
// build record (Graph.Meta "build".forum_unattached).
//
// # Where we differ from BettaFish (§3.1 and §8 of its reference)
//
//   - Every search record is kept: one search_query node per distinct query
//     text of a section (trimmed, lower-cased), and a found edge to the source
//     of every record with that text. BettaFish keeps only the first record of
//     each query and drops about 90 % of the sources (§8 #6). Records with an
//     empty query are kept too, under a query node named "(empty query)".
//   - Sources are keyed by trimmed URL, or by trimmed title + content when
//     there is no URL (B16); BettaFish drops URL-less records.
//   - Ids carry at least 64 bits of SHA-256 (96 for sources, with a fallback
//     to the full hash on a prefix collision) instead of 32-bit md5 prefixes
//     (§8 #8); section ids use the paragraph's position, so a repeated or
//     missing "order" never merges two paragraphs (§8 #7).
//   - The host engine exists only when the log has a HOST line, and it gets
//     every HOST entry, not the first five (§8 #25).
//   - Content is kept in full (the summary/preview attributes are the short
//     forms); truncation counts runes (B18).
package builder
