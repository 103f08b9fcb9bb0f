package parser

import "github.com/corriere/corriere/variants"

// kw is a set of roles a word can play in an order.
type kw uint32

const (
	kwMove      kw = 1 << iota // "to", "moves", "attacks" (arrows are moves too)
	kwHold                     // "H", "holds", "stands", "fermo", "sta"
	kwSupport                  // "S", "supports", "appoggia"
	kwConvoy                   // "C", "convoys", "trasporta"
	kwVia                      // "via", "by": before "convoy"
	kwConvoyed                 // "convoy", "sea", "mare" after "via"; "convoyed" alone
	kwRetreat                  // "R", "retreat"
	kwDisband                  // "disband", "D" (retreat phase)
	kwBuild                    // "build", "B", "costruisce"
	kwRemove                   // "remove", "disband" (adjustment phase)
	kwWaive                    // "waive", "pass"
	kwNone                     // "none", "nessuna": "build none"
	kwArticle                  // "the", "il", "la": skipped before a place
	kwCoastWord                // "coast", "costa"
	kwHeader                   // words of a heading such as "Spring 1901:" or "Ritirate:"
	kwAt                       // "at", "in": between a unit's type and its place ("the army at Paris")
	kwMoveOn                   // "on": a move word after another ("attacks on")
	kwFrom                     // "from": the supported or convoyed unit's place after its destination
	kwCommon                   // order words of everyday prose: alone they are no sign of an order
)

// kwVerb is every role that says what a unit does.
const kwVerb = kwMove | kwHold | kwSupport | kwConvoy | kwRetreat | kwDisband | kwBuild | kwRemove | kwWaive

var keywords = map[string]kw{}

func addWords(k kw, words ...string) {
	for _, w := range words {
		keywords[w] |= k
	}
}

func init() {
	addWords(kwMove, "to", "move", "moves", "moving", "m", "mv", "attack", "attacks", "att", "into", "in", "towards", "toward",
		"verso", "muove", "muovi", "va", "attacca", "entra", "goes", "go",
		"nel", "nella", "nello", "nell", "nei", "negli", "nelle")
	addWords(kwHold, "h", "hold", "holds", "holding", "hld", "stand", "stands", "standing", "stay", "stays", "remain", "remains",
		"fermo", "ferma", "fermi", "sta", "stanno", "resta", "rimane", "tiene")
	addWords(kwSupport, "s", "sup", "supp", "support", "supports", "supporting", "supported",
		"appoggia", "appoggio", "appoggiare", "app", "sostiene", "sostegno")
	// "t": njudge's transport.
	addWords(kwConvoy, "c", "t", "conv", "convoy", "convoys", "convoying", "cvy", "trasporta", "trasporto", "trasportare", "scorta")
	addWords(kwVia, "via", "by", "per", "con", "tramite")
	addWords(kwConvoyed, "convoy", "convoyed", "c", "conv", "cvy", "sea", "mare", "trasporto", "nave", "navi", "flotta")
	addWords(kwRetreat, "r", "retreat", "retreats", "retreating", "ritira", "ritirata", "ritirati", "ritirarsi")
	addWords(kwDisband, "d", "disband", "disbands", "disbanded", "destroy", "destroyed", "delete",
		"scioglie", "sciogli", "sciogliere", "sciolta", "sciolto", "disciolta", "disciolto", "distrutta", "elimina")
	addWords(kwBuild, "b", "build", "builds", "building", "create", "new",
		"costruisce", "costruisci", "costruire", "costruzione", "crea", "nuova", "nuovo")
	// "d": the diplomacy package's disband, in winter too ("A PAR D").
	addWords(kwRemove, "d", "remove", "removes", "removal", "disband", "disbands", "destroy", "delete",
		"scioglie", "sciogli", "sciogliere", "rimuovi", "rimuove", "togli", "toglie", "elimina")
	// "w": njudge's waive.
	addWords(kwWaive, "w", "waive", "waives", "waived", "pass", "rinuncia", "rinunciare", "nessuna", "none", "nothing", "niente")
	addWords(kwNone, "none", "nessuna", "nessuno", "nothing", "niente", "no")
	addWords(kwArticle, "the", "il", "lo", "la", "l", "le", "gli", "i")
	addWords(kwCoastWord, "coast", "costa", "cst")
	addWords(kwHeader, "orders", "order", "ordini", "ordine", "retreats", "ritirate", "builds", "adjustments", "adjustment",
		"costruzioni", "aggiustamenti", "spring", "primavera", "fall", "autumn", "autunno", "winter", "inverno",
		"fine", "dell", "anno", "of", "the", "year", "movement", "movimento", "turn", "turno", "phase", "fase", "mossa",
		"moves", "mosse", "for", "my", "miei", "di", "del", "della", "per", "from", "da")
	// "a", "di": Italian, "l'armata a Parigi"; never read so unless a unit's
	// type comes before it.
	addWords(kwAt, "at", "in", "a", "di")
	addWords(kwMoveOn, "on")
	// webDiplomacy's "support move to Burgundy from Paris".
	addWords(kwFrom, "from")
	addWords(kwCommon, "to", "in", "into", "go", "goes", "move", "moving", "towards", "toward", "new", "create",
		"pass", "none", "nothing", "no", "stay", "stays", "stand", "standing", "remain", "remains", "delete",
		"verso", "va", "entra", "nel", "nella", "nello", "nell", "nei", "negli", "nelle", "sta", "stanno", "resta", "rimane", "tiene", "crea", "nuova", "nuovo",
		"niente", "nessuna", "nessuno", "per", "con", "by", "via", "sea", "mare", "nave", "navi")
}

// fixableKeywords are the keywords a misspelling may stand for: the long
// ones, whose misspellings are recognisable.
var fixableKeywords = []string{
	"supports", "support", "convoys", "convoy", "holds", "stands", "retreat", "retreats", "disband", "disbands",
	"build", "builds", "remove", "removes", "waive", "appoggia", "trasporta", "fermo", "ritira", "scioglie",
	"costruisce", "costruisci", "attacks", "moves",
}

// unitWords are the ways to write a unit type.
var unitWords = map[string]variants.UnitType{
	"a": variants.Army, "army": variants.Army, "armata": variants.Army, "armate": variants.Army, "armies": variants.Army,
	"f": variants.Fleet, "fleet": variants.Fleet, "flotta": variants.Fleet, "flotte": variants.Fleet, "fleets": variants.Fleet,
	"flt": variants.Fleet,
}

// coastDirs maps the words for a coast to the suffix of its id ("stp/nc").
// The one-letter forms count only after "/" or "(" or "coast".
var coastDirs = map[string]string{
	"nc": "nc", "north": "nc", "nord": "nc", "northern": "nc", "settentrionale": "nc", "n": "nc",
	"sc": "sc", "south": "sc", "sud": "sc", "southern": "sc", "meridionale": "sc", "s": "sc",
	"ec": "ec", "east": "ec", "est": "ec", "eastern": "ec", "orientale": "ec", "e": "ec",
	"wc": "wc", "west": "wc", "ovest": "wc", "western": "wc", "occidentale": "wc", "w": "wc", "o": "wc",
}

// seaWords may follow a sea's name written short: "Nth Sea", "Ion Mare".
var seaWords = map[string]bool{"sea": true, "ocean": true, "mare": true, "oceano": true}

// signOffs follow "a" in Italian greetings ("A presto", "A domani"): there
// the "a" is no army.
var signOffs = map[string]bool{
	"presto": true, "prestissimo": true, "dopo": true, "domani": true, "dopodomani": true, "stasera": true,
	"tutti": true, "tutte": true, "voi": true, "te": true, "risentirci": true, "rivederci": true, "piu": true,
}

// bullets are the dashes a list of orders may start its lines with.
var bullets = map[string]bool{"-": true, "–": true, "—": true}

// andWords join two orders on one line: "F Kie e A Mun".
var andWords = map[string]bool{"and": true, "e": true, "ed": true, "&": true, "plus": true}

// idReadings are places an order may mean by another place's canonical
// id, keyed by the id, the place by its English name: "gal", the Italian
// "Galles" written short, is Wales as well as Galicia, which the position
// settles. The variant cannot hold them: there an id names its place
// alone.
var idReadings = map[string]string{"gal": "Wales"}
