package belleepoque

import "github.com/corriere/corriere/game"

// italian gives the Italian of the game's texts (the engine's are the
// engine's), of the reasons an action is refused (each alone, and after
// the prefixes that log a line skipped), of the data file's refusals,
// and of the words that name things.
var italian = func() game.Dictionary {
	d := game.Dictionary{
		"%s": "%s",
		"%s plays without money: the card's money is lost.":                                                  "%s gioca senza denaro: il denaro della carta è perso.",
		"%s has %s armament cubes to sell.":                                                                  "%s ha %s cubi armamento da vendere.",
		"Arms are sold from turn 4: the armament cubes of %s go back.":                                       "Le armi si vendono dal turno 4: i cubi armamento di %s tornano nella riserva.",
		"%s sells arms to %s: %s armament cubes.":                                                            "%s vende armi a %s: %s cubi armamento.",
		"%s finds no territory for its arms: the cubes go back.":                                             "%s non trova un territorio per le sue armi: i cubi tornano nella riserva.",
		"The contest bonus of %s this turn: +%s (Arsenal Bonus %s over %s contests).":                        "Il bonus contesa di %s in questo turno: +%s (Bonus Arsenale %s su %s contese).",
		"%s has no card to play.":                                                                            "%s non ha carte da giocare.",
		"%s (%s) was played, and the data does not describe its effect: apply it with EDIT, then RULE DONE.": "%s (%s) è stata giocata, e i dati non ne descrivono l'effetto: applicalo con EDIT, poi RULE DONE.",
		"%s (+%s) against %s (+%s): %s holds the space in %s.":                                               "%s (+%s) contro %s (+%s): %s tiene lo spazio in %s.",
		"%s (+%s) against %s (+%s): %s wins the contest in %s.":                                              "%s (+%s) contro %s (+%s): %s vince la contesa in %s.",
		"%s (+%s) against %s (+%s): a tie, both cubes in %s are removed.":                                    "%s (+%s) contro %s (+%s): pareggio, entrambi i cubi in %s sono rimossi.",
		"%s builds a fleet.":                                              "%s costruisce una flotta.",
		"%s builds the %s for £%s.":                                       "%s costruisce %s per £%s.",
		"%s buys %s armies and %s fleets for £%s.":                        "%s compra %s eserciti e %s flotte per £%s.",
		"%s commits %s %s for £%s.":                                       "%s impiega %s %s per £%s.",
		"%s deploys a fleet from %s to %s.":                               "%s dispiega una flotta da %s a %s.",
		"%s finds no territory for its mission and keeps its cubes.":      "%s non trova un territorio per la missione e conserva i suoi cubi.",
		"%s has no Automated Power sheet in the data: it passes.":         "%s non ha una scheda di Potenza Automatizzata nei dati: passa.",
		"%s invests a cube for £%s.":                                      "%s investe un cubo per £%s.",
		"%s is no longer held by %s.":                                     "%s non è più di %s.",
		"%s is now allied with %s.":                                       "%s è ora alleata di %s.",
		"%s is now controlled by %s.":                                     "%s è ora controllata da %s.",
		"%s passes.":                                                      "%s passa.",
		"%s places cubes in %s.":                                          "%s piazza cubi in %s.",
		"%s plays the intrigue card %s (%s).":                             "%s gioca la carta Intrigo %s (%s).",
		"%s plays the national card %s (%s).":                             "%s gioca la carta Nazionale %s (%s).",
		"%s raises its Prestige for £%s.":                                 "%s aumenta il suo Prestigio per £%s.",
		"%s raises its Prestige.":                                         "%s aumenta il suo Prestigio.",
		"%s receives £%s and %s cubes.":                                   "%s riceve £%s e %s cubi.",
		"%s resolves the contest in %s, space %s, against %s.":            "%s risolve la contesa in %s, spazio %s, contro %s.",
		"%s scores %s VP.":                                                "%s segna %s PV.",
		"%s sells arms to %s: armament cubes in spaces %s.":               "%s vende armamenti a %s: cubi armamento negli spazi %s.",
		"%s sends a cube to %s on the cube of %s in space %s: a contest.": "%s invia un cubo in %s sul cubo di %s nello spazio %s: una contesa.",
		"%s sends a cube to %s, space %s.":                                "%s invia un cubo in %s, spazio %s.",
		"%s sends a cube to %s.":                                          "%s invia un cubo in %s.",
		"%s skipped: ":                                                    "%s saltato: ",
		"%s takes the Prestige bonus of box %s: %s.":                      "%s prende il bonus di Prestigio della casella %s: %s.",
		"%s took no action: the round is asked again.":                    "%s non ha fatto azioni: il round gli è chiesto di nuovo.",
		"%s wins with %s VP (%s)":                                         "%s vince con %s PV (%s)",
		"%s: %s %s.":                                                      "%s: %s %s.",
		"%s: %s skipped: ":                                                "%s: %s saltato: ",
		"A cube of %s is placed in %s, space %s.":                         "Un cubo di %s è piazzato in %s, spazio %s.",
		"A cube of %s replaces the cube in %s, space %s.":                 "Un cubo di %s sostituisce il cubo in %s, spazio %s.",
		"After PASS, these lines were dropped: %s.":                       "Dopo PASS, queste righe sono state ignorate: %s.",
		"An unresolved contest in %s is cancelled.":                       "Una contesa non risolta in %s è annullata.",
		"Contest in %s, space %s, %s against %s: how many %s do you commit (0 to %s)? Committed so far: attacker %s fleets, defender %s fleets and %s armies.": "Contesa in %s, spazio %s, %s contro %s: quanti %s impieghi (da 0 a %s)? Impiegati finora: attaccante %s flotte, difensore %s flotte e %s eserciti.",
		"Contest in %s, space %s: %s against %s.":                                          "Contesa in %s, spazio %s: %s contro %s.",
		"Data loaded: %s territories, %s events, %s intrigue cards; %s placeholder lines.": "Dati caricati: %s territori, %s eventi, %s carte Intrigo; %s righe provvisorie.",
		"Event: %s (%s).":                                         "Evento: %s (%s).",
		"Every cube of %s in %s is removed.":                      "Ogni cubo di %s in %s è rimosso.",
		"Intrigue cards are dealt.":                               "Le carte Intrigo sono distribuite.",
		"Sarajevo: the game ends before turn %s is played (6.3).": "Sarajevo: la partita finisce prima che si giochi il turno %s (6.3).",
		"Setup: place %s cubes in different territories, at most half of each filled, no contests (SETUP <territory> <territory>). Cubes left: %s; minimums still owed: %s.": "Setup: piazza %s cubi in territori diversi, ciascuno pieno al massimo per metà, senza contese (PIAZZA <territorio> <territorio>). Cubi rimasti: %s; minimi ancora dovuti: %s.",
		"The Ottoman Empire's ally draws two intrigue cards and keeps one: %s.":                                                                                              "L'alleato dell'Impero Ottomano pesca due carte Intrigo e ne tiene una: %s.",
		"The cube of %s for %s is cancelled.":                                                                 "Il cubo di %s per %s è annullato.",
		"The intrigue discards are shuffled into a new deck.":                                                 "Gli scarti Intrigo sono mescolati in un nuovo mazzo.",
		"The moderator has loaded the game's data.\n":                                                         "Il moderatore ha caricato i dati del gioco.\n",
		"The setup begins: Russia, France, the Central Powers and Great Britain place 2 cubes a round (3.3).": "Inizia il setup: Russia, Francia, Imperi Centrali e Gran Bretagna piazzano 2 cubi a round (3.3).",
		"Turn %s begins. Turn order: %s.":                                                                     "Inizia il turno %s. Ordine di turno: %s.",
		"Turn %s. Order: %s. Passed: %s.":                                                                     "Turno %s. Ordine: %s. Hanno passato: %s.",
		"You keep %s.":                                                                                        "Tieni %s.",
		"Your round, turn %s: one or two different actions, a line each: BUY <n>A <n>F; SEND <territory> [ON <space>]; WORK; INVEST; PRESTIGE; PLAY <card> [A|B]; RESOLVE <territory> <space> [FLEETS <n>] [ARMIES <n>]; DEPLOY <from> <to> (arsenal, europe, africa, asia); SELL <territory> [REPLACE <space>,...]; PASS. You have £%s, %s cubes, %s armies ready, fleets %s.": "Il tuo round, turno %s: una o due azioni diverse, una per riga: COMPRA <n>E <n>F; INVIA <territorio> [SU <spazio>]; OPERA; INVESTI; PRESTIGIO; GIOCA <carta> [A|B]; RISOLVI <territorio> <spazio> [FLOTTE <n>] [ESERCITI <n>]; DISPIEGA <da> <a> (arsenale, europa, africa, asia); VENDI <territorio> [SOSTITUISCI <spazio>,...]; PASSA. Hai £%s, %s cubi, %s eserciti pronti, flotte %s.",
		"expected %s <territory>":        "atteso %s <territorio>",
		"expected %s alone":              "atteso %s da solo",
		"expected ALWAYS COMMIT <n>|MAX": "atteso SEMPRE IMPIEGA <n>|MASSIMO",
		"expected BUY <n>A <n>F":         "atteso COMPRA <n>E <n>F",
		"expected COMMIT <n>":            "atteso IMPIEGA <n>",
		"expected DEPLOY <from> <to>, each arsenal, europe, africa or asia": "atteso DISPIEGA <da> <a>, ciascuno arsenale, europa, africa o asia",
		"expected KEEP <card>":       "atteso TIENI <carta>",
		"expected PLAY <card> [A|B]": "atteso GIOCA <carta> [A|B]",
		"expected RESOLVE <territory> <space> [FLEETS <n>] [ARMIES <n>]": "atteso RISOLVI <territorio> <spazio> [FLOTTE <n>] [ESERCITI <n>]",
		"expected SELL <territory> [REPLACE <space>,...]":                "atteso VENDI <territorio> [SOSTITUISCI <spazio>,...]",
		"expected SEND <territory> [ON <space>]":                         "atteso INVIA <territorio> [SU <spazio>]",
		"the data is loaded before the setup only":                       "i dati si caricano solo prima del setup",
		"you hold no card %s":                                            "non hai la carta %s",
		"turn %s":                                                        "turno %s",
		// Words.
		"setup": "setup", "armies": "eserciti", "fleets": "flotte", "army": "esercito", "fleet": "flotta",
		"continent": "continente", "territory": "territorio", "spaces": "spazi", "held by": "di",
		"power": "potenza", "prestige": "prestigio", "great work": "grande opera",
		"europe": "europa", "africa": "africa", "asia": "asia",
		"Great Britain": "Gran Bretagna", "France": "Francia", "Russia": "Russia", "Central Powers": "Imperi Centrali",
		"Trans-Siberian Railway": "Ferrovia Transiberiana", "Eiffel Tower": "Torre Eiffel", "Kiel Canal": "Canale di Kiel", "HMS Dreadnought": "HMS Dreadnought",
		kindData: "dati", kindRound: "round", kindContest: "contesa", kindKeep: "scelta", kindCard: "carta",
	}
	for k, v := range reasons {
		d[k] = v
		d["%s: %s skipped: "+k+"."] = "%s: %s saltato: " + v + "."
		d["%s skipped: "+k+"."] = "%s saltato: " + v + "."
	}
	for k, v := range dataItalian {
		d["line %s: "+k] = "riga %s: " + v
		d["the file: "+k] = "il file: " + v
	}
	return d
}()

// reasons are why an action or a placement is not legal now.
var reasons = map[string]string{
	"%s buys no arms":                                                              "%s non compra armamenti",
	"%s has %s armament cubes left":                                                "%s ha ancora %s cubi armamento",
	"%s has %s armies left to buy":                                                 "%s può comprare ancora %s eserciti",
	"%s has armament cubes already":                                                "%s ha già cubi armamento",
	"%s has no cube of yours on another's in space %s":                             "%s non ha un tuo cubo su quello di un altro nello spazio %s",
	"%s has no free space: name the cubes replaced with REPLACE <space>,...":       "%s non ha spazi liberi: indica i cubi sostituiti con SOSTITUISCI <spazio>,...",
	"%s holds no card %s":                                                          "%s non ha la carta %s",
	"%s is full: name a cube to contest with ON <space>":                           "%s è pieno: indica un cubo da contendere con SU <spazio>",
	"%s needs the Great Work built":                                                "%s richiede la Grande Opera costruita",
	"Prestige is raised once a turn":                                               "il Prestigio si aumenta una volta per turno",
	"a fleet goes from the Arsenal or a continent to another continent":            "una flotta va dall'Arsenale o da un continente a un altro continente",
	"arms are sold from turn 4":                                                    "gli armamenti si vendono dal turno 4",
	"at most %s fleets":                                                            "al massimo %s flotte",
	"it costs £%s, and %s has £%s":                                                 "costa £%s, e %s ha £%s",
	"no active fleet of %s in %s":                                                  "nessuna flotta attiva di %s in %s",
	"no cube in space %s of %s":                                                    "nessun cubo nello spazio %s di %s",
	"no cube in the Embassies":                                                     "nessun cubo nelle Ambasciate",
	"no fleet in the %s box":                                                       "nessuna flotta nel box %s",
	"space %s of %s cannot take an armament cube":                                  "lo spazio %s di %s non può ricevere un cubo armamento",
	"space %s of %s is contested already":                                          "lo spazio %s di %s è già conteso",
	"the Great Work is built already":                                              "la Grande Opera è già costruita",
	"the cube in space %s of %s is no opponent's":                                  "il cubo nello spazio %s di %s non è di un avversario",
	"the rate is %s armies and %s fleets, from the Arsenal":                        "il tasso è %s eserciti e %s flotte, dall'Arsenale",
	"there is no territory %s":                                                     "non esiste il territorio %s",
	"%s would be more than half full":                                              "%s sarebbe pieno per più della metà",
	"expected SETUP and %s territories":                                            "atteso PIAZZA e %s territori",
	"one cube per territory a round":                                               "un cubo per territorio a round",
	"the minimums per continent could no longer be met: %s cubes left for %s owed": "i minimi per continente non si potrebbero più rispettare: %s cubi rimasti per %s dovuti",
}

// dataItalian are the data file's refusals, each after "line %s: " or
// "the file: ".
var dataItalian = game.Dictionary{
	"%s %s is given twice (first on line %s)": "%s %s è data due volte (la prima alla riga %s)",
	"%s intrigue cards: expected at least 8":  "%s carte Intrigo: attese almeno 8",
	"%s is no line of a data file: expected TERRITORY, MINORS, POWER, MINIMUM, OBJECTIVE, PRESTIGE, BONUS, EVENT, INTRIGUE, NATIONAL or AUTOMA": "%s non è una riga del file dei dati: atteso TERRITORY, MINORS, POWER, MINIMUM, OBJECTIVE, PRESTIGE, BONUS, EVENT, INTRIGUE, NATIONAL o AUTOMA",
	"%s is no minor nation with cubes: expected one of %s": "%s non è una nazione minore con cubi: attesa una di %s",
	"%s is no power: expected gb, fr, ru or ic":            "%s non è una potenza: atteso gb, fr, ru o ic",
	"%s: expected %s":    "%s: atteso %s",
	"%s=%s: expected %s": "%s=%s: atteso %s",
	"effect %s: expected %s (or none, for the moderator)": "effetto %s: atteso %s (o nessuno, per il moderatore)",
	"expected %s":                "atteso %s",
	"power %s has no POWER line": "la potenza %s non ha una riga POWER",
	"sell=%s: expected sell=<n>a<n>f:<cubes>, such as sell=1a:1":                                                               "sell=%s: atteso sell=<n>a<n>f:<cubi>, come sell=1a:1",
	"territory %s has %s spaces for %s cubes":                                                                                  "il territorio %s ha %s spazi per %s cubi",
	"the events are %s, %s and %s for eras I to III: expected at least 8, 10 and 1, one of era III with effect=end (Sarajevo)": "gli eventi sono %s, %s e %s per le ere da I a III: attesi almeno 8, 10 e 1, uno di era III con effect=end (Sarajevo)",
	"there is no territory %s: expected one given by a TERRITORY line":                                                         "non esiste il territorio %s: atteso uno dato da una riga TERRITORY",
}
