package table

import (
	"slices"
	"strconv"
	"strings"

	"github.com/corriere/corriere/game"
)

// A Placer is a Play that knows its places by name, so that the
// moderator's EDIT names a place as players do and a typo is refused.
type Placer interface {
	Place(name string) (string, bool)
}

// editForms are the changes EDIT takes, for HELP (EditForms) and its
// refusals.
const editForms = "PUT <place> <piece> [<seat> [<tag>]], REMOVE <place> <piece> [<seat>], MOVE <place> <place> <piece> [<seat>], TRACK <track> <key> <+n|-n|n>, GIVE <seat> <card>, TAKE <seat> <card>, SECRET <seat> <marker>, SEAL <seat> <marker>, ORDER <seats>, or AUTO <seat> ON|OFF"

// EditForms are the changes the engine's EDIT takes, in each language:
// a game on the engine gives them as its game.EditHelper.
func EditForms() [game.Langs]string {
	return [game.Langs]string{game.English: editForms, game.Italian: italian[editForms]}
}

// Edit is the moderator's generic change of any piece of state, which
// the judge audits and announces with its reason: a piece put, removed
// or moved, a track set, a card given or taken, a marker given, the
// turn order changed, a seat automated. A card or marker given is not
// named in the announcement: only its holder sees it; the moderator
// reads what everyone reads.
func (s *State) Edit(words string, seat func(string) (string, error)) (game.State, game.Text, game.Text, error) {
	next, done, err := s.edit(words, seat)
	return next, done, nil, err
}

func (s *State) edit(words string, seat func(string) (string, error)) (game.State, game.Text, error) {
	f := strings.Fields(words)
	d := s.P.Dict()
	bad := Refuse(d, M("expected EDIT %s, then -- and the reason", M(editForms)))
	if len(f) < 2 {
		return nil, nil, bad
	}
	next, err := s.Clone()
	if err != nil {
		return nil, nil, err
	}
	t := next.t()
	place := func(name string) (string, error) {
		if p, ok := s.P.(Placer); ok {
			if id, ok := p.Place(name); ok {
				return id, nil
			}
			return "", Refuse(d, M("there is no place %s", name))
		}
		return name, nil
	}
	owner := func(args []string) (string, error) {
		if len(args) == 0 {
			return "", nil
		}
		return seat(args[0])
	}
	var done Msg
	switch verb := strings.ToUpper(f[0]); {
	case verb == "PUT" && len(f) >= 3 && len(f) <= 5:
		p, err := place(f[1])
		if err != nil {
			return nil, nil, err
		}
		o, err := owner(f[3:])
		if err != nil {
			return nil, nil, err
		}
		pc := Piece{Kind: strings.ToLower(f[2]), Owner: o}
		if len(f) == 5 {
			pc.Tag = strings.ToLower(f[4])
		}
		t.Put(p, pc)
		done = M("%s put in %s", pc.String(), p)
	case (verb == "REMOVE" && len(f) >= 3 && len(f) <= 4) || (verb == "MOVE" && len(f) >= 4 && len(f) <= 5):
		from, err := place(f[1])
		if err != nil {
			return nil, nil, err
		}
		rest := f[2:]
		var to string
		if verb == "MOVE" {
			if to, err = place(f[2]); err != nil {
				return nil, nil, err
			}
			rest = f[3:]
		}
		o, err := owner(rest[1:])
		if err != nil {
			return nil, nil, err
		}
		kind := strings.ToLower(rest[0])
		pc, ok := t.Find(from, Is(kind, o))
		if !ok {
			return nil, nil, Refuse(d, M("there is no %s in %s", strings.TrimSpace(kind+" "+o), from))
		}
		t.Remove(from, Is(kind, o))
		done = M("%s removed from %s", pc.String(), from)
		if verb == "MOVE" {
			t.Put(to, pc)
			done = M("%s moved from %s to %s", pc.String(), from, to)
		}
	case verb == "TRACK" && len(f) == 4:
		n, err := strconv.Atoi(f[3])
		if err != nil {
			return nil, nil, bad
		}
		key := f[2]
		if id, err := seat(key); err == nil {
			key = id
		}
		if f[3][0] != '+' && f[3][0] != '-' {
			n -= t.Get(f[1], key)
		}
		t.Add(strings.ToLower(f[1]), key, n)
		done = M("%s of %s is now %s", strings.ToLower(f[1]), key, t.Get(strings.ToLower(f[1]), key))
	case (verb == "GIVE" || verb == "TAKE" || verb == "SECRET" || verb == "SEAL") && len(f) == 3:
		who, err := seat(f[1])
		if err != nil {
			return nil, nil, err
		}
		switch verb {
		case "GIVE":
			t.Give(who, f[2])
			done = M("a card given to %s", who)
		case "TAKE":
			if !t.Take(who, f[2]) {
				return nil, nil, Refuse(d, M("%s holds no card %s", who, f[2]))
			}
			done = M("a card taken from %s", who)
		case "SECRET":
			t.Secrets = addTo(t.Secrets, who, f[2])
			done = M("a secret marker given to %s", who)
		default:
			t.Sealed = addTo(t.Sealed, who, f[2])
			done = M("a sealed marker given to %s", who)
		}
	case verb == "ORDER":
		var order []string
		for _, w := range f[1:] {
			id, err := seat(strings.Trim(w, ","))
			if err != nil {
				return nil, nil, err
			}
			order = append(order, id)
		}
		a, b := slices.Clone(order), slices.Clone(t.Order)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			return nil, nil, Refuse(d, M("the order must name each seat once: %s", strings.Join(t.Order, " ")))
		}
		t.Order = order
		done = M("the turn order is now %s", strings.Join(order, " "))
	case verb == "AUTO" && len(f) == 3:
		who, err := seat(f[1])
		if err != nil {
			return nil, nil, err
		}
		t.Auto = slices.DeleteFunc(t.Auto, func(x string) bool { return x == who })
		switch strings.ToUpper(f[2]) {
		case "ON":
			t.Auto = append(t.Auto, who)
			done = M("%s is played by the game's bot", who)
		case "OFF":
			done = M("%s is played by its player", who)
		default:
			return nil, nil, bad
		}
	default:
		return nil, nil, bad
	}
	return next, done.Text(d), nil
}

func addTo(m map[string][]string, key, v string) map[string][]string {
	if m == nil {
		m = map[string][]string{}
	}
	m[key] = append(m[key], v)
	return m
}

// Commands are the engine's commands, for a game's Kind to list among
// its own (game.Commander): the moderator's RULE, which answers a
// decision that is the moderator's.
func Commands() []game.Command {
	return []game.Command{{
		Verb: "RULE", Master: true,
		Syntax: [game.Langs]string{"RULE <answer>", "RULE <risposta>"},
		Help:   [game.Langs]string{"answers the decision the game asks of the moderator", "risponde alla decisione che il gioco chiede al moderatore"},
		Do: func(st game.State, _ []string, args string) (game.State, game.Text, game.Text, error) {
			s := st.(*State)
			d := s.P.Dict()
			now := s.t().Now()
			if now == nil || now.Seat != Master {
				return nil, nil, nil, Refuse(d, M("no decision of the moderator's is pending"))
			}
			args = strings.TrimSpace(args)
			if len(now.Answers) > 0 {
				i := slices.IndexFunc(now.Answers, func(a string) bool { return strings.EqualFold(a, args) })
				if i < 0 {
					return nil, nil, nil, Refuse(d, M("expected one of: %s", strings.Join(now.Answers, " | ")))
				}
				args = now.Answers[i]
			}
			if args == "" {
				return nil, nil, nil, Refuse(d, M("expected RULE and the answer"))
			}
			next, err := s.Clone()
			if err != nil {
				return nil, nil, nil, err
			}
			next.t().Ruling = args
			return next, M("Ruling taken: %s.", args).Text(d), M("The moderator ruled: %s.\n", args).Text(d), nil
		},
	}}
}
