package judge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/corriere/corriere/game"
	"github.com/corriere/corriere/game/dice"
	"github.com/corriere/corriere/store"
)

// Tick does what is due at the judge's clock: processes the games whose
// deadline and grace have passed and sends the reminders due. Each game
// is one transaction of its own.
func (j *Judge) Tick(ctx context.Context) error {
	return j.tickAt(ctx, j.now())
}

// tickAt does what was due at the time at: the daemon ticks at the time
// it last looked at the mailbox, or at a mail's arrival, so that a game
// is processed with all the mail that arrived before it was due and none
// of the mail that arrived after.
func (j *Judge) tickAt(ctx context.Context, at time.Time) error {
	// Only the games with something due are loaded in full.
	var names []string
	err := j.Store.Tx(ctx, func(tx *store.Tx) error {
		return j.scheduled(tx, func(g *store.Game, rs *readSettings) {
			due := !at.Before(dueAt(g, rs))
			remind := !g.Reminded && rs.set.Reminder > 0 && !at.Before(g.Deadline.Add(-time.Duration(rs.set.Reminder)))
			if due || remind {
				names = append(names, g.Name)
			}
		})
	})
	if err != nil {
		return err
	}
	// A batch of games a transaction, a savepoint a game: each game is
	// processed whole or not at all, and the batch pays one commit. A
	// crash loses the batch uncommitted, whose games are processed again
	// from the start, as if the crash had come before them; a game that
	// fails is rolled back alone and told, and the others go on.
	var failed []error
	for batch := range slices.Chunk(names, tickBatch) {
		err := j.Store.Tx(ctx, func(tx *store.Tx) error {
			for _, name := range batch {
				err := tx.Savepoint(func() (err error) {
					defer func() {
						if r := recover(); r != nil {
							err = recovered(name, r)
						}
					}()
					return j.tickGame(tx, name, at)
				})
				if err != nil && ctx.Err() == nil {
					j.log().Error("game not processed", "game", name, "err", err)
					failed = append(failed, fmt.Errorf("game %s: %w", name, err))
				}
			}
			return ctx.Err()
		})
		if err != nil {
			return err
		}
		// The batch's mail may go while the next games are processed.
		select {
		case j.wake <- struct{}{}:
		default:
		}
	}
	return errors.Join(failed...)
}

// tickBatch is how many games a deadline processes in one transaction.
const tickBatch = 20

// tickGame does what is due in game name at the time at: the end date,
// the deadline or the reminder.
func (j *Judge) tickGame(tx *store.Tx, name string, at time.Time) error {
	vw, err := j.loadView(tx, name)
	if err != nil || vw.g.State != store.Active || vw.g.Deadline.IsZero() {
		return err
	}
	if end, _ := vw.set.endTime(); !end.IsZero() && !at.Before(end) {
		return j.endByUnits(tx, vw)
	}
	if !at.Before(vw.g.Deadline.Add(time.Duration(vw.set.Grace))) {
		return j.process(tx, vw)
	}
	if !vw.g.Reminded && vw.set.Reminder > 0 && !at.Before(vw.g.Deadline.Add(-time.Duration(vw.set.Reminder))) {
		return j.remind(tx, vw)
	}
	return nil
}

// dueAt is when an active game with a deadline is next processed: its
// deadline and grace, or its end date when that comes first.
func dueAt(g *store.Game, rs *readSettings) time.Time {
	due := g.Deadline.Add(time.Duration(rs.set.Grace))
	if !rs.end.IsZero() && rs.end.Before(due) {
		return rs.end
	}
	return due
}

// dueGames returns the active games due at the time at, and the earliest
// time after it that another falls due (zero when none does).
func (j *Judge) dueGames(ctx context.Context, at time.Time) (due []*store.Game, next time.Time, err error) {
	err = j.Store.Read(ctx, func(tx *store.Tx) error {
		return j.scheduled(tx, func(g *store.Game, rs *readSettings) {
			switch d := dueAt(g, rs); {
			case !at.Before(d):
				due = append(due, g)
			case next.IsZero() || d.Before(next):
				next = d
			}
		})
	})
	return due, next, err
}

// scheduled is a look at every scheduled game: f is called with each
// active game that has a deadline, and its settings. A game whose
// settings cannot be read is left out (loadView reports it when it is
// due); the look's end lets settingsRead drop the texts it did not read.
func (j *Judge) scheduled(tx *store.Tx, f func(g *store.Game, rs *readSettings)) error {
	games, err := tx.Schedules()
	if err != nil {
		return err
	}
	for _, g := range games {
		rs, err := j.read.read(g.Settings)
		if err != nil || g.Deadline.IsZero() {
			continue
		}
		f(g, rs)
	}
	j.read.looked()
	return nil
}

// endByUnits ends a game at its end date, with the winners its rules
// give then (game.Ender).
func (j *Judge) endByUnits(tx *store.Tx, vw *view) error {
	end := &game.Ending{Text: func(l game.Lang) string { return lang(l).t("nobody wins") }}
	if e, ok := vw.st.(game.Ender); ok {
		end = e.EndNow()
	}
	if err := tx.Audit(j.now(), vw.g.ID, "judge", "end", end.Text(game.English)); err != nil {
		return err
	}
	return j.finish(tx, vw, "judge", byEndDate, func(l lang) (string, string) {
		return l.t("the game ends"), l.f("Game %s has reached its end date (%s): %s.\n\n%s", vw.g.Name, vw.set.End, end.Text(game.Lang(l)), vw.st.Position(game.Viewer{})(game.Lang(l)))
	})
}

// processIfReady processes the game now when it allows early processing
// and every power with orders to give is ready with complete orders.
func (j *Judge) processIfReady(tx *store.Tx, name, phase string) error {
	vw, err := j.loadView(tx, name)
	// A phase processed already (by an earlier line of the same mail) is
	// not followed by the next, whose orders the mail did not give.
	if err != nil || vw.g.State != store.Active || vw.st == nil || vw.g.Phase != phase {
		return err
	}
	// An eager game (game.Eager) goes on once its orders are complete; any
	// other early only where it allows it and every player is ready. A
	// phase that no seat owes orders for waits on the game master (a
	// ruling), which only the game can tell is given: it goes on early
	// only when the game is eager.
	owing := vw.owing()
	eager, _ := vw.st.(game.Eager)
	if eager == nil || !eager.Eager() {
		if !vw.set.Early || len(owing) == 0 {
			return nil
		}
		for _, p := range owing {
			if seat := vw.seat(p); seat == nil || !seat.NoWait {
				return nil
			}
		}
	}
	sets, err := vw.standings(tx, owing...)
	if err != nil {
		return err
	}
	for _, p := range owing {
		if len(vw.missing(p, sets[p].orders)) > 0 {
			return nil
		}
	}
	return j.process(tx, vw)
}

// process resolves the game's current phase with the standing orders,
// stores the next position and queues the results for everyone.
func (j *Judge) process(tx *store.Tx, vw *view) error {
	now := j.now()
	g := vw.g
	d, err := j.diceFor(g)
	if err != nil {
		return err
	}
	// A phase processed again after a rollback rolls as it did, and the
	// game may say so.
	var againErr error
	d.Again = func() bool {
		again, err := tx.Audited(g.ID, "process", g.Phase+" -> ")
		againErr = err
		return again
	}
	resp, err := j.play(tx, vw, d)
	if err == nil {
		err = againErr
	}
	if err != nil {
		return err
	}
	if err := j.auditRolls(tx, vw, d); err != nil {
		return err
	}
	late := vw.englishNames(resp.late)
	before := g.Phase
	ng := *g
	nvw := *vw
	nvw.g = &ng
	nvw.st = resp.Next
	for _, id := range resp.Joined {
		if err := j.seatJoined(tx, &nvw, id); err != nil {
			return err
		}
	}
	ending := endText(resp.End)
	ordersJSON, _ := json.Marshal(resp.request)
	lateJSON, _ := json.Marshal(late)
	err = tx.AddPhase(store.PhaseRecord{GameID: g.ID, Phase: g.Phase, Position: g.Position, Orders: string(ordersJSON),
		Result: string(resp.Record), Late: string(lateJSON), ProcessedAt: now})
	if err != nil {
		return err
	}
	if err := tx.ClearOrders(g.ID, g.Phase, ""); err != nil {
		return err
	}
	// Standing instructions stand for the next phase too.
	for _, o := range resp.Carried {
		err := tx.PutOrder(store.Order{GameID: g.ID, Phase: resp.Next.Phase().ID, Power: o.Seat, Key: o.Key,
			Text: o.Text, Canonical: o.Text, MessageID: store.Carried, At: now, ByMaster: o.ByMaster})
		if err != nil {
			return err
		}
	}
	// Draw votes and concessions last one phase.
	for i := range nvw.seats {
		seat := &nvw.seats[i]
		if seat.Draw || seat.Concede != "" {
			seat.Draw, seat.DrawWith, seat.Concede = false, "", ""
			if err := tx.PutSeat(*seat); err != nil {
				return err
			}
		}
	}
	posJSON, err := resp.Next.Encode()
	if err != nil {
		return gameFault(vw, err)
	}
	ng.Phase, ng.Position, ng.Reminded, ng.PhaseBegan, ng.BeganMark = resp.Next.Phase().ID, string(posJSON), false, now, j.fetchedMark()
	if ending != nil {
		if err := j.transition(tx, &nvw, finished, "judge", byOutcome); err != nil {
			return err
		}
	} else if ng.Deadline, err = j.deadline(tx, &nvw, now); err != nil {
		return err
	}
	if err := tx.UpdateGame(&ng); err != nil {
		return err
	}
	detail := fmt.Sprintf("%s -> %s", before, ng.Phase)
	if len(late) > 0 {
		detail += "; late: " + strings.Join(late, ", ")
	}
	if len(resp.graced) > 0 {
		detail += "; in grace: " + strings.Join(vw.englishNames(resp.graced), ", ")
	}
	rep, err := vw.st.Results(resp.Record, resp.Next, game.Viewer{})
	if err != nil {
		return gameFault(vw, err)
	}
	if rep.Events != nil {
		detail += "; " + strings.TrimSpace(rep.Events(game.English))
	}
	if ending != nil {
		detail += "; " + strings.TrimSpace(ending(english))
	}
	if err := tx.Audit(now, g.ID, "judge", "process", detail); err != nil {
		return err
	}
	j.log().Info("phase processed", "game", g.Name, "phase", before, "next", ng.Phase)
	if err := j.mailResults(tx, vw, &nvw, before, resp, rep, ending); err != nil {
		return err
	}
	return j.readAhead(tx, &nvw)
}

// played is a phase resolved with the standing orders, and the orders
// (power -> canonical texts) it was resolved with.
type played struct {
	*game.Outcome
	request map[string][]string
	lateness
}

// lateness says who had no complete orders when, in names of powers.
type lateness struct {
	// early is set when the phase is processed before its deadline.
	early bool
	// late are the powers whose orders were missing or incomplete at the
	// deadline; graced are those of them complete when processed, having
	// used the grace period.
	late, graced []string
	// missing are the powers whose orders were missing or incomplete when
	// the phase was processed.
	missing []string
}

// play resolves the game's current phase with its standing orders, and
// says who had no complete orders at the deadline and at processing. It
// stores nothing: process stores, PREVIEW only shows.
func (j *Judge) play(tx *store.Tx, vw *view, d *dice.Source) (*played, error) {
	sets, err := vw.standings(tx)
	if err != nil {
		return nil, err
	}
	var orders []game.Order
	request := map[string][]string{}
	for _, st := range sets {
		orders = append(orders, st.orders...)
		for _, r := range st.rows {
			request[r.Power] = append(request[r.Power], r.Canonical)
		}
	}
	deadline := vw.g.Deadline
	var lt lateness
	lt.early = deadline.IsZero() || j.now().Before(deadline)
	for _, p := range vw.owing() {
		st := sets[p]
		incomplete := len(vw.missing(p, st.orders)) > 0
		if incomplete {
			lt.missing = append(lt.missing, p)
		}
		if lt.early {
			continue
		}
		// The orders that stood at the deadline: a replacement made in
		// grace keeps the time its unit was first ordered.
		var then []game.Order
		for i, r := range st.rows {
			if !r.Since.After(deadline) {
				then = append(then, st.orders[i])
			}
		}
		if len(vw.missing(p, then)) > 0 {
			lt.late = append(lt.late, p)
			if !incomplete {
				lt.graced = append(lt.graced, p)
			}
		}
	}
	out, err := vw.st.Resolve(orders, d)
	if err != nil {
		return nil, gameFault(vw, err)
	}
	return &played{Outcome: out, request: request, lateness: lt}, nil
}

// remind mails the players whose orders are not complete, one mail for
// all the powers a player plays.
func (j *Judge) remind(tx *store.Tx, vw *view) error {
	var addrs []string
	lines := map[string][]string{}
	langs := map[string]lang{}
	sets, err := vw.standings(tx)
	if err != nil {
		return err
	}
	for _, p := range vw.owing() {
		miss := vw.missing(p, sets[p].orders)
		seat := vw.seat(p)
		if len(miss) == 0 || seat == nil || seat.Address == "" {
			continue
		}
		if lines[seat.Address] == nil {
			addrs = append(addrs, seat.Address)
		}
		l := vw.seatLang(seat)
		lines[seat.Address] = append(lines[seat.Address], l.f("As %s, still missing: %s.\n", vw.seatName(l, p), strings.Join(vw.missingIn(l, p, sets[p].orders), ", ")))
		langs[seat.Address] = l
	}
	// The master, where the phase waits for his word (game.MasterOwer).
	if mo, ok := vw.st.(game.MasterOwer); ok && vw.g.MasterAddress != "" {
		if due := mo.MasterOwes(); due != nil {
			l := vw.set.lang()
			_, err := tx.Queue(store.Mail{CreatedAt: j.now(), Recipient: vw.g.MasterAddress, Subject: l.f("Corriere %s: your decisions due for %s", vw.g.Name, vw.g.Phase),
				Body:   l.f("Game %s, %s: the phase waits for your word as its master: %s.\nDeadline: %s.\n", vw.g.Name, vw.phaseTitle(l), due(game.Lang(l)), vw.deadlineIn(l)),
				GameID: vw.g.ID, Phase: vw.g.Phase, Kind: "reminder"})
			if err != nil {
				return err
			}
		}
	}
	for _, addr := range addrs {
		l := langs[addr]
		body := l.f("Game %s, %s: your orders are not complete.\n%sDeadline: %s.\n",
			vw.g.Name, vw.phaseTitle(l), strings.Join(lines[addr], ""), vw.deadlineIn(l))
		_, err := tx.Queue(store.Mail{CreatedAt: j.now(), Recipient: addr, Subject: l.f("Corriere %s: orders due for %s", vw.g.Name, vw.g.Phase),
			Body: body, GameID: vw.g.ID, Phase: vw.g.Phase, Kind: "reminder"})
		if err != nil {
			return err
		}
	}
	vw.g.Reminded = true
	return tx.UpdateGame(vw.g)
}

// englishNames are the seats' names in English, for the record and the
// audit.
func (vw *view) englishNames(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = vw.seatName(english, id)
	}
	return out
}

// mailResults mails every player and observer the results of the phase
// before, played from vw into next, in their language: rep, written for
// everyone, where the game shows everyone the same (game.Open), else the
// results written for each reader, so that nobody reads what only
// another may see.
func (j *Judge) mailResults(tx *store.Tx, vw, next *view, before string, resp *played, rep game.Report, ending phrase) error {
	if _, open := vw.rules.(game.Open); open {
		return j.mailAllIn(tx, next, "results", before, func(l lang) (string, string) {
			return l.f("Corriere %s: %s results", vw.g.Name, before), resultsText(l, vw, before, rep, resp.lateness, next, ending)
		})
	}
	readers, err := next.readers(tx)
	if err != nil {
		return err
	}
	// The master (the arbiter, the moderator) of a game with secrets reads
	// its results whole, to rule on what the game leaves to him.
	if m := next.g.MasterAddress; m != "" && !slices.ContainsFunc(readers, func(r reader) bool { return strings.EqualFold(r.address, m) }) {
		readers = append(readers, reader{m, next.set.lang()})
	}
	for _, r := range readers {
		rep, err := vw.st.Results(resp.Record, resp.Next, next.viewer(r.address))
		if err != nil {
			return gameFault(vw, err)
		}
		_, err = tx.Queue(store.Mail{CreatedAt: j.now(), Recipient: r.address, Subject: r.lang.f("Corriere %s: %s results", vw.g.Name, before),
			Body: resultsText(r.lang, vw, before, rep, resp.lateness, next, ending), GameID: vw.g.ID, Phase: before, Kind: "results"})
		if err != nil {
			return err
		}
	}
	return nil
}
