package judge

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/corriere/corriere/examples"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/game/italia"
	"github.com/corriere/corriere/store"
)

// italiaSeats are the six powers of Le Guerre d'Italia and their players.
var italiaSeats = []string{"francia", "aragonesi", "impero", "venezia", "firenze", "papato"}

// newItaliaGame creates Le Guerre d'Italia "guerra" by mail on a judge
// that hosts it after Diplomacy: the master creates it, seats the six
// powers and starts it.
func newItaliaGame(t *testing.T) (*fixture, map[string]string) { return newItaliaGameWith(t, "") }

// newItaliaGameWith is newItaliaGame with more settings lines, whose
// CREATE reply says wants.
func newItaliaGameWith(t *testing.T, settings string, wants ...string) (*fixture, map[string]string) {
	f := newFixture(t, nil)
	f.j.Games = append(slices.Clone(testGames), italia.Kind{})
	// The demo's dice: the spring's sheets are the demo's, and with these
	// dice the 1499 famine and plague tables strike nothing they move
	// through (TestItaliaScenarioByMail plays the events).
	f.j.Seed = func() dice.Seed { return examples.ItaliaDice }
	reply := f.send("gm@x.test", "CREATE guerra pw-arbitro\ngame italia\ndiplomacy 0 20 * * *\noperations 0 20 * * *\ngrace 30m"+settings)
	mustContain(t, "CREATE", reply, "Game guerra created (italia variant, 1499-1512 rules).", "Laguna: merged into the Alto Adriatico (R3)", `Deadlines: diplomacy "0 20 * * *", operations "0 20 * * *"`)
	mustContain(t, "CREATE", reply, wants...)
	reply = f.seatAll("guerra", "pw-arbitro", italiaSeats, "players.test")
	mustContain(t, "the master's mail", reply, "Venice: now played by venezia@players.test", "Game guerra has started")
	pw := map[string]string{}
	for _, p := range italiaSeats {
		pw[p] = f.password(p + "@players.test")
	}
	return f, pw
}

// sheet mails a power's sheet, signed on.
func (f *fixture) sheet(pw map[string]string, power, body string) string {
	f.t.Helper()
	return f.send(power+"@players.test", "SIGNON "+power+"@guerra "+pw[power]+"\n"+body)
}

// arbiter mails the arbiter's lines to guerra, signed on as its master.
func (f *fixture) arbiter(body string) string {
	f.t.Helper()
	return f.send("gm@x.test", "SIGNON master@guerra pw-arbitro\n"+body)
}

// deadline lets a day pass, so that the phase is processed.
func (f *fixture) deadline() {
	f.t.Helper()
	f.clk.advance(24 * time.Hour)
	f.tick()
}

// A year of Le Guerre d'Italia by mail: the diplomacy makes an alliance,
// the sheets, in Italian and English, are answered line by line with the
// treasury and what is missing, the deadlines pass, each player reads
// results made for him (never another's dummies, sheet or treasury), and
// the dice replay after a rollback.
func TestItaliaYearByMail(t *testing.T) {
	f, pw := newItaliaGame(t)
	mustContain(t, "Venice's start mail", f.lastMail("start", "venezia@players.test"), "Game guerra has started", "treasury 13 ducats")

	// Primavera 1499, diplomacy: an alliance by ambassadors (seed §3 A).
	reply := f.sheet(pw, "venezia", "FOGLIO VENEZIA PRIMAVERA 1499 DIPLOMAZIA\nAMBASCIATORE Papato\nTRANSITO Papato")
	mustContain(t, "Venice's diplomacy", reply, "AMBASCIATORE Papato          ok: AMBASCIATORE Papato", "Your orders are complete.")
	reply = f.sheet(pw, "papato", "AMBASSADOR Venice\nAMBASSADOR Narnia")
	mustContain(t, "the Pope's diplomacy", reply, "ok: AMBASCIATORE Venezia", `refused: no power is called "Narnia"`)
	f.deadline()
	mustContain(t, "the diplomacy's results", f.lastMail("results", "francia@players.test"), "Venice and Papacy are allied for the year (seed §3 A)", "Next: Spring 1499 operations (P1499O)")

	// Primavera 1499, operations: each line understood or refused, the
	// ledger after each expense, what is still missing.
	reply = f.sheet(pw, "papato", "PAY 2 TO Venice")
	mustContain(t, "the Pope's first mail", reply, "ok: PAGA 2 A Venezia (the sheet now commits 2 ducats of your 13; 11 left)", "an order for #1 in Roma", "an order for F1 in Basso Adriatico")
	reply = f.sheet(pw, "venezia", examples.ItaliaVeniceSpring)
	mustContain(t, "Venice's sheet", reply,
		"MANTIENI TUTTO               rifiutato: nella prima primavera non ci sono spese (seed §3 C)",
		"ok: CORROMPI Ferrara CON 10 (il foglio impegna ora 10 ducati dei tuoi 13; ne restano 3)",
		"ok: #3 FINTO IN Treviso", "I tuoi ordini sono completi.",
		// The heading orders nothing, and is read: not among the lines
		// passed over.
		"FOGLIO VENEZIA PRIMAVERA 1499 foglio di Venezia per Primavera 1499, operazioni (P1499O)")
	reply = f.sheet(pw, "papato", examples.ItaliaPapacySpring)
	mustContain(t, "the Pope's sheet", reply, "ok: #1 - Perugia", "ok: F1 - Alto Adriatico", "Your orders are complete.")
	reply = f.sheet(pw, "firenze", examples.ItaliaFlorenceSpring)
	mustContain(t, "Florence's sheet", reply, "ok: RIVOLTA Urbino CON 10 SEGRETA (il foglio impegna ora 12 ducati dei tuoi 18; ne restano 6)")
	f.deadline()
	venice, papacy, florence := f.lastMail("results", "venezia@players.test"), f.lastMail("results", "papato@players.test"), f.lastMail("results", "firenze@players.test")
	mustContain(t, "Venice's results", venice, "la guarnigione di Ferrara è corrotta da Venezia", "#3 FINTO IN Vicenza", "tesoro 4 ducati", "Urbino si ribella, fomentato da ignoti")
	mustContain(t, "the Pope's results", papacy, "Venice #3: Treviso -> Vicenza", "Urbino rises in revolt, stirred by unknown parties", "treasury 10 ducats")
	mustContain(t, "Florence's results", florence, "12 ducati pagati: l'offerta in Urbino", "tesoro 6 ducati")
	for _, secret := range []string{"FINTO", "DUMMY", "CORROMPI", "RIVOLTA", "treasury 4", "treasury 6", "CINC, 4 GD, 5 PK"} {
		if strings.Contains(papacy, secret) {
			t.Errorf("the Pope reads %q:\n%s", secret, papacy)
		}
	}
	italiaMaps(t, f, "P1499O")

	// Estate 1499: a strategic move rolls to cross independent Mantova;
	// the Pope's army pays to enter revolted Urbino and quells it.
	// Venice's standing instructions of the spring stand for the summer
	// (spec §4.2) without being written again.
	reply = f.sheet(pw, "venezia", "#1 STRATEGICO Mantova-Brescia\n#2 FERMO\n#3 FERMO\nF1 FERMO")
	mustContain(t, "Venice's summer sheet", reply, "I tuoi ordini per Estate 1499", "BATTAGLIA ACCETTA\n", "#2 CEDI SE INCONTRO\n", "RITIRATA #1 Padova, Vicenza\n", "PERDITE FT, CL, PK, ART, GD\n")
	f.sheet(pw, "papato", "#1 - Urbino\nF1 HOLD")
	f.deadline()
	summer := f.gameByName("guerra").Position
	mustContain(t, "the summer's results", f.lastMail("results", "papato@players.test"), "Venice #1 moves strategically: Ferrara -> ", "Papacy quells the revolt in Urbino")
	rolls := strings.Join(f.audit("guerra"), "\n")
	mustContain(t, "the audit", rolls, "E1499O: strategic move of venezia #1: stop in mantu: ")

	// The arbiter rolls the summer back and processes it again: the same
	// dice, the same position.
	reply = f.arbiter("ROLLBACK E1499O\nPROCESS E1499O")
	mustContain(t, "the rollback", reply, "Game guerra is back at Summer 1499 operations (E1499O)", "E1499O processed now")
	if again := f.gameByName("guerra").Position; again != summer {
		t.Errorf("after the rollback:\n%s\nbefore it:\n%s", again, summer)
	}

	// Autunno 1499: taxes, supply, and the next year.
	f.deadline()
	mustContain(t, "the autumn's results", f.lastMail("results", "venezia@players.test"), "Venezia riscuote 24 ducati di tasse (seed §5)", "Prossima fase: Primavera 1500, diplomazia (P1500D)")
	if g := f.gameByName("guerra"); g.Phase != "P1500D" {
		t.Errorf("the game is at %s", g.Phase)
	}
}

// italiaMaps checks the maps of phase's results mails: each mail goes out
// with its reader's map attached, and Venice's (her dummy a dummy, her
// counters' elements, her supports) is not the Pope's, which shows her
// counters as "Venezia #k" (game/italia's TestMapPerReader checks what
// each shows).
func italiaMaps(t *testing.T, f *fixture, phase string) {
	t.Helper()
	ctx := context.Background()
	maps := map[string][]byte{}
	for _, m := range f.outbox() {
		if m.Kind != "results" || m.Phase != phase {
			continue
		}
		raw, err := f.j.compose(ctx, []store.Mail{m})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(raw, []byte("attachment; filename=map-"+phase+".png")) || !bytes.Contains(raw, []byte("image/png")) {
			t.Errorf("the results mail to %s has no map attached", m.Recipient)
		}
		png, err := f.j.resultsMap(ctx, m.GameID, phase, m.Recipient)
		if err != nil || len(png) == 0 {
			t.Fatalf("the map for %s: %d bytes, %v", m.Recipient, len(png), err)
		}
		maps[m.Recipient] = png
	}
	venice, pope := maps["venezia@players.test"], maps["papato@players.test"]
	if venice == nil || pope == nil || bytes.Equal(venice, pope) {
		t.Errorf("Venice's map and the Pope's: %d and %d bytes, the same: %v", len(venice), len(pope), bytes.Equal(venice, pope))
	}
}

// A new mail replaces a power's sheet (spec §4.2), not only the lines of
// the same keys; the game is also known as "guerre".
func TestItaliaNewSheetReplaces(t *testing.T) {
	f, pw := newItaliaGame(t)
	f.sheet(pw, "venezia", "AMBASCIATORE Papato\nTRANSITO Papato")
	reply := f.sheet(pw, "venezia", "TRANSITO Firenze")
	mustContain(t, "the second sheet", reply, "ok: TRANSITO Firenze")
	var texts []string
	f.j.Store.Read(context.Background(), func(tx *store.Tx) error {
		g, err := tx.Game("guerra")
		if err != nil {
			return err
		}
		orders, err := tx.Orders(g.ID, g.Phase)
		for _, o := range orders {
			if o.Power == "venezia" {
				texts = append(texts, o.Canonical)
			}
		}
		return err
	})
	if len(texts) != 1 || !strings.Contains(texts[0], "Firenze") {
		t.Errorf("Venice's orders after a second sheet: %q, want the second sheet's alone", texts)
	}
	reply = f.send("gm@x.test", "CREATE altra pw-arbitro\ngame guerre")
	mustContain(t, "the alias", reply, "Game altra created (italia variant")
}

// A tactical battle by mail (battles tactical, spec §3.10): France and the
// Empire march into Tirolo in the first operations; the results open
// ticket 1499P-1, whole to the two of them and the arbiter, where and
// between whom to the others, and the turn waits in a round of battles
// that nobody owes a sheet for. The arbiter's ruling alone does not end
// the round; his result does, at once: the players read the battle and
// the rest of the turn, and the arbiter's reason.
func TestItaliaTacticalBattleByMail(t *testing.T) {
	f, pw := newItaliaGameWith(t, "\nbattles tactical\ntickets 0 20 * * *",
		`tickets "0 20 * * *" (the battle tickets of tactical battles)`, "battles tactical: the arbiter enters their results (spec §3.10).")
	f.deadline() // the spring's diplomacy
	f.sheet(pw, "francia", "#1 - Tyrol\nF1 HOLD\nF2 HOLD")
	f.sheet(pw, "impero", "FOGLIO IMPERO PRIMAVERA 1499\n#1 - Tirolo   # il nostro esercito va a difendere il Tirolo")
	f.deadline()
	if g := f.gameByName("guerra"); g.Phase != "P1499B1" {
		t.Fatalf("after the operations: %s", g.Phase)
	}
	france, empire, venice, master := f.lastMail("results", "francia@players.test"), f.lastMail("results", "impero@players.test"), f.lastMail("results", "venezia@players.test"), f.lastMail("results", "gm@x.test")
	mustContain(t, "France's results", france, "Battle ticket 1499P-1, Tirolo (spec §3.10):",
		"  attacker: France #1, from Milano: CINC, 4 GD, 2 CL, 6 PK, 7 FT, 1 ART (20 elements, rout level 7, worth 35)",
		"  defender: Empire #1, from Austria:", "  terrain: Empire builds it and picks the side, attacked in its own territory (seed §8)",
		"ARBITER BATTLE 1499P-1 RESULT France|Empire|NONE ROUT|TIME LOSSES France <n> Empire <n>", "Next: Spring 1499 battles (P1499B1)")
	mustContain(t, "the Emperor's results", empire, "Biglietto di battaglia 1499P-1, Tirolo (spec §3.10):", "  difensore: Impero #1, da Austria:")
	mustContain(t, "the arbiter's results", master, "Battle ticket 1499P-1, Tirolo", "    your word: none yet")
	mustContain(t, "Venice's results", venice, "1499P-1: France #1 and Empire #1 meet in Tirolo; the arbiter decides (spec §3.10)")
	if strings.Contains(venice, "Battle ticket 1499P-1") {
		t.Errorf("Venice reads the ticket:\n%s", venice)
	}
	reply := f.sheet(pw, "venezia", "#1 - Ferrara")
	mustContain(t, "a sheet in the round", reply, "no sheet is taken now: the turn waits for the arbiter's battle tickets")
	reply = f.sheet(pw, "venezia", "")
	mustContain(t, "Venice signed on in the round", reply, "Nothing is due from you for Spring 1499 battles (P1499B1) (guerra): the game master's decisions are due.")
	// At the reminder's hour the arbiter, not the players, is reminded of
	// the ticket that waits for his word (game.MasterOwer).
	f.clk.set(f.gameByName("guerra").Deadline.Add(-time.Minute))
	f.tick()
	mustContain(t, "the arbiter's reminder", f.lastMail("reminder", "gm@x.test"),
		"Game guerra, Spring 1499 battles (P1499B1): the phase waits for your word as its master: your word on battle tickets: 1499P-1 (ARBITRO BATTAGLIA 1499P-1 ESITO ... or ASTRATTA; without it, at the deadline the abstract battle decides).")
	if m := f.lastMail("reminder", "venezia@players.test"); m != "" {
		t.Errorf("Venice is reminded in the round:\n%s", m)
	}

	// The ruling alone leaves the round waiting for the result.
	reply = f.arbiter("ARBITRO CONFRONTABILI 1499P-1 SI -- forze pari")
	mustContain(t, "the ruling", reply, "1499P-1, Tirolo: giudicati confrontabili: è battaglia, e ne inserisci tu il risultato. Attendono ancora la tua parola: 1499P-1.")
	if g := f.gameByName("guerra"); g.Phase != "P1499B1" {
		t.Fatalf("after the ruling: %s", g.Phase)
	}
	reply = f.arbiter("ARBITRO BATTAGLIA 1499P-1 ESITO Francia TEMPO PERDITE Francia 2 Impero 3 -- x")
	mustContain(t, "a bad result", reply, "Refused: a battle ended by time has no winner (seed §8: only a rout wins a battle, Precisazione 2): write NESSUNO TEMPO. Nothing was changed.")
	reply = f.arbiter("ARBITRO BATTAGLIA 1499P-1 ESITO Impero ROTTA PERDITE Francia 7 Impero 3 -- giocata da Anna e Bruno il 2 marzo, vince l'Impero al sesto turno")
	mustContain(t, "the result", reply, "1499P-1, Tirolo: risultato inserito: Impero mette in rotta Francia (perdite Francia 7, Impero 3). Ogni biglietto aperto ha la tua parola")
	if g := f.gameByName("guerra"); g.Phase != "E1499O" {
		t.Fatalf("after the result: %s", g.Phase)
	}
	france, empire, venice = f.lastMail("results", "francia@players.test"), f.lastMail("results", "impero@players.test"), f.lastMail("results", "venezia@players.test")
	for who, mail := range map[string]string{"France": france, "Venice": venice} {
		mustContain(t, who+"'s results of the round", mail, "Spring 1499 battles (P1499B1)",
			"1499P-1, battle in Tirolo: the arbiter enters its result (spec §3.10). Reason: giocata da Anna e Bruno il 2 marzo, vince l'Impero al sesto turno",
			"battle in Tirolo: Empire routs France (losses 3 and 7, seed §8)", "France #1 withdraws: Tirolo -> Milano", "Next: Summer 1499 operations (E1499O)")
	}
	mustContain(t, "the Emperor's results of the round", empire, "battaglia in Tirolo: Impero mette in rotta Francia (perdite 3 e 7, seed §8)", "Francia #1 si ritira: Tirolo -> Milano",
		"Battaglie vinte con una rotta, su quelle combattute (seed §8, §11): Francia 0 su 1, Impero 1 su 1")
	mustContain(t, "Venice's results of the round", venice, "Battles won by a rout, of those fought (seed §8, §11): France 0 of 1, Empire 1 of 1")
	if strings.Contains(france, "France #1: Milano -> Tirolo") {
		t.Errorf("the round's results tell the moves again:\n%s", france)
	}
	audit := strings.Join(f.audit("guerra"), "\n")
	mustContain(t, "the audit", audit, "arbitro", "BATTAGLIA 1499P-1 ESITO Impero ROTTA PERDITE Francia 7 Impero 3 -- giocata da Anna e Bruno", "P1499O -> P1499B1", "P1499B1 -> E1499O")

	// The round rolled back and processed again comes to the same.
	summer := f.gameByName("guerra").Position
	reply = f.arbiter("ROLLBACK P1499B1\nPROCESS P1499B1")
	mustContain(t, "the rollback", reply, "Game guerra is back at Spring 1499 battles (P1499B1)")
	if again := f.gameByName("guerra").Position; again != summer {
		t.Errorf("after the rollback:\n%s\nbefore it:\n%s", again, summer)
	}
	// The battle is counted once, however often its round is processed.
	mustContain(t, "the position", summer, `"battles_won":{"impero":1},"battles_fought":{"francia":1,"impero":1}`)
	mustContain(t, "Venice's status", f.sheet(pw, "venezia", "STATUS"), "Battles won by a rout, of those fought (seed §8, §11): France 0 of 1, Empire 1 of 1")
}

// With six players nobody sits at the Ottomans and the Swiss (spec §1.1):
// the arbiter plays them (§3.18) through BECOME, which the game's
// contract lets him take (game.MasterSeater). His sheet for the Ottomans
// is read and answered as a player's, kept with the others, resolved at
// the deadline and shown to him alone; they owe nothing.
func TestItaliaArbiterPlaysTheOttomans(t *testing.T) {
	f, _ := newItaliaGame(t)
	f.deadline() // the spring's diplomacy
	reply := f.arbiter("EDIT TESORO Ottomani 5 -- il tributo dei Balcani\nBECOME Ottomani\nFOGLIO OTTOMANI PRIMAVERA 1499\nDIFENDI Albania CON 3")
	mustContain(t, "the arbiter as the Ottomans", reply, "The orders that follow are entered for Ottomans, marked as the game master's.",
		"ok: DIFENDI Albania CON 3 (the sheet now commits 3 ducats of your 5; 2 left)", "Your orders are complete.")
	reply = f.arbiter("BECOME Swiss\nBATTLE REFUSE")
	mustContain(t, "the arbiter as the Swiss", reply, "entered for Swiss", "ok: BATTAGLIA RIFIUTA")
	reply = f.arbiter("BECOME Narnia")
	mustContain(t, "no such power", reply, `"Narnia" is not a power of game guerra`)
	reply = f.sheet(map[string]string{"venezia": f.password("venezia@players.test")}, "venezia", "")
	mustContain(t, "Venice's orders", reply, "Your orders for Spring 1499 operations (P1499O)")
	f.deadline()
	master, venice := f.lastMail("results", "gm@x.test"), f.lastMail("results", "venezia@players.test")
	mustContain(t, "the arbiter's results", master, "Ottomans:\n  DIFENDI Albania CON 3", "Swiss:\n  BATTAGLIA RIFIUTA", "3 ducats paid: the defence of Albania", "Ottomans: 5 territories")
	mustContain(t, "the arbiter's results", master, "  treasury 2 ducats")
	for _, secret := range []string{"DIFENDI", "defence of Albania"} {
		if strings.Contains(venice, secret) {
			t.Errorf("Venice reads %q:\n%s", secret, venice)
		}
	}
	if strings.Contains(master, "Ottomans, ") || strings.Contains(master, ", Ottomans") {
		t.Errorf("the Ottomans were late:\n%s", master)
	}
}

// The arbiter supplies the scenario by mail in the spring 1499
// diplomacy (SCENARIO ... ENDSCENARIO): a block with bad lines is
// refused, each line with what was wrong and what was expected, in the
// arbiter's language, and changes nothing; a good one replaces the
// events table and Venice's victory sheet, every player is told, and
// STATUS says what is still provisional and shows Venice her own sheet
// alone. At the diplomacy's deadline the spring's event is rolled,
// applied (his table's revolt in Bari) and reported to each player in
// his language; once the operations have begun the scenario is fixed.
func TestItaliaScenarioByMail(t *testing.T) {
	f, pw := newItaliaGame(t)
	f.sheet(pw, "venezia", "Buongiorno arbitro, ecco il foglio della Serenissima.\nFOGLIO VENEZIA PRIMAVERA 1499 DIPLOMAZIA\nAMBASCIATORE Papato")
	f.sheet(pw, "papato", "SHEET PAPACY SPRING 1499 DIPLOMACY\nAMBASSADOR Venice")
	before := f.gameByName("guerra").Position

	reply := f.arbiter("Buongiorno a tutti, ecco lo scenario della nostra copia.\nSCENARIO\nEVENTO 3 CARESTIA Atlantide\nEVENTO 19 NULLA\nVITTORIA Venezia TIENI\nENDSCENARIO\nGrazie")
	mustContain(t, "the refused scenario", reply,
		"> SCENARIO ...\n  Rifiutato: lo scenario è rifiutato: riga 1: nessun territorio si chiama \"Atlantide\"; atteso EVENTO <3-18> NULLA|ARBITRO|CARESTIA [<territorio>]",
		"riga 2: \"19\" non è un tiro da 3 a 18; atteso EVENTO <3-18>",
		"riga 3: TIENI nomina il territorio da tenere; atteso VITTORIA <potenza> TIENI <territorio> [punti=<n>]",
		"Non è cambiato nulla.")
	if after := f.gameByName("guerra").Position; after != before {
		t.Errorf("a refused scenario changed the position:\n%s", after)
	}

	var rows []string
	for n := 3; n <= 18; n++ {
		rows = append(rows, fmt.Sprintf("EVENT %d REVOLT Bari : I baroni di Puglia si ribellano (%d)", n, n))
	}
	reply = f.arbiter("SCENARIO\n# our copy's events table\n" + strings.Join(rows, "\n") + "\nVICTORY venezia HOLD Ferrara points=2\nVICTORY venezia TERRITORIES 12\nENDSCENARIO")
	// The arbiter wrote in Italian: the judge answers him so.
	mustContain(t, "the scenario", reply,
		"> SCENARIO ...\n  lo scenario ha ora da te: la tabella eventi 3D6; le schede di vittoria di Venezia. Scenario: provvisorio (R28, R40): parti ancora del giudice: la tabella della carestia (quella di Machiavelli), la tabella della peste (quella di Machiavelli), la tabella dei raid turchi (provvisoria), il mazzo di carte (provvisorio), le mani iniziali (nessuna carta), le schede di vittoria di Francia, Aragonesi, Impero, Firenze, Papato (provvisorie)")
	mustContain(t, "Venice's notice", f.lastMail("announce", "venezia@players.test"), "L'arbitro ha fornito parte dello scenario: la tabella eventi 3D6; le schede di vittoria di Venezia (seed §2; STATUS dice a che punto è lo scenario).")
	mustContain(t, "the Pope's notice", f.lastMail("announce", "papato@players.test"), "The arbiter has supplied part of the scenario: the 3D6 events table; the victory sheets of Venice (seed §2; STATUS says where the scenario stands).")
	mustContain(t, "the audit", strings.Join(f.audit("guerra"), "\n"), "master scenario")

	venice := f.sheet(pw, "venezia", "Per favore, la situazione della partita:\nSTATUS")
	mustContain(t, "Venice's status", venice,
		"Scenario: provvisorio (R28, R40): parti ancora del giudice: la tabella della carestia (quella di Machiavelli)",
		"Scheda di vittoria di Venezia: tenere Ferrara, vale 2; tenere 12 territori (un punto per ciascuno che manca); e l'anno delle due città (seed §11)")
	pope := f.sheet(pw, "papato", "STATUS")
	mustContain(t, "the Pope's status", pope, "Victory sheet of Papacy: a placeholder; the arbiter supplies it, or rules on it at the end (seed §11)")
	if strings.Contains(pope, "Ferrara, worth 2") || strings.Contains(pope, "sheet of Venice") {
		t.Errorf("the Pope reads Venice's sheet:\n%s", pope)
	}

	// The deadline: the alliance, then the spring's events.
	f.deadline()
	mustContain(t, "Venice's results", f.lastMail("results", "venezia@players.test"),
		"Venezia e Papato sono alleati per l'anno (seed §3 A)",
		"gli eventi di Primavera 1499: 3D6 ", "I baroni di Puglia si ribellano (",
		"Bari si ribella: un evento, che nessuna operazione difensiva para (seed §6)",
		"la tabella della carestia (R28): gravità 2D6 ")
	mustContain(t, "the Pope's results", f.lastMail("results", "papato@players.test"),
		"the events of Spring 1499: 3D6 ", "Bari rises in revolt: an event, which no defensive operation parries (seed §6)",
		"the famine table (R28): severity 2D6 ")
	if pos := f.gameByName("guerra").Position; !strings.Contains(pos, `"revolts":[{"at":"bari"}]`) {
		t.Errorf("no revolt in Bari:\n%s", pos)
	}
	mustContain(t, "the audit", strings.Join(f.audit("guerra"), "\n"), "P1499D: events of Spring 1499: ")

	reply = f.arbiter("Good evening, one more change to the events table, please:\nSCENARIO\nEVENT 3 NONE\nENDSCENARIO")
	mustContain(t, "a late scenario", reply,
		"Refused: the scenario is fixed once Spring 1499 diplomacy (P1499D) is processed: its events were rolled on it and the players plan on it; EDIT corrects the position (now: Spring 1499 operations (P1499O)). Nothing was changed.")
}

// The arbiter's EDIT by mail: HELP lists the changes italia's EDIT takes,
// in the reader's language, beside Diplomacy's (game.EditHelper); words
// that are no change are refused with the same forms, in the arbiter's
// language, and change nothing.
func TestItaliaEditByMail(t *testing.T) {
	f, _ := newItaliaGame(t)
	mustContain(t, "HELP", f.send("someone@x.test", "HELP"),
		"for diplomacy: ADD <power> <A|F> <place>", "for italia: CONTROL <territory> <power|INDEPENDENT>,", "TREASURY <power> <n>,")
	mustContain(t, "HELP in Italian", f.send("someone@x.test", "Buongiorno, vorrei un aiuto per giocare\nHELP"),
		"per italia: CONTROLLO <territorio> <potenza|INDIPENDENTE>,", "TESORO <potenza> <n>,")
	before := f.gameByName("guerra").Position
	mustContain(t, "a bad EDIT", f.arbiter("EDIT PIOGGIA Roma -- piove"),
		"Refused: expected EDIT CONTROL <territory> <power|INDEPENDENT>, TREASURY <power> <n>,", "(or the same in the other language), then -- and the reason the players will read. Nothing was changed.")
	mustContain(t, "a bad EDIT in Italian", f.arbiter("Buongiorno, ecco una modifica per la partita\nEDIT PIOGGIA Roma -- piove"),
		"Rifiutato: atteso EDIT CONTROLLO <territorio> <potenza|INDIPENDENTE>, TESORO <potenza> <n>,", "(o lo stesso nell'altra lingua), poi -- e il motivo che leggeranno i giocatori.")
	if after := f.gameByName("guerra").Position; after != before {
		t.Errorf("a refused EDIT changed the position:\n%s", after)
	}

	// A treasury is its power's secret (R57: Edit's text for the master alone): the
	// arbiter reads the amount in his reply, the players only that it
	// changed.
	mustContain(t, "TREASURY", f.arbiter("EDIT TREASURY Venice 7 -- a loan from the Fuggers"), "Done: the treasury of Venice is 7 ducats.")
	for _, who := range []string{"venezia@players.test", "firenze@players.test"} {
		notice := f.lastMail("announce", who)
		mustContain(t, "the treasury's notice", notice, "changed the position of Spring 1499 diplomacy (P1499D): the treasury of Venice changed.\nReason: a loan from the Fuggers")
		if strings.Contains(notice, "7 ducats") {
			t.Errorf("%s reads Venice's treasury:\n%s", who, notice)
		}
	}

	// The arbiter fields the Ottomans, whom nobody plays: every player
	// is told where, with the reason, not what (R57); the arbiter reads
	// the counter whole. A place that does not exist is refused.
	mustContain(t, "a place that does not exist", f.arbiter("EDIT ADD Ottomans #1 ARMY IN Atlantis: 3 FT -- x"),
		`Refused: no territory is called "Atlantis". Nothing was changed.`)
	reply := f.arbiter("Buongiorno, ecco la mossa del Turco\nEDIT AGGIUNGI Ottomani #1 ESERCITO IN Albania: CINC, 4 CL, 8 FT -- evento 11: il Sultano sbarca in Albania\nSTATUS")
	mustContain(t, "ADD", reply, "Fatto: Ottomani #1 posto in Albania.", "#1 ESERCITO IN Albania: CINC, 4 CL, 8 FT")
	mustContain(t, "Venice's notice", f.lastMail("announce", "venezia@players.test"),
		"The game master has changed the position of Spring 1499 diplomacy (P1499D): Ottomans #1 placed in Albania.\nReason: evento 11: il Sultano sbarca in Albania")
	if venice := f.lastMail("announce", "venezia@players.test"); strings.Contains(venice, "CINC") {
		t.Errorf("Venice reads what the Ottomans' counter is:\n%s", venice)
	}
	// Then he plays it, as the Ottomans.
	f.deadline() // the spring's diplomacy
	reply = f.arbiter("BECOME Ottomans\n#1 - Ragusa")
	mustContain(t, "the Ottomans' order", reply, "ok: #1 - Ragusa")
	f.deadline()
	mustContain(t, "Venice's results", f.lastMail("results", "venezia@players.test"), "Ottomans #1: Albania -> Ragusa")
	// And takes a force away.
	reply = f.arbiter("EDIT REMOVE Venice F1 -- the fleet is lost in a storm\nEDIT REMOVE Venice F1 -- twice")
	mustContain(t, "REMOVE", reply, "Done: Venice F1 removed from Alto Adriatico.", "Refused: Venice has no fleet F1.")
}

// Le Guerre d'Italia takes its own settings only. The board and the
// scenario are no settings of it: a CREATE that sets them (on a judge
// that hosts Diplomacy, whose settings they are) is refused saying which
// settings the game takes and that its board is italia (lagoon separate
// for the Laguna apart) and its scenario 1499-1512, in the master's
// language, and no game is made.
func TestItaliaCreateRefusesOthersSettings(t *testing.T) {
	f := newFixture(t, nil)
	f.j.Games = append(slices.Clone(testGames), italia.Kind{})
	for _, c := range []struct{ mail, want string }{
		{"CREATE g1 pw-arbitro\ngame italia\nvariant italia-laguna",
			`game g1: "variant" is no setting of Le Guerre d'Italia: its settings are players (6|7|8), lagoon (merged|separate) and battles (abstract|tactical); its board is italia (lagoon separate plays the Laguna as a sea of its own) and its scenario 1499-1512, the seed's only one. The game was not created.`},
		{"Buongiorno, ecco la partita per il nostro gruppo\nCREATE g2 pw-arbitro\ngame italia\nrules 1499-1512",
			`partita g2: "rules" non è un'impostazione di Le Guerre d'Italia: le sue sono players (6|7|8), lagoon (merged|separate) e battles (abstract|tactical); la sua mappa è italia (lagoon separate fa della Laguna un mare a sé) e il suo scenario 1499-1512, l'unico del seed.`},
		{"CREATE g3 pw-arbitro\ngame italia\nmissing hold", `game g3: "missing" is no setting of Le Guerre d'Italia: its settings are players (6|7|8),`},
		{"Buongiorno, ecco la partita\nCREATE g4 pw-arbitro\ngame italia\nplayers 9", `partita g4: players "9": atteso 6, 7 (seduti gli Ottomani) o 8 (anche gli Svizzeri).`},
	} {
		mustContain(t, c.mail, f.send("gm@x.test", c.mail), c.want)
	}
	// No game was made: the name is free for the way it is meant, the
	// Laguna apart, which the label and the settings text both say.
	mustContain(t, "lagoon separate", f.send("gm@x.test", "CREATE g1 pw-arbitro\ngame italia\nlagoon separate"),
		"Game g1 created (italia-laguna variant, 1499-1512 rules).", "Laguna: a sea of its own.")
}

// The cards by mail (seed §10, spec §3.17): the lottery at the end of the
// spring's diplomacy names two players to everyone, and each reads the
// card he drew, which nobody else does (the arbiter reads whose it is).
// One of them plays it on his operations sheet; at the deadline everyone
// reads it played, and the arbiter that its effect is his. His CARTA
// ... EFFETTO tells every player what it did, with his reason; a second
// is refused, and changes nothing.
func TestItaliaCardsByMail(t *testing.T) {
	f, pw := newItaliaGame(t)
	f.deadline() // the spring's diplomacy, and its lottery
	public := f.lastMail("results", "impero@players.test")
	_, line, ok := strings.Cut(public, "the card lottery of Spring 1499: ")
	if !ok {
		t.Fatalf("no lottery in the Emperor's results:\n%s", public)
	}
	line, _, _ = strings.Cut(line, " draw a card (seed §10)")
	names := strings.Split(line, ", ")
	byName := map[string]string{}
	for _, p := range italiaSeats {
		byName[powerTitle(p)] = p
	}
	var drew []string
	for _, n := range names {
		drew = append(drew, byName[n])
	}
	if len(drew) != 2 || drew[0] == "" || drew[1] == "" {
		t.Fatalf("the lottery drew %q", names)
	}
	card := map[string]string{}
	for _, p := range italiaSeats {
		mail := f.lastMail("results", p+"@players.test")
		_, rest, drawn := strings.Cut(mail, "you draw card ")
		if !drawn {
			_, rest, drawn = strings.Cut(mail, "peschi la carta ")
		}
		if drawn != slices.Contains(drew, p) {
			t.Errorf("%s reads a card drawn: %v; the lottery drew %v:\n%s", p, drawn, drew, mail)
		}
		if drawn {
			card[p], _, _ = strings.Cut(rest, " ")
		}
	}
	player, n := drew[0], card[drew[0]]
	mustContain(t, "the arbiter's results", f.lastMail("results", "gm@x.test"), powerTitle(player)+" draws card "+n+" (a placeholder)")

	// He plays it before his operations, and everyone reads it.
	reply := f.sheet(pw, player, "PLAY CARD "+n+" WHEN BEFORE against Venice")
	mustContain(t, "the play", reply, "ok: GIOCA CARTA "+n+" QUANDO PRIMA against Venice")
	if player != "venezia" {
		f.sheet(pw, "venezia", "Buongiorno arbitro, ecco il foglio.\nFOGLIO VENEZIA PRIMAVERA 1499\n#1 FERMO\nF1 FERMO")
	}
	f.deadline()
	for _, p := range italiaSeats {
		mail := f.lastMail("results", p+"@players.test")
		if !strings.Contains(mail, " card "+n+" ("+"a placeholder) (before the operations)") && !strings.Contains(mail, " la carta "+n+" (segnaposto) (prima delle operazioni)") {
			t.Errorf("%s does not read card %s played:\n%s", p, n, mail)
		}
	}
	mustContain(t, "the arbiter's results", f.lastMail("results", "gm@x.test"), "card "+n+" (a placeholder) is played by "+powerTitle(player)+": its effect is yours (R41)", "; the player adds: against Venice")

	// The arbiter's word on it.
	before := f.gameByName("guerra").Position
	reply = f.arbiter("CARTA " + n + " EFFETTO Venezia paga 3 ducati -- la carta dice cosi")
	mustContain(t, "the effect", reply, "card "+n+" (a placeholder) of "+powerTitle(player)+" applied; the players read: Venezia paga 3 ducati")
	mustContain(t, "Venice's notice", f.lastMail("announce", "venezia@players.test"), "applica la carta "+n+" (segnaposto) di ", ": Venezia paga 3 ducati. Motivo: la carta dice cosi")
	mustContain(t, "the Emperor's notice", f.lastMail("announce", "impero@players.test"), "The arbiter applies card "+n+" (a placeholder) of ", ": Venezia paga 3 ducati. Reason: la carta dice cosi")
	if f.gameByName("guerra").Position == before {
		t.Error("the effect left the position as it was")
	}
	after := f.gameByName("guerra").Position
	reply = f.arbiter("CARD " + n + " EFFECT again -- twice")
	mustContain(t, "a second effect", reply, "Refused: card "+n+" (a placeholder) waits for no effect", "Nothing was changed.")
	if f.gameByName("guerra").Position != after {
		t.Error("a refused effect changed the position")
	}
	mustContain(t, "the audit", strings.Join(f.audit("guerra"), "\n"), "carta", n+" EFFETTO Venezia paga 3 ducati -- la carta dice cosi")
}

// powerTitle is a power's English name as the results write it.
func powerTitle(id string) string {
	return map[string]string{"francia": "France", "aragonesi": "Aragon", "impero": "Empire", "venezia": "Venice", "firenze": "Florence", "papato": "Papacy"}[id]
}
