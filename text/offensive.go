package text

import (
	"strings"
	"unicode"
)

// offensiveCJK are vulgar words and defamatory or insulting phrasings in
// Chinese, matched as substrings of the lower-cased text. Words that are
// also parts of ordinary words (操 in 操作, 逼 in 逼停, 滚 in 滚动, 垃圾
// in 垃圾分类) are listed only in their insulting compounds, 滚 as an
// order ("滚!"). The list is the one place that decides what reportengine
// will not put into a question or a heading of its own making, nor quote
// as a finding (PageNoise's Vulgar: the word outside quotation marks);
// the passages stay in the graph.
var offensiveCJK = []string{
	// vulgar
	"傻逼", "傻b", "煞笔", "沙比", "装逼", "牛逼", "逼样", "卧槽", "我操", "操你", "草泥马", "尼玛", "他妈的", "你妈的", "妈的",
	"屌", "婊", "贱人", "犯贱", "狗日", "狗东西", "王八蛋", "混蛋", "滚蛋", "滚出", "滚!", "滚！", "滚吧", "去死", "吃屎", "放屁", "屁眼",
	"手淫", "自慰", "淫荡", "淫秽", "鸡巴", "阴茎", "睾丸", "脑残", "智障", "白痴", "弱智",
	// insulting or defamatory phrasings of people and institutions
	"人渣", "败类", "畜生", "禽兽", "杂种", "无耻", "不要脸", "狗官", "走狗", "汉奸", "诬大", "遮羞布", "猎巫", "恐坐牢", "该死",
	"骗子", "小偷", "罪犯", "绿茶",
}

// offensiveLatin are vulgar and insulting English words, matched as whole
// words of the lower-cased text (so "Scunthorpe" and "Dickens" pass) and
// with their plural or -ing forms.
var offensiveLatin = fieldSet(`fuck fucking fucked fucker motherfucker shit shitty bullshit bitch bitches bastard asshole
	arsehole cunt dick dickhead prick slut whore retard retarded moron idiot idiots scum wanker twat crap damn`)

// OffensiveWord returns the first vulgar, insulting or defamatory word of
// the word list (offensiveCJK, offensiveLatin) that s contains, and
// whether there is one. Chinese words match as substrings, English words
// as whole words, both case-insensitively.
func OffensiveWord(s string) (string, bool) {
	low := strings.ToLower(s)
	if w := FirstWord(low, offensiveCJK); w != "" {
		return w, true
	}
	for _, w := range strings.FieldsFunc(low, func(r rune) bool { return !unicode.IsLetter(r) || IsCJK(r) }) {
		if offensiveLatin[w] {
			return w, true
		}
	}
	return "", false
}

// Offensive reports whether s holds a word of the list (OffensiveWord).
func Offensive(s string) bool {
	_, ok := OffensiveWord(s)
	return ok
}
