package store

import (
	"context"
	"fmt"
	"time"
)

// ForgetBody replaces the body of a sent outbox mail, one that carried a
// secret (a password) that must not stay in the database. A mail not yet
// sent keeps its body: it may have to be sent again.
func (s *Store) ForgetBody(ctx context.Context, id int64, body string) error {
	err := s.Tx(ctx, func(tx *Tx) error {
		_, err := tx.exec(`UPDATE outbox SET body = ? WHERE id = ? AND sent_at IS NOT NULL`, body, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("forget the body of mail %d: %w", id, err)
	}
	return nil
}

// RepliesSince counts the replies queued to recipient (any case) since a
// time: how much the judge has written to one address lately.
func (t *Tx) RepliesSince(recipient string, since time.Time) (int, error) {
	var n int
	err := t.tx.QueryRowContext(t.ctx, `SELECT COUNT(*) FROM outbox WHERE kind = 'reply' AND recipient = ? COLLATE NOCASE AND created_at > ?`,
		recipient, unix(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count replies to %s: %w", recipient, err)
	}
	return n, nil
}
