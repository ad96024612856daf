//go:build unix

package backup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// LockFile is the file in a data directory that every `dwa serve` holds a
// shared lock on, so that restore can tell it is in use.
const LockFile = "dwa.lock"

// LockShared marks dataDir as in use by a server until unlock is called
// (or the process ends: the kernel drops the lock with the descriptor).
// Several servers and commands may hold it together.
func LockShared(dataDir string) (unlock func(), err error) {
	return lock(dataDir, syscall.LOCK_SH|syscall.LOCK_NB)
}

// LockExclusive fails at once when any process holds LockShared on dataDir.
func LockExclusive(dataDir string) (unlock func(), err error) {
	unlock, err = lock(dataDir, syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return nil, fmt.Errorf("a dwa process is serving from %s: stop it first", dataDir)
	}
	return unlock, err
}

func lock(dataDir string, how int) (func(), error) {
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dataDir, LockFile), os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), how); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
