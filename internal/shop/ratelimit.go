package shop

import (
	"strconv"
	"time"
)

// Rate is a limit of N events per period.
type Rate struct {
	N   int
	Per time.Duration
}

// String renders the rate as configured: "10/1m0s".
func (r Rate) String() string { return strconv.Itoa(r.N) + "/" + r.Per.String() }

// Throttled is the contract's 429 with the wait in whole seconds (≥ 1).
func Throttled(retryAfter int) *Error {
	retryAfter = max(1, retryAfter)
	unit := " seconds."
	if retryAfter == 1 {
		unit = " second."
	}
	return &Error{Kind: KindRateLimited, Code: "throttled", RetryAfter: retryAfter,
		Detail: "Request was throttled. Expected available in " + strconv.Itoa(retryAfter) + unit}
}
