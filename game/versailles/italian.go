package versailles

import (
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/table"
)

// italian gives the Italian of the game's texts (the engine's are the
// engine's), of the reasons an action is refused (alone and after the
// prefix of a line skipped), of the deals' texts, of the data file's
// refusals, and of the words that name things.
var italian = func() game.Dictionary {
	d := game.Dictionary{
		"%s": "%s",
		"%s is a bot and its procedure leaves this choice to you (answer with RULE): %s": "%s è un bot e la sua procedura lascia a te questa scelta (rispondi con RULE): %s",
		"its political action (%s).":                                  "la sua azione politica (%s).",
		"%s is a bot and its procedure leaves this choice to you: %s": "%s è un bot e la sua procedura lascia a te questa scelta: %s",
		"The conference asks each player to demobilize a unit or lose %s Happiness: DEMOB <n> (from 0: %s) or LOSE.": "La conferenza chiede a ogni giocatore di smobilitare un'unità o perdere %s Felicità: SMOBILITA <n> (da 0: %s) o PERDI.",
		"%s loses %s Happiness rather than demobilize.":                                                              "%s perde %s Felicità invece di smobilitare.",
		"Auction for %s: the bots bid %s (units/military/Influence). Beat the highest bid to take it (BID <units> <influence>; your units in %s count double), or PASS and the highest bot takes it.": "Asta per %s: i bot puntano %s (unità/militari/Influenza). Supera la puntata più alta per prenderla (PUNTA <unità> <influenza>; le tue unità in %s contano doppio), o PASSA e la prende il bot con la puntata più alta.",
		"the solo game is played by the UK, France and the USA":                                                                                                "la partita in solitario si gioca con Regno Unito, Francia e USA",
		"Solo: you play one faction at a time, the other two are bots; you switch to the weakest when an Issue is unsettled.":                                  "Solitario: giochi una fazione alla volta, le altre due sono bot; passi alla più debole quando una Questione torna irrisolta.",
		"The Issues and Events are dealt for the solo game.":                                                                                                   "Questioni ed Eventi sono distribuiti per la partita in solitario.",
		"the player wins with %s VP of the %s needed":                                                                                                          "il giocatore vince con %s PV dei %s richiesti",
		"the player loses with %s VP of the %s needed":                                                                                                         "il giocatore perde con %s PV dei %s richiesti",
		"Solo: the player plays %s and has %s VP of the %s needed; faction strength %s.":                                                                       "Solitario: il giocatore gioca %s e ha %s PV dei %s richiesti; forza delle fazioni %s.",
		"%s is the strongest faction (%s): the player scores 1 VP, %s in all.":                                                                                 "%s è la fazione più forte (%s): il giocatore ottiene 1 PV, %s in tutto.",
		"An Issue is unsettled: you switch to the weakest faction, and %s are equal (%s); choose (FACTION <faction>).":                                         "Una Questione torna irrisolta: passi alla fazione più debole, e %s sono pari (%s); scegli (FAZIONE <fazione>).",
		"The bots bid for %s (units/military/Influence): %s.":                                                                                                  "I bot puntano per %s (unità/militari/Influenza): %s.",
		"The bots' bids for %s are equal (%s): choose which takes it (AWARD <faction>).":                                                                       "Le puntate dei bot per %s sono pari (%s): scegli quale la prende (ASSEGNA <fazione>).",
		"The game is over: the player has %s VP, and needed %s.":                                                                                               "La partita è finita: il giocatore ha %s PV, e ne servivano %s.",
		"Solo: the factions' turn order, drawn at random (RANDOM) or yours (ORDER <faction> <faction> <faction>); you begin with the faction that plays last.": "Solitario: l'ordine di turno delle fazioni, a caso (CASUALE) o scelto da te (ORDINE <fazione> <fazione> <fazione>); cominci con la fazione che gioca per ultima.",
		"The factions play in the order %s.":                                                                                                                   "Le fazioni giocano nell'ordine %s.",
		"The event unsettles an Issue of %s: choose which (UNSETTLE <issue>): %s.":                                                                             "L'evento rende irrisolta una Questione di %s: scegli quale (RIAPRI <questione>): %s.",
		"The player now plays %s.": "Il giocatore ora gioca %s.",
		"%s You lead both Issues on the Table: your political action must settle one of them.": "%s Guidi entrambe le Questioni sul Tavolo: la tua azione politica deve sistemarne una.",
		"%s takes no political action.": "%s non svolge alcuna azione politica.",
		"%s (%s) needs an effect the data does not describe: apply it with EDIT, then RULE DONE.": "%s (%s) richiede un effetto che i dati non descrivono: applicalo con EDIT, poi RULE DONE.",
		"%s advances %s and %s to the Table.":                                                     "%s fa avanzare %s e %s sul Tavolo.",
		"%s announces %s in %s.":                                                                  "%s annuncia %s in %s.",
		"%s bids %s units (%s military) and %s Influence.":                                        "%s punta %s unità (%s militari) e %s Influenza.",
		"%s chooses %s for %s: %s.":                                                               "%s sceglie %s per %s: %s.",
		"%s declines it.":                                                                         "%s la rifiuta.",
		"%s demobilizes a unit on space %s.":                                                      "%s smobilita un'unità sullo spazio %s.",
		"%s deploys a unit to %s, column %s.":                                                     "%s schiera un'unità in %s, colonna %s.",
		"%s draws %s.":                                                                            "%s pesca %s.",
		"%s has no option %s":                                                                     "%s non ha l'opzione %s",
		"%s is bound by its deal to %s.":                                                          "%s è vincolato dal suo patto a %s.",
		"%s is reset: powder keg in column %s, unrest in column %s.":                              "%s è ripristinata: barile di polvere nella colonna %s, malcontento nella colonna %s.",
		"%s is unsettled and auctioned.":                                                          "%s torna irrisolta ed è messa all'asta.",
		"%s keeps an Issue and discards %s.":                                                      "%s tiene una Questione e scarta %s.",
		"%s passes.":                                                                              "%s passa.",
		"%s places %s Influence on %s and %s on %s.":                                              "%s pone %s Influenza su %s e %s su %s.",
		"%s recovers %s Influence and %s units.":                                                  "%s recupera %s Influenza e %s unità.",
		"%s recovers as much: %s Influence.":                                                      "%s recupera altrettanto: %s Influenza.",
		"%s scores %s VP: %s for Issues and flags, %s for Happiness, %s for its Strategy card.": "%s segna %s PV: %s per Questioni e bandiere, %s per la Felicità, %s per la sua carta Strategia.",
		"%s sends %s Influence to Exhausted.":                                                   "%s manda %s Influenza ad Esausti.",
		"%s settles %s (%s): %s controls it.":                                                   "%s sistema %s (%s): la controlla %s.",
		"%s takes %s from the discards for %s Influence.":                                       "%s prende %s dagli scarti per %s Influenza.",
		"%s takes the Strategy card %s (%s).":                                                   "%s prende la carta Strategia %s (%s).",
		"%s took no political action: the turn is asked again.":                                 "%s non ha fatto un'azione politica: il turno gli è chiesto di nuovo.",
		"%s wins %s for %s units and %s Influence.":                                             "%s vince %s per %s unità e %s Influenza.",
		"%s wins with %s VP (%s)":                                                               "%s vince con %s PV (%s)",
		"%s: %s against %s, an insurrection.":                                                   "%s: %s contro %s, un'insurrezione.",
		"%s: %s against %s, calm.":                                                              "%s: %s contro %s, calma.",
		"%s: %s skipped: ":                                                                      "%s: %s saltato: ",
		"%s: %s skipped: one military action a turn.":                                           "%s: %s saltato: un'azione militare per turno.",
		"%s: %s skipped: one political action a turn.":                                          "%s: %s saltato: un'azione politica per turno.",
		"%s: unrest in column %s, no roll.":                                                     "%s: malcontento nella colonna %s, nessun tiro.",
		"A powder keg is added in %s.":                                                          "Un barile di polvere è aggiunto in %s.",
		"Advance a waiting Issue and a waiting Event to the Table (ADVANCE <issue> <event> [CUBE]). Waiting: %s; events %s.": "Fai avanzare sul Tavolo una Questione e un Evento in attesa (AVANZA <questione> <evento> [CUBO]). In attesa: %s; eventi %s.",
		"An insurrection check in %s.": "Una verifica dell'insurrezione in %s.",
		"Auction for %s: bid military units and Influence (BID <units> <influence>; your units in %s count double) or PASS. Best bid: %s with %s military and %s Influence.": "Asta per %s: punta unità militari e Influenza (PUNTA <unità> <influenza>; le tue unità in %s contano doppio) o PASSA. Miglior puntata: %s con %s militari e %s Influenza.",
		"Choose a Strategy card (STRATEGY <card>): %s.": "Scegli una carta Strategia (STRATEGIA <carta>): %s.",
		"Conference: %s (%s), for %s.":                  "Conferenza: %s (%s), per %s.",
		"Crisis: %s (%s).":                              "Crisi: %s (%s).",
		"Data loaded: %s issues, %s events, %s strategy cards; %s placeholder lines.": "Dati caricati: %s questioni, %s eventi, %s carte Strategia; %s righe provvisorie.",
		"Discards, top first: %s.":               "Scarti, dalla cima: %s.",
		"Events: on the Table %s, waiting %s.":   "Eventi: sul Tavolo %s, in attesa %s.",
		"Every deployed unit goes to Exhausted.": "Ogni unità schierata va ad Esausti.",
		"Happiness of %s: %s.":                   "Felicità di %s: %s.",
		"Insurrection check in %s (unrest column %s): your unit lets you announce MOD +1, MOD -1 or MOD 0.":  "Verifica dell'insurrezione in %s (malcontento nella colonna %s): la tua unità ti permette di annunciare MOD +1, MOD -1 o MOD 0.",
		"Insurrection in %s: choose which of your Issues is unsettled (UNSETTLE <issue>): %s.":               "Insurrezione in %s: scegli quale delle tue Questioni torna irrisolta (RIAPRI <questione>): %s.",
		"Insurrection in %s: your unit is leftmost; choose the player affected among %s (SUBJECT <player>).": "Insurrezione in %s: la tua unità è la più a sinistra; scegli il giocatore colpito tra %s (SOGGETTO <giocatore>).",
		"Mutiny: your Happiness allows %s units; demobilize one to space 1 (DEMOB <n>, from 0): %s.":         "Ammutinamento: la tua Felicità permette %s unità; smobilitane una sullo spazio 1 (SMOBILITA <n>, da 0): %s.",
		"No Issue is left to draw: the game ends.":                                                           "Non restano Questioni da pescare: la partita finisce.",
		"No Issue of %s is settled: nothing is unsettled.":                                                   "Nessuna Questione di %s è sistemata: nulla torna irrisolto.",
		"Nobody bids for %s: it is discarded.":                                                               "Nessuno punta su %s: è scartata.",
		"On the Table: %s.":                                                                                  "Sul Tavolo: %s.",
		"Refill the Waiting Room: REFILL DRAW (two drawn, one kept) or REFILL DISCARD 1|2|3 (the discards' first for free, second for 1 Influence, third for 2): %s.": "Rifornisci la Sala d'Attesa: RIFORNISCI PESCA (due pescate, una tenuta) o RIFORNISCI SCARTI 1|2|3 (la prima degli scarti gratis, la seconda per 1 Influenza, la terza per 2): %s.",
		"Strategy cards offered: %s.":                                                     "Carte Strategia offerte: %s.",
		"The End card is settled: the game ends.":                                         "La carta Fine Partita è sistemata: la partita finisce.",
		"The Event discards are shuffled into a new deck.":                                "Gli scarti degli Eventi sono mescolati in un nuovo mazzo.",
		"The Issues, Events and Strategy cards are dealt; %s is the first active player.": "Questioni, Eventi e carte Strategia sono distribuiti; %s è il primo giocatore attivo.",
		"The USA's political action is yours: US PLACE <issue> <issue> (the fewest cubes that lead), US RECOVER, or US SETTLE <issue> (not one you control). The USA have %s Influence available, %s exhausted.": "L'azione politica degli USA è tua: US PONI <questione> <questione> (i cubi minimi per guidare), US RECUPERA, o US SISTEMA <questione> (non una che controlli tu). Gli USA hanno %s Influenza disponibile, %s esausta.",
		"The conference event %s (%s) is yours, and optional: APPLY or DECLINE.": "L'evento di conferenza %s (%s) è tuo, e opzionale: APPLICA o RIFIUTA.",
		"Turn %s, active player %s.": "Turno %s, giocatore attivo %s.",
		"US SETTLE %s skipped: the USA never settle in favour of the player who plays them.": "US SISTEMA %s saltato: gli USA non sistemano mai a favore del giocatore che li gioca.",
		"Unrest in %s: column %s.": "Malcontento in %s: colonna %s.",
		"Waiting Room: %s.":        "Sala d'Attesa: %s.",
		"You control %s (%s): choose its option (OPTION <key>): %s.":                                 "Controlli %s (%s): scegline l'opzione (OPZIONE <chiave>): %s.",
		"You drew %s: keep one for the Waiting Room (KEEP <issue>); the other is discarded face up.": "Hai pescato %s: tienine una per la Sala d'Attesa (TIENI <questione>); l'altra è scartata scoperta.",
		"Your turn: one political action (PLACE <issue> <n> <issue> <n>; RECOVER [<n>] [RECALL <region>...]; SETTLE <issue>) and, before or after it, one military action if you wish (DEPLOY <region> <column>; DEMOB <unit>). On the Table: %s; waiting: %s. You have %s Influence available, %s exhausted; units %s.": "Il tuo turno: un'azione politica (PONI <questione> <n> <questione> <n>; RECUPERA [<n>] [RICHIAMA <regione>...]; SISTEMA <questione>) e, prima o dopo, un'azione militare se vuoi (SCHIERA <regione> <colonna>; SMOBILITA <unità>). Sul Tavolo: %s; in attesa: %s. Hai %s Influenza disponibile, %s esausta; unità %s.",
		"expected ALWAYS MOD +1|-1|0":                                             "atteso SEMPRE MOD +1|-1|0",
		"expected BID <units> <influence>":                                        "atteso PUNTA <unità> <influenza>",
		"expected DEAL <player> <cubes> [OPTION <issue> <key>]":                   "atteso DEAL <giocatore> <cubi> [OPTION <questione> <chiave>]",
		"expected US PLACE <issue> <issue>, US RECOVER or US SETTLE <issue>":      "atteso US PONI <questione> <questione>, US RECUPERA o US SISTEMA <questione>",
		"no deal #%s is proposed to you this turn":                                "nessun patto #%s ti è proposto in questo turno",
		"the cubes are no longer there: %s has %s available, %s has %s exhausted": "i cubi non ci sono più: %s ha %s disponibili, %s ha %s esausti",
		"the data is loaded before the setup only":                                "i dati si caricano solo prima della preparazione",
		"the game is for %s players":                                              "la partita è per %s giocatori",
		"you cannot bid %s units and %s Influence for %s":                         "non puoi puntare %s unità e %s Influenza per %s",
		"your bid for %s, %s military and %s Influence, does not beat the highest so far, %s military and %s Influence: bid more military, or as much and more Influence, or PASS": "la tua puntata per %s, %s militare e %s Influenza, non batte la più alta finora, %s militare e %s Influenza: punta più militare, o altrettanto e più Influenza, o PASSA",
		"your bid for %s, %s military and %s Influence, does not beat the bots' highest, %s military and %s Influence: bid more military, or as much and more Influence, or PASS":  "la tua puntata per %s, %s militare e %s Influenza, non batte la più alta dei bot, %s militare e %s Influenza: punta più militare, o altrettanto e più Influenza, o PASSA",
		"you have %s Influence available": "hai %s Influenza disponibile",
		"turn %s":                         "turno %s",
		// Words.
		"setup": "preparazione", "available": "disponibile", "exhausted": "esausta", "happiness": "felicità",
		"issues": "questioni", "keg": "barile", "player": "giocatore", "region": "regione", "strategy": "strategia",
		"units": "unità", "unrest": "malcontento",
		"europe": "europa", "balkans": "balcani", "middle_east": "medio_oriente", "africa": "africa", "pacific": "pacifico", "league": "lega", "reparations": "riparazioni",
		"United Kingdom": "Regno Unito", "France": "Francia", "USA": "USA", "Italy": "Italia", "Japan": "Giappone",
		kindData: "dati", kindTurn: "turno", kindOption: "opzione", kindChoice: "scelta", kindModifier: "modificatore",
		kindBid: "puntata", kindMutiny: "ammutinamento", kindUS: "azione_usa", kindCard: "carta",
	}
	for k, v := range reasons {
		d[k] = v
		d["%s: %s skipped: "+k+"."] = "%s: %s saltato: " + v + "."
	}
	said := map[string]string{
		"Proposed: %s.": "Proposto: %s.", "Proposed: %s. %s may ACCEPT %s this turn.\n": "Proposto: %s. %s può accettare (ACCEPT %s) in questo turno.\n",
		"Accepted: %s.": "Accettato: %s.", "Accepted and binding: %s.\n": "Accettato e vincolante: %s.\n",
	}
	for en, it := range said {
		a, b, _ := cut(en)
		x, y, _ := cut(it)
		d[a+dealTerms+b] = x + dealTermsIt + y
	}
	table.DataItalian(d, dataItalian)
	return d
}()

// dealTermsIt is dealTerms in Italian.
const dealTermsIt = "patto #%s: %s manda ad Esausti %s Influenza perché %s ne recuperi altrettanta; %s promette l'opzione %s di %s"

func cut(s string) (string, string, bool) {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '%' && s[i+1] == 's' {
			return s[:i], s[i+2:], true
		}
	}
	return s, "", false
}

// reasons are why an action is not legal now.
var reasons = game.Dictionary{
	"%s has %s Influence available":                            "%s ha %s Influenza disponibile",
	"%s has a unit in %s already":                              "%s ha già un'unità in %s",
	"%s has no available or deployed unit":                     "%s non ha unità disponibili o schierate",
	"%s has no such unit to demobilize":                        "%s non ha quell'unità da smobilitare",
	"a region, and a column from 5 to 8":                       "una regione, e una colonna da 5 a 8",
	"after placing, %s would not lead %s alone":                "dopo il piazzamento, %s non guiderebbe %s da solo",
	"an Issue on the Table with a cube on it":                  "una Questione sul Tavolo con un cubo sopra",
	"at most %s, and %s has %s exhausted":                      "al massimo %s, e %s ne ha %s esausti",
	"column %s of %s holds a unit already":                     "la colonna %s di %s ha già un'unità",
	"expected DEPLOY <region> <column>":                        "atteso SCHIERA <regione> <colonna>",
	"expected PLACE <issue> <n> <issue> <n>":                   "atteso PONI <questione> <n> <questione> <n>",
	"expected PLACE, RECOVER or SETTLE":                        "atteso PONI, RECUPERA o SISTEMA",
	"nothing to recover":                                       "niente da recuperare",
	"you lead both Issues on the Table: settle one of them":    "guidi entrambe le Questioni sul Tavolo: sistemane una",
	"two different Issues on the Table or in the Waiting Room": "due Questioni diverse sul Tavolo o nella Sala d'Attesa",
}

// dataItalian are the data file's refusals, after "line %s: " or "the
// file: ".
var dataItalian = game.Dictionary{
	"%s %s is given twice (first on line %s)":                                                                          "%s %s è data due volte (la prima alla riga %s)",
	"%s events and %s strategy cards: expected at least 4 and 5":                                                       "%s eventi e %s carte Strategia: attesi almeno 4 e 5",
	"%s is no line of a data file: expected ISSUE, OPTION, EVENT, STRATEGY, END, COLUMN, REGION, DEMOB, ZONE or SETUP": "%s non è una riga del file dei dati: atteso ISSUE, OPTION, EVENT, STRATEGY, END, COLUMN, REGION, DEMOB, ZONE o SETUP",
	"%s issues: expected at least %s (6 dealt, the End card, %s under it)":                                             "%s questioni: attese almeno %s (6 distribuite, la carta Fine Partita, %s sotto di essa)",
	"column %s has no COLUMN line":                                                                                     "la colonna %s non ha una riga COLUMN",
	"effect %s: expected %s":                                                                                           "effetto %s: atteso %s",
	"expected %s":                                                                                                      "atteso %s",
	"expected %s, naming an issue":                                                                                     "atteso %s, che nomini una questione",
	"expected DEMOB and ZONE lines":                                                                                    "attese righe DEMOB e ZONE",
	"issue %s has no OPTION line":                                                                                      "la questione %s non ha righe OPTION",
	"region %s has no REGION line":                                                                                     "la regione %s non ha una riga REGION",
	"roll=%s: expected a number 1-7 or x":                                                                              "roll=%s: atteso un numero da 1 a 7 o x",
	"score %s: expected %s":                                                                                            "score %s: atteso %s",
	"there is no issue %s: expected one given by an ISSUE line":                                                        "non esiste la questione %s: attesa una data da una riga ISSUE",
}
