package diplomacy

import (
	"strings"

	"github.com/corriere/corriere/adjudicator"
	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/parser"
	"github.com/corriere/corriere/variants"
)

// editForms are the changes EDIT takes, for HELP (game.EditHelper) and
// for the refusal of any other.
var editForms = [game.Langs]string{
	game.English: "ADD <power> <A|F> <place>, REMOVE <place>, MOVE <place> <place> or CENTRE <place> <power|neutral>",
	game.Italian: "ADD <potenza> <A|F> <luogo>, REMOVE <luogo>, MOVE <luogo> <luogo> o CENTRE <luogo> <potenza|neutral>",
}

// EditForms are the changes EDIT takes (game.EditHelper).
func (Kind) EditForms() [game.Langs]string { return editForms }

// editUsage is the refusal of words that are no change EDIT takes.
var editUsage = &game.Refusal{Reason: func(l game.Lang) string {
	return f(l, "expected EDIT %s, then -- and the reason the players will read", editForms[l])
}}

// refuse is a refusal of the master's words, in each language.
func refuse(format string, args ...any) *game.Refusal {
	return &game.Refusal{Reason: func(l game.Lang) string { return f(l, format, args...) }}
}

// adjective is a power's adjective: in Italian, which puts the power
// after the unit, its name.
func adjective(l game.Lang, v *variants.Variant, p variants.Power) string {
	if l == game.Italian {
		return PowerName(l, v, p)
	}
	return v.Powers[p].Adjective
}

// Edit changes the position for an arbiter's ruling (game.Editor): a
// unit added, removed or moved, or a centre given to a power or made
// neutral. Words are EDIT's, without the reason. Nothing of it is
// secret: the master reads what the players read.
func (s *State) Edit(words string, seat func(name string) (string, error)) (game.State, game.Text, game.Text, error) {
	next, done, err := s.edit(words, seat)
	return next, done, nil, err
}

func (s *State) edit(words string, seat func(name string) (string, error)) (game.State, game.Text, error) {
	fields := strings.Fields(words)
	if len(fields) < 2 {
		return nil, nil, editUsage
	}
	// Edited on a copy: the state is a value, and a refused edit leaves
	// it as it was.
	v, pos := s.r.V, s.PosCopy()
	if pos.Phase.Type == adjudicator.Retreat {
		return nil, nil, refuse("the position cannot be edited while units retreat; edit it in the next phase")
	}
	loc := func(name string) (variants.Loc, error) {
		l, err := parser.Loc(v, name)
		if err != nil {
			return variants.NoLoc, refuse("%s", err.Error())
		}
		return l, nil
	}
	power := func(name string) (variants.Power, error) {
		id, err := seat(name)
		if err != nil {
			return variants.NoPower, err
		}
		return v.PowerByID(id), nil
	}
	unitAt := func(l variants.Loc) int {
		for i, u := range pos.Units {
			if v.Province(u.Loc) == v.Province(l) {
				return i
			}
		}
		return -1
	}
	var what game.Text
	switch op := strings.ToUpper(fields[0]); {
	case op == "ADD" && len(fields) == 4:
		p, err := power(fields[1])
		if err != nil {
			return nil, nil, err
		}
		t := map[string]variants.UnitType{"A": variants.Army, "F": variants.Fleet}[strings.ToUpper(fields[2])]
		l, err := loc(fields[3])
		if err != nil {
			return nil, nil, err
		}
		if t == variants.NoType {
			return nil, nil, refuse("%q is not a unit type (A or F)", fields[2])
		}
		pos.Units = append(pos.Units, variants.Unit{Type: t, Power: p, Loc: l})
		what = func(lg game.Lang) string { return f(lg, "%s %s %s added", adjective(lg, v, p), t, v.Locs[l].ID) }
	case op == "REMOVE" && len(fields) == 2:
		l, err := loc(fields[1])
		if err != nil {
			return nil, nil, err
		}
		i := unitAt(l)
		if i < 0 {
			return nil, nil, refuse("there is no unit in %s", v.Locs[v.Province(l)].ID)
		}
		u := pos.Units[i]
		pos.Units = append(pos.Units[:i], pos.Units[i+1:]...)
		what = func(lg game.Lang) string {
			return f(lg, "%s %s %s removed", adjective(lg, v, u.Power), u.Type, v.Locs[u.Loc].ID)
		}
	case op == "MOVE" && len(fields) == 3:
		from, err := loc(fields[1])
		if err != nil {
			return nil, nil, err
		}
		to, err := loc(fields[2])
		if err != nil {
			return nil, nil, err
		}
		i := unitAt(from)
		if i < 0 {
			return nil, nil, refuse("there is no unit in %s", v.Locs[v.Province(from)].ID)
		}
		u := pos.Units[i]
		pos.Units[i].Loc = to
		what = func(lg game.Lang) string {
			return f(lg, "%s %s %s moved to %s", adjective(lg, v, u.Power), u.Type, v.Locs[u.Loc].ID, v.Locs[to].ID)
		}
	case (op == "CENTRE" || op == "CENTER") && len(fields) == 3:
		l, err := loc(fields[1])
		if err != nil {
			return nil, nil, err
		}
		l = v.Province(l)
		if !v.Locs[l].SupplyCenter {
			return nil, nil, refuse("%s is not a supply centre", v.Locs[l].ID)
		}
		owner := variants.NoPower
		if !strings.EqualFold(fields[2], "neutral") {
			if owner, err = power(fields[2]); err != nil {
				return nil, nil, err
			}
		}
		pos.Centers[l] = owner
		what = func(lg game.Lang) string {
			if owner == variants.NoPower {
				return f(lg, "the centre %s made neutral", v.Locs[l].ID)
			}
			return f(lg, "the centre %s given to %s", v.Locs[l].ID, PowerName(lg, v, owner))
		}
	default:
		return nil, nil, editUsage
	}
	if err := pos.Validate(v); err != nil {
		return nil, nil, refuse("%s", strings.TrimPrefix(err.Error(), "position: "))
	}
	return s.Edited(pos), what, nil
}
