package store

import (
	"context"
	"fmt"
)

// ForgetBody replaces the body of a sent outbox mail, one that carried a
// secret (a password) that must not stay in the database. A mail not yet
// sent keeps its body: it may have to be sent again.
func (s *Store) ForgetBody(ctx context.Context, id int64, body string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE outbox SET body = ? WHERE id = ? AND sent_at IS NOT NULL`, body, id); err != nil {
		return fmt.Errorf("forget the body of mail %d: %w", id, err)
	}
	return nil
}
