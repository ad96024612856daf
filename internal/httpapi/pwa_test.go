package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// The installable app (decision 0026): the service worker is always revalidated, never kept as an
// immutable asset, so a deploy reaches open phones; the manifest has its own media type; the CSP
// names both (the page's, and the worker's own). Through the real handler on each engine.
func TestInstallableAppFiles(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		tests := []struct {
			path, ctype, cache string
		}{
			{"/sw.js", "text/javascript; charset=utf-8", "no-cache"},
			{"/manifest.webmanifest", "application/manifest+json", "public, max-age=3600"},
			{"/icons/icon-192.png", "image/png", "public, max-age=3600"},
		}
		for _, tc := range tests {
			t.Run(tc.path, func(t *testing.T) {
				w := a.Do("GET", tc.path, "")
				assertStatus(t, w.Code, http.StatusOK)
				if got := w.Header().Get("Content-Type"); got != tc.ctype {
					t.Errorf("Content-Type = %q; want %q", got, tc.ctype)
				}
				if got := w.Header().Get("Cache-Control"); got != tc.cache {
					t.Errorf("Cache-Control = %q; want %q", got, tc.cache)
				}
				// The page's policy governs registering the worker and reading the manifest
				// (TestSecurityHeadersByResponseKind); the worker's script carries it as its own.
				if tc.path != "/sw.js" {
					return
				}
				csp := w.Header().Get("Content-Security-Policy")
				for _, want := range []string{"worker-src 'self'", "manifest-src 'self'"} {
					if !strings.Contains(csp, want) {
						t.Errorf("CSP %q lacks %q", csp, want)
					}
				}
			})
		}
		// The worker is a text asset like the others: gzipped for clients that take it.
		if w := a.Do("GET", "/sw.js", "", "Accept-Encoding", "gzip"); w.Header().Get("Content-Encoding") != "gzip" {
			t.Errorf("sw.js not gzipped: %v", w.Header())
		}
	})
}

// A service worker revalidates what it serves offline: a page or file the browser already has
// costs a 304 with no body (decision 0026), whichever encoding it was sent in.
func TestRevalidatedPagesAndFilesCostA304(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		for _, tc := range []struct {
			path     string
			encoding []string
		}{
			{"/sw.js", []string{"Accept-Encoding", "gzip"}},
			{"/sw.js", nil},
			{"/manifest.webmanifest", nil},
			{"/cart", []string{"Accept-Encoding", "gzip"}},
			{"/cart", nil},
		} {
			t.Run(tc.path+strings.Join(tc.encoding, "="), func(t *testing.T) {
				first := a.Do("GET", tc.path, "", tc.encoding...)
				assertStatus(t, first.Code, http.StatusOK)
				tag := first.Header().Get("ETag")
				if tag == "" {
					t.Fatalf("no ETag: %v", first.Header())
				}
				again := a.Do("GET", tc.path, "", append([]string{"If-None-Match", tag}, tc.encoding...)...)
				assertStatus(t, again.Code, http.StatusNotModified)
				if again.Body.Len() != 0 || again.Header().Get("ETag") != tag {
					t.Errorf("304 body %d bytes, ETag %q; want none and %q", again.Body.Len(), again.Header().Get("ETag"), tag)
				}
				// Another tag (an older build's) gets the whole answer.
				other := a.Do("GET", tc.path, "", append([]string{"If-None-Match", `"older"`}, tc.encoding...)...)
				assertStatus(t, other.Code, http.StatusOK)
				if other.Body.Len() == 0 {
					t.Error("empty answer to an old tag")
				}
			})
		}
		// The two encodings of a file are different representations.
		plain := a.Do("GET", "/sw.js", "").Header().Get("ETag")
		if gz := a.Do("GET", "/sw.js", "", "Accept-Encoding", "gzip").Header().Get("ETag"); gz == plain {
			t.Errorf("gzip and plain share the ETag %q", gz)
		}
		// A not-found page is not a representation to keep.
		if w := a.Do("GET", "/no/such/page", ""); w.Header().Get("ETag") != "" {
			t.Errorf("404 page has ETag %q", w.Header().Get("ETag"))
		}
	})
}
