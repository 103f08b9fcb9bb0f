//go:build !unix

package store

import "fmt"

// Lock is a process's hold on a database as its one daemon.
type Lock struct{}

// LockPath is the lock file beside the database at path.
func LockPath(path string) string { return path + ".lock" }

// Acquire refuses: without flock the judge cannot make sure that it is
// the only daemon on the database.
func Acquire(path string) (*Lock, error) {
	return nil, fmt.Errorf("lock database %s: the judge's daemon runs on Unix only", path)
}

// Release does nothing.
func (l *Lock) Release() error { return nil }

func prepare(string) error { return nil }
