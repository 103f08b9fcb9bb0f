// Package parser reads Diplomacy orders as players really write them, in
// English or Italian, and writes them back canonically.
//
// It follows the rule of the rulebook (VII.4): an order written badly but
// readable with exactly one interpretation is executed; an ambiguous one is
// not, and the player is told why and what the readings were. So the
// parser accepts many forms of the same order:
//
//	A par - bur       A Par-Bur      A par -> bur    A Paris to Burgundy
//	A par H           A par holds    A Par Stands    A par fermo / sta
//	A mun S A ber     A ruh S A mun - bur            A mun supports A ber
//	F nth C A lon - bel              F Nth trasporta A Lon-Bel
//	A lon - bel via convoy           A lon - bel by convoy    A lon - nth - bel
//	A bur - pic       A bur R pic    A bur disband   (retreats)
//	build A par       build F stp/nc    build F StP (costa nord)
//	remove A par      disband A par  waive           (adjustments)
//
// with the rulebook's abbreviations (the first three letters of a name;
// Nth, Nrg, Nwy, Nat, Naf), English and Italian names, multi-word names
// ("North Sea", "Mare del Nord", "F Nth Sea"), punctuation ("A Mun.-Ruh",
// "F StP.-Bot"), a heading naming the power ("ITALIA:"), the power of a
// supported unit ("A Sil S Russian A War-Pru", "F Nth C (Inglese) A
// Lon-Bel") and clear misspellings ("Burgandy", "Edimburgh").
//
// It also reads orders as the players of other judges write them:
//
//	F Lon - Ech    A Lpl - Yor    F Edi - NorwSea    F Nap - Tyn    A War - Lva
//	A Mars - Bur   F Mao - Wmed / WestMed / West Med (njudge, DPjudge, diplicity)
//	A Bur r Pic    F Nth d        w                  F Nth t A Lon-Bel  (njudge)
//	A PAR D        A PAR B        A PAR R BUR        A LON - BEL VIA    (the diplomacy package)
//	1) A Par-Bur   (3) A Mar H    - A Mun H    f: a burgundy holds (a power's initial)
//	A(lvp) - edi   lvp attacks on edi    a par bur   f wal s mao iri   (DPjudge)
//	The army at Paris move to Burgundy.         Army in lvp supports army in edi
//	The fleet at North Sea convoys the army at London to Belgium.
//	The army at Marseilles support move to Burgundy from Paris
//	The fleet in St. Petersburg (south coast) retreats to the Gulf of Bothnia
//	Build fleet at St. Petersburg (north coast)    Destroy the army at Warsaw
//	L'armata a Parigi va in Borgogna    La flotta di Brest va nella Manica
//
// "Gal" is Galicia, or Wales as the Italian "Galles" is written short:
// "F Lon - Gal" goes to Wales, "A Vie - Gal" to Galicia. A destination
// written without a sign ("A Par Bur") must be named exactly, and "in"
// right after a unit says where it is ("F in Bla" is refused, not read as
// the only fleet moving into the Black Sea).
//
// The position resolves what the words leave open: an ambiguous name
// ("Tyr": Tyrolia or the Tyrrhenian Sea; "Liv": Liverpool or Livonia) is
// read as the one candidate that makes sense (the power has a unit there,
// the unit can reach it, the supported unit exists); a unit type left out
// is the type of the unit in the position ("Ruh S Hol-Bel"); a unit named
// by its type alone is the power's only unit of that type ("F Stands",
// "F S A Bul-Rum"); in winter a unit written alone ("F Edi", as the
// rulebook lists builds) is a build, or a removal where the power has a unit
// there (if named exactly, not misspelt); a supported or convoyed unit
// where there is none takes the one type that can stand there ("F Wal S Mao
// - Iri" supports a fleet). The parser judges only what an order means, never
// whether it is legal: ownership, reach and the like are the adjudicator's
// (package adjudicator) business, and a type written against the position
// is kept as written.
//
// Orders that cannot be read are refused with a [Refusal] that says, in a
// player's words, which word was at fault, what was expected, and the
// possible readings or nearest names:
//
//	"Tir" could be Tyrolia or the Tyrrhenian Sea; the order reads either way (...)
//	"Sweria"? no such place; did you mean Serbia, Silesia or Syria?
//	"Ven-Pie-Mar" moves more than once in one order; it could mean A ven - pie or A pie - mar: ...
//
// Every refusal is written in English ([Refusal.Problem]) and in Italian
// ([Refusal.Italian]), for a judge that answers each player in their
// language:
//
//	"Tir" può essere Tirolo o Mar Tirreno; l'ordine si legge in entrambi i modi (...)
//	"Sweria"? nessun luogo con questo nome; forse intendevi Serbia, Slesia o Siria?
//
// Both are written from one table of templates (refusal.go), one per kind
// of refusal, each in both languages. Powers and places are named in
// Italian (PowerInfo.Italian, LocInfo.Italian; a place without one keeps
// its English name, without the article). Orders quoted in a refusal are written as Format writes them in
// either language, and Readings are the same for both (orders as Format
// writes them, English names of places and powers).
//
// A refusal also says whether the text looked like an order at all
// ([Refusal.NotOrder]): greetings, signatures and reply headers ("Thanks,
// Francesca", "Sent from my iPhone", "On Mon, 3 Mar 2025, Bob <b@x>
// wrote:") are not, and a reader of mail may pass over them in silence;
// an order with a fault ("A Par-Brg", "F Nth C A Lon") always is. A power's
// name alone ("England") is neither: a heading.
//
// The package does no I/O and is deterministic. Names come from the
// variant (Variant.LocNames and PowerNames, other judges' names for the
// places among them), indexed once per variant.
package parser
