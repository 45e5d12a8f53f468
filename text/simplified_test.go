package text

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestQuestion(t *testing.T) {
	cases := []struct{ in, want string }{
		// traditional characters, phrases before single characters
		{"武漢大學的圖書館事件是怎麼回事？", "武汉大学的图书馆事件是怎么回事？"},
		{"乾隆年間的頭髮", "乾隆年间的头发"},
		// written Cantonese: function words as Mandarin, 係 as 是 but not in 關係
		{"校長張平文俾記者追問嗰陣講咗咩？", "校长张平文被记者追问那时讲了什么？"},
		{"佢哋係咩關係", "他们是什么关系"},
		{"網上話係副校長個仔，究竟係咪真㗎？", "网上说是副校长的儿子，究竟是不是真？"},
		{"打電話係咪要收費", "打电话是不是要收费"},
		{"跟住落嚟呢？武大最後幾時先出通報", "接下来呢？武大最后什么时候出通报"},
		{"点解武大要改校史", "为什么武大要改校史"},
		// heldout38: 啲乜 and 乜 are 什么, 有冇 and 冇 有没有 and 没有
		{"香港浸會大學對楊同學嘅事有冇正式回應？佢哋係幾時回應、講咗啲乜？", "香港浸会大学对杨同学的事有没有正式回应？他们是什么时候回应、讲了什么？"},
		{"佢做乜咁嬲？学校冇回应", "他做什么这么嬲？学校没有回应"},
		{"武大有冇回应", "武大有冇回应"}, // 冇 alone marks no Cantonese: Wuhan speech writes it too (heldout30)
		// Mandarin is never read as Cantonese
		{"俾斯麦是谁", "俾斯麦是谁"},
		{"这一点解释不清，难点解决了吗", "这一点解释不清，难点解决了吗"},
		{"他的话是真的吗", "他的话是真的吗"},
		// Taiwan's words, in a traditional-character question only
		{"哪個部落客拍的影片最紅？按讚多少", "哪个博主拍的视频最红？点赞多少"},
		{"这部影片讲什么", "这部影片讲什么"},
		{"Who is Alex Mercer?", "Who is Alex Mercer?"},
		{"", ""},
	}
	for _, c := range cases {
		if got := Question(c.in); got != c.want {
			t.Errorf("Question(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// traditionalSets are the shipped sets some of whose questions are
// written in traditional characters, Japanese forms or Shanghainese
// (Question changes them).
var traditionalSets = []string{"heldout32", "bettafish-heldout36", "bettafish-heldout37", "bettafish-heldout38", "bettafish-heldout39", "bettafish-heldout40", "bettafish-heldout41", "bettafish-heldout42", "bettafish-heldout43", "bettafish-heldout44", "bettafish-heldout45", "bettafish-heldout46", "bettafish-heldout47", "bettafish-heldout48", "bettafish-heldout49", "bettafish-heldout50", "bettafish-heldout51", "coffee-shop-heldout51", "bettafish-heldout52", "bettafish-heldout53", "bettafish-heldout54", "bettafish-heldout55", "bettafish-heldout56", "bettafish-heldout57", "bettafish-heldout58", "bettafish-heldout59", "bettafish-heldout60", "bettafish-heldout61", "bettafish-heldout62", "bettafish-heldout63", "bettafish-heldout64", "bettafish-heldout65", "bettafish-heldout73", "bettafish-heldout77", "bettafish-heldout80", "bettafish-heldout81", "coffee-shop-heldout27", "coffee-shop-heldout85", "bettafish-heldout87"}

// TestQuestionShippedSets holds Question to the identity on every
// question of the shipped sets written in simplified characters (all but
// traditionalSets', whose traditional and Cantonese lines it reads as
// Mandarin), to the same terms on every English one (ChatEnglish reads
// chat, whos → who's, and drops what says nothing asked), and to
// idempotence on all of them.
func TestQuestionShippedSets(t *testing.T) {
	files, _ := filepath.Glob("../eval/testdata/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no question sets under ../eval/testdata")
	}
	n := 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var line struct{ Question string }
			if json.Unmarshal(sc.Bytes(), &line) != nil || line.Question == "" {
				continue
			}
			n++
			got := Question(line.Question)
			switch {
			case !HasHan(line.Question):
				// chat English read as written: what it asks about stays,
				// but for a chat word's term lost (theres: there; ppl) and
				// its reading's gained (people)
				a, b := TermTexts(Terms(got)), TermTexts(Terms(line.Question))
				for _, w := range b {
					if !slices.Contains(a, w) && !chatTerm(w, true) {
						t.Errorf("%s: Question(%q) = %q lost the term %q", filepath.Base(f), line.Question, got, w)
					}
				}
				for _, w := range a {
					if !slices.Contains(b, w) && !chatTerm(w, false) {
						t.Errorf("%s: Question(%q) = %q gained the term %q", filepath.Base(f), line.Question, got, w)
					}
				}
			case !slices.ContainsFunc(traditionalSets, func(s string) bool { return strings.Contains(f, s) }) && !nanyangMarked(line.Question) && got != line.Question:
				t.Errorf("%s: Question(%q) = %q, want it unchanged", filepath.Base(f), line.Question, got)
			}
			if again := Question(got); again != got {
				t.Errorf("%s: Question is not idempotent on %q: %q, then %q", filepath.Base(f), line.Question, got, again)
			}
		}
		fh.Close()
	}
	if n < 1000 {
		t.Fatalf("read %d questions, want the shipped sets' 1000 or more", n)
	}
}

// chatTerm reports whether the term w is a chat word's (typed: a key of
// chatWordsEN, or its stem) or, read, a word of its reading's.
func chatTerm(w string, typed bool) bool {
	for k, v := range chatWordsEN {
		if typed && (w == k || w == Stem(k)) {
			return true
		}
		if !typed && slices.ContainsFunc(strings.Fields(v), func(x string) bool { return Stem(x) == w }) {
			return true
		}
	}
	return false
}

// nanyangMarked reports a simplified question that Question may rewrite
// by the colloquial readings every Chinese question gets (几时, 几多, 酱子,
// 酱紫, 讲, a bracketed sticker code); TestQuestionNanyang holds those.
func nanyangMarked(q string) bool {
	for _, m := range []string{"几时", "几多", "酱子", "酱紫", "求科普", "讲", "[", "("} {
		if strings.Contains(q, m) {
			return true
		}
	}
	return false
}
