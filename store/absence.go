package store

import (
	"fmt"
	"time"
)

// Absence is a player's announced absence from a game: From is when it
// begins, To when it ends (not part of it).
type Absence struct {
	ID        int64
	GameID    int64
	Power     string
	From, To  time.Time
	CreatedAt time.Time
}

var (
	qAddAbsence     = declare(`INSERT INTO absences (game_id, power, starts_at, ends_at, created_at) VALUES (?, ?, ?, ?, ?)`)
	qAbsences       = declare(`SELECT id, game_id, power, starts_at, ends_at, created_at FROM absences WHERE game_id = ? ORDER BY power, starts_at, id`)
	qDeleteAbsences = declare(`DELETE FROM absences WHERE game_id = ? AND power = ? AND starts_at > ?`)
	qClearAbsences  = declare(`DELETE FROM absences WHERE game_id = ? AND power = ?`)
)

// AddAbsence records a and returns its ID.
func (t *Tx) AddAbsence(a Absence) (int64, error) {
	res, err := t.exec(qAddAbsence,
		a.GameID, a.Power, unix(a.From), unix(a.To), unix(a.CreatedAt))
	if err != nil {
		return 0, fmt.Errorf("record absence of %s: %w", a.Power, err)
	}
	return res.LastInsertId()
}

// Absences lists a game's absences by power, then by when they begin.
func (t *Tx) Absences(gameID int64) ([]Absence, error) {
	return queryAll(t, "absences", func(r scanner) (a Absence, err error) {
		var from, to, created int64
		err = r.Scan(&a.ID, &a.GameID, &a.Power, &from, &to, &created)
		a.From, a.To, a.CreatedAt = fromUnix(from), fromUnix(to), fromUnix(created)
		return a, err
	}, qAbsences, gameID)
}

// DeleteAbsences drops a power's absences that begin after the given time
// and returns how many there were.
func (t *Tx) DeleteAbsences(gameID int64, power string, after time.Time) (int64, error) {
	res, err := t.exec(qDeleteAbsences, gameID, power, unix(after))
	if err != nil {
		return 0, fmt.Errorf("cancel absences of %s: %w", power, err)
	}
	return res.RowsAffected()
}

// ClearAbsences drops all of a power's absences, past, current and to
// come: when the power changes hands, the new player starts afresh.
func (t *Tx) ClearAbsences(gameID int64, power string) error {
	if _, err := t.exec(qClearAbsences, gameID, power); err != nil {
		return fmt.Errorf("clear absences of %s: %w", power, err)
	}
	return nil
}
