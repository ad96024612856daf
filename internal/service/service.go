// Package service holds Dwa's use cases: authorization, validation,
// transactions and rules. It talks to storage through the interfaces it
// declares here and knows nothing of HTTP or SQL.
package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"dwa/internal/shop"
)

// Store is everything the service needs from persistence, grouped by area.
type Store interface {
	HealthStore
	CatalogStore
	ProductStore
	AccountStore
	ComplaintStore
	OutboxStore
	RateCounter
	CartStore
	OrderStore
	PaymentStore
	RefundStore
	WishlistStore
	AddressStore
	ReviewStore
	MessageStore
	AnalyticsStore
	SellerStore
	ProductImageStore
	AdminStore
	CategoryStore
	HeroStore
	CODStore
	DeliveryStore
	PayoutStore
	VariantStore
	ImportJobStore
	// Reset deletes all data (not the schema).
	Reset(ctx context.Context) error
	// Analyze gathers the planner's statistics after a bulk load.
	Analyze(ctx context.Context) error
}

// HealthStore answers readiness checks.
type HealthStore interface {
	Ping(ctx context.Context) error
	PendingMigrations(ctx context.Context) (int, error)
}

// CatalogStore reads and writes the catalogue.
type CatalogStore interface {
	AllCategories(ctx context.Context) ([]*shop.Category, error)
	ActiveHeroSlides(ctx context.Context) ([]shop.HeroSlide, error)
	CatalogueEmpty(ctx context.Context) (bool, error)
	CreateCategory(ctx context.Context, c *shop.Category) error
	CreateHeroSlide(ctx context.Context, h *shop.HeroSlide) error
	CreateStore(ctx context.Context, s *shop.Store) error
	AllStores(ctx context.Context) ([]shop.Store, error)
	// SuspendedStores are the ids of the stores that are not active.
	SuspendedStores(ctx context.Context) ([]int64, error)
	CreateProducts(ctx context.Context, ps []*shop.Product) error
}

// AccountStore reads and writes users and their tokens. Lookups return
// nil, nil when nothing matches. Mails passed to a write are queued in the
// outbox in the same transaction.
type AccountStore interface {
	CreateUser(ctx context.Context, u *shop.User, mails ...shop.Mail) error
	UserByID(ctx context.Context, id int64) (*shop.User, error)
	UserByUsername(ctx context.Context, username string) (*shop.User, error)
	UserByEmail(ctx context.Context, email string) (*shop.User, error)
	// UserLookingLike finds a user whose username looks like this one
	// (names.Skeleton).
	UserLookingLike(ctx context.Context, username string) (*shop.User, error)
	OwnedStore(ctx context.Context, userID int64) (*shop.Store, error)
	// RecordLogin sets last_login and, when newHash is not empty, replaces
	// the password hash (upgrade of a legacy or outdated hash) if it is
	// still oldHash.
	RecordLogin(ctx context.Context, userID int64, at time.Time, oldHash, newHash string) error
	AddRefreshToken(ctx context.Context, t shop.RefreshToken) error
	// RefreshTokenActive reports whether jti was issued to userID and is not revoked.
	RefreshTokenActive(ctx context.Context, jti string, userID int64) (bool, error)
	RevokeRefreshToken(ctx context.Context, jti string, at time.Time) error
	// ChangePassword stores a new hash, sets password_changed_at and revokes
	// every refresh token of the user. With a reset token hash it first
	// consumes that token and reports false, changing nothing, when the
	// token is unknown, used or expired.
	ChangePassword(ctx context.Context, userID int64, hash string, at time.Time, resetTokenHash string) (bool, error)
	// CreateResetToken stores t, superseding the user's unused tokens.
	CreateResetToken(ctx context.Context, t shop.ResetToken, mails ...shop.Mail) error
	ResetTokenValid(ctx context.Context, userID int64, hash string, now time.Time) (bool, error)
	PhoneStore
}

// PhoneStore keeps verified numbers and the one-time codes sent to them.
type PhoneStore interface {
	UserByPhone(ctx context.Context, phone string) (*shop.User, error)
	// SetPhone records a verified number; one another account holds is a
	// KindConflict error.
	SetPhone(ctx context.Context, userID int64, phone string) error
	// CreatePhoneCode stores a code (superseding the number's unused ones
	// of that purpose) and queues its text message.
	CreatePhoneCode(ctx context.Context, pc *shop.PhoneCode, msgs ...shop.Mail) error
	LivePhoneCode(ctx context.Context, phone, purpose string, now time.Time) (*shop.PhoneCode, error)
	// TryPhoneCode counts a guess; false once maxTries were counted.
	TryPhoneCode(ctx context.Context, id int64, maxTries int) (bool, error)
	// UsePhoneCode consumes a code; false when it was already used.
	UsePhoneCode(ctx context.Context, id int64, at time.Time) (bool, error)
	// OrderBuyer is an order's buyer and their verified number (or "").
	OrderBuyer(ctx context.Context, orderID string) (userID int64, phone string, err error)
	// NoticePrefs is a user's channels per kind of notice (defaults filled in).
	NoticePrefs(ctx context.Context, userID int64) (shop.NoticePrefs, error)
	SetNoticePrefs(ctx context.Context, userID int64, p shop.NoticePrefs) error
	// CoPurchased ranks the products sharing paid orders with a product
	// (its latest window order lines), at most limit ids.
	CoPurchased(ctx context.Context, productID int64, window, limit int) ([]int64, error)
}

// Service is the application: one value, methods per area in their files.
type Service struct {
	store    Store
	now      func() time.Time
	sleep    func(context.Context, time.Duration) error
	log      *slog.Logger
	accounts AccountOptions
	hasher   *Hasher
	limits   *limiter
	mailWake chan struct{}
	// pay is the active payment provider; payWake signals stored events.
	pay         PaymentGateway
	payWake     chan struct{}
	payStats    paymentStats
	orderExpiry time.Duration
	momoTimeout time.Duration
	fanout      Fanout
	salt        dailySalt
	// cat holds the category tree, per tree sequence applied.
	cat catalogueCache
	// details keeps public product details (detailcache.go).
	details *detailCache
	// together keeps "bought together" rankings (boughttogether.go).
	together coPurchaseCache
	// deliveryTables keeps zones and holidays for product pages (delivery.go).
	deliveryTables deliveryTables
	// banksCache keeps the provider's banks and wallets (payouts.go);
	// ledgerCaughtUp is set once the ledger catch-up found nothing to post.
	banksCache     banksCache
	ledgerCaughtUp atomic.Bool
	media          MediaStore
	probes         []Probe
	// imports holds the ids of the stores whose CSV import is running on
	// this instance: one at a time per store (bulk.go).
	imports sync.Map
	// later runs work after a request is answered (afterAnswer);
	// background counts what spawn started.
	later      func(work func())
	background sync.WaitGroup
	// hashing and images bound the expensive work (workpool.go).
	hashing, images *WorkPool
	// queries bounds uncached catalogue index queries (products.go).
	queries *WorkPool
	// importing bounds CSV imports, shared by all stores (importjobs.go).
	importing *WorkPool
}

// Deps are the collaborators a Service needs.
type Deps struct {
	Store Store
	Now   func() time.Time // defaults to time.Now
	Log   *slog.Logger     // defaults to slog.Default()
	// Sleep waits or returns ctx's error (sign-in slow-down); defaults to
	// a timer. Tests pass their clock's, which waits for no one.
	Sleep func(context.Context, time.Duration) error
	// Accounts configures tokens, passwords, mail and rate limits.
	Accounts AccountOptions
	// Payments is the active payment provider (Paystack or the test one).
	Payments PaymentGateway
	// OrderExpiry is how long an unpaid order stays pending.
	OrderExpiry time.Duration
	// MobileMoneyTimeout is how long a mobile money prompt may wait for
	// the shopper's approval before the attempt fails.
	MobileMoneyTimeout time.Duration
	// Fanout delivers new messages to open streams; nil disables streams.
	Fanout Fanout
	// Media keeps uploaded images; nil refuses uploads.
	Media MediaStore
	// Probes are the readiness checks besides the database's.
	Probes []Probe
	// Background runs work after a request is answered; nil starts a
	// goroutine that Service.Wait waits for. Tests run it in place or hold it.
	Background func(work func())
	// HashPool and ImagePool bound password hashing and image decoding;
	// nil sizes them from the cores (DefaultHashPool, DefaultImagePool).
	HashPool, ImagePool *WorkPool
	// QueryPool bounds the catalogue index queries a cache did not answer;
	// nil sizes it from the cores (DefaultQueryPool).
	QueryPool *WorkPool
	// ImportPool bounds CSV imports; nil sizes it from the cores
	// (DefaultImportPool).
	ImportPool *WorkPool
}

// Probe checks that one dependency besides the database is usable (the
// realtime listener, the data directory); Check returns why it is not.
type Probe struct {
	Name  string
	Check func(ctx context.Context) error
}

// New builds a Service. It refuses deps that would make the background
// jobs destructive or the payment endpoints crash: an order expiry of zero
// or less would cancel every pending order on the next pass.
func New(d Deps) (*Service, error) {
	switch {
	case d.Payments == nil:
		return nil, errors.New("service: no payment provider")
	case d.MobileMoneyTimeout <= 0:
		return nil, fmt.Errorf("service: mobile money timeout must be positive, got %s", d.MobileMoneyTimeout)
	case d.OrderExpiry <= 0:
		return nil, fmt.Errorf("service: order expiry must be positive, got %s", d.OrderExpiry)
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Sleep == nil {
		d.Sleep = sleepContext
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Accounts.Hasher == nil {
		d.Accounts.Hasher = OWASPHasher()
	}
	if d.Accounts.RateCounter == nil {
		d.Accounts.RateCounter = NewMemoryCounter()
	}
	if d.Media == nil {
		d.Media = noMedia{}
	}
	if d.HashPool == nil {
		d.HashPool = NewWorkPool(DefaultHashPool())
	}
	if d.ImagePool == nil {
		d.ImagePool = NewWorkPool(DefaultImagePool())
	}
	if d.QueryPool == nil {
		d.QueryPool = NewWorkPool(DefaultQueryPool())
	}
	if d.ImportPool == nil {
		d.ImportPool = NewWorkPool(DefaultImportPool())
	}
	s := &Service{store: d.Store, now: d.Now, sleep: d.Sleep, log: d.Log, accounts: d.Accounts, hasher: d.Accounts.Hasher,
		limits: newLimiter(d.Accounts.RateCounter, d.Accounts.RateLimits, d.Now), mailWake: make(chan struct{}, 1),
		pay: d.Payments, payWake: make(chan struct{}, 1), orderExpiry: d.OrderExpiry, momoTimeout: d.MobileMoneyTimeout,
		fanout: d.Fanout, media: d.Media, probes: d.Probes, later: d.Background, hashing: d.HashPool, images: d.ImagePool, queries: d.QueryPool, importing: d.ImportPool,
		details: newDetailCache(detailCacheBytes)}
	if s.later == nil {
		s.later = s.spawn
	}
	if s.store != nil {
		// Subscribed here, before the HTTP read cache subscribes to the
		// Service: the applier calls subscribers in order, and an answer
		// computed between the two forgets must not be kept from a
		// detail the change outdated.
		s.store.OnCatalogueChange(s.details.forget)
	}
	return s, nil
}

// Readiness reports whether the database answers and is fully migrated,
// and which probes pass.
type Readiness struct {
	Database   bool
	Migrations bool
	// Probes holds each probe's outcome by name: true when it passed.
	Probes map[string]bool
}

// OK reports whether every check passed.
func (r Readiness) OK() bool {
	for _, ok := range r.Probes {
		if !ok {
			return false
		}
	}
	return r.Database && r.Migrations
}

// Ready runs every probe and checks the database and its migrations; why
// a check fails goes to the log, not to the caller.
func (s *Service) Ready(ctx context.Context) Readiness {
	r := Readiness{Probes: make(map[string]bool, len(s.probes))}
	for _, p := range s.probes {
		err := p.Check(ctx)
		if err != nil {
			s.log.WarnContext(ctx, "readiness: "+p.Name+" failed", "err", err)
		}
		r.Probes[p.Name] = err == nil
	}
	if err := s.store.Ping(ctx); err != nil {
		s.log.WarnContext(ctx, "readiness: database ping failed", "err", err)
		return r
	}
	r.Database = true
	n, err := s.store.PendingMigrations(ctx)
	r.Migrations = err == nil && n == 0
	return r
}

// ResetData deletes every row; used by `dwa seed --reset`.
func (s *Service) ResetData(ctx context.Context) error {
	defer s.deliveryTables.drop()
	return s.store.Reset(ctx)
}

// AfterBulkLoad has the database gather its planner's statistics: dwa seed
// runs it once its products are in.
func (s *Service) AfterBulkLoad(ctx context.Context) error { return s.store.Analyze(ctx) }

// Now is the service's clock, for answers that depend on the day.
func (s *Service) Now() time.Time { return s.now() }
