package text

import (
	"slices"
	"testing"
)

// Heldout84: a Chengdu shop owner's 好多, 好久 and 好大 that ask as 多少,
// 多久 and 多大 (and keep "a lot" where they do not ask), 没得 and Wuhan's
// 进克; a German engineer's capitalised nouns, which name nothing, and
// "in which State are the Doors" asking a condition; a fact-checker's
// 哪位外国建筑师 asking the trade, 撰文者 and 职务 stood in for.
func TestWave84Dialect(t *testing.T) {
	for q, want := range map[string]string{
		"李明那个咖啡店装修加设备总共投了好多钱，好久回得到本": "李明那个咖啡店装修加设备总共投了多少钱，多久回得到本",
		"店长王芳一个月工资好多钱，店头请了几个人":       "店长王芳一个月工资多少钱，店头请了几个人",
		"差评占好多，后来降下来没得":              "差评占多少，后来降下来没有",
		"在网上说这家店的都是些啥子人，好大年纪的多":      "在网上说这家店的都是些什么人，多大年纪的多",
		"一天放好多人进克？":                  "一天放多少人进去？",
		"李明咖啡店的会员咋个充的，送好多？现在好多人办了会员": "李明咖啡店的会员怎么充的，送多少？现在多少人办了会员",
		"现在好多人办了会员":                  "现在好多人办了会员", // no question: many have
		// "a lot": another question word, a clause going on, a big sum
		"离开珞珈山好多年了，想知道现在网上大家提到母校": "离开珞珈山好多年了，想知道现在网上大家提到母校",
		"网上好多人在聊这家店。总的来说大家对它啥印象？": "网上好多人在聊这家店。总的来说大家对它啥印象？",
		"好多人说武大樱花是日本人种的，是真的吗？":    "好多人说武大樱花是日本人种的，是真的吗？",
		"听说他给母校捐了好大一笔钱":           "听说他给母校捐了好大一笔钱",
		"樱花季人好多，要预约吗？":            "樱花季人好多，要预约吗？",
	} {
		if got := Standard(q); got != want {
			t.Errorf("Standard(%s) = %q, want %q", q, got, want)
		}
	}
	for q, want := range map[string]string{
		"好多人都在问这个是真的吗？":   "好多人都在问这个是真的吗？", // 吗 asks
		"那家店装修投了好多钱，好久回本": "那家店装修投了多少钱，多久回本",
		"光谷那边房租到底涨了好多":    "光谷那边房租到底涨了多少",
		"他花了好多钱，心疼得很":     "他花了好多钱，心疼得很",
	} {
		if got := Standard(q); got != want {
			t.Errorf("Standard(%s) = %q, want %q", q, got, want)
		}
	}
	if !AsksPastJob("王芳以前是干啥子的？") {
		t.Error("AsksPastJob(以前是干啥子的) = false, want true")
	}
	if thing, _, _ := NamedThing("那个店长叫啥子名字？"); thing != "店长" {
		t.Errorf("NamedThing(店长叫啥子名字) = %q, want 店长", thing)
	}
	if !AsksPeople("在网上说这家店的都是些啥子人，好大年纪的多") {
		t.Error("AsksPeople(都是些啥子人) = false, want true")
	}
	if !AsksInvestment("装修加设备总共投了好多钱，好久回得到本") {
		t.Error("AsksInvestment(投了好多钱) = false, want true")
	}
	if got := AskedFor("店长王芳一个月工资好多钱，店头请了几个人"); !slices.Contains(got, "工资") {
		t.Errorf("AskedFor(工资好多钱) = %q, want 工资", got)
	}
	if got := AskedFor("学校一天到底放好多人进去看花啊？"); len(got) != 0 {
		t.Errorf("AskedFor(放好多人进去看花) = %q, want none: people are counted", got)
	}
	if got := AskedFor("一共有多少个城市参加？"); !slices.Contains(got, "城市") {
		t.Errorf("AskedFor(多少个城市) = %q, want 城市", got)
	}
}

func TestWave84Capitals(t *testing.T) {
	for q, want := range map[string][]string{
		"When the Team is finally inside the Stützpunkt, how often must they make the Comms Check, and who gives this Order?": {"Comms", "Check"},
		"At the End of the second Chapter the Team comes to the central Hub. Which Room do they enter there?":                 nil,
		// two alone after a determiner: English, its names stay
		"How many underground Levels has the Dulce Stützpunkt, and how deep in Meters goes the Elevator down?":      {"Levels", "Dulce", "Stützpunkt", "Meters", "Elevator"},
		"What happened exactly at the Firefight in 1979 which Phil Schneider told about, with the Aliens in Dulce?": {"Firefight", "Phil", "Schneider", "Aliens", "Dulce"},
		// names of two words after a determiner count for nothing
		"For background: how did the real-world Dulce Base legend start — was it Paul Bennewitz, or the Phil Schneider firefight story?": {"Dulce", "Base", "Paul", "Bennewitz", "Phil", "Schneider"},
		// with three alone, the names of two words stay
		"Which Unit of the Agents in this Operation sends Sam Rivera, and what is the Name of it?": {"Sam", "Rivera"},
		"Where does the Team go? Which Room do they enter, and what is in the Office?":             nil,
	} {
		if got := CapitalisedWords(q); !slices.Equal(got, want) {
			t.Errorf("CapitalisedWords(%s) = %q, want %q", q, got, want)
		}
	}
	for q, asked := range map[string]bool{
		"Which Room do they enter there and in which State are the Doors?":           false,
		"Does the story say in which US state or near which town the Dulce base is?": true,
		"Kindly tell in which state and near which town the base is located":         true,
	} {
		if got := slices.Contains(AskedFor(q), "state"); got != asked {
			t.Errorf("AskedFor(%s) holds state = %v, want %v", q, got, asked)
		}
	}
}

func TestWave84Asked(t *testing.T) {
	for q, want := range map[string][]string{
		"武大老图书馆当年是哪位外国建筑师主持设计的？": {"建筑师"},
		"店面装修是请哪位设计师做的？":         {"设计师"},
		"画的是哪位先贤？":               nil,
	} {
		if got := AskedFor(q); !slices.Equal(got, want) {
			t.Errorf("AskedFor(%s) = %q, want %q", q, got, want)
		}
	}
	for w, in := range map[string]string{"撰文者": "作者", "撰文": "作者", "职务": "担任"} {
		if !slices.Contains(StandIns(w), in) {
			t.Errorf("StandIns(%s) = %q, want %s", w, StandIns(w), in)
		}
	}
}
