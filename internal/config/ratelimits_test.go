package config

import (
	"strings"
	"testing"
	"time"

	"dwa/internal/shop"
)

func TestRateLimits(t *testing.T) {
	c, err := load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.RateLimits["login-fail"]; len(got) != 1 || got[0] != (shop.Rate{N: 20, Per: time.Hour}) {
		t.Errorf("default login-fail = %v", got)
	}
	if len(c.RateLimits) != 20 || c.RateLimitStore != "auto" || c.RateLimitsInDatabase("sqlite") || !c.RateLimitsInDatabase("postgres") {
		t.Errorf("defaults: %d buckets, store %q", len(c.RateLimits), c.RateLimitStore)
	}
	c, err = load(map[string]string{"DWA_RATE_LIMITS": "login-fail=5/15m, message=3/1m+10/24h,analytics=off",
		"DWA_RATE_LIMIT_STORE": "database"})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.RateLimits["login-fail"]; len(got) != 1 || got[0] != (shop.Rate{N: 5, Per: 15 * time.Minute}) {
		t.Errorf("login-fail = %v", got)
	}
	if got := c.RateLimits["message"]; len(got) != 2 || got[1] != (shop.Rate{N: 10, Per: 24 * time.Hour}) {
		t.Errorf("message = %v", got)
	}
	if got, ok := c.RateLimits["analytics"]; !ok || len(got) != 0 {
		t.Errorf("analytics = %v, %v; want no rates", got, ok)
	}
	if got := c.RateLimits["login"]; len(got) != 1 || got[0].N != 60 {
		t.Errorf("untouched login = %v", got)
	}
	if !c.RateLimitsInDatabase("sqlite") {
		t.Error("DWA_RATE_LIMIT_STORE=database ignored")
	}
	for _, bad := range []string{"logon=5/1m", "login=5", "login=0/1m", "login=5/1ms", "login=five/1m", "login"} {
		if _, err := load(map[string]string{"DWA_RATE_LIMITS": bad}); err == nil || !strings.Contains(err.Error(), "DWA_RATE_LIMITS") {
			t.Errorf("%q: err = %v", bad, err)
		}
	}
	if _, err := load(map[string]string{"DWA_RATE_LIMIT_STORE": "redis"}); err == nil {
		t.Error("unknown DWA_RATE_LIMIT_STORE accepted")
	}
}
