package text

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// existsAsked returns the things a clause asks whether there are: the
// nouns right after 有没有, 有无 or 是否有 (or 有 in a clause ending with
// 吗: 武大的宿舍有暖气吗, heldout86), joined by 或, 和, 还是 or 、,
// when they end the clause or come before 之类, 的 or an end particle
// (手冲 and 冷萃 in "店里有没有手冲或冷萃之类的做法？", 冷萃 and 咖啡 in "有没有冷萃
// 咖啡？"), or after a light verb (objectVerbs: 上诉 in 有没有提起上诉;
// 微信公众号 in 有没有做微信公众号或者B站账号, whose alternatives after 或者
// the words do not all read as nouns: the ones before it are asked; 摄像头
// in 有没有在图书馆加装摄像头, the place after 在 read past; 免职 and 撤职
// in 有没有对张平文作出免职或者撤职之类的处理, the one it is done to read
// past), or a formal act that ends the clause alone (recordedActs: 上诉 in
// 有没有上诉？).
// Whether there is one is asked: a knowledge that never names
// it does not tell. Any other verb after them asks whether something was
// done (有没有出面回应, 有没有办会员卡, 有没有动摇), no thing.
func existsAsked(ws []string) []string {
	var out []string
	ma := len(ws) > 0 && ws[len(ws)-1] == "吗" // 宿舍有暖气吗: 有 asks as 有没有 does
	for i, w := range ws {
		if w != "有没有" && w != "有无" && !(w == "是否" && i+1 < len(ws) && ws[i+1] == "有") && !(w == "有" && ma && i > 0) {
			continue
		}
		j := i + 1
		if w == "是否" {
			j++
		}
		if j+1 < len(ws) && ws[j] == "在" && nounLike(ws[j+1]) {
			j += 2 // 有没有在图书馆加装摄像头: the place, then what is done there
		}
		if k := objectAfterTarget(ws, j); k > j {
			j = k // 有没有对张平文作出免职…: the one it is done to, then the light verb
		}
		if j+1 == len(ws) || j+1 < len(ws) && clauseEndParticles[ws[j+1]] && (j+2 == len(ws) || endParticles[ws[j+2]]) {
			if recordedActs[ws[j]] {
				out = append(out, ws[j]) // 有没有上诉: one formal act ends the clause, the act is asked
				continue
			}
		}
		object := j < len(ws) && objectVerbs[ws[j]]
		if object {
			j++ // 有没有提起上诉: the thing is the light verb's object, a noun of an act too
		}
		var run []string
		for ; j < len(ws) && (nounLike(ws[j]) || object && actNoun(ws[j]) || orAnd[ws[j]] && len(run) > 0 || otherThings[ws[j]]); j++ {
			if !orAnd[ws[j]] {
				run = append(run, ws[j])
			}
		}
		if len(run) > 0 && (j == len(ws) || existsEnd[ws[j]] || endParticles[ws[j]] || orAnd[ws[j-1]]) {
			out = append(out, run...)
		}
	}
	return out
}

// objectAfterTarget returns the index of the light verb (objectVerbs)
// after the one an act is done to (对, 向 or 给 and at most three words
// of a name or a noun phrase: 对张平文作出 → 作出), or from when ws[from]
// opens no such phrase.
func objectAfterTarget(ws []string, from int) int {
	if from >= len(ws) || !targetMarks[ws[from]] {
		return from
	}
	for k := from + 1; k < len(ws) && k <= from+4; k++ {
		if objectVerbs[ws[k]] {
			if k == from+1 {
				return from
			}
			return k
		}
	}
	return from
}

// recordedActs are the formal acts (legal, disciplinary, official) a
// text that reports one names by that word: "有没有上诉？" asks for 上诉,
// which a knowledge that never writes it cannot tell. A verb of a state
// or a feeling is not one (有没有动摇: the texts write 犹豫).
var recordedActs = fieldSet("上诉 起诉 申诉 复议 仲裁 抗诉 再审 立案 报警 报案 撤诉 和解 调解 赔偿 道歉 处分 免职 撤职 停职 辞职 罢免 问责 开除 辞退 停课 停业 整改 罚款 召回 退款 听证 备案 审计 公示")

// targetMarks open the phrase naming whom an act is done to.
var targetMarks = fieldSet("对 向 给")

// clauseEndParticles may follow a clause's last act (有没有上诉过).
var clauseEndParticles = fieldSet("过 了")

// actNoun reports whether w, after a light verb (objectVerbs), names an
// act: a Chinese word of the dictionary of two runes or more, no stop
// word (上诉, 调查).
func actNoun(w string) bool {
	return utf8.RuneCountInString(w) >= 2 && HasHan(w) && IsDictWord(w) && !IsStopWord(w)
}

// objectVerbs are the verbs whose object is the thing done (提起上诉,
// 发起投票, 作出处分; 送 and 赠送 of a gift: 有没有送饮品或者别的福利,
// heldout82): existsAsked reads the thing after them.
var objectVerbs = fieldSet("提起 提出 发起 作出 做出 采取 进行 申请 开展 给予 给出 做 开通 开设 加装 安装 增设 配备 送 赠送")

// otherThings are the words of "other" that may open a thing existsAsked
// reads (有没有送饮品或者别的福利: 福利 is asked; heldout82).
var otherThings = fieldSet("别的 其他 其它")

// existsEnd are the words after which the things existsAsked reads end.
var existsEnd = fieldSet("之类 之类的 等 这样 这种 那样 那种")

// orAnd are the words that join the things existsAsked reads.
var orAnd = fieldSet("或 或者 和 还是 、 跟 与")

// agreedVerbs are the verbs of what a contract or a rule sets or grants
// (约定, 给予, 包含 …): "是否约定了免租期" asks whether the lease holds a
// 免租期, which a knowledge that never names it cannot tell.
var agreedVerbs = fieldSet("约定 规定 给予 赋予 享有 包含 包括 设有 设置 提供 收取 缴纳 支付 签订 签署 主张 追究")

// agreedAsked returns the content terms of the object of the first agreed
// verb (agreedVerbs) after 是否 in the clause of words ws, whatever stands
// between (the grounds, the party: 是否依据供货合同向供应商主张违约责任):
// 免租期 and 装修期 in 是否约定了免租期或装修期; 李明, 优先 and 续租权 in
// 是否给予李明优先续租权 (heldout80), in order; nil when the clause has
// none. Whether the contract sets it or the claim was made is asked: the
// thing set or claimed is what a text must name.
func agreedAsked(ws []string) []string {
	w := slices.Index(ws, "是否")
	if w < 0 {
		return nil
	}
	for i := w + 1; i+1 < len(ws); i++ {
		if !agreedVerbs[ws[i]] {
			continue
		}
		return TermTexts(Terms(strings.Join(ws[i+1:], ""))) // 了 and 过 are no terms
	}
	return nil
}

// actDoneAsked returns the formal acts (recordedActs) a yes-or-no clause
// of words ws (ending with 吗) names, in order (上诉 in 杨某某上诉了吗,
// bettafish-heldout81; 有没有上诉 is existsAsked's), nil otherwise:
// whether it was or will be done, a knowledge that never names the act
// does not tell.
func actDoneAsked(ws []string) []string {
	if len(ws) == 0 || ws[len(ws)-1] != "吗" {
		return nil
	}
	var out []string
	for _, w := range ws {
		if recordedActs[w] {
			out = append(out, w)
		}
	}
	return out
}
