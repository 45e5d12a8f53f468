package forum_test

import (
	"fmt"
	"strings"

	"reportengine/forum"
)

func ExampleParse() {
	log := `[09:00:00] === ForumEngine 监控开始 ===
[09:01:15] [QUERY] [session-2] 第一行\r\n第二行
[09:01:20] [HOST] 请各位补充数据来源
[附] 见上一轮
[09:01:30] [ROBOT] 未知来源
`
	entries, warnings, err := forum.Parse(strings.NewReader(log))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range entries {
		fmt.Printf("%d %s %s known=%v session=%q %q\n", e.Line, e.Time, e.Speaker, e.Known, e.Session, e.Content)
	}
	for _, w := range warnings {
		fmt.Println(w)
	}
	// Output:
	// 1 09:00:00 SYSTEM known=true session="" "=== ForumEngine 监控开始 ==="
	// 2 09:01:15 QUERY known=true session="session-2" "第一行\n第二行"
	// 3 09:01:20 HOST known=true session="" "请各位补充数据来源\n[附] 见上一轮"
	// 5 09:01:30 ROBOT known=false session="" "未知来源"
	// line 5: unknown speaker "ROBOT"
}
