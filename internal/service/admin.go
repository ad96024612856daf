package service

import (
	"context"
	"time"

	"dwa/internal/shop"
)

// Staff administration, by area: accounts (admin_users.go), complaints
// (admin_complaints.go), stores (admin_stores.go), the category tree
// (admin_categories.go) and the home page carousel (admin_hero.go). Every
// method checks staffOnly itself.

// AdminStore is the persistence of staff administration.
type AdminStore interface {
	Users(ctx context.Context, search string, offset, limit int) ([]shop.User, int, error)
	// SetUserFlags reports false when there is no such user.
	SetUserFlags(ctx context.Context, id int64, staff, active *bool, at time.Time) (bool, error)
	Complaints(ctx context.Context, handled bool, offset, limit int) ([]shop.Complaint, int, error)
	// HandleComplaint returns nil when there is no such complaint.
	HandleComplaint(ctx context.Context, id int64, at time.Time, mails func(shop.Complaint) []shop.Mail) (*shop.Complaint, error)
	// AdminStores lists stores; suspended nil means all.
	AdminStores(ctx context.Context, search string, suspended *bool, offset, limit int) ([]shop.StoreOverview, int, error)
	// SetStoreActive reports false when there is no such store.
	SetStoreActive(ctx context.Context, id int64, active bool) (bool, error)
	// StoreOverview is nil when there is no such store.
	StoreOverview(ctx context.Context, id int64) (*shop.StoreOverview, error)
}

// staffOnly refuses anyone but staff; the HTTP layer checks first, this
// keeps the rule true for every caller of the service.
func staffOnly(u *shop.User) error {
	if u == nil || !u.IsStaff {
		return shop.ErrForbidden
	}
	return nil
}
