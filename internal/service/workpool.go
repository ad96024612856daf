package service

import (
	"context"
	"runtime"
	"time"

	"dwa/internal/shop"
)

// WorkPool bounds one kind of expensive work (password hashing, image
// decoding), so that memory and CPU stay flat whatever the burst: at most
// Workers jobs run at once, at most Queue more are admitted to wait, and a
// waiting job gives up after MaxWait. Everything beyond is refused at once
// with shop.Busy (503 + Retry-After) instead of piling up.
type WorkPool struct {
	running    chan struct{} // one token per running job
	admitted   chan struct{} // one token per admitted job, running or waiting
	maxWait    time.Duration
	retryAfter int // seconds, for the 503
}

// PoolSize configures a WorkPool.
type PoolSize struct {
	Workers    int           // jobs running at once, ≥ 1
	Queue      int           // jobs waiting besides, ≥ 0
	MaxWait    time.Duration // longest wait for a worker
	RetryAfter int           // seconds the client is told to wait when refused
}

// NewWorkPool makes a pool of the given size.
func NewWorkPool(size PoolSize) *WorkPool {
	workers := max(1, size.Workers)
	return &WorkPool{running: make(chan struct{}, workers), admitted: make(chan struct{}, workers+max(0, size.Queue)),
		maxWait: size.MaxWait, retryAfter: max(1, size.RetryAfter)}
}

// Default pool sizes, from the cores Go may use (GOMAXPROCS, which follows
// the container's CPU limit).
//
// Password hashing: argon2id is CPU-bound with one lane (p = 1) and 19 MiB
// per computation, so one worker per core keeps the cores busy and memory at
// cores × 19 MiB. A computation takes 30–70 ms on this class of machine, so
// a queue of 64 per core drains within the wait of 3 s; a burst of 48
// sign-ins on 2 cores waits ~1.2 s at worst instead of failing.
//
// Images: one decode may take up to imaging.DecodeBudget, so half the cores
// (at least one) decode at once; the queue also bounds the upload bodies held
// in memory (8 MB each), since an upload is admitted before its body is read.
func DefaultHashPool() PoolSize {
	n := runtime.GOMAXPROCS(0)
	return PoolSize{Workers: n, Queue: 64 * n, MaxWait: 3 * time.Second, RetryAfter: 1}
}

// DefaultQueryPool sizes the catalogue query pool: an uncached list, search
// or facet count is CPU work on the in-memory index that holds its score
// and match buffers while it runs (up to a few MB each at 1M products), so
// two per core run at once and the rest wait as goroutines holding nothing
// but their request. A miss takes ~1 ms at 100k products and a broad search
// ~40 ms at 1M, so a queue of 256 per core drains well within its 2 s wait.
func DefaultQueryPool() PoolSize {
	n := runtime.GOMAXPROCS(0)
	return PoolSize{Workers: 2 * n, Queue: 256 * n, MaxWait: 2 * time.Second, RetryAfter: 1}
}

// DefaultImagePool is the size of the image pool; see DefaultHashPool.
func DefaultImagePool() PoolSize {
	n := max(1, runtime.GOMAXPROCS(0)/2)
	return PoolSize{Workers: n, Queue: 8 * n, MaxWait: 20 * time.Second, RetryAfter: 5}
}

// Ticket is an admitted job's place in its pool. Done must be called once,
// whether or not the job started.
type Ticket struct {
	p       *WorkPool
	started bool
}

// Admit takes a place in the pool, or refuses at once when every worker
// and queue place is taken.
func (p *WorkPool) Admit() (*Ticket, error) {
	select {
	case p.admitted <- struct{}{}:
		return &Ticket{p: p}, nil
	default:
		return nil, p.busy()
	}
}

// Start waits for a free worker: at most the pool's MaxWait, and not after
// ctx ends (the client left).
func (t *Ticket) Start(ctx context.Context) error {
	select {
	case t.p.running <- struct{}{}:
		t.started = true
		return nil
	default:
	}
	timer := time.NewTimer(t.p.maxWait)
	defer timer.Stop()
	select {
	case t.p.running <- struct{}{}:
		t.started = true
		return nil
	case <-timer.C:
		return t.p.busy()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Stop gives the ticket's worker back once the expensive part is over; the
// place in the pool is kept until Done.
func (t *Ticket) Stop() {
	if t.started {
		<-t.p.running
		t.started = false
	}
}

// Done gives the ticket's worker (if still held) and place back.
func (t *Ticket) Done() {
	t.Stop()
	<-t.p.admitted
}

// Run admits, waits for a worker and runs work on the caller's goroutine.
func (p *WorkPool) Run(ctx context.Context, work func()) error {
	t, err := p.Admit()
	if err != nil {
		return err
	}
	defer t.Done()
	if err := t.Start(ctx); err != nil {
		return err
	}
	work()
	return nil
}

// Workers is how many jobs run at once.
func (p *WorkPool) Workers() int { return cap(p.running) }

// Waiting is how many admitted jobs wait for a worker (for tests and
// metrics).
func (p *WorkPool) Waiting() int { return len(p.admitted) - len(p.running) }

func (p *WorkPool) busy() error { return shop.Busy(p.retryAfter) }
