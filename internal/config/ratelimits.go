package config

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"dwa/internal/shop"
)

// DefaultRateLimits is the table of contract §1.7, with per-address limits
// sized for carrier-grade NAT (docs/operations.md, "Rate limits"). A bucket
// may hold several rates (message: per minute and per day); each must hold.
func DefaultRateLimits() map[string][]shop.Rate {
	return map[string][]shop.Rate{
		"login":         {{N: 60, Per: time.Minute}},
		"login-fail":    {{N: 20, Per: time.Hour}},
		"login-account": {{N: 50, Per: time.Hour}},
		"register":      {{N: 60, Per: time.Hour}},
		"password":      {{N: 5, Per: 15 * time.Minute}},
		"reset":         {{N: 30, Per: 15 * time.Minute}},
		"reset-mail":    {{N: 3, Per: time.Hour}},
		"complaint":     {{N: 20, Per: time.Hour}},
		"complaint-ack": {{N: 3, Per: 24 * time.Hour}},
		"message":       {{N: 20, Per: time.Minute}, {N: 500, Per: 24 * time.Hour}},
		"order":         {{N: 10, Per: time.Minute}},
		"verify":        {{N: 20, Per: time.Minute}},
		"analytics":     {{N: 600, Per: time.Minute}},
		// One-time codes by SMS (decision 0018): texts cost money, so these
		// caps stop SMS pumping as well as pestering.
		"sms-code":    {{N: 1, Per: time.Minute}},
		"sms-number":  {{N: 5, Per: time.Hour}, {N: 10, Per: 24 * time.Hour}},
		"sms-range":   {{N: 30, Per: 24 * time.Hour}},
		"sms-client":  {{N: 30, Per: time.Hour}, {N: 200, Per: 24 * time.Hour}},
		"sms-account": {{N: 5, Per: 24 * time.Hour}},
		"sms-signin":  {{N: 60, Per: time.Minute}},
		// A store's message is told to its customer (by text and/or e-mail)
		// at most once an hour per conversation; beyond, the message is
		// stored without a notice.
		"message-notice": {{N: 1, Per: time.Hour}},
	}
}

// rateLimits reads overrides like "login=10/1m,message=20/1m+500/24h" on top
// of the defaults. "off" as a bucket's value removes its limit.
func (p *parser) rateLimits(name string) map[string][]shop.Rate {
	out := DefaultRateLimits()
	raw := p.str(name, "")
	if raw == "" {
		return out
	}
	overrides := map[string][]shop.Rate{}
	for _, item := range strings.Split(raw, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		bucket, spec, ok := strings.Cut(item, "=")
		bucket = strings.TrimSpace(bucket)
		if _, known := out[bucket]; !ok || !known {
			p.errs = append(p.errs, fmt.Errorf("%s: %q is not bucket=N/duration (buckets: %s)", name, item, bucketNames()))
			continue
		}
		rates, err := parseRates(strings.TrimSpace(spec))
		if err != nil {
			p.errs = append(p.errs, fmt.Errorf("%s: %s: %w", name, bucket, err))
			continue
		}
		overrides[bucket] = rates
	}
	maps.Copy(out, overrides)
	return out
}

func parseRates(spec string) ([]shop.Rate, error) {
	if spec == "off" {
		return nil, nil
	}
	var rates []shop.Rate
	for _, part := range strings.Split(spec, "+") {
		n, per, ok := strings.Cut(strings.TrimSpace(part), "/")
		count, err := strconv.Atoi(n)
		if !ok || err != nil || count < 1 {
			return nil, fmt.Errorf("%q: want N/duration with N ≥ 1, e.g. 10/1m", part)
		}
		d, err := time.ParseDuration(per)
		if err != nil || d < time.Second {
			return nil, fmt.Errorf("%q: the period must be a duration of at least 1s", part)
		}
		rates = append(rates, shop.Rate{N: count, Per: d})
	}
	return rates, nil
}

func bucketNames() string {
	names := make([]string, 0, 16)
	for k := range DefaultRateLimits() {
		names = append(names, k)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// RateLimitsInDatabase reports whether rate-limit counters belong in the
// database for an engine: on PostgreSQL several instances share them; on
// SQLite, one instance keeps them in memory. DWA_RATE_LIMIT_STORE overrides.
func (c Config) RateLimitsInDatabase(engine string) bool {
	return c.RateLimitStore == "database" || (c.RateLimitStore == "auto" && engine == "postgres")
}
