package service

import (
	"context"

	"dwa/internal/shop"
)

// AdminUsers lists accounts for staff, searched by username or e-mail.
func (s *Service) AdminUsers(ctx context.Context, u *shop.User, search string, offset, limit int) ([]shop.User, int, error) {
	if err := staffOnly(u); err != nil {
		return nil, 0, err
	}
	return s.store.Users(ctx, search, offset, limit)
}

// SetUserFlags makes a user staff or not, active or not. Staff cannot
// demote or deactivate themselves (the shop would be left without anyone
// able to undo it). A deactivated user can no longer sign in or use a token.
func (s *Service) SetUserFlags(ctx context.Context, u *shop.User, id int64, staff, active *bool) (*shop.User, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	fe := shop.FieldErrors{}
	if id == u.ID && staff != nil && !*staff {
		fe.Add("is_staff", "You cannot remove your own staff rights.")
	}
	if id == u.ID && active != nil && !*active {
		fe.Add("is_active", "You cannot deactivate your own account.")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	ok, err := s.store.SetUserFlags(ctx, id, staff, active, s.now())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, shop.NotFound("User")
	}
	return s.store.UserByID(ctx, id)
}
