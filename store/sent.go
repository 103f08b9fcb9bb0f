package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

var qMarkSentAs = declare(`UPDATE outbox SET sent_at = ?, attempts = attempts + 1, sent_as = ? WHERE id = ?`)

// MarkSentAll records that the mails ids went out together, as one
// message to their recipients with Message-ID messageID, in one
// transaction: all or none.
func (s *Store) MarkSentAll(ctx context.Context, ids []int64, at time.Time, messageID string) error {
	return s.Tx(ctx, func(tx *Tx) error {
		for _, id := range ids {
			if _, err := tx.exec(qMarkSentAs, unix(at), messageID, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// Savepoint runs f inside a savepoint of the transaction: if f fails,
// what it wrote is rolled back and the rest of the transaction stands.
// The judge processes a deadline's games in batches, one transaction a
// batch and a savepoint a game, so that each game stays atomic while the
// batch pays one commit.
func (t *Tx) Savepoint(f func() error) error {
	if _, err := t.tx.ExecContext(t.ctx, `SAVEPOINT game`); err != nil {
		return fmt.Errorf("savepoint: %w", err)
	}
	if err := f(); err != nil {
		if _, rerr := t.tx.ExecContext(t.ctx, `ROLLBACK TO game`); rerr != nil {
			return errors.Join(err, fmt.Errorf("rollback to savepoint: %w", rerr))
		}
		t.tx.ExecContext(t.ctx, `RELEASE game`)
		return err
	}
	if _, err := t.tx.ExecContext(t.ctx, `RELEASE game`); err != nil {
		return fmt.Errorf("release savepoint: %w", err)
	}
	return nil
}

var qSchedules = declare(`SELECT id, name, settings, deadline, reminded FROM games WHERE state = 'active'`)

// Schedules lists the active games with what tells when each is due
// (its settings, deadline and whether it was reminded) and nothing else:
// a deadline looks at every active game, and their positions are large.
func (t *Tx) Schedules() ([]*Game, error) {
	return queryAll(t, "list schedules", func(row scanner) (*Game, error) {
		var g Game
		var deadline int64
		if err := row.Scan(&g.ID, &g.Name, &g.Settings, &deadline, &g.Reminded); err != nil {
			return nil, err
		}
		g.Deadline, g.State = fromUnix(deadline), Active
		return &g, nil
	}, qSchedules)
}

// Carried is the message id of an order carried from the phase before
// (game.Outcome.Carried) rather than sent in a mail.
const Carried = "carried"

var qClearSheet = declare(`DELETE FROM orders WHERE game_id = ? AND phase = ? AND power = ? AND message_id <> ?`)

// ClearSheet drops the orders power gave for phase, but those carried
// from the phase before (Carried): a new sheet replaces the
// old.
func (t *Tx) ClearSheet(gameID int64, phase, power string) error {
	if _, err := t.exec(qClearSheet, gameID, phase, power, Carried); err != nil {
		return fmt.Errorf("clear the sheet of %s: %w", power, err)
	}
	return nil
}
