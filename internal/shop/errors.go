// Package shop is the domain vocabulary of Dwa: entities, money, identifiers,
// error kinds and pure rules. It imports nothing from the rest of the module.
package shop

import (
	"errors"
	"fmt"
	"sort"
)

// Kind classifies an error so that the HTTP layer can map it to a status in
// one place without knowing where the error came from.
type Kind int

const (
	KindInternal Kind = iota
	KindNotFound
	KindInvalid
	KindConflict
	KindForbidden
	KindUnauthenticated
	KindRateLimited
	KindUnavailable
	KindBadGateway
	KindUnprocessable
	KindMethodNotAllowed
	KindTooLarge
	KindUnsupportedMedia
)

// Error is the one error type that crosses layer boundaries with a meaning a
// client may see. Detail and Fields are client-facing text; Cause is for logs.
type Error struct {
	Kind   Kind
	Code   string              // machine code, e.g. "not_found", "out_of_stock"
	Detail string              // client-facing sentence for non-field errors
	Fields map[string][]string // client-facing field errors (KindInvalid)
	// RetryAfter is the wait in whole seconds for KindRateLimited, and for
	// KindUnavailable when the server is busy rather than broken.
	RetryAfter int
	Cause      error
}

func (e *Error) Error() string {
	msg := e.Detail
	if msg == "" && len(e.Fields) > 0 {
		keys := make([]string, 0, len(e.Fields))
		for k := range e.Fields {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		msg = fmt.Sprintf("invalid fields %v", keys)
	}
	if e.Cause != nil {
		return msg + ": " + e.Cause.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Cause }

// KindOf reports the kind of err, KindInternal for errors that are not *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}

// NotFound is the contract's 404 for a model: "No <Model> matches the given query."
func NotFound(model string) *Error {
	return &Error{Kind: KindNotFound, Code: "not_found", Detail: "No " + model + " matches the given query."}
}

// ErrNotFoundPlain is the 404 for a malformed id or unknown path.
var ErrNotFoundPlain = &Error{Kind: KindNotFound, Code: "not_found", Detail: "Not found."}

// Invalid builds a field-validation error; FieldErrors.Err is usually nicer.
func Invalid(fields map[string][]string) *Error {
	return &Error{Kind: KindInvalid, Fields: fields}
}

// InvalidDetail is a 400 with a detail and code instead of field errors.
func InvalidDetail(code, detail string) *Error {
	return &Error{Kind: KindInvalid, Code: code, Detail: detail}
}

// Conflict is a 409 with the given code and detail.
func Conflict(code, detail string) *Error {
	return &Error{Kind: KindConflict, Code: code, Detail: detail}
}

// ErrForbidden is the contract's generic 403.
var ErrForbidden = &Error{Kind: KindForbidden, Code: "permission_denied", Detail: "You do not have permission to perform this action."}

// Unavailable wraps an infrastructure failure (database down) as a 503.
func Unavailable(cause error) *Error {
	return &Error{Kind: KindUnavailable, Code: "service_unavailable", Detail: "Service temporarily unavailable.", Cause: cause}
}

// Busy is the 503 of a bounded pool of expensive work (password hashing,
// image decoding) that is full: the client may retry after retryAfter
// seconds. The body is the contract's 503; the header tells when.
func Busy(retryAfter int) *Error {
	return &Error{Kind: KindUnavailable, Code: "service_unavailable", Detail: "Service temporarily unavailable.",
		RetryAfter: max(1, retryAfter)}
}

// FieldErrors collects validation messages in the order they are found.
type FieldErrors map[string][]string

// Add appends a message to a field.
func (f FieldErrors) Add(field, msg string) { f[field] = append(f[field], msg) }

// Has reports whether the field already has a message.
func (f FieldErrors) Has(field string) bool { return len(f[field]) > 0 }

// Err returns nil when nothing was collected, else a KindInvalid error.
func (f FieldErrors) Err() error {
	if len(f) == 0 {
		return nil
	}
	return Invalid(f)
}
