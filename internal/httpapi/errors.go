package httpapi

import (
	"errors"
	"net/http"
	"strconv"

	"dwa/internal/shop"
)

// statusOf is the one table from error kinds to HTTP statuses.
var statusOf = map[shop.Kind]int{
	shop.KindNotFound:         http.StatusNotFound,
	shop.KindInvalid:          http.StatusBadRequest,
	shop.KindConflict:         http.StatusConflict,
	shop.KindForbidden:        http.StatusForbidden,
	shop.KindUnauthenticated:  http.StatusUnauthorized,
	shop.KindRateLimited:      http.StatusTooManyRequests,
	shop.KindUnavailable:      http.StatusServiceUnavailable,
	shop.KindBadGateway:       http.StatusBadGateway,
	shop.KindUnprocessable:    http.StatusUnprocessableEntity,
	shop.KindMethodNotAllowed: http.StatusMethodNotAllowed,
	shop.KindTooLarge:         http.StatusRequestEntityTooLarge,
	shop.KindUnsupportedMedia: http.StatusUnsupportedMediaType,
}

// detailBody is the contract's non-field error body.
type detailBody struct {
	Detail string `json:"detail"`
	Code   string `json:"code"`
}

var errInternal = detailBody{Detail: "Internal server error.", Code: "server_error"}

// writeError renders err in the contract's shape. Errors that are not
// *shop.Error, and internal causes, are logged and never shown. A request
// whose client has gone away failed because of that (a cancelled query, a
// connection the driver dropped mid-statement): it is answered 499 and
// logged at debug level, never as a server error.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	log := logFor(r.Context())
	if clientGone(r) {
		log.DebugContext(r.Context(), "client closed request", "err", err)
		w.WriteHeader(statusClientClosed)
		return
	}
	var e *shop.Error
	if !errors.As(err, &e) || e.Kind == shop.KindInternal {
		log.ErrorContext(r.Context(), "internal error", "err", err)
		writeJSON(w, http.StatusInternalServerError, errInternal)
		return
	}
	status := statusOf[e.Kind]
	if e.Cause != nil {
		log.WarnContext(r.Context(), "request failed", "status", status, "code", e.Code, "err", e.Cause)
	}
	switch e.Kind {
	case shop.KindUnauthenticated:
		w.Header().Set("WWW-Authenticate", `Bearer realm="api"`)
	case shop.KindRateLimited:
		w.Header().Set("Retry-After", strconv.Itoa(max(1, e.RetryAfter)))
	case shop.KindUnavailable:
		if e.RetryAfter > 0 { // busy, not broken: say when to come back
			w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
		}
	}
	if e.Kind == shop.KindInvalid && len(e.Fields) > 0 {
		writeJSON(w, status, e.Fields)
		return
	}
	if e.Code == "" {
		// A detail without a code exists only for the login failure body.
		writeJSON(w, status, map[string]string{"detail": e.Detail})
		return
	}
	writeJSON(w, status, detailBody{Detail: e.Detail, Code: e.Code})
}

// notFound is the contract's generic 404 for unknown paths and malformed ids.
func notFound(w http.ResponseWriter, r *http.Request) { writeError(w, r, shop.ErrNotFoundPlain) }
