package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// A query is one of the store's SQL statements. Each is prepared once per
// database when the Store opens and kept until it closes: preparing
// (parsing and planning) a statement at every call was a fifth of the
// time SQLite took at a deadline.
type query int

// queries holds the text of every query, indexed by query; declare adds
// to it while the package initialises, never after.
var queries []string

func declare(text string) query {
	queries = append(queries, text)
	return query(len(queries) - 1)
}

// statements are a database's prepared queries, indexed by query; nil
// where a query is not prepared on that database.
type statements []*sql.Stmt

// prepareAll prepares the queries that keep returns true for on db.
func prepareAll(ctx context.Context, db *sql.DB, keep func(string) bool) (statements, error) {
	ss := make(statements, len(queries))
	for q, text := range queries {
		if !keep(text) {
			continue
		}
		s, err := db.PrepareContext(ctx, text)
		if err != nil {
			ss.close()
			return nil, fmt.Errorf("prepare %q: %w", text, err)
		}
		ss[q] = s
	}
	return ss, nil
}

func (ss statements) close() error {
	var first error
	for _, s := range ss {
		if s == nil {
			continue
		}
		if err := s.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// readOnly reports whether a query only reads: the only ones prepared on
// the read-only connections, where anything else would fail anyway.
func readOnly(text string) bool {
	return strings.HasPrefix(text, "SELECT ")
}

// stmt returns q's statement bound to the transaction, bound at its first
// use in the transaction; nil when q is not prepared on the transaction's
// database.
func (t *Tx) stmt(q query) *sql.Stmt {
	if t.prepared == nil || t.prepared[q] == nil {
		return nil
	}
	if t.bound == nil {
		t.bound = make([]*sql.Stmt, len(queries))
	}
	s := t.bound[q]
	if s == nil {
		// database/sql reuses the statement already prepared on the
		// transaction's connection, or prepares it there once for the
		// life of that connection.
		s = t.tx.StmtContext(t.ctx, t.prepared[q])
		t.bound[q] = s
	}
	return s
}

func (t *Tx) exec(q query, args ...any) (sql.Result, error) {
	if s := t.stmt(q); s != nil {
		return s.ExecContext(t.ctx, args...)
	}
	return t.tx.ExecContext(t.ctx, queries[q], args...)
}

func (t *Tx) query(q query, args ...any) (*sql.Rows, error) {
	if s := t.stmt(q); s != nil {
		return s.QueryContext(t.ctx, args...)
	}
	return t.tx.QueryContext(t.ctx, queries[q], args...)
}

func (t *Tx) queryRow(q query, args ...any) *sql.Row {
	if s := t.stmt(q); s != nil {
		return s.QueryRowContext(t.ctx, args...)
	}
	return t.tx.QueryRowContext(t.ctx, queries[q], args...)
}

// scanner is a row to read: *sql.Row or *sql.Rows.
type scanner interface{ Scan(...any) error }

// queryAll runs q and reads every row with scan; what names the query in
// errors.
func queryAll[T any](t *Tx, what string, scan func(scanner) (T, error), q query, args ...any) ([]T, error) {
	rows, err := t.query(q, args...)
	return readAll(rows, err, what, scan)
}

func readAll[T any](rows *sql.Rows, err error, what string, scan func(scanner) (T, error)) ([]T, error) {
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
