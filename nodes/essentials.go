package nodes

import (
	"strings"

	"reportengine/evidence"
	"reportengine/ir"
	"reportengine/prompts"
)

// chapterEssentials is the part of the run's essentials chapter cp's
// prompt carries: the window and volume always, and the blocks placed
// (evidence.PlaceEssentials) in one of its sub-points, with that
// sub-point's title in Place; nil for a run without records.
func chapterEssentials(es evidence.Essentials, place map[evidence.EssentialBlock]string, cp evidence.ChapterPlan) *prompts.Essentials {
	if es.Volume.Records == 0 {
		return nil
	}
	out := &prompts.Essentials{
		// no citation: a crawl time stamp is the engines', no page states
		// it (the fixture's window cited a spam page and a 樱花 video, the
		// records found first and last)
		Window: prompts.DataWindow{From: minute(es.Window.From), To: minute(es.Window.To), Records: es.Window.Records},
		Volume: prompts.DataVolume{Records: es.Volume.Records, WithURL: es.Volume.WithURL, Sources: es.Volume.Sources,
			Platforms: es.Volume.Platforms, Engines: es.Volume.Engines, ForumSpeeches: es.Volume.ForumSpeeches},
	}
	for _, b := range evidence.EssentialBlocks {
		title := ""
		for _, sp := range cp.SubPoints {
			if sp.Key == place[b] {
				title = sp.Title
			}
		}
		if title == "" {
			continue
		}
		if out.Place == nil {
			out.Place = map[string]string{}
		}
		out.Place[string(b)] = title
		switch b {
		case evidence.BlockVolume, evidence.BlockSentiment: // the sentiment figures, or the others
			for _, f := range es.Figures {
				if (f.Kind == evidence.FigSentiment) == (b == evidence.BlockSentiment) {
					out.Figures = append(out.Figures, figureRef(f))
				}
			}
		case evidence.BlockTimeline:
			for _, e := range es.Timeline {
				te := prompts.TimelineEvent{Date: e.Date, Text: e.Text, Cite: e.ItemID, Primary: e.Primary}
				for _, c := range e.Conflicts {
					te.Conflicts = append(te.Conflicts, prompts.TimelineEvent{Date: c.Date, Text: c.Text, Cite: c.ItemID, Primary: c.Primary})
				}
				out.Timeline = append(out.Timeline, te)
			}
		case evidence.BlockPlatforms:
			for _, p := range es.Platforms {
				out.Platforms = append(out.Platforms, prompts.PlatformShare{Platform: p.Name, Kind: p.Kind, Records: p.Records,
					Sources: p.Sources, Percent: p.Percent, Cite: p.ItemIDs})
			}
			for _, s := range es.TopSources {
				out.TopSources = append(out.TopSources, prompts.SourceTally{Host: s.Host, Platform: s.Platform, Records: s.Records, Cite: s.ItemIDs})
			}
			for _, a := range es.Accounts {
				out.Accounts = append(out.Accounts, prompts.AccountTally{Name: a.Name, Platform: a.Platform, Items: a.Items, Cite: a.ItemIDs})
			}
		}
	}
	return out
}

// essentialIDs are the evidence ids the essentials cite, those of the
// figures' disagreement notes (evidence.Figure.Disagree) included.
func essentialIDs(es evidence.Essentials) []string {
	var ids []string
	for _, p := range es.Platforms {
		ids = append(ids, p.ItemIDs...)
	}
	for _, s := range es.TopSources {
		ids = append(ids, s.ItemIDs...)
	}
	for _, a := range es.Accounts {
		ids = append(ids, a.ItemIDs...)
	}
	for _, e := range es.Timeline {
		for _, x := range append([]evidence.Event{e}, e.Conflicts...) {
			ids = append(ids, x.ItemID)
			if x.Primary != "" {
				ids = append(ids, x.Primary)
			}
		}
	}
	for _, f := range es.Figures {
		ids = append(ids, f.ItemID)
		if f.Primary != "" {
			ids = append(ids, f.Primary)
		}
		// the passages giving another value (the 来源不一致 note cites
		// them: without them in the plan the whole figure list failed
		// validation and was repaired into one uncited paragraph)
		for _, c := range ir.FindCitations(f.Disagree) {
			ids = append(ids, c.IDs...)
		}
	}
	return ids
}

// minute is an ISO time stamp to the minute, "2025-08-24 19:20".
func minute(ts string) string {
	ts = strings.Replace(ts, "T", " ", 1)
	if len(ts) > 16 {
		ts = ts[:16]
	}
	return ts
}
