package pglisten

import (
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	for attempt, ceiling := range map[int]time.Duration{0: 250 * time.Millisecond, 1: 250 * time.Millisecond,
		2: 500 * time.Millisecond, 3: time.Second, 7: 16 * time.Second, 8: 30 * time.Second, 1000: 30 * time.Second} {
		seen := map[time.Duration]bool{}
		for range 50 {
			d := Backoff(attempt)
			if d < ceiling/2 || d > ceiling {
				t.Fatalf("Backoff(%d) = %s; want between %s and %s", attempt, d, ceiling/2, ceiling)
			}
			seen[d] = true
		}
		if len(seen) < 2 {
			t.Errorf("Backoff(%d) has no jitter: %v", attempt, seen)
		}
	}
}
