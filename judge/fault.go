package judge

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/corriere/corriere/mailer"
	"github.com/corriere/corriere/store"
)

// A fault is a game's own failure (an error of its Read, Resolve or
// Results that is no refusal, a state it cannot read back, a panic),
// as against the store's or the network's, which pass: a mail that meets
// one is answered and set aside, so that one game's fault never stops
// the judge's mailbox, and a deadline that meets one leaves that game
// alone and goes on with the others.
type fault struct {
	game string
	err  error
}

func (f *fault) Error() string { return "game " + f.game + ": " + f.err.Error() }

func (f *fault) Unwrap() error { return f.err }

// gameFault marks err, from the game of vw, as the game's fault.
func gameFault(vw *view, err error) error {
	if err == nil {
		return nil
	}
	var f *fault
	if errors.As(err, &f) {
		return err
	}
	return &fault{game: vw.g.Name, err: err}
}

// recovered turns a panic of a game's code into a fault.
func recovered(game string, r any) error {
	return &fault{game: game, err: fmt.Errorf("panic: %v\n%s", r, debug.Stack())}
}

// setAside records a mail that met a game's fault, moves past it (also)
// and tells its sender, in one transaction: the mail is kept, whole, for
// the operator, who reads the fault in the log and the audit.
func (j *Judge) setAside(ctx context.Context, m *mailer.Message, raw []byte, at time.Time, f *fault, also func(*store.Tx) error) error {
	j.log().Error("mail set aside: a game's fault", "message_id", m.MessageID, "from", m.From, "err", f)
	return j.Store.Tx(ctx, func(tx *store.Tx) error {
		if err := also(tx); err != nil {
			return err
		}
		added, err := tx.AddMessage(store.Message{MessageID: m.MessageID, Sender: m.From, Subject: m.Subject, ReceivedAt: at, Raw: raw, Status: "fault"})
		if err != nil || !added {
			return err
		}
		if err := tx.Audit(j.now(), 0, "judge", "fault", m.MessageID+": "+f.Error()); err != nil {
			return err
		}
		l, _ := detectLang(m.Subject + "\n" + m.Text)
		return j.reply(tx, m, "", l.f("The judge could not carry out your mail: game %s failed while reading it, a fault of the judge's, not yours. Nothing in your mail was changed; its operator has been told. You may send it again later.\n", f.game))
	})
}
