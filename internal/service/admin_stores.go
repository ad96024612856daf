package service

import (
	"context"

	"dwa/internal/shop"
)

// AdminStores lists stores for staff, searched by store name or owner,
// filtered by status ("", "active" or "suspended").
func (s *Service) AdminStores(ctx context.Context, u *shop.User, search, status string, offset, limit int) ([]shop.StoreOverview, int, error) {
	if err := staffOnly(u); err != nil {
		return nil, 0, err
	}
	var suspended *bool
	switch status {
	case "", "all":
	case "active", "suspended":
		suspended = new(status == "suspended")
	default:
		return nil, 0, invalidChoice("status", status)
	}
	return s.store.AdminStores(ctx, search, suspended, offset, limit)
}

// NewStore is a decoded request to open a store for a user.
type NewStore struct {
	Owner, Name, Description, ContactInfo, Address *string
}

// CreateStoreFor opens an active store for an existing, active user, who
// then finds the Seller Centre in their menu. One store per user.
func (s *Service) CreateStoreFor(ctx context.Context, u *shop.User, in NewStore) (*shop.StoreOverview, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	fe := shop.FieldErrors{}
	st := &shop.Store{Active: true, CreatedAt: s.now()}
	owner := requiredText(fe, "owner", in.Owner, 150)
	st.Name = requiredText(fe, "name", in.Name, 100)
	optionalText(fe, "description", in.Description, 2000, &st.Description)
	optionalText(fe, "contact_info", in.ContactInfo, 100, &st.ContactInfo)
	optionalText(fe, "address", in.Address, 300, &st.Address)
	var ou *shop.User
	if !fe.Has("owner") {
		var err error
		if ou, err = s.store.UserByUsername(ctx, owner); err != nil {
			return nil, err
		}
		if ou == nil || !ou.IsActive {
			fe.Add("owner", "No active user has this username.")
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	st.OwnerID = ou.ID
	if err := s.store.CreateStore(ctx, st); err != nil {
		return nil, err
	}
	return &shop.StoreOverview{Store: *st, OwnerUsername: ou.Username}, nil
}

// SetStoreActive suspends a store or reinstates it. A suspended store's
// products leave the catalogue, search, wishlists and bags at once and
// cannot be ordered; its owner keeps the Seller Centre to fulfil the
// orders already placed, and shoppers can no longer write to it.
func (s *Service) SetStoreActive(ctx context.Context, u *shop.User, id int64, active *bool) (*shop.StoreOverview, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	if active == nil {
		return nil, shop.Invalid(map[string][]string{"is_active": {msgRequired}})
	}
	ok, err := s.store.SetStoreActive(ctx, id, *active)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, shop.NotFound("Store")
	}
	return s.store.StoreOverview(ctx, id)
}
