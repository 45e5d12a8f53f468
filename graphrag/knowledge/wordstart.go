package knowledge

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"reportengine/text"
)

// wordStart reports whether the word of n bytes at s[p:] starts a word
// of the text outside a web address: the rune before it is no letter or
// digit but a Han character (Chinese writes a figure or a Latin name
// against the words around it: 评分4.7, 小米SU7; "4.7" was never found in
// the sample's "大众点评评分4.7", new-user trial 36), and when the run of non-space bytes around it holds "://", no
// "://" or "s://" follows it (http in "https://…") and no '/' (a path:
// /news/) nor a '.' after a letter (a host: new.qq.com) precedes it. Our
// graphs' sources carry their addresses, so "http" or "qq" were held
// hundreds of times ("用 Rust 怎么写一个 HTTP 服务器？" was answered on the
// BettaFish fixture). Nor does a word start where an ending that makes
// another word of it follows (text.AbstractEnding: author in authority;
// heldout67).
func wordStart(s string, p, n int) bool {
	if text.AbstractEnding(s[p+n:]) {
		return false // author in authority: another word
	}
	var before byte
	if p > 0 {
		r, _ := utf8.DecodeLastRuneInString(s[:p])
		if (unicode.IsLetter(r) || unicode.IsDigit(r)) && !text.IsHan(r) {
			return false // a Han character ends a word before it: 评分4.7 holds 4.7
		}
		before = s[p-1]
	}
	rest := s[p+n:]
	scheme := strings.HasPrefix(rest, "://") || strings.HasPrefix(rest, "s://")
	host := before == '.' && p >= 2 && ('a' <= s[p-2] && s[p-2] <= 'z' || 'A' <= s[p-2] && s[p-2] <= 'Z')
	if !scheme && before != '/' && !host {
		return true
	}
	lo, hi := strings.LastIndexAny(s[:p], spaceBytes)+1, len(s)
	if k := strings.IndexAny(rest, spaceBytes); k >= 0 {
		hi = p + n + k
	}
	return !strings.Contains(s[lo:hi], "://")
}

// spaceBytes are the ASCII space, tab and line breaks that end the
// address wordStart looks into.
const spaceBytes = " \t\n\r"
