package httpapi

import (
	"net/http"

	"dwa/internal/shop"
)

// handlerE is the one shape of the API's handlers and middleware: it writes
// its answer, or returns an error and writes nothing. ServeHTTP, the only
// place the two meet, renders the error through writeError (errors.go), so
// every failure of every endpoint has the contract's shape.
type handlerE func(w http.ResponseWriter, r *http.Request) error

func (f handlerE) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := f(w, r); err != nil {
		writeError(w, r, err)
	}
}

// The helpers below are the steps most handlers are made of — read the
// path id, decode the body, call the service, write its result — so that a
// handler shows only the calls and the status that are its own.

// decoded reads r's JSON body into a new T (decodeBody's rules).
func decoded[T any](r *http.Request) (T, error) {
	var in T
	err := decodeBody(r, &in)
	return in, err
}

// idOf reads the path parameter name as an id; a malformed one is the
// contract's plain 404.
func idOf(r *http.Request, name string) (int64, error) {
	id, ok := pathID(r, name)
	if !ok {
		return 0, shop.ErrNotFoundPlain
	}
	return id, nil
}

// objectID reads the path parameter name as an id; a malformed one is the
// model's 404 (the same answer as an unknown id).
func objectID(r *http.Request, name, model string) (int64, error) {
	id, ok := pathID(r, name)
	if !ok {
		return 0, shop.NotFound(model)
	}
	return id, nil
}

// reply writes body as JSON with status.
func reply(w http.ResponseWriter, status int, body any) error {
	writeJSON(w, status, body)
	return nil
}

// replyResult writes the result v of a service call as dto(v) with status,
// or passes on the call's error.
func replyResult[T, D any](w http.ResponseWriter, status int, v T, err error, dto func(T) D) error {
	if err != nil {
		return err
	}
	return reply(w, status, dto(v))
}

// replyNoContent answers 204 once the service call has succeeded.
func replyNoContent(w http.ResponseWriter, err error) error {
	if err != nil {
		return err
	}
	noContent(w)
	return nil
}

// noContent answers 204 with no body.
func noContent(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// replyAll answers with a list the service returned whole (cut and paged
// by writeAll), or passes on the call's error.
func replyAll[T, D any](a *API, w http.ResponseWriter, r *http.Request, xs []T, err error, dto func(T) D) error {
	if err != nil {
		return err
	}
	return writeAll(a, w, r, xs, dto)
}

// replyPage answers with the page of a list that the request asks for,
// loaded by the store: load gets the page's bounds and returns its items
// and the size of the whole list.
func replyPage[T, D any](a *API, w http.ResponseWriter, r *http.Request, dto func(T) D,
	load func(p pager) ([]T, int, error)) error {
	p, err := a.pagerFor(r)
	if err != nil {
		return err
	}
	page, total, err := load(p)
	if err != nil {
		return err
	}
	return writeSlice(a, w, r, p, page, total, dto)
}

// deref adapts a DTO builder taking a value to the pointer a service call
// returns.
func deref[T, D any](dto func(T) D) func(*T) D {
	return func(v *T) D { return dto(*v) }
}
