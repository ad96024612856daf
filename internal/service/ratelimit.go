package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"dwa/internal/shop"
)

// RateCounter stores event counts per bucket, key and fixed window. The
// database implements it for several instances (rate_limit_counters);
// MemoryCounter for one.
type RateCounter interface {
	// HitRateLimit adds one event and returns the window's count with it.
	HitRateLimit(ctx context.Context, bucket, key string, windowStart int64) (int64, error)
	// RateLimitHits returns the window's count without adding.
	RateLimitHits(ctx context.Context, bucket, key string, windowStart int64) (int64, error)
	// PruneRateLimits forgets windows that started before the given time.
	PruneRateLimits(ctx context.Context, before int64) error
}

// limiter applies the configured rates (contract §1.7) with fixed windows
// aligned to the epoch. Keys are hashed before they reach the counter, so
// no address or e-mail is kept in the table.
type limiter struct {
	throttled sync.Map // bucket → *atomic.Int64, for /metrics
	counter   RateCounter
	rates     map[string][]shop.Rate
	now       func() time.Time
	maxPer    time.Duration
	lastPrune atomic.Int64
}

// pruneEvery bounds how stale counters may pile up between clean-ups.
const pruneEvery = time.Minute

func newLimiter(c RateCounter, rates map[string][]shop.Rate, now func() time.Time) *limiter {
	l := &limiter{counter: c, rates: rates, now: now}
	for _, rs := range rates {
		for _, r := range rs {
			l.maxPer = max(l.maxPer, r.Per)
		}
	}
	return l
}

// hit counts one event for key in bucket and returns shop.Throttled when it
// goes over any of the bucket's rates. A bucket without rates is unlimited.
func (l *limiter) hit(ctx context.Context, bucket, key string) error {
	return l.check(ctx, bucket, key, true)
}

// exceeded reports, without counting, whether the bucket is already full
// for key (the login-fail bucket counts only failures but is checked first).
func (l *limiter) exceeded(ctx context.Context, bucket, key string) error {
	return l.check(ctx, bucket, key, false)
}

func (l *limiter) check(ctx context.Context, bucket, key string, count bool) error {
	wait := 0
	err := l.windows(ctx, bucket, key, count, func(r shop.Rate, n int64, left time.Duration) {
		if n > int64(r.N) {
			wait = max(wait, int((left+time.Second-1)/time.Second))
		}
	})
	if err != nil {
		return err
	}
	if wait > 0 {
		n, _ := l.throttled.LoadOrStore(bucket, new(atomic.Int64))
		n.(*atomic.Int64).Add(1)
		return shop.Throttled(wait)
	}
	return nil
}

// excess reports, without counting, by how many events key is over the
// bucket's rates (the largest overshoot of any rate; 0 within all). Buckets
// that slow down instead of refusing use it.
func (l *limiter) excess(ctx context.Context, bucket, key string) (int64, error) {
	var over int64
	err := l.windows(ctx, bucket, key, false, func(r shop.Rate, n int64, _ time.Duration) {
		over = max(over, n-1-int64(r.N)) // n includes the attempt being decided
	})
	return over, err
}

// count adds one event for key in bucket without deciding anything.
func (l *limiter) count(ctx context.Context, bucket, key string) error {
	return l.windows(ctx, bucket, key, true, func(shop.Rate, int64, time.Duration) {})
}

// windows reads (or, with add, increments) key's counter in the current
// window of each of the bucket's rates and passes each count, plus the
// attempt being decided when not adding, and the time left in the window.
func (l *limiter) windows(ctx context.Context, bucket, key string, add bool,
	each func(r shop.Rate, n int64, left time.Duration)) error {
	rates := l.rates[bucket]
	if len(rates) == 0 || l.counter == nil {
		return nil
	}
	now := l.now()
	l.prune(ctx, now)
	hashed := hashKey(key)
	for _, r := range rates {
		per := r.Per.Milliseconds()
		start := now.UnixMilli() / per * per
		name := bucket + "/" + r.Per.String()
		var n int64
		var err error
		if add {
			n, err = l.counter.HitRateLimit(ctx, name, hashed, start)
		} else {
			n, err = l.counter.RateLimitHits(ctx, name, hashed, start)
			n++ // the attempt being decided
		}
		if err != nil {
			return err
		}
		each(r, n, time.Duration(start+per-now.UnixMilli())*time.Millisecond)
	}
	return nil
}

func (l *limiter) prune(ctx context.Context, now time.Time) {
	last := l.lastPrune.Load()
	if now.UnixMilli()-last < pruneEvery.Milliseconds() || !l.lastPrune.CompareAndSwap(last, now.UnixMilli()) {
		return
	}
	// A failed clean-up is retried at the next interval; counting still works.
	_ = l.counter.PruneRateLimits(ctx, now.Add(-l.maxPer).UnixMilli())
}

func hashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16])
}

// MemoryCounter keeps counters in this process: right for one instance.
type MemoryCounter struct {
	mu     sync.Mutex
	counts map[string]memoryCount
}

type memoryCount struct {
	windowStart, hits int64
}

// NewMemoryCounter returns an empty in-process counter.
func NewMemoryCounter() *MemoryCounter { return &MemoryCounter{counts: map[string]memoryCount{}} }

func memoryKey(bucket, key string, windowStart int64) string {
	return bucket + "\x00" + key + "\x00" + strconv.FormatInt(windowStart, 10)
}

// HitRateLimit implements RateCounter.
func (m *MemoryCounter) HitRateLimit(_ context.Context, bucket, key string, windowStart int64) (int64, error) {
	k := memoryKey(bucket, key, windowStart)
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.counts[k]
	c.windowStart = windowStart
	c.hits++
	m.counts[k] = c
	return c.hits, nil
}

// RateLimitHits implements RateCounter.
func (m *MemoryCounter) RateLimitHits(_ context.Context, bucket, key string, windowStart int64) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.counts[memoryKey(bucket, key, windowStart)].hits, nil
}

// PruneRateLimits implements RateCounter.
func (m *MemoryCounter) PruneRateLimits(_ context.Context, before int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k, c := range m.counts {
		if c.windowStart < before {
			delete(m.counts, k)
		}
	}
	return nil
}

// Throttle counts a request in bucket for key (an IP or user, chosen by the
// HTTP layer) and returns the contract's 429 error when it is over a limit.
func (s *Service) Throttle(ctx context.Context, bucket, key string) error {
	return s.limits.hit(ctx, bucket, key)
}

// Throttled counts, per bucket, the events refused since the process started.
func (s *Service) Throttled() map[string]int64 {
	out := map[string]int64{}
	s.limits.throttled.Range(func(k, v any) bool {
		out[k.(string)] = v.(*atomic.Int64).Load()
		return true
	})
	return out
}
