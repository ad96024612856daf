package service

import (
	"context"
	"strconv"
	"time"

	"dwa/internal/shop"
)

// The slow-down of an account under attack: each failure beyond the
// login-account rate adds loginSlowStep to every sign-in attempt on the
// account, up to loginSlowMax. The owner still signs in, a little later; a
// guesser trying one password after another gets ever fewer per minute.
const (
	loginSlowStep = 500 * time.Millisecond
	loginSlowMax  = 10 * time.Second
)

// loginAccountKey is what sign-in failures are counted against: the
// account, whether it was named by username or by e-mail, so that the two
// names do not double the guesses. An identifier without an account is
// counted under its own name, with the same rates, so that throttling
// answers alike for accounts that exist and those that do not.
func loginAccountKey(u *shop.User, ident string) string {
	if u != nil {
		return "account:" + strconv.FormatInt(u.ID, 10)
	}
	return "name:" + shop.FoldKey(ident)
}

// loginSlowDown waits before a sign-in attempt on an account that has
// failed more than the login-account rate allows, from any clients.
func (s *Service) loginSlowDown(ctx context.Context, account string) error {
	over, err := s.limits.excess(ctx, "login-account", account)
	if err != nil || over <= 0 {
		return err
	}
	return s.sleep(ctx, loginDelay(over))
}

// loginDelay grows with the failures beyond the account's rate.
func loginDelay(over int64) time.Duration {
	return min(time.Duration(over)*loginSlowStep, loginSlowMax)
}

// countLoginFailure counts a failed sign-in for the account and client
// pair (strict: login-fail) and for the account alone (slow-down:
// login-account). Refusals are decided before the password is checked.
func (s *Service) countLoginFailure(ctx context.Context, account, pair string) error {
	if err := s.limits.count(ctx, "login-fail", pair); err != nil {
		return err
	}
	return s.limits.count(ctx, "login-account", account)
}

// sleepContext waits d, or until ctx ends.
func sleepContext(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
