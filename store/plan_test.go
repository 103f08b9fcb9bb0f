package store

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// TestQueriesUseIndexes fails when a query reads a whole table that only
// grows: a frequent one soon costs more than all the rest.
func TestQueriesUseIndexes(t *testing.T) {
	s, _ := open(t)
	// These list everything, for the operator and the tests.
	whole := map[query]bool{qGames: true, qOutbox: true, qAuditLog: true}
	scan := regexp.MustCompile(`^SCAN \w+$`)
	for q, text := range queries {
		if whole[query(q)] {
			continue
		}
		rows, err := s.db.QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+text, make([]any, strings.Count(text, "?"))...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		for _, p := range plan {
			if scan.MatchString(p) {
				t.Errorf("%s\nreads a whole table: %s", text, strings.Join(plan, "; "))
			}
		}
	}
}
