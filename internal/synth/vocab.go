package synth

import (
	"strings"
	"unicode/utf8"
)

// Marker words. Each one goes into the content of search records only, at a
// known rate: a record gets a given marker independently with the marker's
// share, and never more than once. The base vocabulary is checked (see the
// tests) so that a marker cannot come out of ordinary text by accident.
const (
	// CommonWord appears in the content of about CommonShare of all records.
	CommonWord = "舆情"
	// MediumWord appears in the content of about MediumShare of all records.
	MediumWord = "弹幕"
	// RareWord appears in the content of about RareShare of all records.
	RareWord = "琥珀"
	// RareWordEN is an ASCII rare word. It appears in the content of about
	// RareShare of all records, independently of RareWord. It is written in
	// lower case, and no other word contains it in any case.
	RareWordEN = "zeugma"
)

// Rates of the marker words, as the probability that a record's content
// contains the word.
const (
	// CommonShare is the rate of CommonWord.
	CommonShare = 0.5
	// MediumShare is the rate of MediumWord.
	MediumShare = 0.05
	// RareShare is the rate of RareWord and of RareWordEN (0.1%).
	RareShare = 0.001
)

// Marker pairs a marker word with its rate.
type Marker struct {
	// Word is the marker word.
	Word string
	// Share is the probability that a record's content contains Word.
	Share float64
}

// Markers returns the marker words with their rates, from the most common to
// the rarest.
func Markers() []Marker {
	return []Marker{
		{CommonWord, CommonShare},
		{MediumWord, MediumShare},
		{RareWord, RareShare},
		{RareWordEN, RareShare},
	}
}

// word is a vocabulary entry with its length in runes.
type word struct {
	s     string
	runes int
	en    bool
}

// Chinese vocabulary, loosely ordered from frequent to infrequent (the
// picker favours the front of the list). It must not contain 舆, 弹 or 琥,
// the first runes of the CJK marker words.
const zhText = `用户 平台 品牌 价格 市场 消费者 产品 服务 体验 讨论 评论 关注 网友 视频 门店
数据 增长 下降 质量 问题 回应 官方 报道 媒体 分析 趋势 话题 热度 口碑 评价
城市 社区 年轻人 上班族 学生 家长 老板 员工 店长 供应商 渠道 成本 利润 收入 投资
政策 监管 规则 标准 合作 竞争 对手 行业 企业 公司 创业 项目 团队 管理 运营
营销 推广 广告 流量 转化 复购 会员 折扣 优惠 活动 直播 短视频 笔记 帖子 转发
点赞 收藏 分享 搜索 推荐 算法 内容 创作者 博主 粉丝 曝光 互动 留言 私信 投诉
售后 退款 物流 配送 库存 断货 供应链 原料 工厂 生产 研发 技术 创新 升级 迭代
安全 隐私 风险 事故 争议 质疑 辟谣 澄清 道歉 整改 处罚 调查 通报 声明 公告
地铁 商圈 写字楼 学校 医院 公园 景区 老城区 新区 街道 小区 郊区 机场 车站 码头
咖啡 奶茶 餐厅 外卖 超市 便利店 书店 健身房 电影院 酒店 民宿 菜市场 面包 火锅
手机 电脑 汽车 新能源 电池 充电桩 芯片 软件 应用 系统 网络 信号 屏幕 相机 耳机
价格战 性价比 高端 平价 限量 联名 新品 爆款 季节限定 预售 首发 断码 清仓 涨价 降价
周末 工作日 早高峰 晚高峰 节假日 暑假 寒假 春节 中秋 国庆 年底 开学季 雨季 夏天 冬天
满意 失望 惊喜 吐槽 点评 推荐 避雷 种草 拔草 打卡 排队 抢购 囤货 退货 换货
真实 夸张 理性 情绪化 客观 片面 积极 消极 中立 复杂 明显 普遍 少数 多数 部分
记者 专家 学者 律师 医生 教师 工程师 设计师 主播 编辑 分析师 研究员 志愿者 居民 游客
环境 交通 停车 噪音 卫生 装修 租金 房价 工资 就业 招聘 加班 通勤 福利 社保
故事 经历 感受 建议 疑问 解释 回复 说明 补充 更新 进展 结果 原因 影响 意义
可持续 环保 低碳 回收 包装 塑料 节能 绿色 有机 本地 进口 国产 手工 传统 现代
年度 季度 月度 同比 环比 份额 规模 预期 目标 指标 报告 榜单 排名 样本 问卷
稳定 波动 回升 回落 放缓 加速 扩张 收缩 调整 优化 改进 突破 瓶颈 拐点 周期
信任 透明 公平 效率 便利 舒适 耐用 轻便 好看 好用 实惠 划算 昂贵 便宜 贵了
桂花 抹茶 燕麦奶 冷萃 手冲 拿铁 美式 摩卡 可颂 贝果 沙拉 轻食 便当 早餐 夜宵
云南 杭州 成都 上海 北京 广州 深圳 武汉 西安 南京 苏州 重庆 长沙 厦门 青岛
口罩 雨伞 快递 包裹 外卖箱 骑手 司机 保安 保洁 前台 收银 店员 顾客 熟客 回头客`

// Chinese function words and short connectives, picked uniformly between
// content words to make the text read more like prose.
const fnText = `的 的 的 了 了 是 在 和 也 很 都 就 还 又 被 把 让 对 说 有 没有 不 会 能 要
这个 那个 我们 大家 自己 觉得 其实 因为 所以 但是 而且 如果 已经 可能 一直 真的 比较 非常`

// English vocabulary, mixed into Chinese text the way social posts mix
// them. No entry may contain RareWordEN in any case.
const enText = `App AI KOL vlog citywalk brunch latte espresso cold brew delivery
online offline review rating feedback trend viral hashtag livestream creator
brand launch pricing discount coupon membership loyalty retention churn growth
supply chain logistics inventory stock backup vendor partner crossover collab
weekend weekday rush hour office campus downtown suburb metro
data metrics dashboard KPI ROI GMV UGC PGC SaaS cloud
quality service support refund return complaint survey poll sample insight
budget cost margin revenue profit rent lease contract deal
mobile web search feed algorithm ranking recommendation exposure engagement
green local organic handmade seasonal limited premium budget-friendly
update release beta version patch bug fix roadmap milestone
coffee tea bakery bookstore gym hotel cinema market mall
share like comment repost follow fans views clicks traffic
news report interview statement notice analysis summary outlook`

// Decoration strings that start some record contents, as scraped pages
// often do.
var (
	queryPrefixes = []string{"首页 > 新闻 > 正文 ", "首页 > 财经 > 正文 ", "当前位置：首页 > 本地 ", "分享到： 微信 微博 ", "手机版 | 网站导航 "}
	mediaPrefixes = []string{"#热门# ", "【视频】", "【笔记】", "@创作者 ", ""}
	insightTags   = []string{"", "", "转发理由：", "回复：", "评论："}
	numberUnits   = []string{"%", "万", "元", "个", "次", "年", "天", "人", "条", "k"}
	clausePunct   = []string{"，", "，", "，", "、", "；"}
	sentencePunct = []string{"。", "。", "。", "！", "？", "……"}
)

var (
	zhWords = splitWords(zhText, false)
	fnWords = splitWords(fnText, false)
	enWords = splitWords(enText, true)
)

// splitWords turns a whitespace-separated list into vocabulary entries.
func splitWords(text string, en bool) []word {
	var out []word
	for _, f := range strings.Fields(text) {
		out = append(out, word{s: f, runes: utf8.RuneCountInString(f), en: en})
	}
	return out
}
