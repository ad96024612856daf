package service

import (
	"testing"
	"time"

	"dwa/internal/gateway/testpay"
)

// TestNewRefusesUnsafeDeps: an order expiry of zero or less would make the
// expiry job cancel every pending order, and without a payment provider the
// payment endpoints and jobs would crash; New refuses both, naming them.
func TestNewRefusesUnsafeDeps(t *testing.T) {
	for _, tc := range []struct {
		name string
		deps Deps
		want string
	}{
		{"zero expiry", Deps{Payments: testpay.New(time.Now), MobileMoneyTimeout: time.Minute}, "service: order expiry must be positive, got 0s"},
		{"negative expiry", Deps{Payments: testpay.New(time.Now), MobileMoneyTimeout: time.Minute, OrderExpiry: -time.Hour}, "service: order expiry must be positive, got -1h0m0s"},
		{"zero mobile money timeout", Deps{Payments: testpay.New(time.Now), OrderExpiry: time.Hour}, "service: mobile money timeout must be positive, got 0s"},
		{"no payment provider", Deps{OrderExpiry: time.Hour}, "service: no payment provider"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(tc.deps)
			if s != nil || err == nil || err.Error() != tc.want {
				t.Fatalf("New = %v, %v; want nil, %q", s, err, tc.want)
			}
		})
	}
	if s, err := New(Deps{Payments: testpay.New(time.Now), OrderExpiry: time.Minute, MobileMoneyTimeout: time.Minute}); s == nil || err != nil {
		t.Fatalf("New with valid deps = %v, %v", s, err)
	}
}
