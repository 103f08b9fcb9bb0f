package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSampleConfigLoads(t *testing.T) {
	c, err := loadConfig("../../examples/corriere.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Judge.Address != "judge@example.org" || c.IMAP.Security != "tls" || c.SMTP.Security != "starttls" {
		t.Errorf("sample read as %+v", c)
	}
	t.Setenv("CORRIERE_SMTP_PASSWORD", "s3cret")
	if c, _ := loadConfig("../../examples/corriere.toml"); c.SMTP.Password != "s3cret" {
		t.Errorf("the environment does not override the SMTP password")
	}
}

func TestBadConfig(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"unknown setting", "[judge]\naddress = \"a@b\"\ndatabase = \"x.db\"\ncolour = \"red\"\n", "unknown setting judge.colour"},
		{"missing address", "[judge]\ndatabase = \"x.db\"\n", "missing judge.address"},
		{"missing both", "[judge]\n", "missing judge.address, judge.database"},
		{"two bad securities", "[judge]\naddress = \"a@b\"\ndatabase = \"x.db\"\n[imap]\nsecurity = \"ssl\"\n[smtp]\nsecurity = \"ssl\"\n", "imap.security = \"ssl\""},
		{"bad security", "[judge]\naddress = \"a@b\"\ndatabase = \"x.db\"\n[imap]\nsecurity = \"ssl\"\n", "expected tls, starttls or none"},
		{"not toml", "[judge\n", "config"},
	} {
		path := filepath.Join(t.TempDir(), "c.toml")
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := loadConfig(path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

func TestDKIMSetting(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	text := "[judge]\naddress = \"a@b\"\ndatabase = \"x.db\"\nauthserv_id = \"mx.b\"\ndkim = true\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := loadConfig(path)
	if err != nil || !c.Judge.DKIM || c.Judge.AuthServID != "mx.b" {
		t.Fatalf("read as %+v, %v", c, err)
	}
}
