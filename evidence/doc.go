// Package evidence turns a run's research output into evidence items for
// the report: passages of section summaries, source contents and titles,
// engine final reports and every forum speech, each with its provenance
// (engine, section, source URL and title, forum time and speaker), with
// near-duplicates merged into one item that keeps every provenance. It also
// finds the quantitative statements (figures) in the items: percentages,
// counts with 万/亿, shares of sentiment, platforms or age groups, rankings
// and dated events.
//
// # Usage
//
//	set := evidence.Collect(evidence.Input{Topic: "武汉大学", States: states, Forum: entries})
//	for _, it := range set.Items {   // stable order, ids "E1", "E2", …
//		fmt.Println(it.ID, it.Kind, it.Text, it.Provenance[0].URL)
//	}
//	for _, f := range set.Figures {  // figures in item order
//		fmt.Println(f.Kind, f.Label, f.Value, f.Unit, f.ItemID)
//	}
//
// # Passages
//
// Texts are cut into sentences at 。！？!? ; and line breaks; sentences of
// fewer than MinRunes runes are joined to the next one, and a passage never
// exceeds MaxRunes runes (cut at a clause mark, else at a rune boundary).
// Short markdown headings (under MinRunes) are dropped; heading marks, table rules, list bullets and emphasis marks are
// removed first; each table row is a passage of its own ("a | b | c"), the
// header row and rules are dropped. A source
// contributes at most SourcePassages passages (its first ones) plus its
// title, so that one long page does not flood the plan.
//
// Two passages are the same item when their normalised text is equal
// (lower case, without white space and punctuation) or when they are near
// duplicates: the same first and last three runes, trigram sets within 80 %
// of each other in size, and a trigram overlap of at least NearDuplicate. The first occurrence in
// collection order gives the item its text; later ones add provenance.
//
// Collection order (and so item ids) is: for each state in the order given
// (the loader gives query, media, insight), its paragraphs in file order,
// each paragraph's summary, then its search records' titles and contents in
// file order; then each engine's final report; then the forum speeches in
// log order (the forum's SYSTEM status lines are not speeches and are left
// out). Same input, same items, same ids.
//
// # Figures and KPI labels
//
// FindFigures reads each clause (text cut at sentence marks and commas)
// for numbers with a unit (%, 万, 亿, a measure word, one space allowed
// before it: "3.8 亿阅读"), rankings (written whole: "第3名"; "第十一届" is
// an edition, no figure), indices and dates. Label is what precedes the
// number (or follows it in "26%的网友…"), used for grouping and charts.
// KPI is stricter, the label of a KPI card: subject and metric in the
// clause's own words — a subject holding a metric word (负面声量, 事件影响力
// 指数), 占 made 占比 (微博平台占比), the metric a 万/亿 count names after
// it (微博#武大樱花预约#阅读量), a table row's cell under its metric column
// and row subject (樱花季情绪占比：浪漫), the share of a group of people
// (认为保安不应该打人的网友占比) — or "" when the clause names no metric, no
// subject, counts something named after the number ("带动全省11所高校…"),
// states a threshold ("…超过每百帖30次时") or was cut off by the engine
// ("…有高达65%的内容与学生的"). The report makes KPI cards only of figures
// with a KPI label; the others stay in the prose. BettaFish has no figure
// extraction: its model writes the KPI cards.
//
// # Passage quality and topic coherence
//
// Classify(sentence, previous) gives a sentence's Noise class: Clean, or
// one of the kinds an analyst never quotes as a finding — Floor (comment
// floors), Furniture (navigation, notices), Advert (vendor promotion,
// recruiting), Filler (search-engine and weather filler), Listing (tables
// of contents, headings, list lines), Definition (textbook definitions),
// Meta (about the analysis, not its subject) and Fragment (its subject is
// in the sentence before: quote the pair or skip it).
//
//	if evidence.Classify(s, prev) != evidence.Clean { /* not a finding */ }
//
// NewTopic(TopicConfig{Topic, Aliases, Profile}) builds the run's topic
// model; its Judge(sentence, previous, title) says whether the sentence is
// about the topic, with a score (0–1) and the subject it names (the topic,
// another university, company, place or event hashtag), read from the
// sentence, then the sentence before it, then its page or section title,
// then the run's vocabulary (the engines' own analysis).
//
//	tp, err := evidence.NewTopic(evidence.TopicConfig{Topic: "武汉大学", Profile: summaries})
//	j := tp.Judge("纽约大学位于美国排名第30位", "", "")  // j.OnTopic false, j.Subject "纽约大学"
//
// A forum speech is also judged whole (Topic.JudgeSpeech), as a web page
// is by its title and text: a long speech that names the topic in fewer
// than SpeechTopicShare of its passages is about something else (the
// fixture's 12:23:18 INSIGHT speech on the slang “火了”), and Collect marks
// it (Stats.OffTopicSpeeches); its passages — but one naming the topic
// itself — are off topic for the plan's score and finding gate and the
// essentials, so never a finding, KPI or chart.
//
// # Events
//
// GroupEvents (run by Collect) groups the passages into the run's events —
// what happened (the key terms of the names the texts give an incident:
// 图书馆性骚扰诬告案, 和服赏樱事件, 甲醛事件, #武大樱花预约#), when (the
// dates its passages state) and, for who, the run's topic (an incident
// named beside another institution is that institution's). A passage is
// about the event it names, or whose rare key terms it holds; else about
// its segment's (the paragraph under one heading of its text: a figure
// belongs to the event named in its own paragraph, not to the speech's
// first topic), else its text's. A text that names no event but dates
// what it tells far from the topic event's dates (the fixture's 12:32:11
// speech: 4月15日–4月19日) is an event of its own. The topic event is the
// one whose passages name the topic most, then the largest (the library
// case on the fixture); the others are related events: their passages
// are off topic for the finding gate, the plan and the essentials, and
// only the topic event's passages give KPIs, chart parts and timeline
// entries (in a run of one event or none, every passage may). A figure a
// related event's passage states too (the same value and metric), or that
// one text gives to two events, is Contested and no KPI. Then each
// sentence is judged by its own words (markForeign): one about the topic
// event only by its segment or text, or about none, that holds a word of
// a related event's vocabulary told in the same text (标签, 雷军 of the
// tag story; 樱花 of the 樱花季 one) and no word of the case (肖某某,
// 判决, 杨景媛 …), or one naming the case beside a strong key term of
// another (和服), is that event's: no finding, KPI or timeline entry,
// though its speech is about the case; so is one naming an incident of
// no event by a rare word ("有关博士论文遭遇“恶意评审”的争议"). Item.Event,
// Figure.Event and Essentials.Events record it in evidence.json.
//
// # Essentials
//
// ComputeEssentials counts the run's 舆情 essentials from its records and
// items, with no model: the collection time (the records' time stamps:
// when the engines found them, not when the event happened),
// the volume (records, sources, platforms), the platform split by URL host
// (PlatformOfURL: the one host → platform table, which also names the
// platforms FindFigures files shares under), the sites and the accounts
// carrying most records, a timeline of dated events the on-topic texts
// state, and their sentiment and volume figures (the repeated headline
// figures first, a sentiment split whole, each cited to a web source
// before an engine's text). Each number carries the evidence ids behind
// it. PlaceEssentials puts each block under the template sub-point whose
// title asks for it (关键数据, 发展阶段, 平台, 情绪 …).
//
// # Plan
//
// MakePlanWith gives each item to at most one template sub-point. Its
// candidates come from a retrieval the caller runs (PlanOptions.Candidates:
// the report pipeline maps SubPointQuery to the graph's entities with
// local search and passes the items those entities reach, with the
// similarity and rank of the match); the item's text relevance to the
// sub-point (character bigrams, TF-IDF) decides among them, with
// RetrievalWeight of the retrieval similarity added, MMR for diversity,
// OffTopicFactor for sources that never name the topic and the graph query
// rounds' boosts. This package imports no retrieval: it is below local
// search in the import order and takes the candidates as data. A
// sub-point left empty then takes a runner-up the quota left out
// (fillEmpty), or, when its title holds an outline word the passages
// word otherwise (首发 → 爆料, 始于; 扩散 → 发酵: outlineWordings), the
// best unplanned passage holding one of those wordings that passes the
// finding gate and scores MinScore against the title with them
// (fillByWording, Assigned.Wording).
//
// # Finding gate and primary sources
//
// Before the MMR selection, each sub-point's candidates pass the finding
// gate in score order: a passage is quoted only when Set.Quality gives it
// Clean (or a Fragment with a clean, short passage before it: the pair is
// quoted, Assigned.Noise "fragment", Set.Context) and the run's topic
// model (NewTopic, profiled on Set.Analysis) judges it on topic, read with
// the passage before it and its page or section title. The others stay
// in the set and the graph and are listed in Plan.Rejected with their
// class or the other subject they name. A web source passage that does
// not end as a statement was cut off by the engine and is a Fragment.
// A fragment whose previous passage is itself assigned is dropped
// (the pair would print it twice).
//
// Each sub-point is given WebPerSubPoint web source passages when its pool
// holds ones scoring WebScoreShare of its best (they replace the last
// engine passages), and every assigned engine passage or forum speech
// gets the web passage that states the same claim (PrimarySources: nearly
// the same text, or the same figure said of the same thing), when that
// passes the gate too: Assigned.Primary, cited first.
//
// BettaFish has no evidence stage: each chapter is written from its own
// graph query, so the same passage reaches several chapters. This package
// is the shared pool the planner assigns from, each item once.
package evidence
