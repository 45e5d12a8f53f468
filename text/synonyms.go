package text

// Synonyms returns the near-synonyms of a question word (a Chinese word as
// Words cuts it), the words the texts searched use for the same thing, or
// nil. The table is small on purpose and holds only the vocabulary of the
// texts this program reads (public-opinion research: engine reports,
// posts, news), each group a set of words that such texts use for one
// another:
//
//   - 情绪 情感 — sentiment: the reports write 情感分布, 情感倾向 where a
//     question asks about 情绪 (网络情绪, 负面情绪), and the other way round;
//   - 谣言 传言 谣传 不实 造谣 辟谣 — rumours: the texts write 网络传言,
//     不实消息, 不实信息, 辟谣 where a question asks about 谣言;
//   - 迁到 迁至 迁入 迁往 搬到 搬迁至 — a move to a place (a school's or a
//     company's history: 1932年迁至珞珈山 answers 哪一年迁到珞珈山);
//   - 销售 销量 — sales: 销售表现 is answered by 首月销量占三成;
//   - 拉客 获客 引流 揽客 — winning customers: the texts write 获客成本,
//     线上引流 where a question says 拉客;
//   - 铺子 铺面 店铺 店面 门面 — a shop's premises: 学校附近铺面 answers
//     "那个铺子房租多少";
//   - 比例 占比 比重 份额 — a share: 小红书占46% is written 占比 in the
//     texts where a question asks 占多大比例;
//   - 优惠 打折 折扣 促销 让利 — a discount: "比直接打折实在", "低价促销"
//     answer 有什么优惠;
//   - 不满 不满意 抱怨 吐槽 — complaints: the texts write 抱怨 where a
//     question asks 有什么不满 (差评, a review, stays apart: with it a
//     question about 差评 drew complaints of every kind);
//   - 出名 著名 有名 — renown: 著名校友 answers 出名的校友 (知名, common in
//     知名博主, widened "著名校友" too far);
//   - years old, year-old, aged — an age (AskedFor's "how old"): "Sam, a
//     24-year-old analyst" answers it (a birth year would too, but "born"
//     is also said of ideas: "a plan born of necessity").
//
// A question term with synonyms (Term.Synonyms) is held by a text holding
// any of them; it is never cut (迁到 is not reduced to 迁).
func Synonyms(w string) []string {
	g, ok := synonymGroup[w]
	if !ok {
		return nil
	}
	out := make([]string, 0, len(g)-1)
	for _, s := range g {
		if s != w {
			out = append(out, s)
		}
	}
	return out
}

// synonymGroups are the groups of Synonyms.
var synonymGroups = [][]string{
	{"情绪", "情感"},
	{"谣言", "传言", "谣传", "不实", "造谣", "辟谣"},
	{"迁到", "迁至", "迁入", "迁往", "搬到", "搬迁至"},
	{"铺子", "铺面", "店铺", "店面", "门面"},
	{"years old", "year-old", "aged"},
	{"比例", "占比", "比重", "份额"},
	{"优惠", "打折", "折扣", "促销", "让利"},
	{"不满", "不满意", "抱怨", "吐槽"},
	{"出名", "著名", "有名"},
	{"销售", "销量"},
	{"拉客", "获客", "引流", "揽客"},
}

var synonymGroup = func() map[string][]string {
	m := map[string][]string{}
	for _, g := range synonymGroups {
		for _, w := range g {
			m[w] = g
		}
	}
	return m
}()
