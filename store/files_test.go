//go:build unix

package store

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// A second daemon on the same database must not start: its error names
// the holder, and the lock is free again once released.
func TestLockIsExclusive(t *testing.T) {
	db := filepath.Join(t.TempDir(), "judge.db")
	first, err := Acquire(db)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Acquire(db)
	host, _ := os.Hostname()
	for _, want := range []string{"in use by another judge", "pid " + strconv.Itoa(os.Getpid()), "on host " + host, LockPath(db)} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("second Acquire: %v, want an error saying %q", err, want)
		}
	}
	if err := first.Release(); err != nil {
		t.Fatal(err)
	}
	again, err := Acquire(db)
	if err != nil {
		t.Fatalf("Acquire after Release: %v", err)
	}
	again.Release()
}

// A new database and the directory made for it are the owner's only:
// they hold every player's orders and press.
func TestNewDatabaseIsOwnerOnly(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	dir := filepath.Join(t.TempDir(), "var", "corriere")
	db := filepath.Join(dir, "judge.db")
	s, err := Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, err := Acquire(db)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	for _, tc := range []struct {
		path string
		want fs.FileMode
	}{{dir, 0o700}, {db, 0o600}, {db + "-wal", 0o600}, {LockPath(db), 0o600}} {
		fi, err := os.Stat(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != tc.want {
			t.Errorf("%s: mode %v, want %v", tc.path, got, tc.want)
		}
	}
}

// A database this process cannot write is refused at Open, in one line
// that names the file, its owner and the user the process runs as.
func TestUnwritableDatabase(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes any file")
	}
	db := filepath.Join(t.TempDir(), "judge.db")
	s, err := Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := os.Chmod(db, 0o400); err != nil {
		t.Fatal(err)
	}
	_, err = Open(context.Background(), db)
	for _, want := range []string{"cannot write " + db, "owned by", "mode -r--------", "run as the database's owner"} {
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Open of a read-only database: %v, want one line saying %q", err, want)
		}
	}
}

// The message itself, which TestUnwritableDatabase cannot reach as root.
func TestNotWritableMessage(t *testing.T) {
	db := filepath.Join(t.TempDir(), "judge.db")
	if err := os.WriteFile(db, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err := notWritable(db, db, &fs.PathError{Op: "open", Path: db, Err: syscall.EACCES})
	for _, want := range []string{"database " + db + ": user ", "cannot write " + db + ", owned by ", "mode -rw-r--r--", "(permission denied)", "sudo -u corriere"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message %q lacks %q", err, want)
		}
	}
}

// The lock file beside a database in a folder this process cannot write:
// the error names the folder and its owner.
func TestLockInUnwritableFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes any folder")
	}
	dir := filepath.Join(t.TempDir(), "db")
	if err := os.Mkdir(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	_, err := Acquire(filepath.Join(dir, "judge.db"))
	for _, want := range []string{"cannot write " + dir + ", owned by", "mode dr-x------", "permission denied"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Acquire in a read-only folder: %v, want %q", err, want)
		}
	}
}
