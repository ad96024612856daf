// Package poll is how tests wait for what another goroutine or process
// makes true: they poll a condition with a deadline instead of sleeping for
// a guessed time. It imports nothing of the project, so the service's own
// tests can use it as well as shoptest's users.
package poll

import (
	"testing"
	"time"
)

// interval is the pause between two looks at the condition.
const interval = 5 * time.Millisecond

// Within calls cond until it returns true or d has passed, and reports
// whether it held; the caller fails with what it last saw.
func Within(d time.Duration, cond func() bool) bool {
	for deadline := time.Now().Add(d); !cond(); time.Sleep(interval) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}

// Until waits up to 10 s for cond, then fails the test with "timed out
// waiting for " + what.
func Until(t testing.TB, what string, cond func() bool) {
	t.Helper()
	if !Within(10*time.Second, cond) {
		t.Fatalf("timed out waiting for %s", what)
	}
}
