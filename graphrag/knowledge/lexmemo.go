package knowledge

import (
	"encoding/binary"

	"reportengine/text"
)

// searchMemoSize is how many lexical searches a Lexical keeps (Search,
// memo.FIFO): a chat turn searches its question and its few follow-up
// candidates.
const searchMemoSize = 8

// termsKey identifies a list of terms with everything Search reads of
// them: each term's text, parts and synonyms, every string preceded by
// its length and each list by its size, so that no two lists share a key.
func termsKey(terms []text.Term) string {
	var b []byte
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(terms)))
	for _, t := range terms {
		str(t.Text)
		for _, list := range [][]string{t.Parts, t.Synonyms} {
			b = binary.AppendUvarint(b, uint64(len(list)))
			for _, s := range list {
				str(s)
			}
		}
	}
	return string(b)
}
