package sqldb

import (
	"context"
	"database/sql"
	"errors"

	"dwa/internal/shop"
)

// ErrUnique and ErrCheck are returned (wrapped) when a statement breaks a
// unique or check constraint, so callers can turn races into contract errors.
var (
	ErrUnique = errors.New("unique constraint violated")
	ErrCheck  = errors.New("check constraint violated")
)

// translate maps driver errors to the vocabulary the service understands.
// sql.ErrNoRows is left alone: each caller knows which model was missing.
func (db *DB) translate(err error) error {
	var known *shop.Error
	switch {
	case err == nil, errors.Is(err, sql.ErrNoRows),
		errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded),
		// Already translated (Scan translates, and callers often again).
		errors.As(err, &known), errors.Is(err, ErrUnique), errors.Is(err, ErrCheck):
		return err
	case db.Dialect.IsUniqueViolation(err):
		return errors.Join(ErrUnique, err)
	case db.Dialect.IsCheckViolation(err):
		return errors.Join(ErrCheck, err)
	case db.Dialect.IsUnavailable(err):
		return shop.Unavailable(err)
	}
	return err
}
