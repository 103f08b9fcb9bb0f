package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigArchive: imap.archive reaches the IMAP configuration, and may
// not name the mailbox the judge reads.
func TestConfigArchive(t *testing.T) {
	const head = "[judge]\naddress = \"a@b\"\ndatabase = \"x.db\"\n[imap]\n"
	for _, tc := range []struct {
		name, text, want, wantErr string
	}{
		{"none", head, "", ""},
		{"a folder", head + "archive = \"Corriere/handled\"\n", "Corriere/handled", ""},
		{"the inbox", head + "archive = \"inbox\"\n", "", "imap.archive = \"inbox\""},
		{"the mailbox", head + "mailbox = \"Judge\"\narchive = \"Judge/\"\n", "", "imap.archive = \"Judge/\""},
	} {
		path := filepath.Join(t.TempDir(), "c.toml")
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := loadConfig(path)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := c.imap().Archive; got != tc.want {
			t.Errorf("%s: archive %q, want %q", tc.name, got, tc.want)
		}
	}
	c, err := loadConfig("../../examples/corriere.toml")
	if err != nil || c.IMAP.Archive != "Corriere/handled" {
		t.Errorf("the sample configuration's archive: %v, %v", c, err)
	}
}
