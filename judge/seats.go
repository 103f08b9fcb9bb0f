package judge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corriere/corriere/game"
)

// The judge knows a game's seats by their ids (game.Seat), and asks the
// game's Rules for their names and the State for who plays what
// (game.Seater); this file is where it does.

// kind is the registered game named name; the first registered for ""
// (the kind of games stored before there were several).
func (j *Judge) kind(name string) (game.Kind, error) {
	if len(j.Games) == 0 {
		return nil, fmt.Errorf("the judge has no games registered (Judge.Games)")
	}
	if k := findKind(j.Games, name); k != nil {
		return k, nil
	}
	var names []string
	for _, k := range j.Games {
		names = append(names, k.Name())
	}
	return nil, fmt.Errorf("no game %q registered with this judge (it runs %s)", name, strings.Join(names, ", "))
}

// findKind is the kind of kinds named name, by its name or an alias
// (game.Aliased); the first for "", nil for none.
func findKind(kinds []game.Kind, name string) game.Kind {
	for _, k := range kinds {
		if name == "" || k.Name() == name {
			return k
		}
		if a, ok := k.(game.Aliased); ok && slices.Contains(a.Aliases(), name) {
			return k
		}
	}
	return nil
}

// seatIDs are the game's seats' ids, in the game's order.
func (vw *view) seatIDs() []string {
	seats := vw.rules.Seats()
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = s.ID
	}
	return out
}

// seatName is the name of the seat with that id, in l; the id itself
// for a seat the game does not have.
func (vw *view) seatName(l lang, id string) string {
	if vw.names == nil {
		vw.names = map[string]game.Text{}
		for _, s := range slices.Concat(vw.rules.Seats(), vw.masterSeats()) {
			vw.names[s.ID] = s.Name
		}
	}
	if name, ok := vw.names[id]; ok {
		return name(game.Lang(l))
	}
	return id
}

// masterSeats are the seats no player takes that the master plays
// (game.MasterSeater).
func (vw *view) masterSeats() []game.Seat {
	if m, ok := vw.rules.(game.MasterSeater); ok {
		return m.MasterSeats()
	}
	return nil
}

// masterSeat is the seat the master plays named name: its id, or its name
// in either language, in any case.
func (vw *view) masterSeat(name string) (string, bool) {
	for _, s := range vw.masterSeats() {
		if strings.EqualFold(s.ID, name) || strings.EqualFold(s.Name(game.English), name) || strings.EqualFold(s.Name(game.Italian), name) {
			return s.ID, true
		}
	}
	return "", false
}

// seatArg is a seat's name as an argument of a text.
func (vw *view) seatArg(id string) phrase {
	return func(l lang) string { return vw.seatName(l, id) }
}

// sideName names the seats one player plays: "Austria, France and
// Turkey".
func (vw *view) sideName(l lang, side []string) string {
	names := make([]string, len(side))
	for i, id := range side {
		names[i] = vw.seatName(l, id)
	}
	return l.and(names)
}

// seatList lists the game's seats' names, for a reply that expects one.
func (vw *view) seatList(l lang) string {
	ids := vw.seatIDs()
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = vw.seatName(l, id)
	}
	return strings.Join(names, ", ")
}

// nameWidth is the width of a column of the seats' names.
func (vw *view) nameWidth(l lang) int {
	w := 8
	for _, id := range vw.seatIDs() {
		w = max(w, len([]rune(vw.seatName(l, id)))+1)
	}
	return w
}

// seating is who plays what now: the state's, else the rules' (before
// the game starts), else one player to a seat.
func (vw *view) seating() game.Seating {
	if s, ok := vw.st.(game.Seater); ok && vw.st != nil {
		return s.Seating()
	}
	if s, ok := vw.rules.(game.Seater); ok {
		return s.Seating()
	}
	var out game.Seating
	for _, id := range vw.seatIDs() {
		out.Sides = append(out.Sides, []string{id})
	}
	return out
}

// absentWhy says why nobody plays seat in the game now.
func (vw *view) absentWhy(seat string) phrase {
	why := vw.seating().Absent[seat]
	return func(l lang) string {
		if why == nil {
			return ""
		}
		return why(game.Lang(l))
	}
}

// setupIn describes a setup that differs from the game as designed, in
// l, on a line of its own; "" for none.
func setupIn(l lang, vw *view) string {
	if about := vw.seating().About; about != nil {
		return about(game.Lang(l)) + "\n"
	}
	return ""
}

// lookupSeat reads a seat as the operator or the master names it,
// exactly (game.Rules.Seat): a seat must not forgive misspellings, or
// "prussia" seats Russia and mails a stranger.
func lookupSeat(vw *view, name string) (string, error) {
	if id, ok := vw.rules.Seat(name); ok {
		return id, nil
	}
	return "", badRequest("%q is not a power of game %s: expected one of %s (or its name in Italian or its abbreviation; any case, spelled exactly)", name, vw.g.Name, strings.Join(vw.seatIDs(), ", "))
}

// guessSeat reads a seat as a player names it: forgiving a misspelling
// where the game can (game.Guesser).
func (vw *view) guessSeat(name string) (string, bool) {
	if g, ok := vw.rules.(game.Guesser); ok {
		return g.GuessSeat(name)
	}
	return vw.rules.Seat(name)
}

// seatByInitial reads njudge's one-letter seat codes (SIGNON Fgame pw):
// the one seat whose English name begins with letter.
func (vw *view) seatByInitial(letter byte) string {
	found := ""
	for _, id := range vw.seatIDs() {
		if name := vw.seatName(english, id); name != "" && strings.EqualFold(name[:1], string(letter)) {
			if found != "" {
				return ""
			}
			found = id
		}
	}
	return found
}

// survivors are the seats still in the game (game.Survivors): every seat
// played, for a game that does not tell.
func (vw *view) survivors() []string {
	if vw.st == nil {
		return nil
	}
	if s, ok := vw.st.(game.Survivors); ok {
		return s.Survivors()
	}
	absent := vw.seating().Absent
	return slices.DeleteFunc(vw.seatIDs(), func(id string) bool { _, out := absent[id]; return out })
}

// alive reports whether some seat of side is still in the game.
func alive(vw *view, side []string) bool {
	survivors := vw.survivors()
	return slices.ContainsFunc(side, func(id string) bool { return slices.Contains(survivors, id) })
}

// phaseTitle is the current phase for people, in l.
func (vw *view) phaseTitle(l lang) string {
	return vw.st.Phase().Title(game.Lang(l))
}

// phaseOf is a phase's title for its id, the id itself if the game
// cannot read it.
func (vw *view) phaseOf(l lang, id string) string {
	p, err := vw.rules.Phase(id)
	if err != nil {
		return id
	}
	return p.Title(game.Lang(l))
}

// viewer is who reads the game's mail at address: the master, the player
// of some seats, or an observer. Only for mail the judge sends to that
// address: a mail's From proves nothing until it signs on (session.viewer).
func (vw *view) viewer(address string) game.Viewer {
	var v game.Viewer
	v.Master = vw.g.MasterAddress != "" && strings.EqualFold(vw.g.MasterAddress, address)
	for _, s := range vw.seats {
		if s.Address != "" && strings.EqualFold(s.Address, address) {
			v.Seats = append(v.Seats, s.Power)
		}
	}
	return v
}

// viewer is who the sender of the mail may read game vw as: the master
// or the player signed on to it, else (a From alone proves nothing) an
// observer.
func (s *session) viewer(vw *view) game.Viewer {
	if s.vw == nil || s.vw.g.ID != vw.g.ID {
		return game.Viewer{}
	}
	if s.master && !s.asMaster {
		return game.Viewer{Master: true}
	}
	return game.Viewer{Seats: slices.Clone(s.side)}
}
