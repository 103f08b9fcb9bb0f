package judge

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"strings"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/store"
)

var gameNameRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,31}$`)

// CreateGame creates a game that is forming: seats can be filled, and
// Start begins it. It has no game master (see the mail command CREATE).
func (j *Judge) CreateGame(ctx context.Context, name, variant, rules string, set Settings) error {
	set.Game = maps.Clone(set.Game) // the caller's, not to be written
	err := j.Store.Tx(ctx, func(tx *store.Tx) error {
		for key, value := range map[string]string{"variant": variant, "rules": rules} {
			if value != "" {
				set.Set(key, value)
			}
		}
		return j.createGame(tx, name, Creation{Settings: set}, "", "", "operator")
	})
	return err
}

// CreateWithMaster creates a game as CreateGame does, with a game master:
// a password is generated for it, and returned once. With a master
// address, the master may sign on from that address only, and it is
// mailed the password.
func (j *Judge) CreateWithMaster(ctx context.Context, name string, c Creation, master string) (string, error) {
	set := c.Settings
	master = strings.ToLower(strings.TrimSpace(master))
	if master != "" && !ValidAddress(master) {
		return "", badRequest("master %q: expected a mail address like gm@example.org", master)
	}
	password := newPassword()
	err := j.Store.Tx(ctx, func(tx *store.Tx) error {
		if err := j.createGame(tx, name, c, password, master, "operator"); err != nil {
			return err
		}
		if master == "" {
			return nil
		}
		g, err := tx.Game(name)
		if err != nil {
			return err
		}
		l := set.lang()
		body := l.f("You are the game master of game %s, made by the judge's operator.\nSign on from this address with: SIGNON master@%s %s\nthen SEAT <power> <address> for each player, and START. Send HELP to the judge for the commands.\n", name, name, password)
		_, err = tx.Queue(store.Mail{CreatedAt: j.now(), Recipient: master, Subject: l.f("Corriere %s: you are its game master", name), Body: body, GameID: g.ID, Kind: "seat"})
		return err
	})
	if err != nil {
		return "", err
	}
	return password, nil
}

// createGame checks and stores a new game; a non-empty masterPassword
// gives it a game master, who signs on from masterAddress only where one
// is given. Refusals are refusal errors (badRequest).
func (j *Judge) createGame(tx *store.Tx, name string, c Creation, masterPassword, masterAddress, actor string) error {
	if !gameNameRE.MatchString(name) {
		return badRequest("game name %q: expected a letter then up to 31 letters, digits, - or _", name)
	}
	// The game's kind first, its own settings, then the judge's:
	// refusals come in that order.
	k, err := j.kind(c.Kind)
	if err != nil {
		return badRequest("%v", err)
	}
	set := withDeadlines(c.Settings, k)
	g := &store.Game{Name: name, Kind: k.Name(), Settings: set.json(), State: string(forming), CreatedAt: j.now(), MasterAddress: strings.ToLower(masterAddress), Seed: j.newSeed()}
	r, err := k.Configure(set.gameSettings(g, k))
	if err != nil {
		return badRequest("game %s: %v", name, err)
	}
	if err := set.Validate(calendarOf(k)); err != nil {
		return badRequest("game %s: %v", name, err)
	}
	// The columns name the board and edition the rules chose, for the
	// listing.
	if l, ok := r.(game.Labeled); ok {
		g.Variant, g.Rules = l.Label()
	}
	if masterPassword != "" {
		if g.MasterHash, err = HashPassword(masterPassword); err != nil {
			return err
		}
	}
	if _, err := tx.Game(name); err == nil {
		return badRequest("a game called %s exists already", name)
	}
	if err := tx.CreateGame(g); err != nil {
		return err
	}
	what := fmt.Sprintf("variant %s, rules %s, settings %s", g.Variant, g.Rules, g.Settings)
	if g.Kind != j.Games[0].Name() {
		what = g.Kind + ", " + what
	}
	return tx.Audit(j.now(), g.ID, actor, "create", what)
}

// Seat gives a power of a game to a player's address and a password
// chosen for it, telling no one: for programs whose players already know
// their passwords (the demo, tests). People seat players with SeatPlayer
// or the master's SEAT, which mail the player.
func (j *Judge) Seat(ctx context.Context, name, power, address, password string) error {
	if !ValidAddress(address) {
		return fmt.Errorf("address %q: expected a mail address like player@example.org", address)
	}
	if err := checkPassword(password); err != nil {
		return fmt.Errorf("password: %w", err)
	}
	return j.Store.Tx(ctx, func(tx *store.Tx) error {
		vw, err := j.loadView(tx, name)
		if err != nil {
			return err
		}
		p, err := lookupSeat(vw, power)
		if err != nil {
			return err
		}
		return j.seat(tx, vw, p, address, password)
	})
}

// SeatPlayer is the master's SEAT (or REPLACE, with replace) from the
// operator's shell: the same checks, the same mail to the player and, for
// a replacement, the same announcement. An empty password has one
// generated. It returns what was done, for the operator.
func (j *Judge) SeatPlayer(ctx context.Context, name, power, address, password string, replace bool) (string, error) {
	verb := "SEAT"
	if replace {
		verb = "REPLACE"
	}
	var out string
	err := j.Store.Tx(ctx, func(tx *store.Tx) error {
		vw, err := j.loadView(tx, name)
		if err != nil {
			return err
		}
		done, err := j.seatPlayer(tx, vw, verb, power, address, password)
		if err != nil {
			return err
		}
		out = done(english)
		return tx.Audit(j.now(), vw.g.ID, "operator", strings.ToLower(verb), power+" "+strings.ToLower(address))
	})
	return out, err
}

// seatPlayer carries out SEAT or REPLACE (verb) for the master, by mail or
// from the shell: power is read exactly (lookupPower), a power already
// played needs REPLACE, the player is mailed the power and its password
// (a new one when password is empty), and a replacement is announced to
// everyone. It returns the line for the master's reply. Refusals are
// refusal errors (badRequest).
func (j *Judge) seatPlayer(tx *store.Tx, vw *view, verb, power, address, password string) (phrase, error) {
	g := vw.g
	p, err := lookupSeat(vw, power)
	if err != nil {
		return nil, err
	}
	id := p
	old := vw.seat(id)
	if verb == "SEAT" && old != nil && old.Address != "" {
		return nil, badRequest("%s is already played by %s (use REPLACE to give it to another player)", vw.seatArg(p), old.Address)
	}
	addr := strings.ToLower(address)
	if !ValidAddress(addr) {
		return nil, badRequest("%q is not a mail address: expected one like player@example.org", address)
	}
	if password == "" {
		password = newPassword()
	} else if err := checkPassword(password, g.Name, id, strings.SplitN(addr, "@", 2)[0]); err != nil {
		return nil, badRequest("password: %s", err)
	}
	if err := j.seat(tx, vw, id, addr, password); err != nil {
		return nil, err
	}
	side := vw.seating().Side(p)
	// The absences the old player announced are not the new one's.
	if old != nil && old.Address != "" && old.Address != addr {
		if err := j.forgetPlayer(tx, vw, side); err != nil {
			return nil, err
		}
	}
	// The new player's language is not known yet: the game's.
	l := vw.set.lang()
	name := vw.sideName(l, side)
	body := l.f("You play %s in game %s, by the game master's choice.\nSign on with: SIGNON %s@%s %s\nSend HELP to the judge for the commands.\n", name, g.Name, id, g.Name, password)
	if _, err := tx.Queue(store.Mail{CreatedAt: j.now(), Recipient: addr, Subject: l.f("Corriere %s: you play %s", g.Name, name), Body: body, GameID: g.ID, Phase: g.Phase, Kind: "seat"}); err != nil {
		return nil, err
	}
	named := phrase(func(l lang) string { return vw.sideName(l, side) })
	if verb == "REPLACE" {
		err := j.announce(tx, vw, g.Phase, func(l lang) (string, string) {
			return l.f("%s has a new player", named), l.f("The game master has given %s to a new player.\n", named)
		})
		if err != nil {
			return nil, err
		}
		return func(l lang) string {
			return l.f("%s: now played by %s, who was sent a password; everyone was told.", named, addr)
		}, nil
	}
	return func(l lang) string { return l.f("%s: now played by %s, who was sent a password.", named, addr) }, nil
}

// ValidAddress reports whether a is one bare mail address, as the judge
// takes for players, masters and the operator: something, one @, a domain,
// and no spaces, brackets or list separators.
func ValidAddress(a string) bool {
	local, domain, ok := strings.Cut(a, "@")
	return ok && local != "" && domain != "" && !strings.ContainsAny(a, " \t\r\n<>,;") && !strings.Contains(domain, "@")
}

// seat gives power, and every power played with it (seed XIV.2), to a
// player's address and password.
func (j *Judge) seat(tx *store.Tx, vw *view, power, address, password string) error {
	side := vw.seating().Side(power)
	if side == nil {
		return badRequest("%s is not played in game %s: %s", vw.seatArg(power), vw.g.Name, vw.absentWhy(power))
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	for _, id := range side {
		seat := store.Seat{GameID: vw.g.ID, Power: id, Address: strings.ToLower(address), PasswordHash: hash}
		if old := vw.seat(id); old != nil {
			seat.NoWait, seat.Draw, seat.DrawWith, seat.Concede = old.NoWait, old.Draw, old.DrawWith, old.Concede
		}
		if err := tx.PutSeat(seat); err != nil {
			return err
		}
	}
	return tx.Audit(j.now(), vw.g.ID, "operator", "seat", vw.sideName(english, side)+" "+strings.ToLower(address))
}

// Observe adds an observer, who receives every results mail.
func (j *Judge) Observe(ctx context.Context, name, address string) error {
	return j.Store.Tx(ctx, func(tx *store.Tx) error {
		vw, err := j.loadView(tx, name)
		if err != nil {
			return err
		}
		if vw.set.NoObservers {
			return badRequest("game %s takes no observers (setting observers no)", vw.g.Name)
		}
		if err := tx.AddObserver(vw.g.ID, strings.ToLower(address)); err != nil {
			return err
		}
		return tx.Audit(j.now(), vw.g.ID, "operator", "observe", address)
	})
}

// Start begins a forming game whose seats are all filled: the variant's
// start position, the first deadline, and a mail to everyone.
func (j *Judge) Start(ctx context.Context, name string) error {
	err := j.Store.Tx(ctx, func(tx *store.Tx) error {
		vw, err := j.loadView(tx, name)
		if err != nil {
			return err
		}
		if vw.state() != forming {
			return badRequest("game %s is %s, not forming", vw.g.Name, vw.g.State)
		}
		return j.start(tx, vw, "operator")
	})
	return err
}

// start begins a forming game for actor (the operator, or its master):
// the start position, the first deadline, and a mail to everyone.
func (j *Judge) start(tx *store.Tx, vw *view, actor string) error {
	var empty, left []string
	absent := vw.seating().Absent
	for _, id := range vw.seatIDs() {
		if absent[id] != nil {
			left = append(left, id)
		} else if s := vw.seat(id); s == nil || s.Address == "" {
			empty = append(empty, vw.seatName(english, id))
		}
	}
	if len(empty) > 0 {
		return badRequest("game %s cannot start: no player for %s", vw.g.Name, strings.Join(empty, ", "))
	}
	if err := j.transition(tx, vw, active, actor, "START"); err != nil {
		return err
	}
	vw.g.Phase = "" // the dice of the start, before the first phase
	d, err := j.diceFor(vw.g)
	if err != nil {
		return err
	}
	st, err := vw.rules.Start(left, d)
	if err != nil {
		return err
	}
	if err := j.auditRolls(tx, vw, d); err != nil {
		return err
	}
	vw.st = st
	b, err := st.Encode()
	if err != nil {
		return err
	}
	vw.g.Position, vw.g.Phase, vw.g.PhaseBegan, vw.g.BeganMark = string(b), st.Phase().ID, j.now(), j.fetchedMark()
	if vw.g.Deadline, err = j.deadline(tx, vw, j.now()); err != nil {
		return err
	}
	if err := tx.UpdateGame(vw.g); err != nil {
		return err
	}
	if err := tx.Audit(j.now(), vw.g.ID, "operator", "start", vw.g.Phase); err != nil {
		return err
	}
	return j.mailStart(tx, vw)
}

// mailStart tells everyone the game has started: each player which powers
// they play and how to sign on, observers the general text.
func (j *Judge) mailStart(tx *store.Tx, vw *view) error {
	g := vw.g
	general := func(l lang) string {
		return l.f("Game %s has started.\n\n%s\nFirst phase: %s, deadline %s.\n\nSign on with SIGNON <power>@%s <password> and send your orders; HELP lists the commands.\n",
			g.Name, vw.st.Position(game.Viewer{})(game.Lang(l)), vw.phaseTitle(l), vw.deadlineIn(l), g.Name)
	}
	plays := map[string][]string{} // by address, lower case
	var players []string
	for _, id := range vw.seatIDs() {
		st := vw.seat(id)
		if st == nil || st.Address == "" {
			continue
		}
		a := strings.ToLower(st.Address)
		if plays[a] == nil {
			players = append(players, a)
		}
		plays[a] = append(plays[a], id)
	}
	queue := func(to string, l lang, body string) error {
		_, err := tx.Queue(store.Mail{CreatedAt: j.now(), Recipient: to, Subject: l.f("Corriere %s: the game starts", g.Name), Body: body, GameID: g.ID, Phase: g.Phase, Kind: "start"})
		return err
	}
	for _, a := range players {
		side := plays[a]
		l := vw.seatLang(vw.seat(side[0]))
		body := l.f("Game %s has started. You play %s.\n\n%s\nFirst phase: %s, deadline %s.\n\nSign on with SIGNON %s@%s <your password> and send your orders; HELP lists the commands.\n",
			g.Name, vw.sideName(l, side), vw.st.Position(vw.viewer(a))(game.Lang(l)), vw.phaseTitle(l), vw.deadlineIn(l), side[0], g.Name)
		if err := queue(a, l, body); err != nil {
			return err
		}
	}
	obs, err := tx.Observers(g.ID)
	if err != nil {
		return err
	}
	for _, a := range obs {
		if plays[strings.ToLower(a)] == nil {
			if err := queue(a, vw.set.lang(), general(vw.set.lang())); err != nil {
				return err
			}
		}
	}
	return nil
}

// Status describes a game for the operator.
func (j *Judge) Status(ctx context.Context, name string) (string, error) {
	var out string
	// A read: it never waits for the daemon's writing.
	err := j.Store.Read(ctx, func(tx *store.Tx) error {
		vw, err := j.loadView(tx, name)
		if err != nil {
			return err
		}
		out, err = j.statusIn(english, tx, vw, game.Viewer{Master: true})
		return err
	})
	return out, err
}
