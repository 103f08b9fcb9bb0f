package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

var (
	qForgetBody   = declare(`UPDATE outbox SET body = ? WHERE id = ? AND sent_at IS NOT NULL`)
	qRepliesSince = declare(`SELECT COUNT(*) FROM outbox WHERE kind = 'reply' AND recipient = ? COLLATE NOCASE AND created_at > ?`)
	// qCountAudit[actor given][game given]
	qCountAudit = [2][2]query{
		{declare(`SELECT COUNT(*) FROM audit WHERE action = ? AND at > ?`),
			declare(`SELECT COUNT(*) FROM audit WHERE action = ? AND at > ? AND game_id = ? AND detail = ?`)},
		{declare(`SELECT COUNT(*) FROM audit WHERE action = ? AND at > ? AND actor = ? COLLATE NOCASE`),
			declare(`SELECT COUNT(*) FROM audit WHERE action = ? AND at > ? AND actor = ? COLLATE NOCASE AND game_id = ? AND detail = ?`)},
	}
	qGameByID     = declare(`SELECT ` + gameColumns + ` FROM games WHERE id = ?`)
	qRepeatedBody = declare(`SELECT EXISTS(SELECT 1 FROM messages WHERE sender = ? AND body_hash = ? AND message_id <> ? AND received_at > ?)`)
	qSeated       = declare(`SELECT COUNT(*) FROM seats WHERE address = ? COLLATE NOCASE`)
	qAudited      = declare(`SELECT EXISTS(SELECT 1 FROM audit WHERE game_id = ? AND action = ? AND instr(detail, ?) = 1)`)
)

// ForgetBody replaces the body of a sent outbox mail, one that carried a
// secret (a password) that must not stay in the database. A mail not yet
// sent keeps its body: it may have to be sent again.
func (s *Store) ForgetBody(ctx context.Context, id int64, body string) error {
	err := s.Tx(ctx, func(tx *Tx) error {
		_, err := tx.exec(qForgetBody, body, id)
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
	err := t.queryRow(qRepliesSince, recipient, unix(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count replies to %s: %w", recipient, err)
	}
	return n, nil
}

// CountAudit counts the audit entries of an action since a time, of one
// actor (any case) when actor is not "", of one game and detail when
// gameID is not 0.
func (t *Tx) CountAudit(action, actor string, gameID int64, detail string, since time.Time) (int, error) {
	args := []any{action, unix(since)}
	var byActor, byGame int
	if actor != "" {
		byActor = 1
		args = append(args, actor)
	}
	if gameID != 0 {
		byGame = 1
		args = append(args, gameID, detail)
	}
	var n int
	if err := t.queryRow(qCountAudit[byActor][byGame], args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count audit %s: %w", action, err)
	}
	return n, nil
}

// GameByID returns the game with that id, or ErrNotFound.
func (t *Tx) GameByID(id int64) (*Game, error) {
	g, err := scanGame(t.queryRow(qGameByID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	return g, err
}

// RepeatedBody reports whether sender's mail with this body hash was
// stored since a time, under another Message-ID than messageID.
func (t *Tx) RepeatedBody(sender, bodyHash, messageID string, since time.Time) (bool, error) {
	var n int
	err := t.queryRow(qRepeatedBody, sender, bodyHash, messageID, unix(since)).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("look for a repeated mail from %s: %w", sender, err)
	}
	return n > 0, nil
}

// Seated reports whether address (any case) plays in some game.
func (t *Tx) Seated(address string) (bool, error) {
	var n int
	if err := t.queryRow(qSeated, address).Scan(&n); err != nil {
		return false, fmt.Errorf("look for %s's seats: %w", address, err)
	}
	return n > 0, nil
}

// Audited reports whether the game's audit log has an entry of action
// whose detail begins with prefix: a phase processed before (its
// "process" entry), for one processed again after a rollback.
func (t *Tx) Audited(gameID int64, action, prefix string) (bool, error) {
	var found bool
	err := t.queryRow(qAudited, gameID, action, prefix).Scan(&found)
	if err != nil {
		return false, fmt.Errorf("audited %s: %w", action, err)
	}
	return found, nil
}
