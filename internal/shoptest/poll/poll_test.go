package poll

import (
	"testing"
	"time"
)

func TestWithinWaitsForTheCondition(t *testing.T) {
	calls := 0
	if !Within(time.Second, func() bool { calls++; return calls == 3 }) {
		t.Fatal("Within gave up on a condition that came true on the third look")
	}
	if calls != 3 {
		t.Errorf("cond called %d times; want 3 (it stops looking once cond holds)", calls)
	}
}

func TestWithinGivesUpAtTheDeadline(t *testing.T) {
	start := time.Now()
	if Within(20*time.Millisecond, func() bool { return false }) {
		t.Fatal("Within reported a condition that never held")
	}
	if waited := time.Since(start); waited < 20*time.Millisecond {
		t.Errorf("gave up after %s, before the deadline of 20ms", waited)
	}
}
