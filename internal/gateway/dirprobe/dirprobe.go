// Package dirprobe checks, for /readyz, that a directory still takes new
// files: the data directory holds the SQLite database, outgoing mail files
// and uploaded images, and a full disk, a read-only remount or a vanished
// volume stops all of them while the process itself looks healthy.
package dirprobe

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"
)

// Probe checks one directory, at most once per interval: readiness is
// polled by load balancers, and by anyone who can reach /readyz.
type Probe struct {
	dir   string
	every time.Duration

	mu  sync.Mutex
	at  time.Time // when err was found; zero before the first check
	err error
}

// New probes dir, at most once per every; in between, Check repeats the
// last answer.
func New(dir string, every time.Duration) *Probe {
	return &Probe{dir: dir, every: every}
}

// Check creates a small file in the directory, writes to it and removes it;
// it returns why that failed.
func (p *Probe) Check(context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.at.IsZero() && time.Since(p.at) < p.every {
		return p.err
	}
	p.err, p.at = tryWrite(p.dir), time.Now()
	return p.err
}

func tryWrite(dir string) error {
	f, err := os.CreateTemp(dir, ".ready-*")
	if err != nil {
		return fmt.Errorf("data directory takes no new files: %w", err)
	}
	_, werr := f.Write([]byte("ok\n"))
	err = errors.Join(werr, f.Close(), os.Remove(f.Name()))
	if err != nil {
		return fmt.Errorf("data directory: %w", err)
	}
	return nil
}
