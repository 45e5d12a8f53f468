package evidence

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// ErrNoTopic is returned by NewTopic for a configuration without a topic.
var ErrNoTopic = errors.New("evidence: no topic")

// TopicConfig configures the topic coherence model (NewTopic).
type TopicConfig struct {
	// Topic is the run's topic as the engines were asked ("武汉大学"). Required.
	Topic string
	// Aliases are more names of the topic ("WHU"); the names of
	// TopicNames(Topic) are always included.
	Aliases []string
	// Profile are the run's own analysis texts (the engines' section
	// summaries and final reports, Set.Analysis): their content terms
	// (text.Terms) that occur in at least ProfileMinCount of them make the
	// topic's vocabulary, used for sentences that name no entity. The
	// institutions the profile names are not made the topic's: a
	// comparison with another university is still about that university.
	Profile []string
}

// Topic model limits.
const (
	// ProfileMinCount is in how many profile texts a term must occur to
	// belong to the topic's vocabulary.
	ProfileMinCount = 3
	// OnTopicScore is the lowest Judgement.Score judged on topic.
	OnTopicScore = 0.1
	// NeutralScore is the score of a sentence that names nothing and
	// that no profile can judge (an empty profile): the benefit of the
	// doubt, on topic.
	NeutralScore = 0.3
	// ProfilePlaceCount is in how many profile texts a place must be
	// named to be the run's own (related, never another subject).
	ProfilePlaceCount = 2
	// MinVocabulary is the fewest vocabulary terms that can judge a
	// sentence naming no one; a smaller profile (a run of a few summaries)
	// gives NeutralScore instead.
	MinVocabulary = 50
)

// Judgement is the topic model's verdict on one sentence.
type Judgement struct {
	OnTopic bool    `json:"on_topic"`
	Score   float64 `json:"score"` // 0–1, see Topic.Judge
	// Subject is the entity the sentence is about as written: a name of
	// the topic, another institution ("华北电力大学"), a place, an event
	// hashtag ("#华电973首席性侵女教师#"); "" when none is named in the
	// sentence or its context.
	Subject string `json:"subject,omitempty"`
	// Via says what decided: "sentence", "previous", "title" (the
	// subject was found there) or "terms" (the vocabulary score).
	Via string `json:"via"`
}

// Topic is the topic and event coherence model of one run (see NewTopic,
// Judge). It is read-only after NewTopic and safe for concurrent use.
type Topic struct {
	names []string // lower-cased names of the topic, longest first
	pairs []string // every two runes in a row of a name, each once (Names)
	words []string // the topic's own words when it has several (李明, 咖啡店, 咖啡), none generic
	// profile answers what the run's own analysis says: its vocabulary
	// and its places
	profile *profile
}

// NewTopic builds the coherence model of a run. It returns ErrNoTopic
// when cfg.Topic is blank.
func NewTopic(cfg TopicConfig) (*Topic, error) {
	if strings.TrimSpace(cfg.Topic) == "" {
		return nil, ErrNoTopic
	}
	t := &Topic{}
	for _, n := range append(TopicNames(cfg.Topic), cfg.Aliases...) {
		n = strings.ToLower(strings.TrimSpace(n))
		if n != "" && !slices.Contains(t.names, n) {
			t.names = append(t.names, n)
		}
	}
	slices.SortStableFunc(t.names, func(a, b string) int { return len(b) - len(a) })
	for _, n := range t.names {
		for rs := []rune(n); len(rs) >= 2; rs = rs[1:] {
			if p := string(rs[:2]); !slices.Contains(t.pairs, p) {
				t.pairs = append(t.pairs, p)
			}
		}
	}
	if ws := text.Words(cfg.Topic); len(ws) > 1 {
		for _, w := range ws {
			for _, x := range append([]string{w}, text.SubWords(w)...) {
				if utf8.RuneCountInString(x) >= 2 && !text.IsStopWord(x) && !slices.Contains(genericInstitutions, x) &&
					!slices.Contains(classWords, x) && !slices.Contains(t.words, x) {
					t.words = append(t.words, x)
				}
			}
		}
	}
	t.profile = newProfile(cfg.Profile, t.words)
	return t, nil
}

// Judge decides whether a sentence is about the run's topic and who its
// subject is. previous is the sentence before it ("" if none) and title
// the title of its page or section ("" if none). In order, the first
// rule that applies decides:
//
//  1. the sentence names the topic (TopicNames, Aliases; letters compared
//     case-insensitively): on topic, score 1 — its own topic name wins
//     over any other entity it names ("华中科技大学与武汉大学联合…");
//  2. the sentence names an institution (a segmented word ending in 大学,
//     学院, 公司, 集团, 医院, 政府 …, with a name split by the segmenter
//     joined back: 武汉 科技 大学 → 武汉科技大学), a university short form
//     (华电, 北大) or an event hashtag (#华电973首席性侵女教师#) that is
//     not related to the topic: off topic, score 0.05, Subject that name;
//  3. it names a related entity (a part of the topic's name, 武汉 for
//     武汉大学, a name holding a word of the topic, 青溪水务集团 for
//     青溪市自来水异味, or a place the profile names in ProfilePlaceCount
//     texts: 杭州 for a shop in Hangzhou): on topic, score 0.5;
//  4. it is led by a province, city or country not related to the topic
//     (leadPlace: in the first LeadPlaceRunes runes of its first clause,
//     after a date clause, not after 在/于/到: "2021年7月，邻省江口市也曾发生
//     自来水异味事件"): off topic, score 0.05;
//  5. when the sentence's subject is in the sentence before (it opens
//     with a word that points back or with a generic subject — 学校, 该校,
//     校方, 公司 …), previous decides by rules 1–3: on topic with score
//     0.8, or off topic with score 0.08; a sentence opening with a
//     generic subject skips rules 2–4 (the institutions it names are its
//     objects: "学校与哈佛大学…均有交流与合作");
//  6. the title decides by rules 1–3: on topic with score 0.7, or off
//     topic with score 0.08 (a page about another institution);
//     6a. the sentence holds a word of a topic of several words (咖啡 or
//     李明 for 李明咖啡店; generic words such as 大学 or 公司 excepted): on
//     topic, score 0.5;
//  7. otherwise the vocabulary decides (Via "terms"): score 0.6 × min(1,
//     2 × the weighted share of the sentence's content terms that are in
//     the profile's vocabulary; weights: text.TermWeight of the word's
//     text.GeneralShare, rare words count more); with a profile of fewer than MinVocabulary vocabulary terms
//     the score is NeutralScore.
//
// OnTopic is Score >= OnTopicScore. The vocabulary is lenient on purpose
// (a sentence sharing a tenth of its weight with the run's analysis is on
// topic): a sentence that names no one is judged by the noise classes
// (Classify), not here.
func (t *Topic) Judge(sentence, previous, title string) Judgement {
	if name := t.topicName(sentence); name != "" {
		return Judgement{OnTopic: true, Score: 1, Subject: name, Via: "sentence"}
	}
	// a generic subject ("学校与哈佛大学…均有交流"): the institutions
	// the sentence names are its objects; its subject is named before
	generic := text.FirstPrefix(strings.TrimSpace(sentence), genericSubjects) != ""
	var words []string // the sentence's, segmented once for its names and its terms
	if !generic {
		words = text.Words(sentence)
		if j, ok := t.byNames(sentence, words, "sentence", 1, 0.05, true); ok {
			return j
		}
	}
	if generic || pointsBack(sentence) {
		if j, ok := t.byNames(previous, text.Words(previous), "previous", 0.8, 0.08, false); ok {
			return j
		}
	}
	if j, ok := t.byNames(title, text.Words(title), "title", 0.7, 0.08, false); ok {
		return j
	}
	if w := text.FirstWord(sentence, t.words); w != "" {
		return Judgement{OnTopic: true, Score: 0.5, Subject: w, Via: "sentence"}
	}
	if !t.profile.largeVocab() {
		return Judgement{OnTopic: true, Score: NeutralScore, Via: "terms"}
	}
	if words == nil {
		words = text.Words(sentence)
	}
	var all, in float64
	for _, term := range text.TermsOf(sentence, words) {
		w := text.TermWeight(text.GeneralShare(term.Text))
		all += w
		if t.profile.inVocab(term.Text) {
			in += w
		}
	}
	score := 0.0
	if all > 0 {
		score = round3(0.6 * min(1, 2*in/all))
	}
	return Judgement{OnTopic: score >= OnTopicScore, Score: score, Via: "terms"}
}

// byNames applies rules 1–4 of Judge to one text s, whose words
// (text.Words(s)) are at hand; false when none applies. places enables
// rule 4.
func (t *Topic) byNames(s string, words []string, via string, onScore, offScore float64, places bool) (Judgement, bool) {
	if strings.TrimSpace(s) == "" {
		return Judgement{}, false
	}
	if name := t.topicName(s); name != "" {
		return Judgement{OnTopic: true, Score: onScore, Subject: name, Via: via}, true
	}
	es := entitiesIn(s, words, t.words...)
	for _, e := range es {
		if e.kind != entityPlace && !t.isRelated(e.name) {
			return Judgement{OnTopic: false, Score: offScore, Subject: e.name, Via: via}, true
		}
	}
	for _, e := range es {
		if places && e.kind == entityPlace && !t.isRelated(e.name) && leadPlace(s, e.name) {
			return Judgement{OnTopic: false, Score: offScore, Subject: e.name, Via: via}, true
		}
	}
	for _, e := range es {
		if t.isRelated(e.name) {
			return Judgement{OnTopic: true, Score: min(onScore, 0.5), Subject: e.name, Via: via}, true
		}
	}
	return Judgement{}, false
}

// dateClause is a clause that only dates what follows ("2021年7月").
var dateClause = regexp.MustCompile(`^[\d\s年月日号至\-—~]+$`)

// leadPlace reports a place that leads the sentence as its subject: it
// stands in the first LeadPlaceRunes runes of the first clause (of the
// second when the first only gives a date: "2021年7月，邻省江口市也曾…"),
// and not after a word that makes it a location (在, 于, 到, 赴, 自: "张伟在
// 云南经营…").
func leadPlace(s, name string) bool {
	s = strings.TrimSpace(s)
	head := s
	if i := strings.IndexAny(s, "，,"); i > 0 && dateClause.MatchString(s[:i]) {
		head = strings.TrimLeft(s[i:], "，, ")
	}
	i := strings.Index(head, name)
	if i < 0 || utf8.RuneCountInString(head[:i]) > LeadPlaceRunes {
		return false
	}
	if r, _ := utf8.DecodeLastRuneInString(head[:i]); strings.ContainsRune("在于到赴自", r) {
		return false
	}
	return !strings.ContainsAny(head[:i], "，,。；;")
}

// LeadPlaceRunes is how far into its clause a place may stand and still
// lead the sentence.
const LeadPlaceRunes = 6

// genericSubjects open a sentence whose subject is named before it.
var genericSubjects = []string{"学校", "该校", "校方", "我校", "本校", "学院", "公司", "该公司", "企业", "该企业", "医院", "政府", "官方", "涉事"}

// pointsBack reports a sentence whose subject is in the sentence before:
// a Fragment (Classify), or one opening with a generic subject.
func pointsBack(s string) bool {
	s = strings.TrimSpace(s)
	return isFragment(s) || text.FirstPrefix(s, genericSubjects) != ""
}

// topicName returns the topic name s holds (as written in the topic's
// lower case), "" when none.
func (t *Topic) topicName(s string) string {
	return text.FirstWord(strings.ToLower(s), t.names)
}

// isRelated reports an entity that is part of a topic name (武汉 in
// 武汉大学) or holds one, holds a word of the topic (青溪水务集团 for
// 青溪市自来水异味), or is a place of the run's own (profile.isPlace).
func (t *Topic) isRelated(e string) bool {
	return text.FirstWord(e, t.words) != "" || t.profile.isPlace(e) || t.holdsName(e)
}

// holdsName reports a word that is part of a name of the topic or holds
// one (letters compared in lower case).
func (t *Topic) holdsName(w string) bool {
	lw := strings.ToLower(w)
	return slices.ContainsFunc(t.names, func(n string) bool { return strings.Contains(n, lw) || strings.Contains(lw, n) })
}

// entity is a name found in a text, in text order.
type entity struct {
	name string
	kind entityKind
}

type entityKind uint8

const (
	entityInstitution entityKind = iota
	entityHashtag
	entityPlace
)

// institutionSuffixes end the name of an institution.
var institutionSuffixes = []string{"大学", "学院", "中学", "小学", "公司", "集团", "银行", "医院", "研究院", "研究所", "政府", "法院", "检察院",
	"教育局", "教育厅", "公安局", "派出所", "委员会", "电视台", "日报", "出版社", "基金会"}

// genericInstitutions end in a suffix but name no one ("大学" alone, 上市公司).
var genericInstitutions = []string{"大学", "学院", "中学", "小学", "公司", "集团", "银行", "医院", "研究院", "研究所", "政府", "法院", "该大学",
	"教育局", "教育厅", "公安局", "派出所", "委员会", "电视台", "日报", "出版社", "基金会", "检察院",
	"高等院校", "母公司", "子公司", "分公司", "总公司", "本公司", "该公司", "该医院", "上市公司", "科技公司", "互联网公司", "名牌大学", "重点大学",
	"一流大学", "世界大学", "中国政府", "各级政府", "当地政府", "综合性大学", "研究型大学", "国内大学", "国外大学", "其他大学", "地方政府", "人民政府", "人民法院", "人民医院", "附属医院",
	"商学院", "医学院", "法学院", "研究生院", "二级学院", "独立学院", "马克思主义学院", "新闻学院", "书院", "老年大学", "开放大学"}

// classWords are institution words that name a kind, not one
// institution, and take the name before them: 武汉 科技大学, 佐治亚 理工学院.
var classWords = []string{"大学", "学院", "科技大学", "理工大学", "师范大学", "理工学院", "工业大学", "农业大学", "医科大学", "财经大学",
	"交通大学", "电力大学", "科技学院", "职业学院", "职业技术学院", "外国语大学", "政法大学", "民族大学", "中学", "小学", "公司", "集团", "医院", "银行"}

// universityShortForms are short names of universities that the
// segmenter keeps as words.
var universityShortForms = []string{"北大", "清华", "复旦", "浙大", "华科", "华电", "人大", "南大", "中大", "川大", "交大", "同济", "哈工大", "北航", "北师大", "华师", "武大", "厦大", "山大", "吉大", "南开"}

// places are provinces, regions, large cities and countries: a sentence
// led by one that is not the topic's is about somewhere else.
var places = []string{"北京", "上海", "天津", "重庆", "广州", "深圳", "杭州", "南京", "成都", "西安", "长沙", "郑州", "济南", "青岛", "沈阳", "哈尔滨",
	"长春", "合肥", "福州", "厦门", "南昌", "昆明", "贵阳", "南宁", "兰州", "太原", "石家庄", "呼和浩特", "乌鲁木齐", "拉萨", "银川", "西宁", "海口", "苏州", "宁波", "大连",
	"河北", "山西", "辽宁", "吉林", "黑龙江", "江苏", "浙江", "安徽", "福建", "江西", "山东", "河南", "湖北", "湖南", "广东", "海南", "四川", "贵州", "云南", "陕西",
	"甘肃", "青海", "台湾", "内蒙古", "广西", "西藏", "宁夏", "新疆", "香港", "澳门", "武汉", "美国", "英国", "日本", "韩国", "纽约", "伦敦", "东京"}

// regions open the names of institutions named after a region (中南矿冶学院).
var regions = []string{"中南", "华中", "华南", "华北", "华东", "西南", "西北", "东北", "中国", "国立"}

var hashtag = regexp.MustCompile(`#([^#\s]{2,40})#`)

// entities lists the names s holds, in text order: event hashtags,
// institutions (a segmented word ending in an institution suffix, not a
// generic one; a class word such as 大学 or 科技大学 joined to the name
// word before it), university short forms, and places (a segmented word
// that is one, or starts with one and ends in 市/省/县/区).
func entities(s string, prefixes ...string) []entity {
	return entitiesIn(s, text.Words(s), prefixes...)
}

// entitiesIn is entities of s whose words, text.Words(s), are at hand.
func entitiesIn(s string, words []string, prefixes ...string) []entity {
	var out []entity
	seen := map[string]bool{}
	add := func(n string, k entityKind) {
		if !seen[n] {
			seen[n] = true
			out = append(out, entity{n, k})
		}
	}
	// an event hashtag is another event's when it names an institution
	// ("#华电973首席性侵女教师#"); one naming no one (#离婚法到底写了什么#)
	// says nothing of who
	for _, m := range hashtag.FindAllStringSubmatch(s, -1) {
		named := text.FirstWord(m[1], universityShortForms) != ""
		for _, e := range entities(m[1]) {
			named = named || e.kind == entityInstitution
		}
		if named {
			add("#"+m[1]+"#", entityHashtag)
		}
	}
	for i, w := range words {
		if utf8.RuneCountInString(w) < 2 {
			continue
		}
		switch {
		case slices.Contains(classWords, w) && i > 0 && (nameWord(words[i-1]) || i > 1 && (isPlace(words[i-2]) || slices.Contains(prefixes, words[i-2]))) && strings.Contains(s, words[i-1]+w):
			// 佐治亚 理工学院; with a place before the name (武汉 晴川 学院,
			// 武汉 科技 大学) the place is part of it; a bare 学院 needs one
			// (计算机 学院 is a school of a university, not an institution)
			name := words[i-1] + w
			if i > 1 && (isPlace(words[i-2]) || slices.Contains(prefixes, words[i-2])) && strings.Contains(s, words[i-2]+name) {
				name = words[i-2] + name
			} else if !nameWord(words[i-1]) {
				continue
			}
			if w == "学院" && !isPlace(text.FirstPrefix(name, places)) && text.FirstPrefix(name, regions) == "" && text.FirstPrefix(name, prefixes) == "" {
				continue
			}
			add(name, entityInstitution)
		case slices.Contains(universityShortForms, w):
			add(w, entityInstitution)
		case text.FirstSuffix(w, institutionSuffixes) != "" && !slices.Contains(genericInstitutions, w) && !slices.Contains(classWords, w) &&
			text.FirstPrefix(w, []string{"该", "本", "我", "其"}) == "" && (!strings.HasSuffix(w, "学院") || text.FirstPrefix(w, places) != "" || text.FirstPrefix(w, regions) != ""):
			add(w, entityInstitution) // a 学院 without a place is a school of a university (成人教育学院)
		case slices.Contains(places, w):
			if i+1 < len(words) && slices.Contains(classWords, words[i+1]) {
				continue // the name of the institution that follows
			}
			add(w, entityPlace)
		case text.FirstSuffix(w, []string{"市", "省", "县", "区"}) != "" && text.FirstPrefix(w, places) != "":
			add(w, entityPlace)
		case i+1 < len(words) && slices.Contains([]string{"市", "省", "县"}, words[i+1]) && utf8.RuneCountInString(w) >= 2 &&
			text.HasHan(w) && strings.Contains(s, w+words[i+1]):
			add(w+words[i+1], entityPlace) // 江口 市: a city the place list does not hold
		}
	}
	return out
}

// isPlace reports a word of places, or one with a region prefix (华中).
func isPlace(w string) bool {
	return w != "" && (slices.Contains(places, w) || slices.Contains(regions, w))
}

// nameWord reports a word that can be the name part of an institution's
// name: two or more letters, not a stop word, and a place or a word rare
// in general text (text.GeneralShare under 2·10⁻⁵: 佐治亚, 晴川; not 影响 or
// 其次, which only stand before 大学 in "影响大学的…").
func nameWord(w string) bool {
	if utf8.RuneCountInString(w) < 2 || text.IsStopWord(w) || strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) {
		return false
	}
	return slices.Contains(places, w) || text.FirstPrefix(w, regions) != "" || text.GeneralShare(w) < 2e-5
}

// Analysis returns the texts of the run's own analysis, in item order:
// the items first found in an engine's section summary or final report
// (the profile NewTopic learns the run's vocabulary from; forum speeches
// are left out: the engines argue there by comparison with other
// universities and events, whose names would become the topic's words).
func (s *Set) Analysis() []string {
	var out []string
	for i := range s.Items {
		if k := s.Items[i].Kind; k == KindSummary || k == KindFinalReport {
			out = append(out, s.Items[i].Text)
		}
	}
	return out
}

// Forum speeches judged whole (JudgeSpeech).
const (
	// SpeechMinPassages is the fewest passages a forum speech needs to be
	// judged as a whole; a shorter one is judged passage by passage
	// (Judge), as the short speeches of a small run name their topic in
	// one sentence of three or not at all.
	SpeechMinPassages = 8
	// SpeechTopicShare is the lowest share of a long speech's passages
	// that must name the topic (Topic.Names) for the speech to be about
	// it. On the BettaFish fixture the 39 speeches about 武汉大学 name it
	// in 12–63 % of their passages, the five about something else (the
	// slang “火了”, 舆情管理 in general) in 0–2 %: the bar stands between.
	SpeechTopicShare = 0.06
)

// SpeechJudgement is the topic model's verdict on a forum speech as a
// whole.
type SpeechJudgement struct {
	Passages int  `json:"passages"` // passages judged
	Naming   int  `json:"naming"`   // of them, those naming the topic (Topic.Names)
	OnTopic  bool `json:"on_topic"`
}

// Names reports whether s names the run's topic: one of its names
// (TopicNames, Aliases), a word of a topic of several words (李明 for
// 李明咖啡店), or an entity holding one or part of one (武汉 for 武汉大学,
// 青溪水务集团 for 青溪市自来水异味); a place of the profile's alone does not.
func (t *Topic) Names(s string) bool {
	if t.topicName(s) != "" || text.FirstWord(s, t.words) != "" {
		return true
	}
	// s holds no name, so neither does an entity of it: one that names the
	// topic is part of a name, and s holds its first two runes. Without
	// such a pair s is not segmented (TestNamesPairsOracle).
	if text.FirstWord(strings.ToLower(s), t.pairs) == "" {
		return false
	}
	return slices.ContainsFunc(entities(s, t.words...), func(e entity) bool { return t.holdsName(e.name) })
}

// JudgeSpeech judges a forum speech as a whole from its passages
// (the passages of its content, passageSegments): a speech of SpeechMinPassages passages or
// more is about the topic when at least SpeechTopicShare of them name it
// (Names); a shorter speech is on topic here and its passages are judged
// one by one (Judge). A web page is judged the same way by its title and
// text (a page that never names the topic is off topic); a speech has no
// title, and an engine speaking at length of other things — the BettaFish
// fixture's 12:23:18 INSIGHT speech on the slang “火了”, which never names
// 武汉大学 — gives no finding, KPI or chart of this run.
//
// BettaFish's forum has no such check: its host summarises every speech
// into the report's material.
func (t *Topic) JudgeSpeech(passages []string) SpeechJudgement {
	j := SpeechJudgement{Passages: len(passages), OnTopic: true}
	for _, p := range passages {
		if t.Names(p) {
			j.Naming++
		}
	}
	if j.Passages >= SpeechMinPassages && float64(j.Naming) < SpeechTopicShare*float64(j.Passages) {
		j.OnTopic = false
	}
	return j
}
