package draft

import (
	"strings"

	evpkg "reportengine/evidence"
	"reportengine/prompts"
	textrules "reportengine/text"
)

// stanceWords mark a web page's judgement, not a fact it reports ("这一决定
// 如今被证明是完全错误的"): quoted as the report's own voice it would be
// the report's opinion.
var stanceWords = []string{"被证明是", "完全错误", "毫无疑问", "显而易见", "不可否认", "我们认为", "笔者认为", "本文认为", "令人", "荒唐", "可笑", "理应", "难辞其咎"}

// selfSubjects open an institution's statement about itself, selfVerbs are
// what it says it does ("学校充分尊重司法判决结果…").
var (
	selfSubjects = []string{"学校", "我校", "本校", "校方", "学院", "我院", "公司", "我司", "本公司"}
	selfVerbs    = []string{"充分尊重", "高度重视", "真诚感谢", "衷心感谢", "诚挚", "坚决", "依法依规", "始终", "将继续", "一贯", "欢迎社会各界"}
)

// attribution is the lead-in that gives a web source's stance to who holds
// it, "" for a passage that reports a fact: an institution's statement
// about itself (a selfSubjects opener and a selfVerbs word) is
// "校方在《title》中称：", a judgement (stanceWords) "outlet《title》认为："
// (outlet: the site the title names, else the platform of the URL's host;
// left out when neither is known). BettaFish's model writes its own
// prose and attributes nothing; our drafts quote, so the quote says whose
// it is.
func attribution(ev prompts.EvidenceRef) string {
	if ev.Kind != "source" {
		return ""
	}
	s := strings.TrimSpace(ev.Text)
	title, site := textrules.SiteSuffix(ev.Source)
	title = strings.Trim(title, "《》 ")
	if site == "" && ev.URL != "" {
		if p := evpkg.PlatformOfURL(ev.URL); p != evpkg.PlatformOther && !strings.HasSuffix(p.Name, "网站") {
			site = p.Name
		}
	}
	work := ""
	if title != "" {
		work = "《" + title + "》"
	}
	switch {
	case textrules.FirstPrefix(s, selfSubjects) != "" && textrules.FirstWord(s, selfVerbs) != "":
		if work == "" {
			return "校方称："
		}
		return "校方在" + work + "中称："
	case textrules.FirstWord(s, stanceWords) != "":
		if site+work == "" {
			return "有评论认为："
		}
		return site + work + "认为："
	}
	return ""
}
