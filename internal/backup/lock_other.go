//go:build !unix

package backup

import "errors"

// LockFile is the file in a data directory that every `dwa serve` holds a
// shared lock on, so that restore can tell it is in use.
const LockFile = "dwa.lock"

var errNoLocks = errors.New("dwa backup and restore need file locks (flock), which this system does not offer")

// LockShared would mark dataDir as in use; without flock restore cannot
// tell, so it is refused instead (LockExclusive) and serving is unaffected.
func LockShared(string) (func(), error) { return func() {}, nil }

// LockExclusive refuses: without flock a serving process cannot be seen.
func LockExclusive(string) (func(), error) { return nil, errNoLocks }
