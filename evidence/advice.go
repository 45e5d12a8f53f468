package evidence

import (
	"regexp"

	"reportengine/text"
)

// adviceRE finds a recommendation or an outlook in a passage's own voice:
// it opens on the future or on advice (展望未来, 未来，, 今后, 建议), or
// states what must be done (必须, 务必, 应当, 亟需, 亟须) with no reporting
// verb before it in its sentence (网友认为学校应当道歉 reports an opinion).
var (
	adviceOpenRE  = regexp.MustCompile(`^(?:展望未来|未来[，,的]|今后[，,]|建议)`)
	adviceModalRE = regexp.MustCompile(`^[^。！？!?]*?(?:必须|务必|应当|亟需|亟须)`)
	reportedRE    = regexp.MustCompile(`认为|表示|呼吁|质疑|称|问|要求`)
)

// Advice reports a passage that recommends or looks ahead (adviceRE): the
// evidence plan gives it only to a sub-point asking for that (AdviceTitle),
// never to one about data, stages or sentiment (the fixture's 2.2 发展阶段
// quoted "学校的公共关系管理必须超越自身官方渠道…", 4.2 情绪分布 "未来，武汉
// 大学若要建立有效的舆情管理体系…").
func Advice(s string) bool {
	if adviceOpenRE.MatchString(s) {
		return true
	}
	m := adviceModalRE.FindString(s)
	return m != "" && !reportedRE.MatchString(m)
}

// adviceTitles are the words of a sub-point title asking for
// recommendations or an outlook.
var adviceTitles = []string{"建议", "对策", "措施", "举措", "展望", "走势", "研判", "启示", "预测", "前景", "可能性", "改进", "方向",
	"关注重点", "优先关注", "观察", "监测", "跟踪", "复盘", "整改", "修复", "安排", "口径", "行动"}

// AdviceTitle reports a sub-point title asking for recommendations or an
// outlook (核心判断与主要建议, 后续走势研判与监测要点, 后续监测指标与复盘安排,
// 中长期品牌建设方向).
func AdviceTitle(title string) bool { return text.FirstWord(title, adviceTitles) != "" }
