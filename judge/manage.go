package judge

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/store"
	"github.com/corriere/corriere/variants"
)

var gameNameRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,31}$`)

// CreateGame creates a game that is forming: seats can be filled, and
// Start begins it. It has no game master (see the mail command CREATE).
func (j *Judge) CreateGame(ctx context.Context, name, variant, rules string, set Settings) error {
	err := j.Store.Tx(ctx, func(tx *store.Tx) error {
		return j.createGame(tx, name, variant, rules, set, "", "operator")
	})
	return err
}

// createGame checks and stores a new game; a non-empty masterPassword
// gives it a game master. Refusals are errBadRequest.
func (j *Judge) createGame(tx *store.Tx, name, variant, rules string, set Settings, masterPassword, actor string) error {
	if !gameNameRE.MatchString(name) {
		return badRequest("game name %q: expected a letter then up to 31 letters, digits, - or _", name)
	}
	v, err := game.Variant(variant)
	if err != nil {
		return badRequest("%v", err)
	}
	r, err := adjudicator.ParseRules(rules)
	if err != nil {
		return badRequest("%v", err)
	}
	if err := set.Validate(); err != nil {
		return badRequest("game %s: %v", name, err)
	}
	if err := set.checkVariant(v); err != nil {
		return badRequest("game %s: %v", name, err)
	}
	g := &store.Game{Name: name, Variant: v.Name, Rules: r.String(), Settings: set.json(), State: store.Forming, CreatedAt: j.now()}
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
	return tx.Audit(j.now(), g.ID, actor, "create", fmt.Sprintf("variant %s, rules %s, settings %s", v.Name, r, set.json()))
}

// Seat gives a power of a game to a player's address and password.
func (j *Judge) Seat(ctx context.Context, name, power, address, password string) error {
	if !strings.Contains(address, "@") {
		return fmt.Errorf("address %q: expected a mail address", address)
	}
	if password == "" || strings.ContainsAny(password, " \t\r\n") {
		return fmt.Errorf("password: expected one word without spaces")
	}
	return j.Store.Tx(ctx, func(tx *store.Tx) error {
		vw, err := loadView(tx, name)
		if err != nil {
			return err
		}
		p, err := parser.Power(vw.v, power)
		if err != nil {
			return fmt.Errorf("game %s: %w", vw.g.Name, err)
		}
		return j.seat(tx, vw, vw.v.Powers[p].ID, address, password)
	})
}

// seat gives power, and every power played with it (seed XIV.2), to a
// player's address and password.
func (j *Judge) seat(tx *store.Tx, vw *view, power, address, password string) error {
	p := vw.v.PowerByID(power)
	side := vw.arrangement().side(p)
	if side == nil {
		return badRequest("%s is not played in game %s: %s", vw.v.Powers[p].Name, vw.g.Name, absentWhy(vw, p))
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	for _, q := range side {
		id := vw.v.Powers[q].ID
		seat := store.Seat{GameID: vw.g.ID, Power: id, Address: strings.ToLower(address), PasswordHash: hash}
		if old := vw.seat(id); old != nil {
			seat.NoWait, seat.Draw, seat.DrawWith, seat.Concede = old.NoWait, old.Draw, old.DrawWith, old.Concede
		}
		if err := tx.PutSeat(seat); err != nil {
			return err
		}
	}
	return tx.Audit(j.now(), vw.g.ID, "operator", "seat", sideName(vw.v, side)+" "+strings.ToLower(address))
}

// Observe adds an observer, who receives every results mail.
func (j *Judge) Observe(ctx context.Context, name, address string) error {
	return j.Store.Tx(ctx, func(tx *store.Tx) error {
		vw, err := loadView(tx, name)
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
		vw, err := loadView(tx, name)
		if err != nil {
			return err
		}
		if vw.g.State != store.Forming {
			return badRequest("game %s is %s, not forming", vw.g.Name, vw.g.State)
		}
		return j.start(tx, vw)
	})
	return err
}

func (j *Judge) start(tx *store.Tx, vw *view) error {
	var empty []string
	absent := vw.arrangement().absent
	for i, p := range vw.v.Powers {
		if s := vw.seat(p.ID); !absent.Has(variants.Power(i)) && (s == nil || s.Address == "") {
			empty = append(empty, p.Name)
		}
	}
	if len(empty) > 0 {
		return badRequest("game %s cannot start: no player for %s", vw.g.Name, strings.Join(empty, ", "))
	}
	vw.pos = startPosition(vw.v, &vw.set, absent)
	vw.pj = game.Encode(vw.v, vw.rules, vw.pos, variants.NoPower)
	b, _ := json.Marshal(vw.pj)
	vw.g.Position, vw.g.Phase, vw.g.State = string(b), vw.pj.Phase, store.Active
	var err error
	if vw.g.Deadline, err = j.deadline(tx, vw, j.now()); err != nil {
		return err
	}
	if err := tx.UpdateGame(vw.g); err != nil {
		return err
	}
	if err := tx.Audit(j.now(), vw.g.ID, "operator", "start", vw.g.Phase); err != nil {
		return err
	}
	body := fmt.Sprintf("Game %s has started.\n\n%s\nFirst phase: %s, deadline %s.\n\nSign on with SIGNON <power>@%s <password> and send your orders; HELP lists the commands.\n",
		vw.g.Name, positionText(vw.v, vw.pos), phaseName(vw.pos.Phase), vw.deadlineText(), vw.g.Name)
	return j.mailAll(tx, vw, "start", vw.g.Phase, fmt.Sprintf("Corriere %s: the game starts", vw.g.Name), body)
}

// Status describes a game for the operator.
func (j *Judge) Status(ctx context.Context, name string) (string, error) {
	var out string
	err := j.Store.Tx(ctx, func(tx *store.Tx) error {
		vw, err := loadView(tx, name)
		if err != nil {
			return err
		}
		out, err = statusText(tx, vw)
		return err
	})
	return out, err
}
