package offline

import (
	"strings"
	"testing"
)

// A character's question the answer quotes comes with the reply given
// after the narration between them (Dulce: "Your take on these signal
// inconsistencies?" is answered two paragraphs later by "…it's a
// structured anomaly"; the answers of ten shipped questions quoted the
// question alone). A question answered by a question, or a reply further
// than ReplyReach sentences on, is not quoted.
func TestAnswerQuotesReply(t *testing.T) {
	src := `0|"You've been quiet, Sam," Alex noted. "Your take on these signal inconsistencies?"` + "\n\n" + `There was a respect in Alex's tone, though a distance remained. Sam nodded, feeling the weight of expectation.` + "\n\n" + `"The patterns are off. It's a structured anomaly," Sam admitted.` + "\n" +
		`1|The briefing room was cold.` + "\n\n" + `"Any signal inconsistencies today?" Cruz asked.` + "\n\n" + `"Why do you ask about signal inconsistencies?" Jordan said.` + "\n\n" + `"Because the patterns repeat," Cruz said.` + "\n"
	got := answerOf(t, "What did Alex ask Sam about the signal inconsistencies, and how did Sam reply?", src)
	if !strings.Contains(got, "Your take on these signal inconsistencies?\" … \"The patterns are off.") {
		t.Errorf("the question is not quoted with its reply:\n%s", got)
	}
	if strings.Contains(got, "Any signal inconsistencies today?\" Cruz asked. … \"Because") {
		t.Errorf("a question answered by a question is quoted with a reply:\n%s", got)
	}
}

func TestReplyTo(t *testing.T) {
	mk := func(id string, texts ...string) []*sentence {
		var out []*sentence
		for i, s := range texts {
			out = append(out, &sentence{text: s, dataset: "Sources", id: id, order: i})
		}
		return out
	}
	far := mk("0", `"Ready?" Alex asked.`, "One.", "Two.", "Three.", "Four.", `"Yes," Sam said.`)
	if got := replyTo(far, 0); got != -1 {
		t.Errorf("replyTo past ReplyReach = %d, want -1", got)
	}
	near := mk("0", `"Ready?" Alex asked.`, "One.", `"Yes," Sam said.`)
	if got := replyTo(near, 0); got != 2 {
		t.Errorf("replyTo = %d, want 2", got)
	}
	if got := replyTo(near, 1); got != -1 {
		t.Errorf("replyTo of narration = %d, want -1", got)
	}
	other := append(mk("0", `"Ready?" Alex asked.`), mk("1", `"Yes," Sam said.`)...)
	other[1].order = 1
	if got := replyTo(other, 0); got != -1 {
		t.Errorf("replyTo across records = %d, want -1", got)
	}
	if got := replyTo(mk("0", `"Ready?" Alex asked.`, `"Why?" Sam said.`, `"Go," Alex said.`), 0); got != -1 {
		t.Errorf("replyTo of a question answered by a question = %d, want -1", got)
	}
	long := mk("0", `"Ready?" Alex asked, turning towards the long corridor where the lights flickered and died.`, `"Yes," Sam said.`)
	if got := replyTo(long, 0); got != -1 {
		t.Errorf("replyTo of narration going on after the speech = %d, want -1", got)
	}
	zh := mk("0", "“这个信号怎么办？”他问。", "她想了想。", "“先记录下来。”")
	if got := replyTo(zh, 0); got != 2 {
		t.Errorf("replyTo (Chinese) = %d, want 2", got)
	}
}
