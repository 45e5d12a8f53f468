package evidence

import (
	"errors"
	"math"
	"regexp"
	"slices"
	"strings"
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
	// summaries and final reports): their content terms (text.Terms) that
	// occur at least ProfileMinCount times make the topic's vocabulary,
	// used for sentences that name no entity, and the institutions they
	// name at least ProfileMinCount times are related entities (a
	// comparison the engines draw on purpose), not other subjects.
	Profile []string
}

// Topic model limits.
const (
	// ProfileMinCount is how often a term or entity must occur in the
	// profile to belong to the topic's vocabulary.
	ProfileMinCount = 3
	// OnTopicScore is the lowest Judgement.Score judged on topic.
	OnTopicScore = 0.3
	// NeutralScore is the score of a sentence that names nothing and
	// that no profile can judge (an empty profile): the benefit of the
	// doubt, on topic.
	NeutralScore = OnTopicScore
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
	names   []string        // lower-cased names of the topic, longest first
	related map[string]bool // entities the profile names often
	vocab   map[string]float64
}

// NewTopic builds the coherence model of a run. It returns ErrNoTopic
// when cfg.Topic is blank.
func NewTopic(cfg TopicConfig) (*Topic, error) {
	if strings.TrimSpace(cfg.Topic) == "" {
		return nil, ErrNoTopic
	}
	t := &Topic{related: map[string]bool{}, vocab: map[string]float64{}}
	for _, n := range append(TopicNames(cfg.Topic), cfg.Aliases...) {
		n = strings.ToLower(strings.TrimSpace(n))
		if n != "" && !slices.Contains(t.names, n) {
			t.names = append(t.names, n)
		}
	}
	slices.SortStableFunc(t.names, func(a, b string) int { return len(b) - len(a) })
	counts := map[string]int{}
	ents := map[string]int{}
	for _, p := range cfg.Profile {
		for _, term := range text.Terms(p) {
			counts[term.Text]++
		}
		for _, e := range entities(p) {
			ents[e.name]++
		}
	}
	for w, n := range counts {
		if n >= ProfileMinCount && !text.IsStopWord(w) {
			t.vocab[w] = termWeight(w)
		}
	}
	for e, n := range ents {
		if n >= ProfileMinCount {
			t.related[e] = true
		}
	}
	return t, nil
}

// termWeight is how much a word says: log10 of how much rarer than one
// word in a thousand general text has it, between 0.1 and 4 (the weight
// of the lexical relevance work, graphrag/knowledge.TermWeight).
func termWeight(w string) float64 {
	return max(0.1, min(4, math.Log10(1e-3/max(text.GeneralShare(w), 1e-7))))
}

// Judge decides whether a sentence is about the run's topic and who its
// subject is, reading the sentence, then the sentence before it
// (previous, "" if none) and then the title of its page or section
// (title, "" if none), in that order; the first that names an entity
// decides:
//
//   - a name of the topic (TopicNames, Aliases; letters compared
//     case-insensitively): on topic, score 1 in the sentence, 0.8 in
//     previous, 0.7 in the title;
//   - an entity related to the topic (named ProfileMinCount times in the
//     profile, or a part of the topic's name: 武汉 for 武汉大学): on topic,
//     score 0.5;
//   - another entity — a word ending in an institution suffix (大学,
//     学院, 公司, 集团, 医院, 政府 …), a well-known university short form
//     (华电, 北大), a province or city, an event hashtag that names no
//     topic name: off topic, score 0.1 (0.2 from previous or the title),
//     Subject that entity.
//
// When nothing names an entity the vocabulary decides (Via "terms"):
// score 0.6 × min(1, 2 × the weighted share of the sentence's content
// terms that are in the profile's vocabulary) (weights: termWeight, rare
// words count more; half the weight in the vocabulary is a full match),
// on topic from OnTopicScore; with an empty profile the
// score is NeutralScore (on topic: nothing says otherwise).
//
// A sentence's own topic name always wins over another entity it names
// ("华中科技大学与武汉大学联合…" is on topic).
func (t *Topic) Judge(sentence, previous, title string) Judgement {
	for i, part := range []string{sentence, previous, title} {
		if strings.TrimSpace(part) == "" {
			continue
		}
		via := [...]string{"sentence", "previous", "title"}[i]
		if name := t.topicName(part); name != "" {
			return Judgement{OnTopic: true, Score: [...]float64{1, 0.8, 0.7}[i], Subject: name, Via: via}
		}
		es := entities(part)
		if len(es) == 0 {
			continue
		}
		for _, e := range es {
			if t.isRelated(e.name) {
				return Judgement{OnTopic: true, Score: 0.5, Subject: e.name, Via: via}
			}
		}
		return Judgement{OnTopic: false, Score: [...]float64{0.1, 0.2, 0.2}[i], Subject: es[0].name, Via: via}
	}
	if len(t.vocab) == 0 {
		return Judgement{OnTopic: true, Score: NeutralScore, Via: "terms"}
	}
	var all, in float64
	for _, term := range text.Terms(sentence) {
		w := termWeight(term.Text)
		all += w
		if _, ok := t.vocab[term.Text]; ok {
			in += w
		}
	}
	score := 0.0
	if all > 0 {
		score = round3(0.6 * min(1, 2*in/all))
	}
	return Judgement{OnTopic: score >= OnTopicScore, Score: score, Via: "terms"}
}

// topicName returns the topic name s holds (as written in the topic's
// lower case), "" when none.
func (t *Topic) topicName(s string) string {
	ls := strings.ToLower(s)
	for _, n := range t.names {
		if strings.Contains(ls, n) {
			return n
		}
	}
	return ""
}

// isRelated reports an entity the profile names often or that is part
// of a topic name (武汉 in 武汉大学) or holds one.
func (t *Topic) isRelated(e string) bool {
	if t.related[e] {
		return true
	}
	le := strings.ToLower(e)
	for _, n := range t.names {
		if strings.Contains(n, le) || strings.Contains(le, n) {
			return true
		}
	}
	return false
}

// entity is a name found in a text, in text order.
type entity struct{ name string }

// institutionSuffixes end the name of an institution.
var institutionSuffixes = []string{"大学", "学院", "中学", "小学", "公司", "集团", "银行", "医院", "研究院", "研究所", "政府", "法院", "检察院",
	"教育局", "教育厅", "公安局", "派出所", "委员会", "电视台", "日报", "出版社", "基金会"}

// genericInstitutions end in a suffix but name no one ("大学" alone, 高等学院).
var genericInstitutions = []string{"大学", "学院", "中学", "小学", "公司", "集团", "银行", "医院", "研究院", "研究所", "政府", "法院", "该大学",
	"高等院校", "母公司", "子公司", "分公司", "总公司", "本公司", "该公司", "该医院", "上市公司", "科技公司", "互联网公司", "名牌大学", "重点大学",
	"一流大学", "综合性大学", "研究型大学", "国内大学", "国外大学", "其他大学", "地方政府", "人民政府", "人民法院", "人民医院", "附属医院",
	"商学院", "医学院", "法学院", "研究生院", "二级学院", "独立学院", "马克思主义学院", "新闻学院"}

// universityShortForms are short names of universities that the
// segmenter keeps as words.
var universityShortForms = []string{"北大", "清华", "复旦", "浙大", "华科", "华电", "人大", "南大", "中大", "川大", "交大", "同济", "哈工大", "北航", "北师大", "华师", "武大", "厦大", "山大", "吉大", "南开"}

// places are provinces, regions and large cities: a sentence led by one
// that is not the topic's is about somewhere else.
var places = []string{"北京", "上海", "天津", "重庆", "广州", "深圳", "杭州", "南京", "成都", "西安", "长沙", "郑州", "济南", "青岛", "沈阳", "哈尔滨",
	"长春", "合肥", "福州", "厦门", "南昌", "昆明", "贵阳", "南宁", "兰州", "太原", "石家庄", "呼和浩特", "乌鲁木齐", "拉萨", "银川", "西宁", "海口", "苏州", "宁波", "大连",
	"河北", "山西", "辽宁", "吉林", "黑龙江", "江苏", "浙江", "安徽", "福建", "江西", "山东", "河南", "湖北", "湖南", "广东", "海南", "四川", "贵州", "云南", "陕西",
	"甘肃", "青海", "台湾", "内蒙古", "广西", "西藏", "宁夏", "新疆", "香港", "澳门", "武汉", "美国", "英国", "日本", "韩国", "纽约", "伦敦", "东京"}

var hashtag = regexp.MustCompile(`#([^#\s]{2,40})#`)

// entities lists the names s holds, in text order: event hashtags,
// institutions (a segmented word ending in an institution suffix, not a
// generic one), university short forms and places (a segmented word
// that is one, or that starts with one and ends in 市/省/县/区, among
// the first three words: further on a place says where, not who).
func entities(s string) []entity {
	var out []entity
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			out = append(out, entity{n})
		}
	}
	for _, m := range hashtag.FindAllStringSubmatch(s, -1) {
		add("#" + m[1] + "#")
	}
	words := text.Words(s)
	for i, w := range words {
		if utf8.RuneCountInString(w) < 2 {
			continue
		}
		switch {
		case slices.Contains(universityShortForms, w):
			add(w)
		case slices.Contains(places, w) && i < 3:
			add(w) // a place leads the sentence; further on it is where, not who
		case firstSuffix(w, institutionSuffixes) != "" && !slices.Contains(genericInstitutions, w) && !strings.HasPrefix(w, "该") && !strings.HasPrefix(w, "本"):
			add(w)
		case i < 3 && firstSuffix(w, []string{"市", "省", "县", "区"}) != "" && firstPrefix(w, places) != "":
			add(w)
		case i+1 < len(words) && slices.Contains([]string{"大学", "学院"}, words[i+1]) && text.IsDictWord(w) && firstPrefix(w, places) != "":
			add(w + words[i+1]) // "华北电力" + "大学" when the segmenter splits them
		}
	}
	return out
}

// firstSuffix returns the first of ss that s ends with, or "".
func firstSuffix(s string, ss []string) string {
	for _, x := range ss {
		if strings.HasSuffix(s, x) {
			return x
		}
	}
	return ""
}
