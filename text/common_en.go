package text

import "strings"

// commonShareEN is the general-text share GeneralShare gives a common
// English word (commonEN) and numberShare a number: the Chinese dictionary
// has no English words, and without a share every English word would
// count as rare (names, terms of art), so that a question about the
// weather or a price would look as specific as one about Agent Mercer.
const (
	commonShareEN = 3e-4
	numberShare   = 1e-4
)

// commonEN are everyday English words (beyond the stop words) that say
// little about what a question asks: frequent verbs, nouns of time, place,
// quantity and daily life, and frequent adjectives and adverbs, stemmed
// as Stem stems them. Words that name what a question is about in a
// story or a report (story, overall, team, mission, alien, …) are
// deliberately not here.
var commonEN = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(commonWordsEN) {
		m[Stem(w)] = true
	}
	return m
}()

const commonWordsEN = `
time year day week month hour minute today tomorrow yesterday tonight morning evening night now current currently recent recently
people person man woman child children kid family friend home house place thing way world country city town area part side
work job business company money price cost pay buy sell stock market value number amount lot kind sort type
good bad new old big small great little large long short high low best better worst worse right wrong real true false
first last next early late other same different important possible able sure certain whole full main general
make made go went gone come came take took get got see saw seen look find found give gave use used want need try tried
think thought know knew say said tell told ask asked call called feel felt seem become became leave left put keep let begin
start show play run move live believe bring happen happened write provide sit stand lose pay meet include continue set learn
change lead understand watch follow stop create speak read allow add spend grow open walk win won offer remember love consider
appear wait serve die send expect build stay fall cut reach kill remain suggest raise pass report decide pull
weather food water car school student book game music movie film phone computer internet news
rundown overview summary summarize summarise recap breakdown
start end course ship
really actually also still already again never always often sometimes usually maybe perhaps quite rather almost
mainly mostly largely generally effectively essentially primarily particularly especially obviously clearly exactly
thing something anything nothing everything someone anyone everyone
`
