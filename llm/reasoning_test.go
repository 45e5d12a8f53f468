package llm

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// feed runs f over parts and returns what it let through, what it passed
// on before a Reset discarded, and the number of Resets.
func feed(parts []string) (shown, discarded string, resets int) {
	var f ReasoningFilter
	var out, gone strings.Builder
	for _, p := range parts {
		c := f.Write(p)
		if c.Reset {
			gone.WriteString(out.String())
			out.Reset()
			resets++
		}
		out.WriteString(c.Delta)
	}
	out.WriteString(f.Flush())
	return out.String(), gone.String(), resets
}

// splits returns s whole, cut in two at every rune boundary, and rune by
// rune: a delimiter may be split across deltas anywhere.
func splits(s string) [][]string {
	out := [][]string{{s}}
	for i := range s {
		if i > 0 {
			out = append(out, []string{s[:i], s[i:]})
		}
	}
	var runes []string
	for _, r := range s {
		runes = append(runes, string(r))
	}
	return append(out, runes)
}

// The streamed text is the reply without its reasoning, however the
// deltas cut it: what StripReasoning makes of the whole reply (up to
// surrounding space). Text passed on before an orphan closing delimiter is
// taken back with a Reset, never kept (B02).
func TestReasoningFilter(t *testing.T) {
	tests := []struct {
		name, reply, want string
		orphan            bool // has a closing delimiter without its opening
	}{
		{"B01 leading block", "<think>\n先确定章节结构，再补充段落内容。\n</think>\nAgent Mercer leads [Data: Entities (0)].", "Agent Mercer leads [Data: Entities (0)].", false},
		{"no reasoning", "武汉大学樱花季 <b>预约</b> 争议 a < b > c", "武汉大学樱花季 <b>预约</b> 争议 a < b > c", false},
		{"upper case tags", "<THINK>想</THINK>答案", "答案", false},
		{"thinking tag", "<thinking>想 <think> 里面</thinking>答案", "答案", false},
		{"two blocks", "<think>一</think>答<reasoning>二</reasoning>案", "答\n案", false},
		{"block after text, closed", "答案开头<think>中间的推理</think>结尾", "答案开头\n结尾", false},
		{"block after text, never closed", "答案 <think> 这段没有闭合", "答案 <think> 这段没有闭合", false},
		{"leading block never closed", "<think>一直在想", "", false},
		{"begin/end of thought", "<|begin_of_thought|>想一想<|end_of_thought|>答案", "答案", false},
		{"kimi markers", "◁think▷想◁/think▷答案", "答案", false},
		{"seed tag", "<seed:think>想</seed:think>答案", "答案", false},
		{"text ending like a tag start", "比较 a <thi", "比较 a <thi", false},
		{"B02 orphan closing tag", "需要输出章节。</think>\n传播始于短视频平台。", "传播始于短视频平台。", true},
		{"B02 streamed", "需要输出。先写个草稿 秘密推理ABC 再改。</think>\n武大发布通报。", "武大发布通报。", true},
		{"B02 then a block", "推理<think>x</think>还是推理</think>答<think>想</think>案", "答\n案", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, parts := range splits(tt.reply) {
				got, gone, resets := feed(parts)
				if got != tt.want && strings.TrimSpace(got) != strings.TrimSpace(tt.want) {
					t.Fatalf("deltas %q: got %q, want %q", parts, got, tt.want)
				}
				if !utf8.ValidString(got) {
					t.Fatalf("deltas %q: invalid UTF-8 %q", parts, got)
				}
				if !tt.orphan && resets > 0 || tt.want != "" && strings.Contains(gone, tt.want) {
					t.Fatalf("deltas %q: %d resets took back %q", parts, resets, gone)
				}
			}
			if got, _, resets := feed([]string{tt.reply}); strings.TrimSpace(got) != StripReasoning(tt.reply) || resets != 0 {
				t.Errorf("streamed %q (%d resets), StripReasoning of the whole reply %q", got, resets, StripReasoning(tt.reply))
			}
			if tt.orphan { // reasoning passed on in an earlier delta is taken back
				if _, gone, resets := feed([]string{tt.reply[:3], tt.reply[3:]}); resets != 1 || gone != tt.reply[:3] {
					t.Errorf("first delta %q: %d resets took back %q", tt.reply[:3], resets, gone)
				}
			}
		})
	}
}
