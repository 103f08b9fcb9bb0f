package store

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"testing"
)

// TestMessageIDPerSender: a Message-ID is seen only for its sender. The
// same Message-ID from a stranger is another mail, stored and handled; from
// the same sender (any case) it is a double, stored once.
func TestMessageIDPerSender(t *testing.T) {
	s, _ := open(t)
	ctx := context.Background()
	err := s.Tx(ctx, func(tx *Tx) error {
		for _, c := range []struct {
			sender string
			added  bool
		}{
			{"stranger@evil.example", true},
			{"francesca@example.org", true},  // the player's mail is not skipped
			{"francesca@example.org", false}, // the same mail again
			{"Francesca@Example.ORG", false}, // and under another case
			{"stranger@evil.example", false},
		} {
			added, err := tx.AddMessage(Message{MessageID: "<1@x>", Sender: c.sender, Raw: []byte("x"), Status: "handled"})
			if err != nil {
				return err
			}
			if added != c.added {
				t.Errorf("AddMessage <1@x> from %s: added %v, want %v", c.sender, added, c.added)
			}
		}
		if has, err := tx.HasMessage("<1@x>"); err != nil || !has {
			t.Errorf("HasMessage(<1@x>) = %v, %v; want true", has, err)
		}
		if has, err := tx.HasMessage("<2@x>"); err != nil || has {
			t.Errorf("HasMessage(<2@x>) = %v, %v; want false", has, err)
		}
		var n int
		if err := tx.tx.QueryRowContext(tx.ctx, `SELECT COUNT(*) FROM messages WHERE message_id = '<1@x>'`).Scan(&n); err != nil {
			return err
		}
		if n != 2 {
			t.Errorf("%d rows for <1@x>, want 2 (one a sender)", n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestMessagesMigrate: a database of schema 9, whose messages were unique
// by Message-ID alone, keeps its rows on migrating, and a stored mail is
// still a double for its sender only.
func TestMessagesMigrate(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	old, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	for _, name := range names[:9] {
		body, err := migrations.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := old.ExecContext(ctx, string(body)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	rows := []Message{
		{MessageID: "<1@x>", Sender: "francesca@example.org", Subject: "orders", ReceivedAt: fromUnix(1000), Raw: []byte("one"), Status: "handled"},
		{MessageID: "<2@x>", Sender: "stranger@evil.example", Subject: "hi", ReceivedAt: fromUnix(2000), Raw: []byte("two"), Status: "automatic"},
		{MessageID: "<3@x>", Sender: "", Subject: "", ReceivedAt: fromUnix(3000), Raw: []byte("three"), Status: "unreadable"},
	}
	for i, m := range rows {
		if _, err := old.ExecContext(ctx, `INSERT INTO messages (id, message_id, sender, subject, received_at, raw, status) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			i+10, m.MessageID, m.Sender, m.Subject, unix(m.ReceivedAt), m.Raw, m.Status); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := old.ExecContext(ctx, `PRAGMA user_version = 9`); err != nil {
		t.Fatal(err)
	}
	old.Close()

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.Tx(ctx, func(tx *Tx) error {
		rows, err := tx.tx.QueryContext(tx.ctx, `SELECT id, message_id, sender, subject, received_at, raw, status FROM messages ORDER BY id`)
		got, err := readAll(rows, err, "messages", func(r scanner) (string, error) {
			var id, at int64
			var m Message
			err := r.Scan(&id, &m.MessageID, &m.Sender, &m.Subject, &at, &m.Raw, &m.Status)
			return fmt.Sprintf("%d %s %s %s %d %s %s", id, m.MessageID, m.Sender, m.Subject, at, m.Raw, m.Status), err
		})
		if err != nil {
			return err
		}
		want := []string{
			"10 <1@x> francesca@example.org orders 1000 one handled",
			"11 <2@x> stranger@evil.example hi 2000 two automatic",
			"12 <3@x>   3000 three unreadable",
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("messages after migrating:\n%q\nwant\n%q", got, want)
		}
		if added, err := tx.AddMessage(Message{MessageID: "<1@x>", Sender: "francesca@example.org", Raw: []byte("x"), Status: "handled"}); err != nil || added {
			t.Errorf("the player's stored mail again: added %v, %v; want a double", added, err)
		}
		if added, err := tx.AddMessage(Message{MessageID: "<1@x>", Sender: "stranger@evil.example", Raw: []byte("x"), Status: "handled"}); err != nil || !added {
			t.Errorf("the player's Message-ID from a stranger: added %v, %v; want stored", added, err)
		}
		rows, err = tx.tx.QueryContext(tx.ctx, `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages' ORDER BY name`)
		indexes, err := readAll(rows, err, "indexes", scanString)
		if err != nil {
			return err
		}
		if fmt.Sprint(indexes) != "[messages_repeat sqlite_autoindex_messages_1]" {
			t.Errorf("indexes of messages: %v", indexes)
		}
		var version int
		if err := tx.tx.QueryRowContext(tx.ctx, `PRAGMA user_version`).Scan(&version); err != nil {
			return err
		}
		if version != len(names) {
			t.Errorf("schema version %d, want %d", version, len(names))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
