package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestProtocol covers the conventions every endpoint shares (contract §1).
func TestProtocol(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_CORS_ORIGINS": "https://partner.example"})
	tests := []struct {
		name, method, path string
		headers            []string
		status             int
		body               string
		wantHeaders        map[string]string
	}{
		{"unknown API path is JSON 404", "GET", "/api/nope/", nil, 404, `{"detail":"Not found.","code":"not_found"}`, nil},
		{"API root is JSON 404", "GET", "/api", nil, 404, `{"detail":"Not found.","code":"not_found"}`, nil},
		{"unsupported method", "PUT", "/api/store/categories/", nil, 405, `{"detail":"Method \"PUT\" not allowed.","code":"method_not_allowed"}`,
			map[string]string{"Allow": "GET, HEAD, OPTIONS"}},
		{"DELETE without slash", "DELETE", "/api/store/hero", nil, 405, `{"detail":"Method \"DELETE\" not allowed.","code":"method_not_allowed"}`, nil},
		{"OPTIONS answers 204 with Allow", "OPTIONS", "/api/store/categories", nil, 204, "", map[string]string{"Allow": "GET, HEAD, OPTIONS"}},
		{"HEAD works where GET does", "HEAD", "/api/store/categories/", nil, 200, "", map[string]string{"Content-Type": "application/json"}},
		{"preflight from an allowed origin", "OPTIONS", "/api/store/categories/", []string{"Origin", "https://partner.example", "Access-Control-Request-Method", "GET"}, 204, "",
			map[string]string{"Access-Control-Allow-Origin": "https://partner.example", "Access-Control-Max-Age": "86400",
				"Access-Control-Allow-Headers": "Authorization, Content-Type, Idempotency-Key, X-Request-ID, Last-Event-ID"}},
		{"preflight from another origin gets no CORS headers", "OPTIONS", "/api/store/categories/", []string{"Origin", "https://evil.example", "Access-Control-Request-Method", "GET"}, 204, "",
			map[string]string{"Access-Control-Allow-Origin": ""}},
		{"simple request from an allowed origin", "GET", "/api/store/hero/", []string{"Origin", "https://partner.example"}, 200, "[]",
			map[string]string{"Access-Control-Allow-Origin": "https://partner.example", "Access-Control-Expose-Headers": "Link, X-Total-Count, X-Request-ID, Retry-After, X-Shuffle-Seed"}},
		{"healthz", "GET", "/healthz", nil, 200, `{"status":"ok"}`, nil},
		{"readyz checks the database", "GET", "/readyz", nil, 200, `{"status":"ready"}`, nil},
		{"metrics from loopback", "GET", "/metrics", nil, 200, "# HELP dwa_http_requests_total…", map[string]string{"Content-Type": "text/plain; version=0.0.4; charset=utf-8"}},
		{"incoming request id is kept", "GET", "/healthz", []string{"X-Request-ID", "abc.DEF:1-2_3"}, 200, `{"status":"ok"}`, map[string]string{"X-Request-ID": "abc.DEF:1-2_3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := a.Do(tc.method, tc.path, "", tc.headers...)
			assertStatus(t, w.Code, tc.status)
			assertBody(t, w.Body.String(), tc.body)
			for k, v := range tc.wantHeaders {
				if got := w.Header().Get(k); got != v {
					t.Errorf("%s = %q; want %q", k, got, v)
				}
			}
			if w.Header().Get("X-Request-ID") == "" || w.Header().Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("missing X-Request-ID or nosniff: %v", w.Header())
			}
		})
	}

	t.Run("invalid request ids are replaced", func(t *testing.T) {
		for _, bad := range []string{"has space", strings.Repeat("a", 65), "semi;colon"} {
			got := a.Do("GET", "/healthz", "", "X-Request-ID", bad).Header().Get("X-Request-ID")
			if got == bad || got == "" {
				t.Errorf("X-Request-ID for %q = %q", bad, got)
			}
		}
	})

	t.Run("metrics are refused outside the allowed networks", func(t *testing.T) {
		req := httptest.NewRequest("GET", "/metrics", nil)
		req.RemoteAddr = "203.0.113.9:5555"
		w := httptest.NewRecorder()
		a.API.ServeHTTP(w, req)
		assertStatus(t, w.Code, 404)
	})

	t.Run("metrics count requests by route pattern and status", func(t *testing.T) {
		a.Do("GET", "/api/store/categories/123/", "")
		body := a.Do("GET", "/metrics", "").Body.String()
		for _, want := range []string{
			`dwa_http_requests_total{route="/store/categories/{id}",method="GET",status="404"}`,
			`dwa_http_request_duration_seconds_bucket{route="/store/categories/{id}",method="GET",status="404",le="+Inf"}`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("metrics lack %s", want)
			}
		}
	})

	t.Run("readyz fails while shutting down", func(t *testing.T) {
		b := shoptest.NewApp(t, a.Store, nil)
		b.API.ShuttingDown()
		w := b.Do("GET", "/readyz", "")
		assertStatus(t, w.Code, 503)
		assertBody(t, w.Body.String(), `{"status":"not_ready","checks":{"catalogue":"ok","data_dir":"ok","database":"ok","migrations":"ok","shutdown":"fail"}}`)
	})

	t.Run("readyz fails when the database is gone", func(t *testing.T) {
		st := shoptest.OpenSQLite(t)
		b := shoptest.NewApp(t, st, nil)
		_ = st.Close()
		w := b.Do("GET", "/readyz", "")
		assertStatus(t, w.Code, 503)
		assertBody(t, w.Body.String(), `{"status":"not_ready","checks":{"catalogue":"ok","data_dir":"ok","database":"fail","migrations":"fail","shutdown":"ok"}}`)
	})

	t.Run("openapi.json is the YAML document as JSON", func(t *testing.T) {
		w := a.Do("GET", "/api/openapi.json", "")
		assertStatus(t, w.Code, 200)
		var doc map[string]any
		decode(t, w.Body.Bytes(), &doc)
		if v, _ := doc["openapi"].(string); !strings.HasPrefix(v, "3.1") {
			t.Errorf("openapi = %v", doc["openapi"])
		}
		if _, ok := doc["paths"].(map[string]any)["/store/categories/"]; !ok {
			t.Errorf("paths lack /store/categories/")
		}
	})
}

// TestMetricsAccess: /metrics answers the client address the rate limits
// see, not the TCP peer, so a reverse proxy on this host does not make
// every internet client local.
func TestMetricsAccess(t *testing.T) {
	behindProxy := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_TRUSTED_PROXIES": "127.0.0.0/8"})
	direct := shoptest.NewApp(t, shoptest.OpenSQLite(t), nil)
	tests := []struct {
		name    string
		a       *shoptest.App
		headers []string
		status  int
	}{
		{"trusted proxy, internet client", behindProxy, []string{"X-Forwarded-For", "203.0.113.9"}, 404},
		{"trusted proxy, client on this host", behindProxy, []string{"X-Forwarded-For", "127.0.0.1"}, 200},
		{"trusted proxy, spoofed local entry before the client", behindProxy, []string{"X-Forwarded-For", "127.0.0.1, 203.0.113.9"}, 404},
		{"the scraper itself, no proxy", behindProxy, nil, 200},
		{"untrusted local peer that forwards", direct, []string{"X-Forwarded-For", "203.0.113.9"}, 404},
		{"untrusted local peer, Forwarded header", direct, []string{"Forwarded", "for=203.0.113.9"}, 404},
		{"untrusted local peer, X-Real-IP", direct, []string{"X-Real-IP", "203.0.113.9"}, 404},
		{"loopback scraper", direct, nil, 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := tc.a.Do("GET", "/metrics", "", tc.headers...)
			assertStatus(t, w.Code, tc.status)
			if tc.status == 404 {
				assertBody(t, w.Body.String(), `{"detail":"Not found.","code":"not_found"}`)
			}
		})
	}
}

// TestMetricsMethodLabel: made-up methods share one series per route and
// status, so no client can grow /metrics.
func TestMetricsMethodLabel(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), nil)
	for i := range 50 {
		a.Do(fmt.Sprintf("BREW%d", i), "/api/store/categories/", "")
	}
	a.Do("PUT", "/api/store/categories/", "")
	body := a.Do("GET", "/metrics", "").Body.String()
	methods := map[string]bool{}
	for _, m := range regexp.MustCompile(`dwa_http_requests_total\{[^}]*method="([^"]*)"`).FindAllStringSubmatch(body, -1) {
		methods[m[1]] = true
	}
	if len(methods) != 2 || !methods["other"] || !methods["PUT"] {
		t.Errorf("method labels %v; want other and PUT (the /metrics GET is counted after it answers)", methods)
	}
	if want := `dwa_http_requests_total{route="/store/categories",method="other",status="405"} 50`; !strings.Contains(body, want) {
		t.Errorf("metrics lack %s", want)
	}
}

// Security headers by response kind (decision 0025): what a browser may render as a document
// gets the full set; scripts, stylesheets, raster images and the manifest only nosniff (their
// CSP or framing headers would apply to nothing); JSON a CSP that loads and frames nothing. Every
// response keeps nosniff (contract §1.8) and, on an https site, HSTS.
func TestSecurityHeadersByResponseKind(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), map[string]string{"DWA_PUBLIC_URL": "https://dwa.shop"})
	const (
		page  = "default-src 'self'; script-src 'self' https://js.paystack.co; worker-src 'self'; manifest-src 'self'; frame-src https://checkout.paystack.com; connect-src 'self' https://api.paystack.co; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
		data  = "default-src 'none'; frame-ancestors 'none'"
		svg   = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"
		full  = "document"
		bare  = "subresource"
		json_ = "json"
	)
	tests := []struct {
		path, kind, csp string
		headers         []string
	}{
		// An answer without a body has nothing to render.
		{"/api/analytics/pageviews/", bare, "", []string{"X-Method", "POST"}},
		{"/", full, page, nil},
		{"/no/such/page", full, page, nil},
		{"/store/products/1", full, page, []string{"Save-Data", "on"}},
		// The worker's CSP is the worker's own policy.
		{"/sw.js", full, page, nil},
		{"/robots.txt", full, page, nil},
		{"/healthz", json_, data, nil},
		// SVG is a document a browser can open: the full set, with a CSP that runs nothing.
		{"/media/demo/products/phone-1.svg", full, svg, nil},
		{"/favicon.svg", full, svg, nil},
		{"/media/notes.txt", full, page, nil},
		{"/assets/index-4f9a0c1e.js", bare, "", nil},
		{"/assets/index-4f9a0c1e.js", bare, "", []string{"Accept-Encoding", "br"}},
		{"/assets/index-4f9a0c1e.css", bare, "", nil},
		{"/icons/icon-192.png", bare, "", nil},
		{"/manifest.webmanifest", bare, "", nil},
		{"/api/store/categories/", json_, data, nil},
		{"/api/nope", json_, data, nil},
		{"/api/store/products/999999/", json_, data, nil},
		{"/api/analytics/pageviews/", json_, data, nil},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			method, body := "GET", ""
			if len(tc.headers) == 2 && tc.headers[0] == "X-Method" {
				method, body, tc.headers = tc.headers[1], `{"path":"/"}`, nil
			}
			w := a.Do(method, tc.path, body, tc.headers...)
			h := w.Header()
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Strict-Transport-Security") != "max-age=31536000; includeSubDomains" {
				t.Errorf("status %d, headers %v", w.Code, h)
			}
			if got := h.Get("Content-Security-Policy"); got != tc.csp {
				t.Errorf("CSP = %q; want %q", got, tc.csp)
			}
			want := map[string]string{"Referrer-Policy": "", "X-Frame-Options": "", "Permissions-Policy": "", "Cross-Origin-Opener-Policy": ""}
			if tc.kind == full {
				want = map[string]string{
					"Referrer-Policy":            "strict-origin-when-cross-origin",
					"X-Frame-Options":            "DENY",
					"Permissions-Policy":         `camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.paystack.com")`,
					"Cross-Origin-Opener-Policy": "same-origin-allow-popups",
				}
			}
			for name, value := range want {
				if got := h.Get(name); got != value {
					t.Errorf("%s = %q; want %q (content type %q)", name, got, value, h.Get("Content-Type"))
				}
			}
		})
	}
	// A revalidated file or page costs a 304 with nosniff only: the browser keeps the headers
	// it had and updates only those the 304 carries.
	for _, path := range []string{"/assets/index-4f9a0c1e.js", "/"} {
		w := a.Do("GET", path, "", "If-None-Match", a.Do("GET", path, "").Header().Get("ETag"))
		if w.Code != 304 || w.Header().Get("Content-Security-Policy") != "" || w.Header().Get("X-Frame-Options") != "" || w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s 304: status %d, headers %v", path, w.Code, w.Header())
		}
	}
	// Without https, no HSTS, on any kind.
	plain := shoptest.NewApp(t, shoptest.OpenSQLite(t), nil)
	for _, path := range []string{"/", "/api/store/categories/", "/assets/index-4f9a0c1e.js"} {
		if got := plain.Do("GET", path, "").Header().Get("Strict-Transport-Security"); got != "" {
			t.Errorf("%s: HSTS %q over http", path, got)
		}
	}
}

func TestSinglePageApp(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), nil)
	tests := []struct {
		path   string
		status int
		cache  string
	}{
		{"/", 200, "no-cache"},
		{"/products", 200, "no-cache"},
		{"/products/", 200, "no-cache"},
		{"/search?query=x-box", 200, "no-cache"},
		{"/category/gaming", 200, "no-cache"},
		{"/category/deals/pre-built-rigs", 200, "no-cache"},
		{"/category/a/b/c", 200, "no-cache"},
		// An unknown product is a 404 page (the app shows its error): crawlers learn the truth.
		{"/store/products/42", 404, "no-cache"},
		{"/order/9f1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b", 200, "no-cache"},
		{"/orders/9f1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b", 200, "no-cache"},
		{"/payment/9f1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b", 200, "no-cache"},
		{"/password/reset/confirm/MQ/abc-123", 200, "no-cache"},
		{"/cart", 200, "no-cache"},
		{"/seller", 200, "no-cache"},
		{"/seller/products", 200, "no-cache"},
		{"/seller/products/new", 200, "no-cache"},
		{"/seller/products/12", 200, "no-cache"},
		{"/seller/orders", 200, "no-cache"},
		{"/seller/store", 200, "no-cache"},
		{"/seller/nothing", 404, "no-cache"},
		{"/no/such/page", 404, "no-cache"},
		{"/category/a/b/c/d", 404, "no-cache"},
		{"/index.html", 404, "no-cache"},
		{"/assets/index-4f9a0c1e.js", 200, "public, max-age=31536000, immutable"},
		{"/robots.txt", 200, "public, max-age=3600"},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			w := a.Do("GET", tc.path, "")
			assertStatus(t, w.Code, tc.status)
			if got := w.Header().Get("Cache-Control"); got != tc.cache {
				t.Errorf("Cache-Control = %q; want %q", got, tc.cache)
			}
			if tc.cache == "no-cache" && !strings.Contains(w.Body.String(), `<div id="root">`) {
				t.Errorf("body is not index.html: %q", w.Body)
			}
		})
	}

	t.Run("text assets are served as the build's brotli file to clients that accept br", func(t *testing.T) {
		for accept, want := range map[string]string{"gzip, deflate, br, zstd": "br", "br": "br", "*": "br",
			"br;q=0, gzip": "gzip", "gzip": "gzip", "identity": "", "br;q=0, *": "gzip"} {
			w := a.Do("GET", "/assets/index-4f9a0c1e.js", "", "Accept-Encoding", accept)
			assertStatus(t, w.Code, 200)
			if got := w.Header().Get("Content-Encoding"); got != want {
				t.Errorf("Accept-Encoding %q: Content-Encoding %q; want %q", accept, got, want)
			}
			if want == "br" && w.Body.String() != shoptest.BrotliIndexJS {
				t.Errorf("Accept-Encoding %q: the body is not the build's .br file: % x", accept, w.Body.Bytes())
			}
		}
		w := a.Do("GET", "/assets/index-4f9a0c1e.js", "", "Accept-Encoding", "br")
		tag := w.Header().Get("ETag")
		if !strings.HasSuffix(tag, `-br"`) || !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
			t.Fatalf("headers = %v", w.Header())
		}
		// Each encoding revalidates with its own tag.
		assertStatus(t, a.Do("GET", "/assets/index-4f9a0c1e.js", "", "Accept-Encoding", "br", "If-None-Match", tag).Code, 304)
		assertStatus(t, a.Do("GET", "/assets/index-4f9a0c1e.js", "", "Accept-Encoding", "gzip", "If-None-Match", tag).Code, 200)
		// The .br file is an encoding, not a file of its own.
		assertStatus(t, a.Do("GET", "/assets/index-4f9a0c1e.js.br", "").Code, 404)
	})

	t.Run("text assets are served gzipped to clients that accept it", func(t *testing.T) {
		w := a.Do("GET", "/assets/index-4f9a0c1e.js", "", "Accept-Encoding", "gzip")
		if w.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
			t.Fatalf("headers = %v", w.Header())
		}
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := io.ReadAll(zr)
		if !strings.HasPrefix(string(plain), "console.log('dwa');") {
			t.Errorf("decompressed = %.40q", plain)
		}
		if w := a.Do("GET", "/assets/index-4f9a0c1e.js", ""); w.Header().Get("Content-Encoding") != "" {
			t.Errorf("gzip sent to a client that did not ask")
		}
	})

	t.Run("large JSON is gzipped, small JSON is not", func(t *testing.T) {
		w := a.Do("GET", "/api/openapi.json", "", "Accept-Encoding", "gzip")
		if w.Header().Get("Content-Encoding") != "gzip" {
			t.Errorf("openapi.json not gzipped: %v", w.Header())
		}
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.NewDecoder(zr).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		if w := a.Do("GET", "/healthz", "", "Accept-Encoding", "gzip"); w.Header().Get("Content-Encoding") != "" {
			t.Errorf("tiny body gzipped")
		}
	})

	t.Run("gzip only where Accept-Encoding allows it", func(t *testing.T) {
		for accept, want := range map[string]string{"gzip;q=0": "", "*;q=0": "", "br;q=1, *;q=0": "",
			"*": "gzip", "gzip;q=0.5": "gzip", "identity": ""} {
			w := a.Do("GET", "/api/openapi.json", "", "Accept-Encoding", accept)
			if got := w.Header().Get("Content-Encoding"); got != want {
				t.Errorf("Accept-Encoding %q: Content-Encoding %q; want %q", accept, got, want)
			}
		}
	})

	t.Run("POST to a page is refused", func(t *testing.T) {
		assertStatus(t, a.Do("POST", "/products", "").Code, 405)
	})
}

func TestPagesAreGzippedHarderThanAPIAnswers(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		// Enough categories for the home page's data island to be worth compressing.
		for i := range 30 {
			a.Category(fmt.Sprintf("Category number %d", i), fmt.Sprintf("category-%d", i), nil, i, true)
		}
		w := a.Do("GET", "/", "", "Accept-Encoding", "gzip")
		assertStatus(t, w.Code, 200)
		if w.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("page not gzipped: %v", w.Header())
		}
		zr, err := gzip.NewReader(bytes.NewReader(w.Body.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := io.ReadAll(zr)
		level := func(l int) int {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, l)
			_, _ = zw.Write(plain)
			_ = zw.Close()
			return buf.Len()
		}
		if got, fast := w.Body.Len(), level(gzip.BestSpeed); got != level(gzip.DefaultCompression) || got >= fast {
			t.Errorf("page gzipped to %d bytes; default level %d, fastest %d", got, level(gzip.DefaultCompression), fast)
		}
	})
}

func TestMedia(t *testing.T) {
	a := shoptest.NewApp(t, shoptest.OpenSQLite(t), nil)
	w := a.Do("GET", "/media/demo/products/phone-1.svg", "")
	assertStatus(t, w.Code, 200)
	if w.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(w.Header().Get("Content-Security-Policy"), "sandbox") ||
		w.Header().Get("Cache-Control") != "public, max-age=86400" {
		t.Errorf("headers = %v", w.Header())
	}
	for _, path := range []string{"/media/demo/products/", "/media/notes.txt", "/media/../go.mod", "/media/demo/missing.svg", "/media/%2e%2e/x.svg"} {
		// A path with .. is cleaned by a redirect; nothing outside media is served.
		if w := a.Do("GET", path, ""); w.Code != 404 && w.Code != 307 {
			t.Errorf("%s: status %d", path, w.Code)
		}
	}
}
