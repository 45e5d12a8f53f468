package evidence

import (
	"errors"
	"reportengine/text"
	"testing"
)

// TestClassifyRules holds, for every rule of Classify, a sentence it must
// catch and a near miss it must leave alone (each near miss fails when
// the rule is made looser, each catch when it is removed).
func TestClassifyRules(t *testing.T) {
	cases := []struct {
		s, prev string
		want    Noise
	}{
		{"2楼：说得太对了，学校就该道歉。", "", Floor},
		{"#3 楼主说的没错", "", Floor},
		{"回复 珞珈小白：你根本没看通报。", "", Floor},
		{"2021年的通报说得很清楚。", "", Clean}, // a year is no floor
		{"海外学习项目 / 重要提示:2024年下半年本科生出国(境)交流专项奖学金政策将有重大调整", "", Furniture},
		{"首页 > 新闻中心 > 学校要闻", "", Furniture},
		{"发布时间：2025-07-31 来源：新华网", "", Furniture},
		{"据新华网消息，学校已于7月31日发布通报。", "", Clean},                                     // a source named in a sentence
		{"文丨守一“武大图书馆性骚扰事件”,这个熟悉的热搜标签,随着最近法院一审判决出炉,被证明或许是个可悲的错误｡", "", Furniture}, // a byline before the text
		{"编辑｜王敏 责编丨刘洋 学校已发布通报。", "", Furniture},
		{"明叔杂谈｜面对铺天盖地的舆情，武汉大学的反应太迟缓了", "", Clean},            // a column's name, no byline
		{"作者在此前一文舆评丨关于应对伪造警情通报难题的工作建议中已经讲过类似观点。", "", Clean}, // 文 inside a word
		{"乐思网络舆情监测系统能够7×24小时监测全网舆情。", "", Advert},
		{"识微商情舆情监测平台帮助高校及时发现负面信息。", "", Advert},
		{"普华永道通过海外学子招聘计划（CSI）吸纳毕业生。", "", Advert},
		{"学校建立了舆情监测机制，但回应仍显迟缓。", "", Clean}, // a monitoring practice, no product
		{"湖北高考最新信息 本篇文章是有小编帮大家整理的最新武汉大学学科评估排名数据", "", Filler},
		{"年降水量在1,000至1,500毫米之间，夏季气温常常达到39°C。", "", Filler},
		{"樱花季期间气温回升，游客数量创新高。", "", Clean}, // one climate word is no climate text
		{"二､主要热点事件分析 1.", "", Listing},
		{"目录", "", Listing},
		{"第三章 舆情应对", "", Listing},
		{"传播路径", "第三章 舆情应对", Listing},
		{"二、学校回应迟缓，引发网友质疑。", "", Clean}, // a numbered statement
		{"传播路径", "学校回应迟缓，引发网友质疑。", Clean},
		{"武汉大学舆情是指与武汉大学相关的网络舆论。", "", Definition},
		{"所谓舆情，就是民众的社会政治态度。", "", Definition},
		{"通报指出涉事学生已被处分。", "", Clean}, // 指出 is no 是指
		{"本报告旨在梳理武汉大学近期舆情。", "", Meta},
		{"通过梳理分析这些具体案例，可以深入探究其起因、发展脉络及公众反应。", "", Meta},
		{"通过官方微博发布通报后，质疑声有所减弱。", "", Clean},
		{"综合以上分析，可以得出关于武汉大学正面舆情来源与传播的多维度洞察。", "", Meta},
		{"综合以上分析，可以得出结论：校方回应迟缓是舆情升级的主因。", "", Clean}, // the conclusion is stated
		{"这类事件通常因施虐视频在网络上传播而引发关注。", "", Fragment},
		{"而真正的引爆却出现在28日凌晨。", "", Fragment},
		{"然而，该校并未及时回应。", "", Fragment},
		{"学校对此高度重视，迅即成立工作专班。", "", Fragment},
		{"二是学生管理与纪律处分引发的争议，处理方式和透明度问题是关键。", "", Fragment}, // the fixture's 1.2 bullet
		{"首先是“图书馆事件”的漫长发酵周期与阶段性反转。", "", Fragment},
		{"首先对武汉大学点个赞，该校及时发布了通报。", "", Clean},
		{"其次，学校应当建立常态化的回应机制。", "", Clean},
		{"然而，学校直到三天后才发布通报。", "", Clean}, // a connective, its own subject
		{"其中负面情绪占28%。", "", Clean},      // 其中 is no pointer
		// "the event" unnamed, and the engine on its own material
		// (the analyst's checklist of the fixture report, issue 19)
		{"然而，事件的关键转折点在于后续的司法程序。", "", Fragment},
		{"当前事件已进入跨境教育机构应对危机的复杂阶段。", "", Fragment},
		{"事件的后续发展更凸显了校方处理的困境。", "", Fragment},
		{"事件起源于2023年7月11日，法学院学生在图书馆自习时提出指控。", "", Clean},     // its own date
		{"事件的起因是“肖某疑似患有皮肤病”。", "", Clean},                    // it quotes its subject
		{"然而，事件的关键转折点在于后续的司法程序。杨某某提起的诉讼被法院一审驳回。", "", Clean}, // it goes on to tell it
		{"尽管没有直接提供图片，但搜索结果中的文本描述足以构建一幅生动的视觉画面。", "", Meta},
		{"可以想象，这段视频很可能是在特定角度下用手机拍摄的。", "", Meta},
		// list items by their number, times counted from the sentence
		// before, a contrast whose subject is 其 (issue 22, the analyst's
		// third read: 4.3 "第二，平台迁移路径清晰…", 1.2 "然而，近两年后，法院…",
		// 2.1 "然而，近年来发生的…风波，则凸显了其在…")
		{"第二，平台迁移路径清晰：BBS匿名爆料→微博热搜→小红书图文解读。", "", Fragment},
		{"第二届樱花节吸引游客十万人次。", "", Clean}, // an edition, no list item
		{"然而，近两年后，法院作出一审判决。", "", Fragment},
		{"然而，近两年后，法院于2025年7月作出一审判决。", "", Clean}, // its own date: a timeline entry
		{"第一，共同的引爆点在于“机构应对失当”。", "", Clean},      // opens its list
		{"三天之后，校方再次发布通报。", "", Fragment},
		{"随后，武汉大学发布情况说明。", "", Fragment},
		{"2023年后，武汉大学加强了校园管理。", "", Clean}, // a year, not a span after the sentence before
		{"然而，近年来发生的“图书馆事件”风波，则凸显了其在应对复杂突发事件时面临的严峻挑战。", "", Fragment},
		{"近年来发生的“图书馆事件”风波，凸显了其在应对突发事件时的挑战。", "", Clean}, // no contrast: 其 may point inside
		{"然而，武汉大学及其附属医院迅速回应，尤其重视学生诉求。", "", Clean},      // 及其, 尤其 point to nothing
	}
	for _, c := range cases {
		if got := Classify(c.s, c.prev); got != c.want {
			t.Errorf("Classify(%q, %q) = %v, want %v", c.s, c.prev, got, c.want)
		}
	}
}

func TestNoiseNames(t *testing.T) {
	for _, n := range text.Noises() {
		back, ok := text.ParseNoise(n.String())
		if !ok || back != n {
			t.Errorf("text.ParseNoise(%q) = %v, %v", n.String(), back, ok)
		}
	}
	if _, ok := text.ParseNoise("spam"); ok {
		t.Error("ParseNoise accepted an unknown name")
	}
	if got := Noise(200).String(); got != "noise(200)" {
		t.Errorf("unknown class prints %q", got)
	}
}

func TestTopicJudge(t *testing.T) {
	if _, err := NewTopic(TopicConfig{Topic: "  "}); !errors.Is(err, ErrNoTopic) {
		t.Fatalf("blank topic: err %v, want ErrNoTopic", err)
	}
	words := "图书馆事件引发舆论关注，管理成为焦点。校方回应速度、通报、判决、法院、学生处分、网友质疑、微博热搜、抖音视频、评论情绪、" +
		"负面声量、正面传播、中性讨论、声誉危机、公关道歉、调查复核、学术论文、抄袭举报、樱花预约、游客校园、开放保安、冲突校友、" +
		"捐赠雷军、排名学科、科研成果、人才教育、改革公平、程序正义、透明沟通、媒体报道、平台传播、发酵峰值。"
	tp, err := NewTopic(TopicConfig{Topic: "武汉大学", Profile: []string{words, words, words}})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		s, prev, title string
		on             bool
		subject, via   string
	}{
		{"武大樱花季预约引发争议。", "", "", true, "武大", "sentence"},
		{"纽约大学位于美国排名第30位。", "", "", false, "纽约大学", "sentence"},
		{"博主陆续发布了多条#华电973首席性侵女教师#内容。", "", "", false, "#华电973首席性侵女教师#", "sentence"},
		{"华北电力大学与武汉大学联合发布声明。", "", "", true, "武汉大学", "sentence"},  // the topic's own name wins
		{"华中科技大学回应迅速。", "", "", false, "华中科技大学", "sentence"},      // the profile compares it, but it is another university
		{"武汉科技大学研究生获奖104项。", "", "", false, "武汉科技大学", "sentence"}, // a name the segmenter splits, joined back
		{"计算机学院举办图书馆事件讲座。", "", "", true, "", "terms"},            // a school of the university, no institution
		{"学校与哈佛大学、耶鲁大学均有交流与合作。", "武汉大学国际交流频繁。", "", true, "武汉大学", "previous"},
		{"武汉的樱花季吸引游客。", "", "", true, "武汉", "sentence"}, // part of the topic's name
		{"香港媒体跟进报道。", "", "", false, "香港", "sentence"},  // a place leads the sentence
		{"学校对此高度重视，迅即成立工作专班。", "", "关于华北电力大学教师事件的通报", false, "华北电力大学", "title"},
		{"学校对此高度重视，迅即成立工作专班。", "武汉大学发布情况通报。", "", true, "武汉大学", "previous"},
		{"图书馆事件持续发酵，舆论关注图书馆管理。", "", "", true, "", "terms"},
		{"年降水量在1000至1500毫米之间。", "", "", false, "", "terms"},
	}
	for _, c := range cases {
		j := tp.Judge(c.s, c.prev, c.title)
		if j.OnTopic != c.on || j.Subject != c.subject || j.Via != c.via {
			t.Errorf("Judge(%q, %q, %q) = %+v, want on %v subject %q via %s", c.s, c.prev, c.title, j, c.on, c.subject, c.via)
		}
		if j.OnTopic != (j.Score >= OnTopicScore) {
			t.Errorf("Judge(%q): on %v but score %v", c.s, j.OnTopic, j.Score)
		}
	}
	// without a profile, a sentence naming nothing is given the benefit of the doubt
	bare, _ := NewTopic(TopicConfig{Topic: "武汉大学"})
	if j := bare.Judge("年降水量在1000至1500毫米之间。", "", ""); !j.OnTopic || j.Score != NeutralScore {
		t.Errorf("no profile: %+v, want neutral and on topic", j)
	}
	if j := bare.Judge("华中科技大学回应迅速。", "", ""); j.OnTopic {
		t.Errorf("no profile: another university is off topic, got %+v", j)
	}
	// a topic of several words: its own words are the topic's
	shop, _ := NewTopic(TopicConfig{Topic: "李明咖啡店", Profile: []string{"会员", "会员", "会员"}})
	if j := shop.Judge("公司楼下终于有像样的咖啡了！", "", ""); !j.OnTopic || j.Subject != "咖啡" {
		t.Errorf("topic word: %+v, want on topic with subject 咖啡", j)
	}
	if j := shop.Judge("张伟在云南普洱经营咖啡豆生意。", "", ""); !j.OnTopic {
		t.Errorf("a place after 在 is where, not who: %+v", j)
	}
	// another city's event, with the topic's own words; the topic's own company
	water, _ := NewTopic(TopicConfig{Topic: "青溪市自来水异味"})
	for _, c := range []struct {
		s       string
		on      bool
		subject string
	}{
		{"2021年7月，邻省江口市也曾发生自来水异味事件，学校对此高度重视。", false, "江口市"},
		{"置顶内容为青溪水务集团3月3日的情况说明原文。", true, "青溪水务集团"},
		{"青溪市民反映自来水有土腥味。", true, "青溪"},
	} {
		if j := water.Judge(c.s, "", ""); j.OnTopic != c.on || j.Subject != c.subject {
			t.Errorf("Judge(%q) = %+v, want on %v subject %q", c.s, j, c.on, c.subject)
		}
	}
}

// An institution's brochure is an advert (issue 22: the fixture's summary
// bullet "武汉大学的国际服务项目为学生提供海外学习和研究机会，推动高层次国际交流。");
// the same verbs in a sentence about opinion or an event are not.
func TestClassifyBrochure(t *testing.T) {
	for s, want := range map[string]Noise{
		"武汉大学的国际服务项目为学生提供海外学习和研究机会，推动高层次国际交流。":                                Advert,
		"学院致力于培养具有国际视野的复合型人才。":                                                Advert,
		"学校于2006年成立了国际问题研究院，推动跨学科国际问题研究与人才培养，为国际问题研究提供智力支持，社会服务能力和社会影响力不断增强。": Advert,
		"学校为学生提供心理咨询的做法引发网友争议，多人质疑其流于形式。":                                     Clean,
		"校方回应称，学校致力于查明事件真相。":                                                  Clean,
		// milestones and achievements (the fixture's 2.2 and 3.x quoted them as findings)
		"跨越了三个世纪的武汉大学，将于11月29日迎来130岁生日。这是学校发展史上新的里程碑，更是新时代新征程上的再出发。": Advert,
		"突破了三峡地下水电站变顶高尾水系统的安全运行难题,解决了三峡水电站压力管道的管-坝施工干扰的关键技术难题;":      Advert,
		"近日,武汉大学发布了130周年突出社会贡献集萃,我院牵头的三峡工程､南水北调工程2项成果入选｡":            Advert,
		"在这个特殊的节点，武汉大学党委书记黄泰岩接受《瞭望》新闻周刊记者专访，阐述了“武大方案”。":              Advert,
		"校长接受媒体专访时回应了图书馆事件的争议。":                                      Clean, // an event
		"建校130周年之际，校庆活动因预约限流引发网友不满。":                                 Clean,
	} {
		if got := Classify(s, ""); got != want {
			t.Errorf("Classify(%q) = %v, want %v", s, got, want)
		}
	}
}
