package cli

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"reportengine/forum"
	"reportengine/graphrag"
	"reportengine/prompts"
	"reportengine/state"
)

// The notices a report shows its reader (Metadata.Notices, the box
// "注意事项 / Notices") are written in Chinese, the language of the report's
// templates and text; the same facts go to stderr and manifest.json as the
// English warnings the other commands print (forumNotes, state.Loaded's
// QueryNote).

// readerQueryNotice is the report's notice for engines whose queries
// differ: qs are the engines' queries in input order (those with an empty
// query are left out); unrelated says they were built together as asked
// (--allow-mixed-queries) rather than taken as one research run. "" when
// fewer than two distinct queries remain.
func readerQueryNotice(qs []state.QueryOf, unrelated bool) string {
	var parts []string
	var distinct []string
	for _, q := range qs {
		text := strings.TrimSpace(q.Query)
		if text == "" {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s 引擎「%s」", prompts.EngineShortName(string(q.Engine)), text))
		if !slices.ContainsFunc(distinct, func(d string) bool { return strings.EqualFold(d, text) }) {
			distinct = append(distinct, text)
		}
	}
	if len(distinct) < 2 {
		return ""
	}
	list := strings.Join(parts, "、")
	if unrelated {
		return "各引擎研究的是互不相关的问题（" + list + "），按要求合并为一份报告，每个问题各成一个主题。"
	}
	why := "问题相互包含"
	for i := range distinct {
		for j := i + 1; j < len(distinct); j++ {
			if !state.RelatedQueries(distinct[i], distinct[j]) {
				why = "各文件生成时间相近"
			}
		}
	}
	return "各引擎的研究问题不完全相同（" + list + "），因" + why + "，按同一次研究合并分析。"
}

// readerForumNotice is forumNotes' warning for the report's reader: the
// log holds no entries, or it started more than a day from every state
// file time. "" when there is nothing to say.
func readerForumNotice(entries int, started time.Time, days float64, dated bool) string {
	switch {
	case entries == 0:
		return "论坛记录为空，本报告没有引擎讨论与主持人发言的内容。"
	case dated:
		return fmt.Sprintf("论坛记录始于 %s，与各引擎数据的时间相差 %.1f 天，可能来自另一次研究，引用其中的发言时请留意。",
			started.Format("2006-01-02 15:04"), days)
	}
	return ""
}

// storedRun is what a stored graph records about the research run it was
// built from (package builder): its first topic node's name, query_warning
// (B13) and unavailable_engines ([{engine, reason, path}], B14; nil when
// absent or of another shape), the number of topic nodes (more than one:
// unrelated queries built together), the engine nodes' queries
// (original_query, else query), in graph order, and their created_at and
// updated_at (Times: only Engine, CreatedAt and UpdatedAt set, in graph
// order, which is the order of the state files).
type storedRun struct {
	Topic       string
	Topics      int
	QueryNote   string
	Unavailable []state.Unavailable
	Queries     []state.QueryOf
	Times       []*state.State
}

// readStoredRun reads g's storedRun in one pass over its nodes.
func readStoredRun(g *graphrag.Graph) storedRun {
	var r storedRun
	for v := 0; v < g.NodeCount(); v++ {
		switch g.Type(v) {
		case graphrag.TypeTopic:
			if r.Topics++; r.Topics == 1 {
				r.Topic, r.QueryNote = g.Name(v), g.String(v, "query_warning")
				r.Unavailable = unavailableOf(g, v)
			}
		case graphrag.TypeEngine:
			q := cmp.Or(g.String(v, "original_query"), g.String(v, "query"))
			e := cmp.Or(g.String(v, "engine"), g.Name(v))
			r.Queries = append(r.Queries, state.QueryOf{Engine: state.Engine(e), Query: q})
			r.Times = append(r.Times, &state.State{Engine: state.Engine(e), CreatedAt: g.String(v, "created_at"), UpdatedAt: g.String(v, "updated_at")})
		}
	}
	return r
}

// unavailableOf decodes topic node v's unavailable_engines.
func unavailableOf(g *graphrag.Graph, v int) []state.Unavailable {
	raw, ok := g.Attr(v, "unavailable_engines")
	var list []struct{ Engine, Reason, Path string }
	if !ok || !decodeAs(raw, &list) {
		return nil
	}
	out := make([]state.Unavailable, 0, len(list))
	for _, u := range list {
		if u.Engine != "" {
			out = append(out, state.Unavailable{Engine: state.Engine(u.Engine), Path: u.Path, Reason: u.Reason})
		}
	}
	return out
}

// decodeAs decodes raw, a value of a graph's attributes or meta (maps,
// lists, numbers, strings as read from JSON), into dst; false when it does
// not have dst's shape.
func decodeAs(raw, dst any) bool {
	b, err := json.Marshal(raw)
	return err == nil && json.Unmarshal(b, dst) == nil
}

// storedForumNotes are forumNotes' warnings and reader notice for the forum
// log a stored graph was built with, from what the graph records of it
// (package builder): Meta "build".forum {path, entries} (the log's path
// and its number of entries), "build".forum_unattached (the entries no
// node carries, the SYSTEM banners among them, whose first date is when
// the monitor started) and the engine nodes' created_at and updated_at
// (storedRun.Times, the state files' times). So `report --graph` without
// --forum tells its reader what a report from the states and the log
// would. nil and "" when the graph records no forum log (built without
// one, or by a tool that does not write the build record) or when the log
// had entries but no SYSTEM banner is recorded.
func storedForumNotes(g *graphrag.Graph, times []*state.State) ([]string, string) {
	raw, ok := g.Meta.Get("build")
	var rec struct {
		Forum *struct {
			Path    string `json:"path"`
			Entries int    `json:"entries"`
		} `json:"forum"`
		Unattached []struct {
			Speaker string `json:"speaker"`
			Content string `json:"content"`
		} `json:"forum_unattached"`
	}
	if !ok || !decodeAs(raw, &rec) || rec.Forum == nil {
		return nil, ""
	}
	var entries []forum.Entry
	for _, e := range rec.Unattached {
		entries = append(entries, forum.Entry{Speaker: e.Speaker, Content: e.Content})
	}
	switch {
	case rec.Forum.Entries == 0:
		entries = nil
	case len(entries) == 0:
		return nil, "" // no banner recorded: nothing to date the log by
	}
	return forumNotes(rec.Forum.Path, entries, times)
}

// readerStartNotice is the report's first-screen notice (Chinese, as the
// others) of engines that started more than state.StartWindow apart,
// naming each engine's start; "" when they did not.
func readerStartNotice(states []*state.State) string {
	note, starts := state.StartNote(states)
	if note == "" {
		return ""
	}
	parts := make([]string, len(starts))
	for i, s := range starts {
		parts[i] = fmt.Sprintf("%s %s", s.Engine, s.At.Format("2006-01-02 15:04"))
	}
	hours := int(state.StartSpread(starts).Round(time.Hour) / time.Hour)
	return fmt.Sprintf("各引擎开始研究的时间相差约 %d 小时（%s），可能不属于同一次研究，请核对。", hours, strings.Join(parts, "，"))
}

// readerAbsentEngines names, for a report built from fewer than three
// engines, the engines it has no input from at all (those given but
// unusable are named by engineNotices); "" when all three are there.
func readerAbsentEngines(states []*state.State, unavailable []state.Unavailable) string {
	var absent, present []string
	for _, e := range state.Engines {
		switch {
		case slices.ContainsFunc(states, func(s *state.State) bool { return s.Engine == e }):
			present = append(present, string(e))
		case !slices.ContainsFunc(unavailable, func(u state.Unavailable) bool { return u.Engine == e }):
			absent = append(absent, string(e))
		}
	}
	if len(absent) == 0 || len(present) == 0 {
		return ""
	}
	return fmt.Sprintf("本报告只基于 %s 引擎的研究，没有 %s 引擎的输入，缺少其视角。", strings.Join(present, "、"), strings.Join(absent, "、"))
}
