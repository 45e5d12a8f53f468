package text

import "unicode/utf8"

// shortNames are the short names Chinese writers use for universities,
// each with the full name: 武大 for 武汉大学, as the fixture's posts and
// reports write both. A public-opinion run is often about a university,
// and its records name it either way.
var shortNames = map[string][]string{
	"武大": {"武汉大学"}, "北大": {"北京大学"}, "清华": {"清华大学"}, "复旦": {"复旦大学"},
	"浙大": {"浙江大学"}, "南大": {"南京大学"}, "人大": {"中国人民大学"}, "川大": {"四川大学"},
	"中大": {"中山大学"}, "厦大": {"厦门大学"}, "华科": {"华中科技大学"}, "华师": {"华中师范大学"},
	"交大": {"上海交通大学", "西安交通大学"}, "湖大": {"湖南大学"}, "同济": {"同济大学"}, "哈工大": {"哈尔滨工业大学"},
}

// FullNames returns the full names of a university's short name (武大 →
// 武汉大学; shortNames), nil for any other word. The offline answer reads
// a sentence naming the full name as naming the short one; the relevance
// gate does not (as synonyms, the short name's statistics changed and ten
// of the shipped BettaFish questions were refused).
func FullNames(w string) []string { return shortNames[w] }

// recutShortNames gives back a university's short name (shortNames) the
// dictionary's cut split, its first rune alone and its 大 starting the
// dictionary word after it: 武/大门口 → 武大/门口, 北/大门口 → 北大/门口
// ("樱花季那阵子武大门口堵得要死" was refused for a subject 大门口 the
// knowledge never uses; heldout68). The rest must be a dictionary word
// of two runes or more (中/大型 stays). Questions only (Terms' recut): the
// knowledge's texts are cut as the dictionary cuts them. ws is changed in
// place and returned.
func recutShortNames(ws []string) []string {
	for i := 0; i+1 < len(ws); i++ {
		if utf8.RuneCountInString(ws[i]) != 1 {
			continue
		}
		r, size := utf8.DecodeRuneInString(ws[i+1])
		name, rest := ws[i]+string(r), ws[i+1][size:]
		if shortNames[name] != nil && utf8.RuneCountInString(rest) >= 2 && IsDictWord(rest) {
			ws[i], ws[i+1] = name, rest
		}
	}
	return ws
}
