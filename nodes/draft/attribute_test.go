package draft

import (
	"strings"
	"testing"

	"reportengine/prompts"
)

// A web page's judgement and an institution's statement about itself are
// quoted as theirs (issue 22, the analyst's third read: 5.2 and 6.1 of
// the fixture's report printed them as the report's voice); a fact is
// quoted bare, and an engine's paragraph keeps its engine lead-in.
func TestAttribution(t *testing.T) {
	src := func(text, title, url string) prompts.EvidenceRef {
		return prompts.EvidenceRef{ID: "E1", Kind: "source", Text: text, Source: title, URL: url}
	}
	for _, c := range []struct {
		ev   prompts.EvidenceRef
		want string
	}{
		{src("在舆论压力下,校方在事实尚未明朗时就对肖某某作出处分,这一决定如今被证明是完全错误的｡", "武大诬告风波启示录:高校舆情应对亟待法治化", "https://www.toutiao.com/article/7533999631802417714/"),
			"今日头条《武大诬告风波启示录:高校舆情应对亟待法治化》认为："},
		{src("学校充分尊重司法判决结果,全力维护学生合法权益和身心健康,真诚感谢社会各界的关心､监督和批评｡", "武汉大学发布情况通报", "https://new.qq.com/rain/a/20250801A07I0500"),
			"校方在《武汉大学发布情况通报》中称："},
		{src("这一处理令人失望。", "高校处分引热议 - 鲁芽网", "https://example.org/a"), "鲁芽网《高校处分引热议》认为："}, // the site the title names
		{src("这一处理令人失望。", "", "https://example.org/a"), "有评论认为："},
		{src("学校于2023年7月13日给予男生记过处分，引发质疑。", "武汉大学发布情况通报", "https://new.qq.com/x"), ""}, // a fact
		{src("学校坚决维护学生权益。", "", ""), "校方称："},
		{prompts.EvidenceRef{ID: "E2", Kind: "summary", Engine: "media", Text: "这一决定如今被证明是完全错误的。"}, ""}, // the engine's own analysis
	} {
		if got := attribution(c.ev); got != c.want {
			t.Errorf("attribution(%.30q) = %q, want %q", c.ev.Text, got, c.want)
		}
	}
	b := evidenceBlock(src("这一决定如今被证明是完全错误的。", "武大诬告风波启示录", "https://www.toutiao.com/a/1"), "")
	if len(b.Inlines) != 1 || !strings.HasPrefix(b.Inlines[0].Text, "今日头条《武大诬告风波启示录》认为：这一决定") {
		t.Errorf("the quoted stance reads %+v", b.Inlines)
	}
}
