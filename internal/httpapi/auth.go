package httpapi

import (
	"context"
	"net/http"
	"strings"

	"dwa/internal/service"
	"dwa/internal/shop"
)

const callerKey ctxKey = 1

// caller is the signed-in user of the request, nil for an anonymous one.
// Under requireUser or requireStaff it is never nil.
func caller(r *http.Request) *shop.User {
	u, _ := r.Context().Value(callerKey).(*shop.User)
	return u
}

var errBadAuthHeader = &shop.Error{Kind: shop.KindUnauthenticated, Code: "bad_authorization_header",
	Detail: "Authorization header must contain two space-delimited values"}

// authenticate checks a present Authorization header on every handler of
// hs (contract §1.3): a Bearer access token makes the request the user's;
// a bad one is a 401 even on a public endpoint. Other schemes are anonymous.
func (a *API) authenticate(hs h) h {
	out := make(h, len(hs))
	for m, next := range hs {
		out[m] = func(w http.ResponseWriter, r *http.Request) error {
			parts := strings.Fields(r.Header.Get("Authorization"))
			if len(parts) == 0 || !strings.EqualFold(parts[0], "Bearer") {
				return next(w, r)
			}
			if len(parts) != 2 {
				return errBadAuthHeader
			}
			u, err := a.svc.Authenticate(r.Context(), parts[1])
			if err != nil {
				return err
			}
			return next(w, r.WithContext(context.WithValue(r.Context(), callerKey, u)))
		}
	}
	return out
}

// requireUser lets only signed-in users through (role User).
func requireUser(next handlerE) handlerE {
	return func(w http.ResponseWriter, r *http.Request) error {
		if caller(r) == nil {
			return service.ErrNotAuthenticated
		}
		return next(w, r)
	}
}

// requireStaff lets only staff through: 401 when anonymous, 403 otherwise.
func requireStaff(next handlerE) handlerE {
	return requireUser(func(w http.ResponseWriter, r *http.Request) error {
		if !caller(r).IsStaff {
			return shop.ErrForbidden
		}
		return next(w, r)
	})
}
