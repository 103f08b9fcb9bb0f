// Package italia is Le Guerre d'Italia (seed 004, scenario 1499-1512) on
// the judge's contract (package game): six powers and an arbiter, three
// turns a year, one operation sheet per power per turn with finances and
// military orders written together. It follows the specification in
// shared/reference/guerre-ditalia.md, cited below as "spec" with its
// sections (§2.2 the turn plan, §3 the orders, §4 the sheet, §7 the
// rulings R-n); the board is variants/italia.
//
// What is here:
//
//   - the state of a game: each power's treasury in ducats, its land
//     counters (army, contingents, dummies) with their elements, its
//     fleets, who controls each territory, the famine, sack, revolt and
//     siege markers, alliances and transit permissions, written and read
//     as JSON (State.Encode, Rules.Decode);
//   - the phase calendar of spec §2.2 (Primavera diplomazia, then the
//     operations of Primavera, Estate and Autunno, and in a game of
//     tactical battles the rounds of battle tickets), its ids ("P1500D",
//     "E1500O", "E1500B1") and titles in both languages, read back by
//     Rules.Phase;
//   - the provisional start of ruling R40 (setup.json, marked
//     provisional: the designer's player sheets are missing from the
//     seed);
//   - the scenario, the rest of what the seed lacks (scenario.go,
//     scenario.txt): the 3D6 events table, the famine and plague tables
//     (Machiavelli's, MIT, see NOTICE), the Turkish raids table, when the
//     disaster tables roll, each power's victory sheet, the card deck
//     and the hands at the start; shipped provisional, placeholders
//     where nothing is known, replaced part by part by the arbiter's
//     SCENARIO ... ENDSCENARIO in the spring 1499 diplomacy
//     (commands.go), and said in STATUS (score.go);
//   - the events (events.go): each turn's 3D6, the spring's famine and
//     the summer's plague tables (R28), rolled when the turn before is
//     processed (spec §2.2) and applied where the engine knows the effect
//     (famine, plague, revolt, sack, a raid), else told to the arbiter;
//   - the operation sheet of spec §4, read a line at a time (State.Read)
//     in Italian or English, sections in any order, accents optional,
//     names and unique prefixes of territories, seas and powers; each
//     line is an order with its canonical Italian text, or a refusal
//     with its reason in both languages. State.Missing says what a power
//     still owes, State.Ledger what the sheet costs and what the treasury
//     keeps;
//   - Resolve, in the order of spec §2.3, for what it resolves exactly
//     with the game's dice: the spring diplomacy (the council, alliances,
//     transit, gifts); the cards drawn, played and handed to a conclave;
//     the expenses with the shortfall rule, gifts, cessions, the
//     political and defensive operations,
//     deployment, standard moves (the double roll, entry attrition,
//     meetings (of three powers or more two at a time), the abstract
//     battle of Appendix C or the arbiter's battle tickets,
//     retreats, overrun, the Ottoman roll), strategic moves, fleet
//     moves, transports and sea assaults, sieges, sacks and quelling;
//     the autumn's taxes, siege lifting, supply and revolts; the
//     lost war (war.go), the 30-territory victory, the victory sheets
//     scored where their lines can be counted (score.go: territories
//     held, battles won), and the end after Autunno 1512. The position
//     counts each power's battles fought and won by a rout (seed §8
//     Precisazione 2, R18: the abstract battle's and the arbiter's
//     alike), public under the position. Results writes a phase for
//     one reader: his own orders, the events he may see, the position
//     with his own treasury; Map draws it for him (maps.go); the
//     standing instructions are carried into the next phase
//     (Outcome.Carried).
//
// With SET BATTLES TACTICAL (spec §3.10, R17, R18; tactical.go) a meeting
// of two armies opens a battle ticket instead of the abstract battle: the
// turn waits in a round of battles (phase "P1500B1", deadline kind
// "tickets") that nobody owes a sheet for, the arbiter gives his word by
// ARBITRO (English ARBITER) BATTAGLIA <ticket> ESITO ... or ASTRATTA and
// CONFRONTABILI <ticket> SI|NO, each with a reason the players read
// (arbiter.go), and the round resolves the turn again from its start with
// the dice it rolled, each ticket as decided, the rules deciding what he
// left open at the deadline. The arbiter plays the powers no player sits
// at (the Ottomans and the Swiss with six players) through the judge's
// BECOME (Rules.MasterSeats), and fields their forces, which start with
// none, by EDIT ADD (edit.go: EDIT's changes are one table, which HELP
// lists through Kind.EditForms).
//
// The cards (seed §10, spec §3.17, R41, R46, R49, R50; deck.go,
// cards.go, lottery.go, conclave.go, council.go, cardcmd.go): the deck
// and each player's three cards at the start are scenario data (CARD and
// HAND lines; the judge ships what the seed names of its cards, the rest
// placeholders). Each turn's lottery, with the turn's events, draws two
// markers from a bag refilled when empty; each player drawn draws a card
// that he alone reads (none with five cards kept, unless his sheet says
// SCARTA CARTA n SE PESCO; two lotteries in a row without a draw lose
// the right), an obsolete card replaced, one that must be played played
// at once. The next sheet keeps (TIENI CARTA n, or no line, R34),
// discards (SCARTA CARTA n: another player's replaced at once) or plays
// it; GIOCA CARTA n [QUANDO DIPLOMAZIA|PRIMA|DOPO] plays a card at that
// step of spec §2.3, everyone reading it, the arbiter told to apply its
// effect (his CARTA n EFFETTO), but the French exclusive's, which the
// engine keeps. A Pope's death (an event row POPE, the arbiter's CARTA
// PAPA MORTO) opens a conclave, which sits at the start of the next turn
// from its CONCLAVE lines; the third death ends the game. Once Savonarola
// is gone (CARTA SAVONAROLA MORTO) the Florentine council rolls each
// spring; the prevailing party's effects are the arbiter's. A position
// from before the cards, or without a scenario, keeps none: its cards
// are the arbiter's, as before; so are the events and the victory
// conditions the scenario leaves to him.
//
// It knows no mail: the judge reads a mail's lines through State.Read and
// processes a deadline through State.Resolve.
package italia
