package adjudicator

// The DATC v3.0 chapter 6 cases as the document states them, where
// testdata/datc/datc.json departs from it, lacks a case or lacks a check.
// Quotations are from the document (shared/reference/DATC_v3_0.txt).

// Editions a case runs under.
var (
	datcBoth = []Rules{Rules2023, Rules1971}
	datc2023 = []Rules{Rules2023}
	datc1971 = []Rules{Rules1971}
)

// datcJSONEditions decides the datc.json entries marked with an edition that is
// not one of ours ("1982", "dptg"), keyed by entry name and edition: run them
// under the edition whose behaviour the document gives them, or skip them.
var datcJSONEditions = map[string]struct {
	rules []Rules
	skip  string
}{
	// 6.G.2: "In all other rulebooks (which I prever), kidnapping is prevented
	// and the armies fail to move": the 1982 result is the 2023 one.
	"t6g02_kidnapping_an_army@1982": {rules: datc2023},
	// 6.G.4: "With the 1982/2000/2023 rulebooks (which I prefer) ... the French
	// army will successfully move": the 1982 result is the 2023 one.
	"t6g04_unwanted_disrupted_convoy_to_adjacent_province_and_opposite_move@1982": {rules: datc2023},
	// 6.G.7: the DPTG gives the 2023 result ("there is also no convoy and none
	// of the units move"), already run from the entry marked 2023.
	"t6g07_swapping_with_illegal_intent@dptg": {skip: "the DPTG is not one of our editions; this entry repeats the 2023 entry's orders and results"},
}

// Skip reasons for runs the document gives no answer for.
const (
	datcNo1971Paradox = "the 1971 rules give no answer to this paradox (DATC 4.A.2 and the case's text); only the document's stated results are tested"
	datcNo1971Via     = "not applicable to the 1971 rules, which have no notion of 'via convoy' (DATC 6.G.8, 6.G.20)"
)

// datcAdjustments complete the datc.json cases with the checks the document
// states and the json lacks: dislodged units, supports and convoys with a
// clearly stated outcome, units after a phase, and the 1971 edition's
// results where they differ from the 2023 ones. Keys: "6.D.2" for every run
// of that number, "6.D.2/2023" or "6.D.2/1971" for one edition.
var datcAdjustments = map[string]datcAdjustment{
	// 6.A. Basic checks.
	"6.A.8":  {dislodged: []string{"AUS: F tri"}}, // "The army in Trieste should be dislodged." (sic: the fleet)
	"6.A.10": {dislodged: []string{}},             // "Venice is not dislodged."
	"6.A.11": {dislodged: []string{}},
	"6.A.12": {dislodged: []string{}},

	// 6.B. Coastal issues.
	"6.B.4": {expect: map[string]string{"FRA: F mar supports F gas -> spa(nc)": "Succeeds"}}, // "the support is successful"
	"6.B.5": { // "the support of Spain is illegal and the fleet in the Gulf of Lyon is not dislodged"
		expect:    map[string]string{"FRA: F spa(nc) supports F mar -> lyo": "Fails"},
		dislodged: []string{},
	},
	"6.B.6": {dislodged: []string{"FRA: F mao"}}, // "the French fleet in the Mid Atlantic Ocean will be dislodged"
	// 6.B.7 and 6.B.8: datc.json marks them ignored ("Region-level precision is
	// the caller's responsibility") but its results are the document's.
	"6.B.7": { // "I prefer that the support succeeds and the Italian fleet in the Western Mediterranean bounces."
		expect:    map[string]string{"FRA: F por supports F mao -> spa": "Succeeds"},
		dislodged: []string{},
	},
	"6.B.8": { // "Support of Portugal is successful and the Italian fleet in the Western Mediterranean bounces with the French fleet from Gascony."
		expect:    map[string]string{"FRA: F por supports F gas -> spa": "Succeeds"},
		dislodged: []string{},
	},
	"6.B.9":  {expect: map[string]string{"FRA: F por Supports F mao -> spa(nc)": "Fails"}}, // "Support of Portugal is invalid"
	"6.B.13": {dislodged: []string{}},                                                      // "Both moves fail."
	"6.B.14": {after: []string{}},                                                          // "Build fails."

	// 6.C. Circular movement.
	"6.C.3": {dislodged: []string{}}, // "Every unit will keep its place."
	"6.C.4": {dislodged: []string{}}, // "The fleet in the Ionian Sea is attacked but not dislodged."
	"6.C.5": {dislodged: []string{"TUR: F ion"}},
	"6.C.7": {dislodged: []string{}}, // "None of the units will succeed to move."
	"6.C.8": {dislodged: []string{}},
	"6.C.9": {dislodged: []string{}},

	// 6.D. Supports and dislodges.
	"6.D.1": {dislodged: []string{}},
	"6.D.2": { // "The support of Tyrolia is cut by the army in Vienna. That means that the army in Venice is dislodged"
		expect:    map[string]string{"ITA: A tyr supports A ven": "Fails"},
		dislodged: []string{"ITA: A ven"},
	},
	"6.D.3": { // "The support of the fleet in the Adriatic Sea is cut. That means that the army in Venice will not be dislodged"
		expect:    map[string]string{"AUS: F adr supports A tri -> ven": "Fails"},
		dislodged: []string{},
	},
	"6.D.4": {dislodged: []string{}},
	"6.D.5": {dislodged: []string{}},
	"6.D.6": {dislodged: []string{}},
	"6.D.7": { // "The support of the fleet in Prussia fails. The fleet in Baltic Sea ... will be dislodged"
		expect:    map[string]string{"GER: F pru Supports F bal": "Fails"},
		dislodged: []string{"GER: F bal"},
	},
	"6.D.8": { // "the support in Bulgaria fails and the army in Greece is dislodged by the army in Albania"
		expect:    map[string]string{"TUR: A bul Supports A gre": "Fails"},
		dislodged: []string{"TUR: A gre"},
	},
	"6.D.9": { // "The support of the army in Albania fails and the army in Trieste is dislodged"
		expect:    map[string]string{"AUS: A alb supports A tri -> ser": "Fails"},
		dislodged: []string{"AUS: A tri"},
	},
	"6.D.10": {dislodged: []string{}},
	"6.D.11": {dislodged: []string{}},             // "Army in Berlin bounces, but is not dislodged by own unit."
	"6.D.12": {dislodged: []string{}},             // "No dislodgment of fleet in Trieste."
	"6.D.13": {dislodged: []string{}},             // "No dislodgment of fleet in Trieste."
	"6.D.14": {dislodged: []string{"AUS: F tri"}}, // "The fleet in Trieste is dislodged."
	"6.D.15": { // "The support of Constantinople is not cut and the fleet in Ankara is dislodged"
		expect:    map[string]string{"RUS: F con Supports F bla -> ank": "Succeeds"},
		dislodged: []string{"TUR: F ank"},
	},
	"6.D.17": {dislodged: []string{"RUS: F con"}}, // "The Russian fleet in Constantinople is dislodged."
	"6.D.18": {dislodged: []string{"TUR: F ank"}}, // "The Russian fleet in the Black Sea will dislodge the Turkish fleet in Ankara."
	"6.D.19": { // "The support from Black Sea to Ankara will sustain and the fleet in Ankara will be dislodged."
		expect:    map[string]string{"RUS: F con Supports F bla -> ank": "Succeeds"},
		dislodged: []string{"TUR: F ank"},
	},
	"6.D.20": { // "The army in York does not cut support. This means that the fleet in the English Channel is dislodged"
		expect:    map[string]string{"ENG: F lon Supports F nth -> eng": "Succeeds"},
		dislodged: []string{"FRA: F eng"},
	},
	"6.D.21": { // "Although the German army is dislodged, it still cuts the Italian support."
		expect:    map[string]string{"ITA: A tyr supports A ven -> tri": "Fails"},
		dislodged: []string{"GER: A mun"},
	},
	"6.D.22": { // "which makes the support from Burgundy also illegal. The Russian army in Munich will dislodge the fleet in Kiel."
		expect:    map[string]string{"GER: A bur Supports F kie -> mun": "Fails"},
		dislodged: []string{"GER: F kie"},
	},
	"6.D.23": { // "the support from Marseilles fails and the fleet in Spain is dislodged"
		expect:    map[string]string{"FRA: F mar Supports F spa(nc) -> lyo": "Fails"},
		dislodged: []string{"FRA: F spa(nc)"},
	},
	"6.D.24": { // "the support from Spain fails ... The fleet in the Gulf of Lyon is dislodged"
		expect:    map[string]string{"FRA: F spa(sc) Supports A mar -> lyo": "Fails"},
		dislodged: []string{"ITA: F lyo"},
	},
	"6.D.25": { // "Although the support of Berlin on Prussia fails ..., the support of Kiel on Berlin is still valid."
		expect:    map[string]string{"GER: A ber Supports A pru": "Fails", "GER: F kie Supports A ber": "Succeeds"},
		dislodged: []string{},
	},
	"6.D.26": { // "Again, Berlin will not be dislodged." (the support of Berlin is unmatched)
		expect:    map[string]string{"GER: A ber Supports A pru -> sil": "Fails", "GER: F kie Supports A ber": "Succeeds"},
		dislodged: []string{},
	},
	"6.D.27": { // "The convoy order in the Baltic Sea is unmatched and fails. However, the support of Prussia on the Baltic Sea is still valid"
		expect:    map[string]string{"RUS: F bal convoys ber -> lvn": "Fails", "RUS: F pru Supports F bal": "Succeeds"},
		dislodged: []string{},
	},
	"6.D.28": { // "Illegal orders are ignored. Without an order, Rumania holds and receives support."
		expect:    map[string]string{"RUS: F rum -> hol": "Fails", "AUS: A bud Supports F rum": "Succeeds"},
		dislodged: []string{},
	},
	"6.D.29": { // "Illegal orders are ignored. Without an order, Rumania holds and receives support."
		expect:    map[string]string{"RUS: F rum -> bul(sc)": "Fails", "AUS: A bud Supports F rum": "Succeeds"},
		dislodged: []string{},
	},
	"6.D.30": { // "Without an order, Constantinople holds and receives support."
		expect:    map[string]string{"ITA: F aeg Supports F con": "Succeeds"},
		dislodged: []string{},
	},
	"6.D.31": {expect: map[string]string{"TUR: F bla Supports A rum -> arm": "Fails"}}, // "the support order should be judged to be illegal"
	"6.D.32": { // "the support of the French fleet in London succeeds. This means that the army in Yorkshire is not dislodged."
		expect:    map[string]string{"FRA: F lon Supports A yor": "Succeeds"},
		dislodged: []string{},
	},
	"6.D.33": {dislodged: []string{}},
	"6.D.34": {dislodged: []string{"ITA: A pru"}}, // "the German move from Berlin succeeds"

	// 6.E. Head-to-head battles and beleaguered garrison.
	"6.E.1":  {dislodged: []string{"RUS: A pru"}},
	"6.E.2":  {dislodged: []string{}}, // "No unit will move."
	"6.E.3":  {dislodged: []string{}}, // "No unit will move."
	"6.E.4":  {dislodged: []string{}}, // "The French fleet in the North Sea is not dislodged"
	"6.E.5":  {dislodged: []string{"FRA: F nth"}},
	"6.E.6":  {dislodged: []string{}},
	"6.E.7":  {dislodged: []string{}}, // "the fleet in the North Sea is not dislodged"
	"6.E.8":  {dislodged: []string{}}, // "Again, none of the fleets move."
	"6.E.9":  {dislodged: []string{}},
	"6.E.10": {dislodged: []string{}}, // "There is no movement of fleets."
	"6.E.11": {dislodged: []string{}}, // "due to the success of the swap, there is no beleaguered garrison anymore"
	"6.E.12": {dislodged: []string{}}, // "No army will move."
	"6.E.13": {dislodged: []string{}}, // "None of the fleets move. The German fleet in the North Sea is not dislodged."
	"6.E.14": {dislodged: []string{}},
	"6.E.15": {dislodged: []string{}}, // "None of the moves succeeds."

	// 6.F. Convoys.
	"6.F.4": {dislodged: []string{}},
	"6.F.5": {dislodged: []string{}},
	"6.F.6": { // "When a fleet of a convoy is dislodged, the convoy is completely cancelled. So, no support is cut."
		expect:    map[string]string{"ENG: A lon -> hol": "Fails", "GER: F ska -> nth": "Succeeds"},
		dislodged: []string{"ENG: F nth"},
	},
	"6.F.8": {dislodged: []string{"ENG: F nth"}},
	// 4.A.1: "The convoy is disrupted when one of the routes is disrupted. This
	// is according to the 1971 rulebook." 6.F.9-6.F.11: "If the 1971 rules are
	// used ..., this will disrupt the convoy and the army will stay in London."
	"6.F.9":       {dislodged: []string{"ENG: F eng"}},
	"6.F.9/1971":  {expect: map[string]string{"ENG: A lon -> bel": "Fails"}},
	"6.F.10":      {dislodged: []string{"GER: F eng"}},
	"6.F.10/1971": {expect: map[string]string{"ENG: A lon -> bel": "Fails"}},
	"6.F.11":      {dislodged: []string{"GER: F eng"}},
	"6.F.11/1971": {expect: map[string]string{"ENG: A lon -> bel": "Fails"}},
	"6.F.12":      {dislodged: []string{"ENG: F iri"}}, // the 1971 result is the same: "the convoy ... will still succeed"
	"6.F.13":      {dislodged: []string{"ENG: F nth"}}, // "The convoy of the army in London succeeds and the fleet in Denmark dislodges the fleet in the North Sea."
	// The route through the North Sea is disrupted: by 4.A.1 (1971) the convoy fails.
	"6.F.13/1971": {expect: map[string]string{"ENG: A lon -> bel": "Fails"}},
	"6.F.14": { // "According to all rulebooks ..., the support of London is not cut. That means that the fleet in the English Channel is dislodged."
		expect:    map[string]string{"ENG: F lon Supports F wal -> eng": "Succeeds"},
		dislodged: []string{"FRA: F eng"},
	},
	"6.F.15": {dislodged: []string{"FRA: F eng"}},
	"6.F.16": { // "According to all rulebooks ..., the support of London is not cut. That means that the fleet in the English Channel is not dislodged"
		expect:    map[string]string{"ENG: F lon Supports F wal -> eng": "Succeeds"},
		dislodged: []string{},
	},
	// "If the Simon Szykman alternative is used (which I prefer), the convoy
	// fails and the fleet in London and the English Channel are not dislodged"
	"6.F.17/2023": {dislodged: []string{}},
	// "When the 1971/1982/2000/2023 rules are used ..., the support of London
	// is not cut. That means that the fleet in the English Channel is not
	// dislodged. The convoy will succeed and dislodge the fleet in London."
	// (The 1971 paradox rule is XII.5 of the seed rulebook.)
	"6.F.17/1971": {
		expect:    map[string]string{"FRA: A bre -> lon": "Succeeds", "ENG: F lon Supports F wal -> eng": "Succeeds"},
		dislodged: []string{"ENG: F lon"},
	},
	"6.F.18": { // "If the Szykman rule is followed ..., the convoy ... fails. ... the support in Belgium will not be cut. That means that the fleet in the North Sea will not be dislodged."
		expect:    map[string]string{"ENG: F nth convoys lon -> bel": "Fails", "FRA: F bel Supports F nth": "Succeeds"},
		dislodged: []string{},
	},
	"6.F.18/1971": {skip: datcNo1971Paradox}, // "The 1971, 2000 and 2023 rules do not give an answer on this."
	"6.F.19/2023": { // "If the Szykman rule is used ..., The support of Naples is cut ... and the fleet in the Tyrrhenian Sea is not dislodged."
		expect:    map[string]string{"ITA: F nap Supports F rom -> tys": "Fails"},
		dislodged: []string{},
	},
	"6.F.19/1971": { // "The support of the fleet in Naples is not cut and the fleet in Rome dislodges the fleet in the Tyrrhenian Sea."
		expect:    map[string]string{"ITA: F nap Supports F rom -> tys": "Succeeds", "ITA: F rom -> tys": "Succeeds"},
		dislodged: []string{"FRA: F tys"},
	},
	"6.F.20": { // "The support of Naples is cut and the fleet in the Ionian Sea is dislodged by the Turkish fleet in the Eastern Mediterranean."
		expect:    map[string]string{"ITA: F nap Supports F ion": "Fails"},
		dislodged: []string{"ITA: F ion"},
	},
	"6.F.20/1971": {skip: datcNo1971Paradox}, // "the 1971 rules do not give answer to this situation"
	// "In all rules, except the 1982 paradox rule, the support of the fleet in
	// Clyde on the North Atlantic Ocean is cut and the French fleet in the
	// Mid-Atlantic Ocean will dislodge the fleet in the North Atlantic Ocean."
	// The Russian army, supported from Edinburgh, dislodges the fleet in Clyde.
	"6.F.21": {
		expect:    map[string]string{"ENG: F cly Supports F nao": "Fails"},
		dislodged: []string{"ENG: F nao", "ENG: F cly"},
	},
	"6.F.22": { // "The supports are not cut, the convoying armies fail to move, the fleet in Picardy dislodges the fleet in English Channel and the fleet in Edinburgh dislodges the fleet in the North Sea."
		expect:    map[string]string{"ENG: F lon Supports F edi -> nth": "Succeeds", "GER: F bel Supports F pic -> eng": "Succeeds"},
		dislodged: []string{"FRA: F eng", "RUS: F nth"},
	},
	"6.F.22/1971": {skip: datcNo1971Paradox}, // "The 1971, 2000 and 2023 rules ... do not have an answer on this."
	"6.F.23": { // "The convoying armies fail to move and the supports are not cut. Because of the failure to cut the support, no fleet succeeds to move."
		expect:    map[string]string{"GER: F bel Supports F eng": "Succeeds", "GER: F lon Supports F nth": "Succeeds"},
		dislodged: []string{},
	},
	"6.F.23/1971": {skip: datcNo1971Paradox},
	"6.F.24": { // "the supports are not cut and the convoying armies fail to move": "the French fleet in the English Channel will survive and but the Russian fleet in the North Sea is dislodged"
		expect: map[string]string{
			"ENG: F lon Supports F edi -> nth": "Succeeds",
			"FRA: F bel Supports F eng":        "Succeeds",
			"ENG: F edi -> nth":                "Succeeds",
			"ENG: F iri -> eng":                "Fails",
		},
		dislodged: []string{"RUS: F nth"},
	},
	"6.F.24/1971": {skip: datcNo1971Paradox},
	"6.F.25": { // "The move from Denmark to Norway succeeds and cuts the support of Norway. ... The move from Yorkshire to Holland succeeds and cuts the support of Holland."
		expect: map[string]string{
			"GER: A den -> nwy":                "Succeeds",
			"RUS: F nwy Supports F nwg -> nth": "Fails",
			"GER: A hol Supports A ruh -> bel": "Fails",
		},
		dislodged: []string{"RUS: F nwy", "GER: A hol"},
	},

	// 6.G. Convoying to adjacent provinces. The 1971 runs follow 4.A.3 as the
	// document reads the 1971 rulebook: the convoy route is used only when the
	// unit at the destination moves the opposite way (and the convoy holds).
	"6.G.1":      {dislodged: []string{}},
	"6.G.2":      {dislodged: []string{}},
	"6.G.3":      {dislodged: []string{"ENG: F eng"}}, // 1971: "since no unit in Belgium moves in opposite direction the convoy should be ignored, resulting in the same adjudication"
	"6.G.4":      {dislodged: []string{"ENG: F eng", "ENG: A bel"}},
	"6.G.5":      {dislodged: []string{}},
	"6.G.6":      {dislodged: []string{}},
	"6.G.7":      {dislodged: []string{}},
	"6.G.8":      {dislodged: []string{}},
	"6.G.8/1971": {skip: datcNo1971Via}, // "In case of 1971 or 1982 rulebook, this test case not applicable"
	"6.G.9":      {dislodged: []string{}},
	"6.G.10":     {dislodged: []string{"RUS: A swe"}}, // "It will be dislodged by the army from Norway."
	"6.G.12":     {dislodged: []string{}},
	"6.G.13": { // "I prefer that the support in Venice is not cut and that the army in Trieste is dislodged by the fleet in Albania." (1971: "the support of Venice will not be cut as normal")
		expect:    map[string]string{"ITA: A ven Supports F alb -> tri": "Succeeds"},
		dislodged: []string{"AUS: A tri"},
	},
	"6.G.14": {dislodged: []string{"RUS: A swe"}}, // "The army in Norway will move to Sweden and dislodge the Russian army."
	"6.G.15": { // "The French army in Belgium is bounced by the army from Yorkshire. The army in London move to Belgium, dislodging the unit there."
		expect:    map[string]string{"ENG: A lon -> bel via Convoy": "Succeeds", "FRA: A bel -> lon via Convoy": "Fails"},
		dislodged: []string{"FRA: A bel"},
	},
	"6.G.16": {dislodged: []string{}},
	"6.G.17": {dislodged: []string{}},
	"6.G.18": {dislodged: []string{}},
	// 6.G.19: datc.json marks its 2023 entry ignored ("DATC claims this should
	// fail ...") but its results are the document's: "there is no intent to
	// convoy and the units in Marseilles and Spain fail to move".
	"6.G.19":      {dislodged: []string{}},
	"6.G.20":      {dislodged: []string{"ENG: F eng"}}, // "I don't prefer the fallback anymore. So, the move of Picardy fails."
	"6.G.20/1971": {skip: datcNo1971Via},               // "This situation is not applicable for the 1971 and 1982 rulebooks"

	// 6.H. Retreating.
	"6.H.4":  {dislodged: []string{"ENG: A hol"}},
	"6.H.5":  {dislodged: []string{"TUR: F ank"}},
	"6.H.6":  {dislodged: []string{"ITA: A vie"}},
	"6.H.7":  {dislodged: []string{"ITA: A vie", "ITA: A boh"}, after: []string{"AUS: A bud", "AUS: A vie", "GER: A mun", "GER: A boh"}},                                           // "Both armies will be disbanded."
	"6.H.8":  {dislodged: []string{"ENG: F nwy", "RUS: F edi", "RUS: F hol"}, after: []string{"ENG: A edi", "ENG: F yor", "GER: A kie", "GER: A hol", "RUS: A swe", "RUS: A nwy"}}, // "All three units are disbanded."
	"6.H.9":  {dislodged: []string{"GER: F kie", "RUS: A pru"}},
	"6.H.10": {dislodged: []string{"ENG: A kie", "GER: A pru"}},
	"6.H.11": {dislodged: []string{"ITA: A mar"}},
	// 4.A.5: "if issue 4.A.3 is played according to 1971 rules, then this issue
	// can only occur in the extremely theoretical situation that both units
	// attempted to move by convoy": Marseilles does not move, so Gascony moves
	// over land and Marseilles may not retreat there.
	"6.H.11/1971": {expect: map[string]string{"ITA: A mar -> gas": "Fails"}},
	"6.H.12":      {dislodged: []string{"ENG: A lvp", "ENG: F eng"}},
	// The document gives no 1971 result. Under its 1971 reading of 4.A.3 a
	// move to an adjacent province takes the convoy only while the convoy
	// holds: Liverpool's convoy is disrupted, so it would move over land and
	// swap with Edinburgh, and the retreat this case is about never arises.
	"6.H.12/1971": {skip: "the document gives no 1971 result: under its 1971 reading of 4.A.3 the disrupted convoy falls back to the land route, Liverpool and Edinburgh swap and nothing is left to retreat"},
	"6.H.13":      {dislodged: []string{"ENG: A pic"}},
	"6.H.14":      {dislodged: []string{"ENG: A pic", "FRA: A bur"}, after: []string{"ENG: F eng", "FRA: A pic", "FRA: A bre", "GER: A mun", "GER: A bur"}}, // "Both the army in Picardy and Burgundy are disbanded."
	"6.H.15":      {dislodged: []string{"ENG: F por"}},
	"6.H.16":      {dislodged: []string{"FRA: F wes"}},

	// 6.I. Building.
	"6.I.2": {after: []string{}, removed: []string{}},
	"6.I.3": {after: []string{"GER: A ber"}, removed: []string{}},
	"6.I.5": {after: []string{}, removed: []string{}},
	"6.I.6": {after: []string{}, removed: []string{}},

	// 6.J. Civil disorder and disbands.
	"6.J.1": {after: []string{"FRA: A par"}, removed: []string{}},
	"6.J.4": {after: []string{"RUS: A ukr"}},
	"6.J.6": {after: []string{"RUS: F nth"}},
	// "Note, that in 2023 rules distance is calculated to owned supply centers
	// (instead of home supply centers)": under the 1971 rules the fleet in the
	// Gulf of Bothnia is one step from St Petersburg, the North Sea two.
	"6.J.6/1971": {removed: []string{"RUS: F nth"}, after: []string{"RUS: F bot"}},
	"6.J.7":      {after: []string{"RUS: A boh", "RUS: F ska"}},
	"6.J.8":      {after: []string{"RUS: F bal"}},
}

// datcDocumentCases are the cases written from the document: those datc.json
// lacks or gets wrong. Each replaces every datc.json entry of its number.
var datcDocumentCases = []datcCase{
	// 6.A.5: "The move of the army in Yorkshire is illegal. This makes the
	// support of Liverpool also illegal ... The army in London dislodges the
	// army in Yorkshire." (datc.json: the support of Liverpool succeeds)
	{
		id: "6.A.5", rules: datcBoth, phase: datcMain,
		main: []datcCheck{
			{"ENG: F nth convoys A yor -> yor", ""},
			{"ENG: A yor -> yor", "Fails"},
			{"ENG: A lvp supports A yor -> yor", "Fails"},
			{"GER: F lon -> yor", "Succeeds"},
			{"GER: A wal supports F lon -> yor", "Succeeds"},
		},
		dislodged: []string{"ENG: A yor"},
	},
	// 6.B.2: "I prefer that an attempt is made to the only possible coast, the
	// north coast of Spain." (datc.json: the move fails)
	{
		id: "6.B.2", rules: datcBoth, phase: datcMain,
		main:  []datcCheck{{"FRA: F gas -> spa", "Succeeds"}},
		after: []string{"FRA: F spa(nc)"},
	},
	// 6.B.10: "I prefer that a move will be attempted." (datc.json: the move fails)
	{
		id: "6.B.10", rules: datcBoth, phase: datcMain,
		units: []string{"FRA: F spa(sc)"},
		main:  []datcCheck{{"FRA: F spa(nc) -> lyo", "Succeeds"}},
		after: []string{"FRA: F lyo"},
	},
	// 6.B.12: "I prefer that a move will be attempted." (datc.json: the move fails)
	{
		id: "6.B.12", rules: datcBoth, phase: datcMain,
		main:  []datcCheck{{"FRA: A gas -> spa(nc)", "Succeeds"}},
		after: []string{"FRA: A spa"},
	},
	// 6.B.15: "I prefer that the support succeeds and the Italian fleet in the
	// Western Mediterranean bounces." Both sides have strength two, so the
	// English fleet bounces too (datc.json: the English move succeeds).
	{
		id: "6.B.15", rules: datcBoth, phase: datcMain,
		main: []datcCheck{
			{"FRA: F por supports F mao -> spa", "Succeeds"},
			{"ENG: F mao -> spa(nc)", "Fails"},
			{"ITA: F lyo supports F wes -> spa(sc)", ""},
			{"ITA: F wes -> spa(sc)", "Fails"},
		},
		dislodged: []string{},
	},
	// 6.D.16 (not in datc.json): "It is allowed to convoy a foreign unit that
	// dislodges your own unit ... The English army in London is dislodged by
	// the French army coming from Belgium."
	{
		id: "6.D.16", rules: datcBoth, phase: datcMain,
		main: []datcCheck{
			{"ENG: A lon hold", "Fails"},
			{"ENG: F nth convoys A bel -> lon", "Succeeds"},
			{"FRA: F eng supports A bel -> lon", ""},
			{"FRA: A bel -> lon", "Succeeds"},
		},
		dislodged: []string{"ENG: A lon"},
	},
	// 6.F.7: "The dislodged English fleet can retreat to Holland." (datc.json
	// has no retreat phase for it)
	{
		id: "6.F.7", rules: datcBoth, phase: datcRetreat,
		main: []datcCheck{
			{"ENG: F nth convoys lon -> hol", ""},
			{"ENG: A lon -> hol", "Fails"},
			{"GER: F hel Supports F ska -> nth", ""},
			{"GER: F ska -> nth", "Succeeds"},
		},
		dislodged: []string{"ENG: F nth"},
		orders:    []datcCheck{{"ENG: F nth -> hol", "Succeeds"}},
		after:     []string{"ENG: A lon", "ENG: F hol", "GER: F hel", "GER: F nth"},
	},
	// 6.G.11: "I prefer no fallback. That means that according to these
	// preferences the fleet in the North Sea will dislodge the Russian fleet
	// in Skagerrak and the army in Sweden will not advance." (datc.json gives
	// the 1971 result without an edition, and adds a "via Convoy" variant that
	// is not in the document)
	{
		id: "6.G.11", rules: datc2023, phase: datcMain,
		main: []datcCheck{
			{"ENG: F nwy Supports F nth -> ska", ""},
			{"ENG: F nth -> ska", "Succeeds"},
			{"RUS: A swe -> nwy", "Fails"},
			{"RUS: F ska convoys swe -> nwy", ""},
			{"RUS: F bar Supports A swe -> nwy", ""},
		},
		dislodged: []string{"RUS: F ska"},
	},
	// 6.G.11, 1971: "the move from Sweden to Norway is not a convoy (because
	// Norway is not moving in opposite direction) and the English fleet in
	// Norway is dislodged and the fleet in Skagerrak will not be dislodged."
	{
		id: "6.G.11", rules: datc1971, phase: datcMain,
		main: []datcCheck{
			{"ENG: F nwy Supports F nth -> ska", "Fails"},
			{"ENG: F nth -> ska", "Fails"},
			{"RUS: A swe -> nwy", "Succeeds"},
			{"RUS: F ska convoys swe -> nwy", ""},
			{"RUS: F bar Supports A swe -> nwy", ""},
		},
		dislodged: []string{"ENG: F nwy"},
	},
	// 6.H.1: "The Austrian support order is illegal. Both dislodged fleets are
	// disbanded." (datc.json drops the support and lets Greece retreat)
	{
		id: "6.H.1", rules: datcBoth, phase: datcRetreat,
		main: []datcCheck{
			{"AUS: F tri hold", "Fails"},
			{"AUS: A ser hold", "Succeeds"},
			{"TUR: F gre hold", "Fails"},
			{"ITA: A ven supports A tyr -> tri", ""},
			{"ITA: A tyr -> tri", "Succeeds"},
			{"ITA: F ion -> gre", "Succeeds"},
			{"ITA: F aeg supports F ion -> gre", ""},
		},
		dislodged: []string{"AUS: F tri", "TUR: F gre"},
		orders: []datcCheck{
			{"AUS: F tri -> alb", "Fails"},
			{"AUS: A ser supports F tri -> alb", "Invalid"},
			{"TUR: F gre -> alb", "Fails"},
		},
		after: []string{"AUS: A ser", "ITA: A ven", "ITA: A tri", "ITA: F gre", "ITA: F aeg"},
	},
	// 6.H.2: "Although the fleet in Holland may receive an order, it may not
	// support (it is disbanded). The English fleet in Norway and the Russian
	// fleet in Edinburgh bounce and are disbanded." (datc.json abbreviates the
	// main phase and drops the support)
	{
		id: "6.H.2", rules: datcBoth, phase: datcRetreat,
		main: []datcCheck{
			{"ENG: A lvp -> edi", "Succeeds"},
			{"ENG: F yor supports A lvp -> edi", ""},
			{"ENG: F nwy hold", "Fails"},
			{"GER: A kie supports A ruh -> hol", ""},
			{"GER: A ruh -> hol", "Succeeds"},
			{"RUS: F edi hold", "Fails"},
			{"RUS: A swe supports A fin -> nwy", ""},
			{"RUS: A fin -> nwy", "Succeeds"},
			{"RUS: F hol hold", "Fails"},
		},
		dislodged: []string{"ENG: F nwy", "RUS: F edi", "RUS: F hol"},
		orders: []datcCheck{
			{"ENG: F nwy -> nth", "Fails"},
			{"RUS: F edi -> nth", "Fails"},
			{"RUS: F hol supports F edi -> nth", "Invalid"},
		},
		after: []string{"ENG: A edi", "ENG: F yor", "GER: A kie", "GER: A hol", "RUS: A swe", "RUS: A nwy"},
	},
	// 6.H.3: "The convoy order is illegal. The army in Holland is disbanded."
	// (datc.json abbreviates the main phase and drops the convoy)
	{
		id: "6.H.3", rules: datcBoth, phase: datcRetreat,
		main: []datcCheck{
			{"ENG: F nth hold", "Succeeds"},
			{"ENG: A hol hold", "Fails"},
			{"GER: F kie supports A ruh -> hol", ""},
			{"GER: A ruh -> hol", "Succeeds"},
		},
		dislodged: []string{"ENG: A hol"},
		orders: []datcCheck{
			{"ENG: A hol -> yor", "Fails"},
			{"ENG: F nth convoys A hol -> yor", "Invalid"},
		},
		after: []string{"ENG: F nth", "GER: F kie", "GER: A hol"},
	},
	// 6.I.1: "Germany may build one ... the build in Warsaw fails, the build in
	// Kiel succeeds and the build in Munich fails." (datc.json builds in
	// Berlin instead of Kiel, with three units on three centres: no build due)
	{
		id: "6.I.1", rules: datcBoth, phase: datcBuild,
		units:  []string{"GER: F den", "GER: A ruh", "GER: A pru"},
		owners: map[string]string{"den": "GER"},
		orders: []datcCheck{
			{"GER: A war build", "Fails"},
			{"GER: A kie build", "Succeeds"},
			{"GER: A mun build", "Fails"},
		},
		removed: []string{},
		after:   []string{"GER: F den", "GER: A ruh", "GER: A pru", "GER: A kie"},
	},
	// 6.I.4: "Russia may build a unit and has a fleet in St Petersburg(sc).
	// ... Build A St Petersburg(nc) ... Build fails." (datc.json builds a
	// fleet; both are run)
	{
		id: "6.I.4", rules: datcBoth, phase: datcBuild,
		units:  []string{"RUS: F stp(sc)"},
		orders: []datcCheck{{"RUS: A stp(nc) build", "Fails"}},
		after:  []string{"RUS: F stp(sc)"},
	},
	{
		id: "6.I.4", variant: "fleet", rules: datcBoth, phase: datcBuild,
		units:  []string{"RUS: F stp(sc)"},
		orders: []datcCheck{{"RUS: F stp(nc) build", "Fails"}},
		after:  []string{"RUS: F stp(sc)"},
	},
	// 6.I.7: "Russia owns Moscow, Moscow is empty and Russia may build two
	// units. ... Build A Moscow, Build A Moscow. The second build should
	// fail." (datc.json cannot repeat an order and builds in Warsaw instead)
	{
		id: "6.I.7", rules: datcBoth, phase: datcBuild,
		units: []string{"RUS: F sev", "RUS: F stp(nc)"},
		orders: []datcCheck{
			{"RUS: A mos build", "Succeeds"},
			{"RUS: A mos build", "Fails"},
		},
		removed: []string{},
		after:   []string{"RUS: F sev", "RUS: F stp(nc)", "RUS: A mos"},
	},
	// 6.J.2: "France has to disband two and has an army in Paris. ... Program
	// should remove army in Paris and remove another unit by using the civil
	// disorder rules." (datc.json's position owes no removal and cannot
	// repeat the order.) France owns Paris only; of Picardy (one step from
	// Paris) and Ruhr (two) the Ruhr goes, under either edition.
	{
		id: "6.J.2", rules: datcBoth, phase: datcBuild,
		units:  []string{"ENG: F bre", "ITA: A mar", "FRA: A par", "FRA: A pic", "FRA: A ruh"},
		owners: map[string]string{"bre": "ENG", "mar": "ITA"},
		orders: []datcCheck{
			{"FRA: A par disband", "Succeeds"},
			{"FRA: A par disband", "Fails"},
		},
		removed: []string{"FRA: A ruh"},
		after:   []string{"ENG: F bre", "ITA: A mar", "FRA: A pic"},
	},
	// 6.J.3: "Russia owns supply center St Petersburg. Russia has armies in
	// Livonia and Sweden. ... The army in Sweden is removed." (datc.json:
	// Prussia instead of Sweden)
	{
		id: "6.J.3", rules: datcBoth, phase: datcBuild,
		units:   []string{"RUS: A lvn", "RUS: A swe"},
		owners:  map[string]string{"war": "GER", "mos": "GER", "sev": "TUR"},
		removed: []string{"RUS: A swe"},
		after:   []string{"RUS: A lvn"},
	},
	// 6.J.5 (datc.json has another position): "Russia owns St Petersburg.
	// Russia has fleets in Skagerrak and Berlin. ... The distance of the fleet
	// in Berlin is three, the fleet in Skagerrak has distance two (via
	// Norway). So, the fleet in Berlin has to be removed."
	{
		id: "6.J.5", rules: datcBoth, phase: datcBuild,
		units:   []string{"RUS: F ska", "RUS: F ber"},
		owners:  map[string]string{"mos": "ENG", "war": "GER", "sev": "TUR"},
		removed: []string{"RUS: F ber"},
		after:   []string{"RUS: F ska"},
	},
	// 6.J.9: "Russia owns St Petersburg and Sevastopol. Russia has armies in
	// Greece and Sevastopol and a fleet in the Baltic Sea. ... So, the army in
	// Greece must be removed." And the second scenario, with the fleet in
	// Skagerrak: "So, the army in Greece must be removed." (datc.json:
	// Albania for Greece, and the fleet removed in the second scenario)
	{
		id: "6.J.9", rules: datcBoth, phase: datcBuild,
		units:   []string{"RUS: A gre", "RUS: A sev", "RUS: F bal"},
		owners:  map[string]string{"war": "GER", "mos": "ENG"},
		removed: []string{"RUS: A gre"},
		after:   []string{"RUS: A sev", "RUS: F bal"},
	},
	{
		id: "6.J.9", variant: "second", rules: datcBoth, phase: datcBuild,
		units:   []string{"RUS: A gre", "RUS: A sev", "RUS: F ska"},
		owners:  map[string]string{"war": "GER", "mos": "ENG"},
		removed: []string{"RUS: A gre"},
		after:   []string{"RUS: A sev", "RUS: F ska"},
	},
	// 6.J.10: "Italy owns Naples. Italy has armies in Greece and Piedmont. ...
	// for distance calculation it can go over water and arrive in two steps.
	// The army in Piedmont has to be removed." (datc.json: Albania for Greece)
	{
		id: "6.J.10", rules: datc2023, phase: datcBuild,
		units:   []string{"ITA: A gre", "ITA: A pie"},
		owners:  map[string]string{"ven": "AUS", "rom": "FRA"},
		removed: []string{"ITA: A pie"},
		after:   []string{"ITA: A gre"},
	},
	// 6.J.10, 1971: distances go to the home centres (DATC 4.D.8, 6.J.11):
	// Piedmont is two steps from Venice or Rome, Greece two from Naples over
	// water; at equal distance "Greece" comes first.
	{
		id: "6.J.10", rules: datc1971, phase: datcBuild,
		units:   []string{"ITA: A gre", "ITA: A pie"},
		owners:  map[string]string{"ven": "AUS", "rom": "FRA"},
		removed: []string{"ITA: A gre"},
		after:   []string{"ITA: A pie"},
	},
	// 6.J.11: "Italy owns Warsaw. Italy has armies in Warsaw and Tuscany. ...
	// The army in Tuscany is removed" (datc.json leaves Warsaw Russian, so
	// Italy would owe two removals)
	{
		id: "6.J.11", rules: datc2023, phase: datcBuild,
		units:   []string{"ITA: A war", "ITA: A tus"},
		owners:  map[string]string{"ven": "AUS", "rom": "FRA", "nap": "AUS", "war": "ITA"},
		removed: []string{"ITA: A tus"},
		after:   []string{"ITA: A war"},
	},
	// 6.J.11, 1971: "Under older rulebooks the army in Tuscany was kept."
	{
		id: "6.J.11", rules: datc1971, phase: datcBuild,
		units:   []string{"ITA: A war", "ITA: A tus"},
		owners:  map[string]string{"ven": "AUS", "rom": "FRA", "nap": "AUS", "war": "ITA"},
		removed: []string{"ITA: A war"},
		after:   []string{"ITA: A tus"},
	},
}
