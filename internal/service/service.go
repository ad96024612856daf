// Package service holds Dwa's use cases: authorization, validation,
// transactions and rules. It talks to storage through the interfaces it
// declares here and knows nothing of HTTP or SQL.
package service

import (
	"context"
	"log/slog"
	"time"

	"dwa/internal/shop"
)

// Store is everything the service needs from persistence, grouped by area.
type Store interface {
	HealthStore
	CatalogStore
	AccountStore
	// Reset deletes all data (not the schema).
	Reset(ctx context.Context) error
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
	CreateProducts(ctx context.Context, ps []*shop.Product) error
}

// AccountStore reads and writes users.
type AccountStore interface {
	CreateUser(ctx context.Context, u *shop.User) error
}

// Service is the application: one value, methods per area in their files.
type Service struct {
	store Store
	now   func() time.Time
	log   *slog.Logger
}

// Deps are the collaborators a Service needs.
type Deps struct {
	Store Store
	Now   func() time.Time // defaults to time.Now
	Log   *slog.Logger     // defaults to slog.Default()
}

// New builds a Service.
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{store: d.Store, now: d.Now, log: d.Log}
}

// Readiness reports whether the database answers and is fully migrated.
type Readiness struct {
	Database   bool
	Migrations bool
}

// Ready checks the database and its migrations.
func (s *Service) Ready(ctx context.Context) Readiness {
	var r Readiness
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
func (s *Service) ResetData(ctx context.Context) error { return s.store.Reset(ctx) }
