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
// names both. Through the real handler on each engine.
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
