//go:build unix

package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Lock is a process's hold on a database as its one daemon. Two judges on
// one database would each send every mail; the second must not start.
type Lock struct{ f *os.File }

// LockPath is the lock file beside the database at path.
func LockPath(path string) string { return path + ".lock" }

// Acquire takes the exclusive lock beside the database at path and writes
// the holder's PID, host and start time into it. If another process holds
// it, the error names that process. The kernel drops the lock when the
// process ends, however it ends.
func Acquire(path string) (*Lock, error) {
	lp := LockPath(path)
	if err := makeDir(filepath.Dir(lp)); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE, 0o600)
	if errors.Is(err, fs.ErrPermission) {
		if _, serr := os.Stat(lp); serr != nil {
			return nil, notWritable(path, filepath.Dir(lp), err) // the folder refused the new file
		}
		return nil, notWritable(path, lp, err)
	}
	if err != nil {
		return nil, fmt.Errorf("lock database %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(lp)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("database %s is in use by another judge (%s, lock file %s): stop it first; two judges on one database send every mail twice",
				path, orUnknown(strings.TrimSpace(string(holder))), lp)
		}
		return nil, fmt.Errorf("lock database %s: %w", path, err)
	}
	host, _ := os.Hostname()
	info := fmt.Sprintf("pid %d on host %s since %s\n", os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))
	err = f.Truncate(0)
	if err == nil {
		_, err = f.WriteAt([]byte(info), 0)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock database %s: write %s: %w", path, lp, err)
	}
	return &Lock{f: f}, nil
}

func orUnknown(s string) string {
	if s == "" {
		return "holder unknown"
	}
	return s
}

// Release lets the lock go. The file stays: removing it could let two
// processes each lock a different file of the same name.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	_ = l.f.Truncate(0)
	err := l.f.Close() // closing the only descriptor drops the flock
	l.f = nil
	return err
}

// makeDir creates dir, owner-only, if it is missing: the database holds
// every player's orders and press.
func makeDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create database directory: %w", err)
	}
	return nil
}

// prepare makes the database file owner-only if it is new, and checks that
// this process can write it, its journal files and its directory, so that
// a database made by another user fails at once with who owns it rather
// than at the first mail with "readonly database".
func prepare(path string) error {
	dir := filepath.Dir(path)
	if err := makeDir(dir); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		return f.Close()
	}
	if !errors.Is(err, fs.ErrExist) {
		return notWritable(path, dir, err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		f, err := os.OpenFile(p, os.O_RDWR, 0)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return notWritable(path, p, err)
		}
		f.Close()
	}
	// SQLite makes its -wal and -shm files in the directory.
	if err := syscall.Access(dir, 2 /* W_OK */); err != nil {
		return notWritable(path, dir, err)
	}
	return nil
}

// notWritable says in one line which file this process cannot write,
// whose it is and who this process runs as.
func notWritable(db, file string, err error) error {
	who := "this user"
	if u, uerr := user.Current(); uerr == nil {
		who = "user " + u.Username
	}
	owner := ""
	if fi, serr := os.Stat(file); serr == nil {
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			owner = fmt.Sprintf(", owned by %s with mode %s", userName(st.Uid), fi.Mode())
		}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("database %s: %s cannot write %s%s (%v); run as the database's owner (e.g. sudo -u corriere corriere ...) or give it to this user",
		db, who, file, owner, err)
}

func userName(uid uint32) string {
	id := strconv.FormatUint(uint64(uid), 10)
	if u, err := user.LookupId(id); err == nil {
		return u.Username
	}
	return "uid " + id
}
