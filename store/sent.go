package store

import (
	"context"
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
