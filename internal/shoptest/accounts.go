package shoptest

import (
	"context"
	"sync"
	"time"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// TestSecret signs the tokens of a test app unless DWA_SECRET_KEY is given.
const TestSecret = "test-secret-key-for-dwa-tests-0123456789"

// Password is the password of every account the builders make.
const Password = "Kente-Weave-2026!"

// FastHasher is argon2id with tiny costs, so that tests can hash often;
// production always uses service.OWASPHasher.
func FastHasher() *service.Hasher { return &service.Hasher{MemoryKiB: 64, Time: 1, Threads: 1} }

// Clock is a settable clock: real time plus an offset.
type Clock struct {
	mu     sync.Mutex
	offset time.Duration
	slept  time.Duration
}

// startMinute moves the clock to the next whole minute. Rate-limit windows
// are fixed and aligned to the clock (docs/operations.md, "Rate limits"),
// so a test that fills a one-minute limit and expects the next request
// refused must not straddle a window boundary: from a whole minute it has a
// minute of real time before the next one (CI once saw a resend right
// after a code allowed because a minute began between them).
func (c *Clock) startMinute() {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now().Add(c.offset)
	c.offset += now.Truncate(time.Minute).Add(time.Minute).Sub(now)
}

// Now is the clock's current time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

// Advance moves the clock forward.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}

// Sleep is the service's wait (the sign-in slow-down): it moves the clock
// forward instead of blocking and adds d to Slept.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
	c.slept += d
	return ctx.Err()
}

// Slept is the total the service has waited through Sleep.
func (c *Clock) Slept() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.slept
}

// Account is a user made by a builder, signed in.
type Account struct {
	User     *shop.User
	Password string
	Tokens   service.Tokens
}

// Auth is the Authorization header of the account's access token, as
// name/value pair for App.Do: a.Do("GET", path, "", acc.Auth()...).
func (acc Account) Auth() []string {
	return []string{"Authorization", "Bearer " + acc.Tokens.Access}
}

// Shopper creates a signed-in customer (e-mail <username>@example.com).
func (a *App) Shopper(username string) Account { return a.account(username, false) }

// Staff creates a signed-in staff member.
func (a *App) Staff(username string) Account { return a.account(username, true) }

// Owner creates a signed-in user who owns a store with the given name.
func (a *App) Owner(username, storeName string) (Account, *shop.Store) {
	a.T.Helper()
	acc := a.account(username, false)
	st := &shop.Store{OwnerID: acc.User.ID, Name: storeName, Active: true}
	if err := a.Svc.CreateStore(context.Background(), st); err != nil {
		a.T.Fatal(err)
	}
	return acc, st
}

func (a *App) account(username string, staff bool) Account {
	a.T.Helper()
	ctx := context.Background()
	u, err := a.Svc.CreateUser(ctx, service.NewUser{Username: username, Email: username + "@example.com",
		Password: Password, Staff: staff})
	if err != nil {
		a.T.Fatal(err)
	}
	return Account{User: u, Password: Password, Tokens: a.SignIn(u)}
}

// SignIn issues a fresh pair of tokens for u without the login endpoint (and
// its rate limits).
func (a *App) SignIn(u *shop.User) service.Tokens {
	a.T.Helper()
	t, err := a.Svc.IssueTokens(context.Background(), u)
	if err != nil {
		a.T.Fatal(err)
	}
	return t
}

// MailBox records the mails a sender was given.
type MailBox struct {
	mu    sync.Mutex
	mails []shop.Mail
	// Fail, when set, makes Send fail with it (to test retries).
	Fail error
}

// Sent returns the mails received so far.
func (b *MailBox) Sent() []shop.Mail {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]shop.Mail(nil), b.mails...)
}

// Send implements service.MailSender.
func (b *MailBox) Send(_ context.Context, m shop.Mail) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.Fail != nil {
		return b.Fail
	}
	b.mails = append(b.mails, m)
	return nil
}

// DeliverMail runs one outbox pass into a fresh MailBox and returns what
// was sent.
func (a *App) DeliverMail() []shop.Mail {
	a.T.Helper()
	box := &MailBox{}
	if _, err := a.Svc.DeliverMail(context.Background(), box); err != nil {
		a.T.Fatal(err)
	}
	return box.Sent()
}
