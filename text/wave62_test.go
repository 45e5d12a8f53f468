package text

import (
	"slices"
	"testing"
)

// Heldout62: a question's closing sentence that asks nothing is the
// asker's worry (Afterword); a clause saying where and from whom the asker
// hears of a matter is their frame, what they hear of kept (zhOverheard);
// an adverb glued to a verb is no name (ModifiedVerb), while a name ending
// in a rune the dictionary tags a verb is (蔚来, 拉花: its first rune is no
// adverb); 说到底 is no term; the Wuhan 么价钱 asks a price.
func TestWave62Words(t *testing.T) {
	for q, want := range map[string][2]string{
		"租金多少、租了几年？我是怕他干不长，没多久又换人装修。": {"租金多少、租了几年？", "我是怕他干不长，没多久又换人装修。"},
		"租金多少？":          {"租金多少？", ""},
		"租金多少？租了几年":      {"租金多少？租了几年", ""}, // the last sentence asks
		"我是怕他干不长。租金多少":   {"我是怕他干不长。租金多少", ""},
		"拿铁多少钱？我想比一比价格。": {"拿铁多少钱？", "我想比一比价格。"},
	} {
		if rest, after := Afterword(q); rest != want[0] || after != want[1] {
			t.Errorf("Afterword(%q) = %q, %q; want %q, %q", q, rest, after, want[0], want[1])
		}
	}
	checkTerms(t, "平时在楼下老听年轻人念叨这家店，大家到底是夸它啥、骂它啥？", []string{"店"}, []string{"楼下", "年轻人", "念叨"})
	checkTerms(t, "平时在楼下听哪些人念叨这家店？", []string{"楼下"}, nil) // the clause asks: who is talked of is asked
	checkTerms(t, "常听街坊说起那次断货，到底停了几天？", []string{"断货"}, []string{"街坊"})
	checkTerms(t, "听说他跟书店健身房搞互推，获客成本降了吗？", []string{"书店", "健身房"}, nil)
	checkTerms(t, "网上说到底涨了几多？", nil, []string{"说到底"})
	if got := Standard("一个单间现在么价钱？"); got != "一个单间现在什么价钱？" {
		t.Errorf("Standard(么价钱) = %q", got)
	}
	if got := Standard("那个价钱怎么价钱？"); got != "那个价钱怎么价钱？" {
		t.Errorf("Standard kept no standard 怎么: %q", got)
	}
	for w, want := range map[string]bool{"老劝": true, "上蹿": true, "常听": true, "蔚来": false, "拉花": false, "逼停": false, "老家": false, "劝": false, "真店": false, "上涨": false, "早退": false} {
		if got := ModifiedVerb(w); got != want {
			t.Errorf("ModifiedVerb(%s) = %v, want %v", w, got, want)
		}
	}
	for _, w := range []string{"价钱", "价格", "价位"} {
		if !IsPriceWord(w) || IsAspectWord(w) {
			t.Errorf("%s: a price word %v, an aspect word %v", w, IsPriceWord(w), IsAspectWord(w))
		}
	}
}

// Besides (除了) says what is not asked: the things after it are.
func TestBesidesNoTerm(t *testing.T) {
	checkTerms(t, "除了咖啡，店里卖不卖蛋糕、面包这类点心？", []string{"咖啡", "蛋糕", "面包"}, []string{"除了"})
}

// Heldout63 and new-user trial 36: the asker's hearsay stated as a
// sentence (总听人说武大这几年老上负面新闻。) is their frame though 这几年 holds
// 几; the asker's role after 的 (我是负责你们这间铺面续租的中介，) too; 一波 is
// a count; 开价 asks a price, and of what; 传开 is written 传播.
func TestWave63Words(t *testing.T) {
	checkTerms(t, "我在学校门口做了十来年生意，总听人说武大这几年老上负面新闻。大概都是哪几类事情让学校挨骂的？", []string{"武大", "负面"}, []string{"总听"})
	checkTerms(t, "我是负责你们这间铺面续租的中介，想先核对下老合同：李明当时签的月租是多少？", []string{"李明", "月租"}, []string{"中介", "续租"})
	checkTerms(t, "有没有哪个本地博主带了一波热度？", []string{"博主", "热度"}, []string{"一波"})
	if got := PricedThing("他还比较过哪些位置？那边的房租开价多少？"); got != "房租" {
		t.Errorf("PricedThing(…房租开价多少) = %q, want 房租", got)
	}
	if !IsPriceWord("开价") {
		t.Error("开价 is no price word")
	}
	if !slices.Contains(StandIns("传开"), "传播") {
		t.Errorf("StandIns(传开) = %v", StandIns("传开"))
	}
}

// A shop's spend per customer (客单价) is one word, no unit price (单价).
func TestMetricWords(t *testing.T) {
	checkTerms(t, "这家店一天大概卖多少杯，客单价多少？", []string{"客单价"}, []string{"单价"})
	if p := SubWords("客单价"); p != nil {
		t.Errorf("SubWords(客单价) = %v, want none", p)
	}
}

// 靠谱 is one word, which asks a judgment and names nothing (这家店靠谱吗
// was cut 店靠/谱, and 店靠 read as the question's subject).
func TestKaopu(t *testing.T) {
	checkTerms(t, "开第二家店靠谱吗 单店赚不赚钱", []string{"单店"}, []string{"店靠", "靠谱"})
}
