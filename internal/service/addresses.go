package service

import (
	"context"
	"strconv"
	"strings"
	"time"

	"dwa/internal/shop"
)

// AddressStore keeps the accounts' address books (decision 0023). Reads and
// writes name the owner, so nobody reaches another's addresses.
type AddressStore interface {
	Addresses(ctx context.Context, userID int64) ([]shop.Address, error)
	// Address is the user's address with that id, or nil.
	Address(ctx context.Context, userID, id int64) (*shop.Address, error)
	// CreateAddress adds a to its user's book unless it holds max already
	// (false). The first address, or one marked default, becomes the
	// default and the others stop being it.
	CreateAddress(ctx context.Context, a *shop.Address, max int) (bool, error)
	// UpdateAddress writes the fields ch sets and returns the address, or
	// nil when the user has none with that id.
	UpdateAddress(ctx context.Context, userID, id int64, ch shop.AddressChange, at time.Time) (*shop.Address, error)
	DeleteAddress(ctx context.Context, userID, id int64) (bool, error)
}

// AddressInput is an address as sent (nil: absent).
type AddressInput struct {
	RecipientName, Phone, Region, City, Area, DigitalAddress, Landmark, Directions *string
	IsDefault                                                                      *bool
}

// The longest value of each field, in characters.
const (
	maxRecipient  = 100
	maxCity       = 80
	maxArea       = 160
	maxLandmark   = 160
	maxDirections = 300
)

var (
	errNoAddress       = shop.NotFound("Address")
	errAddressBookFull = shop.InvalidDetail("address_book_full",
		"You can keep at most "+strconv.Itoa(shop.MaxAddresses)+" addresses. Delete one to add another.")
)

const (
	msgAddressPhone   = "Enter a Ghanaian phone number, like 024 123 4567."
	msgDigitalAddress = "Enter a GhanaPost GPS digital address, like GA-183-8164."
)

// check validates the sent fields into their stored forms, prefixing the
// field names of errors with prefix ("address." inside an order). With
// full, the required fields must be present (a new address).
func (in AddressInput) check(fe shop.FieldErrors, prefix string, full bool) shop.AddressChange {
	var ch shop.AddressChange
	required := func(name string, v *string, maxLen int) *string {
		if v == nil && !full {
			return nil
		}
		s := requiredText(fe, prefix+name, v, maxLen)
		return &s
	}
	optional := func(name string, v *string, maxLen int) *string {
		if v == nil {
			if full {
				return new(string)
			}
			return nil
		}
		var s string
		optionalText(fe, prefix+name, v, maxLen, &s)
		return &s
	}
	ch.RecipientName = required("recipient_name", in.RecipientName, maxRecipient)
	ch.City = required("city", in.City, maxCity)
	ch.Area = required("area", in.Area, maxArea)
	ch.Landmark = optional("landmark", in.Landmark, maxLandmark)
	ch.Directions = optional("directions", in.Directions, maxDirections)
	if p := required("phone", in.Phone, 32); p != nil && !fe.Has(prefix+"phone") {
		e164, ok := shop.ParsePhone(*p)
		if !ok || !strings.HasPrefix(e164, "+233") {
			fe.Add(prefix+"phone", msgAddressPhone)
		}
		ch.Phone = &e164
	}
	if r := required("region", in.Region, 0); r != nil && !fe.Has(prefix+"region") && shop.RegionName(*r) == "" {
		fe.Add(prefix+"region", `Select a valid choice. "`+*r+`" is not one of the available choices.`)
	} else {
		ch.Region = r
	}
	if d := optional("digital_address", in.DigitalAddress, 16); d != nil && *d != "" && !fe.Has(prefix+"digital_address") {
		canon, ok := shop.ParseDigitalAddress(*d)
		if !ok {
			fe.Add(prefix+"digital_address", msgDigitalAddress)
		}
		ch.DigitalAddress = &canon
	} else {
		ch.DigitalAddress = d
	}
	ch.IsDefault = in.IsDefault
	return ch
}

// applyAddress sets the fields ch holds on a.
func applyAddress(ch shop.AddressChange, a *shop.Address) {
	for dst, v := range map[*string]*string{&a.RecipientName: ch.RecipientName, &a.Phone: ch.Phone, &a.Region: ch.Region,
		&a.City: ch.City, &a.Area: ch.Area, &a.DigitalAddress: ch.DigitalAddress, &a.Landmark: ch.Landmark,
		&a.Directions: ch.Directions} {
		if v != nil {
			*dst = *v
		}
	}
	if ch.IsDefault != nil {
		a.IsDefault = *ch.IsDefault
	}
}

// Addresses lists the caller's address book, the default first.
func (s *Service) Addresses(ctx context.Context, u *shop.User) ([]shop.Address, error) {
	return s.store.Addresses(ctx, u.ID)
}

// Address is one of the caller's addresses; another's is 404 like none.
func (s *Service) Address(ctx context.Context, u *shop.User, id int64) (*shop.Address, error) {
	a, err := s.store.Address(ctx, u.ID, id)
	if err == nil && a == nil {
		err = errNoAddress
	}
	return a, err
}

// CreateAddress adds an address to the caller's book (at most
// shop.MaxAddresses).
func (s *Service) CreateAddress(ctx context.Context, u *shop.User, in AddressInput) (*shop.Address, error) {
	fe := shop.FieldErrors{}
	ch := in.check(fe, "", true)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	now := s.now()
	a := &shop.Address{UserID: u.ID, CreatedAt: now, UpdatedAt: now}
	applyAddress(ch, a)
	ok, err := s.store.CreateAddress(ctx, a, shop.MaxAddresses)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, errAddressBookFull
	}
	return a, nil
}

// UpdateAddress changes the sent fields of one of the caller's addresses;
// is_default true makes it the default.
func (s *Service) UpdateAddress(ctx context.Context, u *shop.User, id int64, in AddressInput) (*shop.Address, error) {
	fe := shop.FieldErrors{}
	ch := in.check(fe, "", false)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	a, err := s.store.UpdateAddress(ctx, u.ID, id, ch, s.now())
	if err == nil && a == nil {
		err = errNoAddress
	}
	return a, err
}

// DeleteAddress removes one of the caller's addresses. Orders keep their
// own copy, so nothing else changes.
func (s *Service) DeleteAddress(ctx context.Context, u *shop.User, id int64) error {
	ok, err := s.store.DeleteAddress(ctx, u.ID, id)
	if err == nil && !ok {
		err = errNoAddress
	}
	return err
}
