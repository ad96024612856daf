package httpapi

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"dwa/internal/shop"
)

// methods dispatches one path pattern by method, answering HEAD like GET,
// OPTIONS with 204 + Allow, and other methods with the contract's 405.
type methods struct {
	pattern  string
	handlers h
	allow    string
}

func newMethods(pattern string, hs h) *methods {
	names := make([]string, 0, len(hs)+2)
	for m := range hs {
		names = append(names, m)
	}
	if _, ok := hs[http.MethodGet]; ok {
		names = append(names, http.MethodHead)
	}
	names = append(names, http.MethodOptions)
	slices.Sort(names)
	return &methods{pattern: pattern, handlers: hs, allow: strings.Join(names, ", ")}
}

func (m *methods) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if info := infoFrom(r.Context()); info != nil {
		info.route = m.pattern
	}
	method := r.Method
	if method == http.MethodHead {
		method = http.MethodGet
		w = headWriter{w}
	}
	if h, ok := m.handlers[method]; ok {
		if err := queryTextError(r.URL.RawQuery); err != nil {
			writeError(w, r, err)
			return
		}
		h.ServeHTTP(w, r)
		return
	}
	w.Header().Set("Allow", m.allow)
	if r.Method == http.MethodOptions {
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeError(w, r, &shop.Error{Kind: shop.KindMethodNotAllowed, Code: "method_not_allowed",
		Detail: `Method "` + r.Method + `" not allowed.`})
}

// trimTrailingSlash makes /x/ and /x answer identically, without a redirect.
func trimTrailingSlash(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; len(p) > 1 && strings.HasSuffix(p, "/") {
			r2 := r.Clone(r.Context())
			r2.URL.Path = strings.TrimRight(p, "/")
			if r2.URL.Path == "" {
				r2.URL.Path = "/"
			}
			r2.URL.RawPath = ""
			next.ServeHTTP(w, r2)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// pathID parses a positive integer path value; ok is false for anything else
// (see idOf and objectID for the 404s).
func pathID(r *http.Request, name string) (int64, bool) {
	v := r.PathValue(name)
	if v == "" || len(v) > 18 {
		return 0, false
	}
	id, err := strconv.ParseInt(v, 10, 64)
	return id, err == nil && id > 0
}

// headWriter drops the body of a HEAD response but keeps its headers,
// Content-Length included, so HEAD answers exactly like GET.
type headWriter struct{ http.ResponseWriter }

func (headWriter) Write(b []byte) (int, error) { return len(b), nil }

// Query text problems, as field errors under the parameter's name.
const msgInvalidUTF8 = "Enter valid UTF-8 text."

// queryTextError refuses a query string whose names or values hold a NUL
// byte or invalid UTF-8, before any handler reads it: PostgreSQL rejects
// both in text parameters (a 500), and no parameter of the API needs them.
// Request bodies get the same rules from decodeJSON.
func queryTextError(raw string) error {
	if raw == "" {
		return nil
	}
	values, _ := url.ParseQuery(raw) // what r.URL.Query() gives handlers
	fe := shop.FieldErrors{}
	for name, vs := range values {
		if msg := textProblem(name); msg != "" {
			if !slices.Contains(fe["non_field_errors"], msg) {
				fe.Add("non_field_errors", msg)
			}
			continue
		}
		for _, v := range vs {
			if msg := textProblem(v); msg != "" && !fe.Has(name) {
				fe.Add(name, msg)
			}
		}
	}
	return fe.Err()
}

// textProblem is the message for text no parameter may hold, or "".
func textProblem(s string) string {
	switch {
	case strings.IndexByte(s, 0) >= 0:
		return errNullInBody
	case !utf8.ValidString(s):
		return msgInvalidUTF8
	}
	return ""
}
