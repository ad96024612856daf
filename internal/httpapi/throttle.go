package httpapi

import (
	"net/http"
	"strconv"
)

// limitKey picks what a rate-limit bucket counts per request.
type limitKey func(a *API, r *http.Request) string

// byIP counts per client address (see clientIP).
func byIP(a *API, r *http.Request) string { return "ip:" + clientIP(r, a.cfg.TrustedProxies) }

// byUserOrIP counts per signed-in user, else per client address.
func byUserOrIP(a *API, r *http.Request) string {
	if u := caller(r); u != nil {
		return "user:" + strconv.FormatInt(u.ID, 10)
	}
	return byIP(a, r)
}

// limit applies a rate-limit bucket (contract §1.7) before next: over the
// limit the answer is 429 with Retry-After. It runs after authentication,
// like the original back end's throttles.
func (a *API) limit(bucket string, key limitKey, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := a.svc.Throttle(r.Context(), bucket, key(a, r)); err != nil {
			writeError(w, r, err)
			return
		}
		next(w, r)
	}
}
