package text

import (
	"slices"
	"testing"
)

// heldout51's kinds: the asker's trade (我是跑商铺保险的，), where they come
// from (我从台湾过来，: dropped even when nothing else is named), their
// office's plan (居委会想牵头…，) and their teacher's errand after a comma
// go; 七月份 is no 份断, 樱花季里 no 季里; "which star or constellation" and "what kind of
// telescope or radio dish" ask for both; 事情, mostly and big are no
// terms; 开始种 is planting, 诊断 is 确诊, 伤害 is written 受损.
func TestWave51Words(t *testing.T) {
	for q, want := range map[string]string{
		"我是跑商铺保险的，李明咖啡店七月断过货吗？":                                                  "李明咖啡店七月断过货吗？",
		"我从台湾过来，对这家店不太了解，网上大家聊它主要都在聊哪几方面的事情？":                                    "对这家店不太了解，网上大家聊它主要都在聊哪几方面的事情？",
		"我从台湾过来，很喜欢这家店。":                                                         "我从台湾过来，很喜欢这家店。",
		"居委会想牵头做点街坊小店联动，这家咖啡店之前和附近哪些店互相推荐过？":                                     "这家咖啡店之前和附近哪些店互相推荐过？",
		"居委会想组织什么活动，这家咖啡店参加过吗？":                                                  "居委会想组织什么活动，这家咖啡店参加过吗？",
		"街道牵头组织的活动里，这家店参加了哪些？":                                                   "街道牵头组织的活动里，这家店参加了哪些？",
		"李明想牵头做点街坊小店联动吗？":                                                        "李明想牵头做点街坊小店联动吗？",
		"what is the story mostly about? my teacher wants us to write the theme": "what is the story mostly about",
		"what is it about, my teacher wants us to write the theme":               "what is it about",
	} {
		if got := WithoutAskerFrame(q); got != want {
			t.Errorf("WithoutAskerFrame(%q) = %q, want %q", q, got, want)
		}
	}
	checkTerms(t, "听说李明咖啡店七月份断过货，到底停了几天？", []string{"李明", "咖啡店"}, []string{"份断"})
	checkTerms(t, "网上大家聊它主要都在聊哪几方面的事情？", nil, []string{"事情"})
	checkTerms(t, "今年武大的樱花季里游客多吗？", []string{"樱花", "游客"}, []string{"季里"})
	checkTerms(t, "what is the story mostly about? like the big lesson", []string{"lesson"}, []string{"mostly", "big"})
	for q, want := range map[string][]string{
		"Does the book ever say which star or constellation the aliens came from?":      {"star", "constellation"},
		"What kind of telescope or radio dish did the base use to pick up the signals?": {"telescope", "dish"},
	} {
		got := AskedFor(q)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("AskedFor(%q) = %q, want %s", q, got, w)
			}
		}
	}
	if got := AskedFor("What kind of device does Sam carry?"); slices.Contains(got, "device") {
		t.Errorf("AskedFor(a kind without alternatives) = %q, want no device", got)
	}
	checkTerms(t, "武大的樱花是什么时候开始种的？", []string{"开始种"}, nil)
	if !slices.Contains(Synonyms("开始种"), "种植") || !slices.Contains(Synonyms("诊断"), "确诊") {
		t.Errorf("Synonyms(开始种) = %v, Synonyms(诊断) = %v", Synonyms("开始种"), Synonyms("诊断"))
	}
	if !slices.Contains(StandIns("伤害"), "受损") {
		t.Errorf("StandIns(伤害) = %v, want 受损", StandIns("伤害"))
	}
}
