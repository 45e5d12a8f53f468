package text

import (
	"slices"
	"strings"
	"testing"
)

// Plans (an instruction with no subject, after an optional frame) and
// sentences about the document are meta; a verb of research that reports
// a result, or one inside a sentence with its own subject, is not.
func TestIsMetaAndPlan(t *testing.T) {
	for _, tc := range []struct {
		s          string
		meta, plan bool
	}{
		{"梳理李明2024年3月在杭州筹备咖啡店时的选址过程，对比三个候选地点", true, true},
		{"深入分析武汉大学的学术建树和科研实力。", true, true},
		{"从用户评论中归纳李明咖啡店被看好的地方与被担心的地方。", true, true},
		{"基于本地舆情数据库中的微博、抖音评论和小红书笔记，分析消费者的口味评价。", true, true},
		{"分析指出，武汉大学的回应过于迟缓。", false, false},
		{"统计显示，负面情绪占28%。", false, false},
		{"与问题剖析相对应，文本中也包含了对未来策略的建议。", true, false}, // where the advice is, not what it is
		{"负面舆情文本中，“地域黑”一词出现1,847次。", false, false},
		{"分析人士认为此事影响深远。", false, false},
		{"对比之下，华科的回应更快。", false, false},
		{"时间轴梳理显示，五大事件呈现明显的15天周期律。", false, false},
		{"本段落旨在深度剖析武汉大学的舆情形象。", true, false},
		{"本报告基于公开新闻报道，梳理李明的咖啡店。", true, false},
		{"通过整合多源文本信息，我们将揭示其正面声誉与负面舆情之间的张力。", true, false},
		{"文本搜索结果为我们提供了两个负面舆情案例。", true, false},
		{"数据来源：微博、抖音", true, false},
		{"- 介绍武汉大学的基本情况", true, true},
		{"武汉大学于1893年创办自强学堂。", false, false},
		{"展望未来，武汉大学应利用新媒体平台，转向双向的沟通。", false, false},
		{"分析工具方面，FineBI提供了50+图表。", false, false},
		{"从知微数据对比的三起高校舆情事件来看，和服赏樱事件影响力最高。", false, false},
		{"对比2019-2022年同期数据，2023-2024舆情呈现三个新特征。", false, false},
		{"综合以上分析，可以得出几点深刻洞察。", true, false},
		{"最后，对负面舆情文本的分析也具有重要价值。", true, false}, // the fixture's 5.2 quoted it (价值 of 价值观)
		{"对舆情的持续监测具有重要的现实意义。", true, false},
		{"武汉大学的研究具有重要价值。", false, false},                  // 研究 may be the university's research
		{"对负面舆情文本的分析显示，负面情绪占58%，具有重要参考价值。", false, false}, // a finding before its worth
		{"这一判决具有重要意义。", false, false},                     // the verdict's worth, no analysis
		{"综合以上分析，可以得出结论：校方回应迟缓是舆情升级的主因。", false, false},
		{"综合报道与行业分析，归纳李明咖啡店的优势、劣势、机会与威胁。", true, true},
		{"对比李明咖啡店与同一写字楼商圈内两家连锁咖啡门店的评分、价格与声量，判断其影响力位置", true, true},
		{"比较三个候选地点的租金与客流，评估选址的得失。", true, true},
		{"对比之下，连锁门店的评分更低。", false, false},
		{"请 QUERY 补充周末营业安排的报道，INSIGHT 关注用户对周末到店体验的评价。", true, false}, // the host directing engines
		{"建议洞察引擎进一步核实断货的时间。", true, false},
		{"三方信息一致：QUERY 给出了租约数字，MEDIA 与 INSIGHT 都印证了工作日排队。", false, false},
		{"事件迅速引发媒体关注，舆情关注度持续上升。", false, false},
	} {
		if got := IsPlan(tc.s); got != tc.plan {
			t.Errorf("IsPlan(%q) = %v, want %v", tc.s, got, tc.plan)
		}
		if got := IsMeta(tc.s); got != tc.meta {
			t.Errorf("IsMeta(%q) = %v, want %v", tc.s, got, tc.meta)
		}
	}
}

// A forum speech's time and speaker go; brackets that are not a time, and
// a time not at the start, stay.
func TestTrimSpeechPrefix(t *testing.T) {
	for in, want := range map[string]string{
		"[12:15:54] QUERY: ## 核心事件概述 武汉大学…": "## 核心事件概述 武汉大学…",
		"[10:03] HOST：本轮讨论":                 "本轮讨论",
		"[注] 这是正文":                          "[注] 这是正文",
		"会议于 [12:15:54] QUERY: 开始":          "会议于 [12:15:54] QUERY: 开始",
	} {
		if got := TrimSpeechPrefix(in); got != want {
			t.Errorf("TrimSpeechPrefix(%q) = %q, want %q", in, got, want)
		}
	}
}

// The vocabulary added for the fifth wave of blind questions: a model's
// preamble is no finding, praise and blame in everyday words ask for
// sentiment, a suggestion and the voices online have the texts' words.
func TestEverydayWordsOfQuestions(t *testing.T) {
	for s, want := range map[string]bool{
		"好的，以下是根据短视频与社交平台检索结果整理的报告":               true,
		"Sure, here is the summary of the posts.": true,
		"好的口碑来自稳定的出品":                             false,
		"当然，价格也是顾客在意的":                            false,
	} {
		if got := IsMeta(s); got != want {
			t.Errorf("IsMeta(%q) = %v, want %v", s, got, want)
		}
	}
	for q, want := range map[string]bool{
		"现在网上大家对武汉大学到底是什么印象？夸的多还是骂的多？": true,
		"网友对这件事褒贬不一吗？":                 true,
		"武汉大学校方是如何回应的？":                false,
	} {
		if got := AsksSentiment(q); got != want {
			t.Errorf("AsksSentiment(%q) = %v, want %v", q, got, want)
		}
	}
	for w, want := range map[string]string{"主意": "建议", "声音": "声量"} {
		if !slices.Contains(Synonyms(w), want) {
			t.Errorf("Synonyms(%s) = %v, want %s among them", w, Synonyms(w), want)
		}
	}
	for q, bad := range map[string]string{
		"现在这家店面临哪些风险？哪个最要紧？":                                                 "面临 要紧",
		"平时都是哪些人在网上聊这家店？":                                                    "平时 聊",
		"用几句话概括一下，李明这家店是靠什么做起来的？":                                            "句话 几句话",
		"网上聊起武大时，自豪和焦虑这两种情绪大概各占多少？":                                          "聊起",
		"他往后有啥打算？会不会再开一家？":                                                   "往后",
		"网上大伙儿聊这家店，主要都聊些啥？":                                                  "大伙儿 大伙",
		"樱花季预约和黄牛这块，网上热度大概什么量级？":                                             "量级",
		"校长明早要听汇报，麻烦先给个总体判断：最近网上关于我校的舆情大体什么局面？":                              "汇报 麻烦 局面",
		"So what's this story basically about?":                              "basically",
		"How'd they get rid of the drone?":                                   "how'd rid",
		"大众点评上他家几分？比同条街那几家连锁高伐":                                              "伐 高伐",
		"这店往后有啥风险，又有啥机会？帮我捋捋轻重":                                              "帮我 捋捋",
		"who's kinda the boss of the team":                                   "kinda",
		"与同一商圈的连锁咖啡门店相比，该店在评分和价格上的竞争地位如何？":                                   "该店",
		"从供应链管理的角度看，原料采购存在哪些隐患？管理者事后采取了什么措施？":                                "角度看 存在 事后 采取",
		"有没有专家出来分析过那几段视频？":                                                   "出来 几段 段",
		"若以四个维度概括，可以得出哪些结论？":                                                 "维度 得出",
		"what are the big themes? my teacher wants us to write about themes": "teacher want write",
		"how do solar panels actually work? need it for science class":       "actually need science class",
		"老夫读武大校史，颇觉蹊跷":                                                       "老夫 颇觉 颇 蹊跷",
		"听说有企业放话？是真的吗":                                                       "听说 真的",
		"帮我列一份应急预案，包括宿舍安置":                                                   "一份",
		"周末客流大概是工作日的几成？":                                                     "几成",
		"我想办个健身房会员卡，再帮我归个类":                                                  "办个 归个",
		"Quick one: which poker hands beat a full house?":                    "quick one",
		"how I can make dulce de leche at home?":                             "de",
		"帮我归个类，方便我们学校做风险清单":                                                  "方便 风险 清单",
		"这家店的优势是什么？请概括一下作为授信参考。":                                             "授信 参考",
		"For production design, what are the main locations?":                "production design",
	} {
		for _, term := range TermTexts(Terms(q)) {
			if slices.Contains(strings.Fields(bad), term) {
				t.Errorf("Terms(%q) holds %s", q, term)
			}
		}
	}
	for q, want := range map[string]string{
		"For the mission, who led?":                                                        "mission led",    // a determiner: the story's own thing
		"For Jordan, what changed?":                                                        "jordan changed", // a capital: a name
		"听说涨价了，方便的话说说是为什么涨的":                                                               "涨价 方便",          // a clause that asks (为什么) is no purpose; 的话 a particle
		"店里买咖啡方便吗，付款方式有哪些":                                                                 "店里 咖啡 方便 付款 方式", // 方便 asked, not a purpose
		"一月的客流怎么样":                                                                         "一月 客流",          // a month, not a count
		"武大一八九三年建校还是一九一三年":                                                                 "武大 1893 建校 1913",
		"二〇二五年三月的舆情":                                                                       "2025 三月 舆情",
		"电话一三八一二三四五六七八":                                                                    "电话 三八 一二三 五六 七八", // more than four digits: no year
		"会不会再开一家":                                                                          "再开 一家",           // 再开 asks for another shop (Synonyms: 第二家门店)
		"对方学校怎么表的态":                                                                        "对方 学校 表态",
		"图书馆那个男伢子，官司到底赢了冇啊？法院么样说的":                                                         "图书馆 男伢子 官司 法院", // 冇, 么样: Standard; 男伢子 one word (dialectNouns), 男生 its synonym
		"雷军捐了几多钱撒？":                                                                        "雷军",            // 几多 = 多少, 撒 a final particle
		"雷军班是啥 好进吗 一年招多少人":                                                                 "雷军班 一年",        // 好进: how easy, no thing
		"客人对她评价好不好，大家喜不喜欢":                                                                 "客人 评价",         // asking forms
		"断了货，急死我了":                                                                         "断 货",           // an exclamation
		"师傅问你个事，樱花季进武大要预约吗":                                                                "樱花 武大 预约",      // 师傅, 个事, 季进
		"从中国家长那里听说的":                                                                       "中国 家长",         // 中国 after no noun: no localizer
		"武大错在哪？我需要知道樱花节是哪天。":                                                               "武大 樱花节",        // a later 我需要 sentence that asks stays
		"竞品对比slide：李明家在大众点评多少分":                                                            "李明 大众 点评",      // a label before a colon
		"竞品对比：这家店的咖啡":                                                                      "竞品 咖啡",         // the rest asks nothing: the label stays
		"武大错在哪几步？我需要一个概括性的归纳放进论文结论部分。":                                                     "武大",            // the asker's errand, a later sentence
		"我需要知道武大樱花节的日期":                                                                    "武大 樱花节 日期",     // a first sentence is the question
		"渠道分布那张饼图要用，小红书、抖音各占多少%？":                                                          "小红书 抖音",        // what the asker will use it in
		"武大在这次事件里程序上错在哪":                                                                   "武大 事件 程序",      // 事件/里程/序上 re-cut
		"There's a drone, right? Who deals with it, so I know which PC gets the spotlight": "drone right deal",
		"有企业放话不招武大学生":                                                                      "企业 放话 武大 学生", // 招武/大学生 re-cut
	} {
		if got := strings.Join(TermTexts(Terms(q)), " "); got != want {
			t.Errorf("Terms(%q) = %q, want %q", q, got, want)
		}
	}
	if !IsMeasureNoun("条街") || IsMeasureNoun("条件") || !slices.Contains(Synonyms("boss"), "leader") || !slices.Contains(Synonyms("支持率"), "支持度") || !slices.Contains(Synonyms("爆款"), "热销") {
		t.Error("条街 a measure and its noun (条件 a word), boss = leader, 支持率 = 支持度, 爆款 = 热销")
	}
	for _, w := range []string{"考量", "起因", "补救", "地位", "维度", "style", "面孔", "环节"} {
		if !IsAspectWord(w) {
			t.Errorf("%s is no aspect word", w)
		}
	}
	for _, c := range [][2]string{
		{"法院么样说的", "法院怎么样说的"}, {"怎么样", "怎么样"}, {"赢了冇", "赢了没有"}, {"他咧，好不？", "他，好不？"},
		{"撒谎了吗", "撒谎了吗"}, {"武汉伢", "武汉伢"}, {"还冇得消息", "还没有消息"}, // the longest word first
	} {
		if got := Standard(c[0]); got != c[1] {
			t.Errorf("Standard(%q) = %q, want %q", c[0], got, c[1])
		}
	}
	if got := CapitalisedWords("How would you read the Mercer–Rivera relationship?"); !slices.Equal(got, []string{"Mercer", "Rivera"}) {
		t.Errorf("CapitalisedWords of Mercer–Rivera = %v", got)
	}
	if got := AskedFor("供货的那个人叫什么"); got != nil {
		t.Errorf("AskedFor(供货的那个人叫什么) = %v: 叫 joins nothing", got)
	}
	for w, want := range map[string]string{"边上": "附近", "伢子": "孩子", "电驴": "电动车", "kol": "博主", "官司": "诉讼"} {
		if !slices.Contains(Synonyms(w), want) {
			t.Errorf("Synonyms(%s) = %v, want %s among them", w, Synonyms(w), want)
		}
	}
	if !IsVerbObject("放话") || !IsVerbObject("招骂") || !IsAspectWord("几块") || !slices.Equal(StandIns("口碑"), []string{"声誉", "评价"}) || StandIns("声誉") != nil {
		t.Error("招骂 is an action, 几块 an aspect word, 口碑 stands in for 声誉 and 评价 (one way)")
	}
}
