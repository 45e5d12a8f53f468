package prompts

// NoData is what a report says, in one line, for a block of the essentials
// the run has nothing for ("时间线：本次数据中没有带日期的事件。").
const NoData = "本次数据中没有"

// Essentials are the 舆情 essentials computed from the run's data with no
// model (package evidence, ComputeEssentials): the collection time and
// volume, the platform split of the records by URL host, the sites and
// accounts carrying most records, a timeline of dated events and the
// sentiment and volume figures the texts state. Every number is counted
// or copied, never estimated; Cite holds the evidence ids ("E12") of the
// records or passages behind it, which the chapter may cite like its
// planned evidence. A chapter prompt carries the window and volume, and
// the blocks Place puts in one of its sub-points: a block placed there
// with nothing in it is written as one line saying NoData.
type Essentials struct {
	Window     DataWindow      `json:"window"`
	Volume     DataVolume      `json:"volume"`
	Platforms  []PlatformShare `json:"platforms,omitempty"`  // every platform, most records first; percents of all records
	TopSources []SourceTally   `json:"topSources,omitempty"` // sites by records
	Accounts   []AccountTally  `json:"accounts,omitempty"`   // accounts the texts name, most items first
	Timeline   []TimelineEvent `json:"timeline,omitempty"`   // oldest first
	Figures    []FigureRef     `json:"figures,omitempty"`    // sentiment and volume figures, each with its itemId
	// Place maps each block this chapter prints to the title of the
	// sub-point it goes under: "volume" (window, volume and the volume
	// figures), "timeline", "platforms" (platforms, topSources,
	// accounts), "sentiment" (the sentiment figures).
	Place map[string]string `json:"place,omitempty"`
}

// Essentials block names, the keys of Essentials.Place.
const (
	BlockVolume    = "volume"
	BlockTimeline  = "timeline"
	BlockPlatforms = "platforms"
	BlockSentiment = "sentiment"
)

// DataWindow is the collection time (采集时间): the earliest and latest
// time stamp of the search records ("2025-08-24 19:20"), "" when none has
// one — when the engines found the records, not when the event happened.
type DataWindow struct {
	From    string   `json:"from,omitempty"`
	To      string   `json:"to,omitempty"`
	Records int      `json:"records"` // records with a time stamp
	Cite    []string `json:"cite,omitempty"`
}

// DataVolume counts the run's records.
type DataVolume struct {
	Records       int      `json:"records"`
	WithURL       int      `json:"withUrl"`
	Sources       int      `json:"sources"`
	Platforms     int      `json:"platforms"`
	Engines       []string `json:"engines,omitempty"`
	ForumSpeeches int      `json:"forumSpeeches"`
}

// PlatformShare is one platform's part of the records.
type PlatformShare struct {
	Platform string   `json:"platform"`
	Kind     string   `json:"kind"` // 社交媒体, 短视频, 新闻门户, …
	Records  int      `json:"records"`
	Sources  int      `json:"sources"`
	Percent  float64  `json:"percent"` // of all records, one decimal
	Cite     []string `json:"cite,omitempty"`
}

// SourceTally is a site and the records it carries.
type SourceTally struct {
	Host     string   `json:"host"`
	Platform string   `json:"platform"`
	Records  int      `json:"records"`
	Cite     []string `json:"cite,omitempty"`
}

// AccountTally is an account the texts name and how many passages do.
type AccountTally struct {
	Name     string   `json:"name"`
	Platform string   `json:"platform,omitempty"`
	Items    int      `json:"items"`
	Cite     []string `json:"cite,omitempty"`
}

// TimelineEvent is a dated event and the passage stating it.
type TimelineEvent struct {
	Date string `json:"date"` // YYYY-MM-DD or YYYY-MM
	Text string `json:"text"` // the sentence, verbatim
	Cite string `json:"cite"` // its evidence id
	// Primary is the evidence id of a web page stating the same event
	// without its year ("7月25日,法院审理认为…"), "" for none: cite it first.
	Primary string `json:"primary,omitempty"`
	// Conflicts are other dates the sources give this event, each with
	// its sentence and evidence id: print them as a disagreement of the
	// sources (来源不一致), never as events of their own.
	Conflicts []TimelineEvent `json:"conflicts,omitempty"`
}
