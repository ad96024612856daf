package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// addressDTO is a saved address, or (without id, is_default and the times)
// an order's copy of one.
type addressDTO struct {
	ID             int64   `json:"id,omitempty"`
	RecipientName  string  `json:"recipient_name"`
	Phone          string  `json:"phone"`
	Region         string  `json:"region"`
	RegionName     string  `json:"region_name"`
	City           string  `json:"city"`
	Area           string  `json:"area"`
	DigitalAddress string  `json:"digital_address"`
	Landmark       string  `json:"landmark"`
	Directions     string  `json:"directions"`
	IsDefault      *bool   `json:"is_default,omitempty"`
	CreatedAt      *string `json:"created_at,omitempty"`
	UpdatedAt      *string `json:"updated_at,omitempty"`
}

func snapshotDTO(a shop.Address) addressDTO {
	return addressDTO{RecipientName: a.RecipientName, Phone: a.Phone, Region: a.Region,
		RegionName: shop.RegionName(a.Region), City: a.City, Area: a.Area, DigitalAddress: a.DigitalAddress,
		Landmark: a.Landmark, Directions: a.Directions}
}

func toAddressDTO(a shop.Address) addressDTO {
	d := snapshotDTO(a)
	d.ID, d.IsDefault = a.ID, &a.IsDefault
	d.CreatedAt, d.UpdatedAt = optionalTime(a.CreatedAt), optionalTime(a.UpdatedAt)
	return d
}

// orderAddressDTO is an order's delivery address, or nil for an order
// placed with the free-text fields only.
func orderAddressDTO(a *shop.Address) *addressDTO {
	if a == nil {
		return nil
	}
	d := snapshotDTO(*a)
	return &d
}

type addressBookDTO struct {
	Results []addressDTO `json:"results"`
	// Max is how many addresses the book may hold.
	Max int `json:"max"`
}

type addressRequest struct {
	RecipientName  *string `json:"recipient_name"`
	Phone          *string `json:"phone"`
	Region         *string `json:"region"`
	City           *string `json:"city"`
	Area           *string `json:"area"`
	DigitalAddress *string `json:"digital_address"`
	Landmark       *string `json:"landmark"`
	Directions     *string `json:"directions"`
	IsDefault      *bool   `json:"is_default"`
}

func (in addressRequest) input() service.AddressInput {
	return service.AddressInput{RecipientName: in.RecipientName, Phone: in.Phone, Region: in.Region, City: in.City,
		Area: in.Area, DigitalAddress: in.DigitalAddress, Landmark: in.Landmark, Directions: in.Directions,
		IsDefault: in.IsDefault}
}

// nestedAddress decodes an order's address object like a body, naming its
// fields' errors "address.<field>". The reason it is not an object is
// returned instead, as the field's error.
func nestedAddress(raw json.RawMessage) (*service.AddressInput, string, error) {
	if raw == nil {
		return nil, "", nil
	}
	obj, ok := decodeValue(raw).(map[string]any)
	switch {
	case string(raw) == "null":
		return nil, "", nil
	case !ok:
		return nil, "Invalid data. Expected a dictionary, but got " + pythonType(decodeValue(raw)) + ".", nil
	}
	var in addressRequest
	if err := fill(obj, &in); err != nil {
		var e *shop.Error
		if errors.As(err, &e) && e.Fields != nil {
			prefixed := map[string][]string{}
			for k, v := range e.Fields {
				prefixed["address."+k] = v
			}
			return nil, "", shop.Invalid(prefixed)
		}
		return nil, "", err
	}
	a := in.input()
	a.IsDefault = nil
	return &a, "", nil
}

func (a *API) listAddresses(w http.ResponseWriter, r *http.Request) error {
	book, err := a.svc.Addresses(r.Context(), caller(r))
	if err != nil {
		return err
	}
	out := addressBookDTO{Results: make([]addressDTO, len(book)), Max: shop.MaxAddresses}
	for i, ad := range book {
		out.Results[i] = toAddressDTO(ad)
	}
	return reply(w, http.StatusOK, out)
}

func (a *API) createAddress(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[addressRequest](r)
	if err != nil {
		return err
	}
	ad, err := a.svc.CreateAddress(r.Context(), caller(r), in.input())
	return replyResult(w, http.StatusCreated, ad, err, deref(toAddressDTO))
}

func (a *API) getAddress(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Address")
	if err != nil {
		return err
	}
	ad, err := a.svc.Address(r.Context(), caller(r), id)
	return replyResult(w, http.StatusOK, ad, err, deref(toAddressDTO))
}

func (a *API) updateAddress(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Address")
	if err != nil {
		return err
	}
	in, err := decoded[addressRequest](r)
	if err != nil {
		return err
	}
	ad, err := a.svc.UpdateAddress(r.Context(), caller(r), id, in.input())
	return replyResult(w, http.StatusOK, ad, err, deref(toAddressDTO))
}

func (a *API) deleteAddress(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Address")
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.DeleteAddress(r.Context(), caller(r), id))
}
