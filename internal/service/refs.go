package service

import (
	"strconv"

	"dwa/internal/shop"
)

// Ref is a primary-key field as the client sent it. The HTTP layer fills
// it; the service decides, in the contract's order, what is wrong with it.
type Ref struct {
	Present bool   // the key was in the body
	Null    bool   // … with the value null
	ID      int64  // the id, when TypeErr is empty and the value is not null
	Text    string // the value as sent, for "Invalid pk" messages
	TypeErr string // "Incorrect type. Expected pk value, received str."
}

// given reports whether the field holds a value (present, not null).
func (r Ref) given() bool { return r.Present && !r.Null }

// check adds the field's own problems (absent when required, null, wrong
// type) to fe and reports whether ID is usable.
func (r Ref) check(fe shop.FieldErrors, name string, required bool) bool {
	switch {
	case !r.Present:
		if required {
			fe.Add(name, msgRequired)
		}
	case r.Null:
		if required {
			fe.Add(name, "This field may not be null.")
		}
	case r.TypeErr != "":
		fe.Add(name, r.TypeErr)
	default:
		return true
	}
	return false
}

// doesNotExist is the related-field error for an unknown id.
func doesNotExist(r Ref) string {
	text := r.Text
	if text == "" {
		text = strconv.FormatInt(r.ID, 10)
	}
	return `Invalid pk "` + text + `" - object does not exist.`
}
