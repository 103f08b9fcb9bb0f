package italia_test

// The specification's Appendix A and B (shared/reference/guerre-ditalia.md),
// transcribed row by row in its own terms, as a check on italia.txt that
// shares nothing with it: Italian names where italia.txt has ids, the
// city symbol in Italian, "LA; UA" port lists, the colour column's text,
// the tax the spec prints. Under ruling R3 the spec reads "L" as "UA";
// these rows are the board as printed.

// territoryRow is a row of Appendix A: Italian name, id, English (board)
// name, city symbol, port → seas (";"-separated, "(seed §2)" where the
// seed fixes them), coast, printed value (0: none), tax, colour / proposed
// 1499 control, land neighbours (by Italian name, † for the strait).
type territoryRow struct {
	italian, id, english, city, ports, coast string
	value, tax                               int
	colour, land                             string
}

// seaRow is a row of Appendix B: Italian name, code, English (board)
// name, the seas it borders, the territories it bathes, the ports that
// open on it (all by Italian name).
type seaRow struct {
	italian, id, english, seas, bathed, ports string
}

var appendixA = []territoryRow{
	{"Albania", "alban", "Albania", "città", "-", "LA", 0, 2, "pink / Ottomano", "Durazzo, Erzegovina, Ragusa"},
	{"Ancona", "ancon", "Ancona", "città fortificata", "LA; UA", "LA, UA", 0, 3, "Papato", "Aquila, Romagna, Spoleto, Urbino"},
	{"Aquila", "aquil", "Aquila", "fortezza", "-", "LA", 0, 2, "indipendente", "Ancona, Bari, Capua, Napoli, Salerno, Spoleto"},
	{"Arezzo", "arezz", "Arezzo", "città fortificata", "-", "-", 0, 2, "Firenze", "Firenze, Perugia, Siena, Urbino"},
	{"Austria", "austr", "Austria", "città fortificata", "-", "-", 0, 2, "red / Impero", "Carinzia, Slavonia, Tirolo, Ungheria"},
	{"Avignon", "avign", "Avignon", "città fortificata", "-", "WGOL", 0, 2, "yellow / Francia", "Provence, Svizzera, Torino"},
	{"Bari", "bari", "Bari", "città fortificata", "LA", "LA", 0, 3, "Francia", "Aquila, Otranto, Salerno"},
	{"Bergamo", "berga", "Bergamo", "fortezza", "-", "-", 0, 2, "Venezia", "Brescia, Cremona, Milano, Trento"},
	{"Bologna", "bolog", "Bologna", "città fortificata", "-", "UA", 0, 2, "Papato", "Ferrara, Firenze, Lucca, Mantova, Modena, Pistoia, Romagna"},
	{"Bosnia", "bosni", "Bosnia", "-", "-", "-", 0, 1, "pink / Ottomano", "Croatia, Dalmazia, Erzegovina"},
	{"Brescia", "bresc", "Brescia", "fortezza", "-", "-", 0, 2, "Venezia", "Bergamo, Cremona, Mantova, Trento, Verona"},
	{"Capua", "capua", "Capua", "-", "-", "GON", 0, 1, "indipendente", "Aquila, Napoli, Spoleto, Tivoli"},
	{"Carinzia", "carin", "Carinthia", "-", "-", "-", 0, 1, "red / Impero", "Austria, Carniola, Friuli, Milano, Slavonia, Tirolo, Trento, Vicenza"},
	{"Carniola", "carni", "Carniola", "città", "-", "UA", 0, 2, "Balkan indep. / indipendente", "Carinzia, Croatia, Friuli, Slavonia"},
	{"Como", "como", "Como", "-", "-", "-", 0, 1, "indipendente", "Milano, Pavia, Tirolo, Torino"},
	{"Corsica", "corsi", "Corsica", "città", "EGOL; WGOL; WTS", "EGOL, WGOL, WTS", 0, 3, "indipendente", ""},
	{"Cremona", "cremo", "Cremona", "città fortificata", "-", "-", 0, 2, "indipendente", "Bergamo, Brescia, Mantova, Milano, Parma, Piacenza"},
	{"Croatia", "croat", "Croatia", "città", "-", "UA", 0, 2, "Balkan indep. / indipendente", "Bosnia, Carniola, Dalmazia, Istria, Slavonia"},
	{"Dalmazia", "dalma", "Dalmatia", "città", "-", "LA, UA", 0, 2, "Venezia", "Bosnia, Croatia, Erzegovina, Istria"},
	{"Durazzo", "duraz", "Durazzo", "città fortificata", "IS; LA", "IS, LA", 0, 3, "pink / Ottomano", "Albania"},
	{"Erzegovina", "herze", "Herzegovina", "-", "-", "LA", 0, 1, "pink / Ottomano", "Albania, Bosnia, Dalmazia, Ragusa"},
	{"Ferrara", "ferra", "Ferrara", "città fortificata", "-", "UA", 0, 2, "indipendente", "Bologna, Mantova, Padova, Verona"},
	{"Firenze", "flore", "Florence", "città fortificata", "-", "-", 3, 5, "Firenze", "Arezzo, Bologna, Pisa, Pistoia, Romagna, Siena, Urbino"},
	{"Fornovo", "forno", "Fornova", "fortezza", "-", "-", 0, 2, "indipendente", "Genova, Monferrato, Parma, Pavia, Piacenza, Pontremoli"},
	{"Friuli", "friul", "Friuli", "-", "-", "L, UA", 0, 1, "Venezia", "Carinzia, Carniola, Treviso, Vicenza"},
	{"Genova", "genoa", "Genoa", "città fortificata", "EGOL", "EGOL", 3, 6, "Francia", "Fornovo, Modena, Monferrato, Pontremoli, Savoia"},
	{"Istria", "istri", "Istria", "-", "-", "UA", 0, 1, "Venezia", "Croatia, Dalmazia"},
	{"Lucca", "lucca", "Lucca", "città fortificata", "-", "EGOL", 0, 2, "indipendente", "Bologna, Modena, Pisa, Pistoia"},
	{"Mantova", "mantu", "Mantua", "città fortificata", "-", "-", 0, 2, "indipendente", "Bologna, Brescia, Cremona, Ferrara, Modena, Parma, Verona"},
	{"Marseille", "marse", "Marseille", "città fortificata", "WGOL", "WGOL", 0, 3, "yellow / Francia", "Provence"},
	{"Messina", "messi", "Messina", "città fortificata", "GON; IS (seed §2)", "ETS, GON, IS", 0, 3, "Aragonesi", "Otranto†, Palermo"},
	{"Milano", "milan", "Milan", "città fortificata", "-", "-", 3, 5, "Francia", "Bergamo, Carinzia, Como, Cremona, Pavia, Piacenza, Tirolo, Trento"},
	{"Modena", "moden", "Modena", "città fortificata", "-", "EGOL", 0, 2, "indipendente", "Bologna, Genova, Lucca, Mantova, Parma, Pontremoli"},
	{"Monferrato", "montf", "Montferrat", "città fortificata", "-", "-", 0, 2, "indipendente", "Fornovo, Genova, Pavia, Savoia, Torino"},
	{"Napoli", "naple", "Naples", "città fortificata", "GON", "GON", 2, 5, "Francia", "Aquila, Capua, Salerno"},
	{"Otranto", "otran", "Otranto", "-", "-", "GON, IS, LA", 0, 1, "indipendente", "Bari, Messina†, Salerno"},
	{"Padova", "padua", "Padua", "città fortificata", "-", "L, UA", 0, 2, "Venezia", "Ferrara, Treviso, Verona, Vicenza"},
	{"Palermo", "paler", "Palermo", "città fortificata", "BOT; ETS; IS; WM; WTS", "BOT, ETS, IS, WM, WTS", 0, 3, "Aragonesi", "Messina"},
	{"Parma", "parma", "Parma", "fortezza", "-", "-", 0, 2, "indipendente", "Cremona, Fornovo, Mantova, Modena, Piacenza, Pontremoli"},
	{"Patrimonio", "patri", "Patrimony", "fortezza", "-", "ETS", 0, 2, "Papato", "Perugia, Roma, Siena, Tivoli"},
	{"Pavia", "pavia", "Pavia", "città fortificata", "-", "-", 0, 2, "indipendente", "Como, Fornovo, Milano, Monferrato, Piacenza, Torino"},
	{"Perugia", "perug", "Perugia", "città fortificata", "-", "-", 0, 2, "Papato", "Arezzo, Patrimonio, Roma, Siena, Spoleto, Urbino"},
	{"Piacenza", "pianc", "Piancenza", "fortezza", "-", "-", 0, 2, "indipendente", "Cremona, Fornovo, Milano, Parma, Pavia"},
	{"Piombino", "piomb", "Piombino", "città fortificata", "ETS; WTS (seed §2)", "ETS, WTS", 0, 3, "indipendente", "Pisa, Siena"},
	{"Pisa", "pisa", "Pisa", "città fortificata", "EGOL; WTS", "EGOL, WTS", 0, 3, "Firenze", "Firenze, Lucca, Piombino, Pistoia, Siena"},
	{"Pistoia", "pisto", "Pistoia", "-", "-", "-", 0, 1, "Firenze", "Bologna, Firenze, Lucca, Pisa"},
	{"Pontremoli", "pontr", "Pontremoli", "-", "-", "-", 0, 1, "indipendente", "Fornovo, Genova, Modena, Parma"},
	{"Provence", "prove", "Provence", "-", "-", "EGOL, WGOL", 0, 1, "yellow / Francia", "Avignon, Marseille, Saluzzo, Savoia, Torino"},
	{"Ragusa", "ragus", "Ragusa", "città fortificata", "LA", "LA", 0, 3, "Balkan indep. / indipendente", "Albania, Erzegovina"},
	{"Roma", "rome", "Rome", "città fortificata", "-", "-", 2, 4, "Papato", "Patrimonio, Perugia, Spoleto, Tivoli"},
	{"Romagna", "romag", "Romagna", "fortezza", "-", "UA", 0, 2, "Papato", "Ancona, Bologna, Firenze, Urbino"},
	{"Salerno", "saler", "Salerno", "fortezza", "GON", "GON", 0, 3, "indipendente", "Aquila, Bari, Napoli, Otranto"},
	{"Saluzzo", "saluz", "Saluzzo", "città fortificata", "-", "-", 0, 2, "Francia", "Provence, Savoia, Torino"},
	{"Sardegna", "sardi", "Sardinia", "città", "WM; WTS (seed §2)", "WGOL, WM, WTS", 0, 3, "Aragonesi", ""},
	{"Savoia", "savoy", "Savoy", "città fortificata", "EGOL", "EGOL", 0, 3, "indipendente", "Genova, Monferrato, Provence, Saluzzo, Torino"},
	{"Siena", "sienn", "Sienna", "città fortificata", "-", "ETS", 0, 2, "indipendente", "Arezzo, Firenze, Patrimonio, Perugia, Piombino, Pisa"},
	{"Slavonia", "slavo", "Slavonia", "-", "-", "-", 0, 1, "Balkan indep. / indipendente", "Austria, Carinzia, Carniola, Croatia, Ungheria"},
	{"Spoleto", "spole", "Spoleto", "fortezza", "-", "-", 0, 2, "Papato", "Ancona, Aquila, Capua, Perugia, Roma, Tivoli, Urbino"},
	{"Svizzera", "swiss", "Swiss", "città", "-", "-", 0, 2, "Swiss / Svizzera", "Avignon, Tirolo, Torino"},
	{"Tirolo", "tyrol", "Tyrolea", "città fortificata", "-", "-", 0, 2, "red / Impero", "Austria, Carinzia, Como, Milano, Svizzera, Torino"},
	{"Tivoli", "tivol", "Tivoli", "fortezza", "ETS; GON", "ETS, GON", 0, 3, "Papato", "Capua, Patrimonio, Roma, Spoleto"},
	{"Torino", "turin", "Turin", "città fortificata", "-", "-", 0, 2, "indipendente", "Avignon, Como, Monferrato, Pavia, Provence, Saluzzo, Savoia, Svizzera, Tirolo"},
	{"Trento", "trent", "Trent", "città fortificata", "-", "-", 0, 2, "indipendente", "Bergamo, Brescia, Carinzia, Milano, Verona, Vicenza"},
	{"Treviso", "trevi", "Treviso", "città fortificata", "-", "L", 0, 2, "Venezia", "Friuli, Padova, Vicenza"},
	{"Tunisi", "tunis", "Tunis", "città fortificata", "BOT; WM", "BOT, WM", 2, 5, "pink / Ottomano", ""},
	{"Ungheria", "hunga", "Hungary", "città", "-", "-", 0, 2, "red / Impero", "Austria, Slavonia"},
	{"Urbino", "urbin", "Urbino", "fortezza", "-", "-", 0, 2, "Papato", "Ancona, Arezzo, Firenze, Perugia, Romagna, Spoleto"},
	{"Venezia", "venic", "Venice", "città fortificata", "L", "L", 3, 6, "Venezia", ""},
	{"Verona", "veron", "Verona", "fortezza", "-", "-", 0, 2, "Venezia", "Brescia, Ferrara, Mantova, Padova, Trento, Vicenza"},
	{"Vicenza", "vicen", "Vicenza", "fortezza", "-", "-", 0, 2, "Venezia", "Carinzia, Friuli, Padova, Trento, Treviso, Verona"},
}

var appendixB = []seaRow{
	{"Golfo del Leone Occidentale", "WGOL", "Western Gulf of Lyons", "Golfo del Leone Orientale, Mar Tirreno Occidentale, Mediterraneo Occidentale", "Avignon, Corsica, Marseille, Provence, Sardegna", "Corsica, Marseille"},
	{"Golfo del Leone Orientale", "EGOL", "Eastern Gulf of Lyons", "Golfo del Leone Occidentale, Mar Tirreno Occidentale", "Corsica, Genova, Lucca, Modena, Pisa, Provence, Savoia", "Corsica, Genova, Pisa, Savoia"},
	{"Mar Tirreno Occidentale", "WTS", "Western Tyrrhenian Sea", "Golfo del Leone Occidentale, Golfo del Leone Orientale, Mar Tirreno Orientale, Mediterraneo Occidentale", "Corsica, Palermo, Piombino, Pisa, Sardegna", "Corsica, Palermo, Piombino, Pisa, Sardegna"},
	{"Mar Tirreno Orientale", "ETS", "Eastern Tyrrhenian Sea", "Golfo di Napoli, Mar Tirreno Occidentale", "Messina, Palermo, Patrimonio, Piombino, Siena, Tivoli", "Palermo, Piombino, Tivoli"},
	{"Mediterraneo Occidentale", "WM", "Western Mediterranean", "Golfo del Leone Occidentale, Golfo di Tunisi, Mar Tirreno Occidentale", "Palermo, Sardegna, Tunisi", "Palermo, Sardegna, Tunisi"},
	{"Golfo di Tunisi", "BOT", "Bay of Tunis", "Mare Ionio, Mediterraneo Occidentale", "Palermo, Tunisi", "Palermo, Tunisi"},
	{"Golfo di Napoli", "GON", "Gulf of Naples", "Mar Tirreno Orientale, Mare Ionio", "Capua, Messina, Napoli, Otranto, Salerno, Tivoli", "Messina, Napoli, Salerno, Tivoli"},
	{"Mare Ionio", "IS", "Ionian Sea", "Basso Adriatico, Golfo di Napoli, Golfo di Tunisi", "Durazzo, Messina, Otranto, Palermo", "Durazzo, Messina, Palermo"},
	{"Basso Adriatico", "LA", "Lower Adriatic", "Alto Adriatico, Mare Ionio", "Albania, Ancona, Aquila, Bari, Dalmazia, Durazzo, Erzegovina, Otranto, Ragusa", "Ancona, Bari, Durazzo, Ragusa"},
	{"Alto Adriatico", "UA", "Upper Adriatic", "Basso Adriatico, Laguna", "Ancona, Bologna, Carniola, Croatia, Dalmazia, Ferrara, Friuli, Istria, Padova, Romagna", "Ancona"},
	{"Laguna", "L", "Lagoon", "Alto Adriatico", "Friuli, Padova, Treviso, Venezia", "Venezia"},
}
