package httpapi

import (
	"net/http"
	"net/netip"
	"strconv"
)

// limitKey picks what a rate-limit bucket counts per request.
type limitKey func(a *API, r *http.Request) string

// byIP counts per client address (see clientIP), IPv6 per /64.
func byIP(a *API, r *http.Request) string {
	return "ip:" + limitAddress(clientIP(r, a.cfg.TrustedProxies))
}

// limitAddress is the unit per-address limits count: an IPv4 address (on
// mobile networks often shared by many subscribers, hence generous
// limits), or the /64 network of an IPv6 address, since one subscriber
// gets at least a /64 and can send from any address in it.
func limitAddress(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil || !addr.Is6() {
		return ip
	}
	p, err := addr.WithZone("").Prefix(64)
	if err != nil {
		return ip
	}
	return p.String()
}

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
func (a *API) limit(bucket string, key limitKey, next handlerE) handlerE {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := a.svc.Throttle(r.Context(), bucket, key(a, r)); err != nil {
			return err
		}
		return next(w, r)
	}
}
