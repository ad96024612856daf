package shoptest

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"dwa/internal/config"
	"dwa/internal/gateway/mediafs"
	"dwa/internal/gateway/pglisten"
	"dwa/internal/gateway/realtime"
	"dwa/internal/service"
	"dwa/internal/shop"
	"dwa/internal/store/sqldb"
	"dwa/internal/wiring"
)

// App is the whole shop wired on a test database, served in-process.
type App struct {
	T      testing.TB
	Store  *sqldb.Store
	Svc    *service.Service
	API    *CheckedAPI // checks every exchange against api/openapi.yaml (contract.go)
	Config config.Config
	// Clock is the service's time; tests move it to expire tokens and
	// rate-limit windows.
	Clock *Clock
	// Hub holds this app's open message streams.
	Hub *realtime.Hub
	// Listener is the PostgreSQL LISTEN/NOTIFY fan-out; nil on SQLite.
	Listener *realtime.Postgres
	gate     *reconnectGate
	// background is what the service started after answering (see
	// HoldBackground).
	background background
	// HashPool and ImagePool are the service's bounded pools (production
	// sizes); tests fill them to see the 503.
	HashPool, ImagePool *service.WorkPool
	// ImportPool bounds CSV imports, QueryPool uncached catalogue queries
	// (production sizes).
	ImportPool, QueryPool *service.WorkPool
	// Logs holds every line the app logged (access log, request errors,
	// the service's lines), at every level.
	Logs *Logs
}

// background runs the service's after-the-answer work in place, so tests
// see its effects at once, or holds it until RunHeld.
type background struct {
	mu   sync.Mutex
	hold bool
	held []func()
}

func (b *background) run(work func()) {
	b.mu.Lock()
	if b.hold {
		b.held = append(b.held, work)
		b.mu.Unlock()
		return
	}
	b.mu.Unlock()
	work()
}

// HoldBackground keeps the work the service starts after answering a
// request (a password reset's lookup, token and mail) until RunHeld, so a
// test can see what was done before the answer.
func (a *App) HoldBackground() {
	a.background.mu.Lock()
	defer a.background.mu.Unlock()
	a.background.hold = true
}

// RunHeld runs the held work, returns how much there was, and stops holding.
func (a *App) RunHeld() int {
	a.background.mu.Lock()
	held := a.background.held
	a.background.held, a.background.hold = nil, false
	a.background.mu.Unlock()
	for _, work := range held {
		work()
	}
	return len(held)
}

// BrotliIndexJS is the brotli encoding (quality 11) of WebFS's
// assets/index-4f9a0c1e.js, as the web build writes it beside the file.
const BrotliIndexJS = "\x1b\x9f\x0f\xf8\x9d\x07\x76\xec\x62\xba\x62\xb2\xce\x90\xd7\x0a\x29\x3b\x64\xf2\xc4\xe5\x2c\xd9\xde\xee\x0a\x25\xac\x0a\x39\xb0\x46\xe0\xc5\xbb\xd1\x01\x40\x9a\xcf\x00"

// WebFS is a tiny stand-in for the built storefront.
var WebFS = fstest.MapFS{
	"index.html":               {Data: []byte(`<!doctype html><html><head><title>Dwa</title></head><body><div id="root"><!--dwa:page--></div></body></html>`)},
	"assets/index-4f9a0c1e.js": {Data: []byte(strings.Repeat("console.log('dwa');\n", 200))},
	// The build's brotli form of it (web/vite.config.ts): brotli -q 11 of the file above.
	"assets/index-4f9a0c1e.js.br": {Data: []byte(BrotliIndexJS)},
	"assets/index-4f9a0c1e.css":   {Data: []byte("body{margin:0}\n")},
	"robots.txt":                  {Data: []byte("User-agent: *\n")},
	"favicon.svg":                 {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>`)},
	// The installable app's files (web/sw, web/public): the service worker and the manifest.
	"sw.js":                {Data: []byte(strings.Repeat("self.addEventListener('fetch', () => {});\n", 40))},
	"manifest.webmanifest": {Data: []byte(`{"name":"Dwa","short_name":"Dwa","start_url":"/","display":"standalone"}`)},
	"icons/icon-192.png":   {Data: []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")},
}

// NewApp wires the shop on st as `dwa serve` does (internal/wiring), with
// the test clock, a fast hasher, background work run in place, a listener
// whose reconnects can be held, and a media directory of its own. env
// overrides configuration variables (DWA_*), exactly as the process
// environment would; with DWA_S3_* set (at an s3mediatest server) uploads
// go to that bucket.
func NewApp(t testing.TB, st *sqldb.Store, env map[string]string) *App {
	t.Helper()
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.SecretKey == "" {
		cfg.SecretKey = TestSecret
	}
	if env["DWA_DATA_DIR"] == "" {
		cfg.DataDir = t.TempDir()
	}
	media := mediafs.Dir(t.TempDir())
	for name, data := range map[string]string{
		"demo/products/phone-1.svg": `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`,
		"notes.txt":                 "not an image",
	} {
		if err := media.Put(context.Background(), name, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	// The catalogue index is built before the app is handed over, as a
	// load balancer waits for /readyz.
	st.StartCatalogue()
	if _, _, err := st.AppliedCatalogue(context.Background()); err != nil {
		t.Fatal(err)
	}
	app := &App{T: t, Store: st, Config: cfg, Clock: &Clock{}, gate: &reconnectGate{}, Logs: &Logs{}}
	w, err := wiring.New(context.Background(), wiring.Options{Config: cfg, Store: st, Web: WebFS, MediaDir: string(media),
		Log: app.Logs.logger(),
		Now: app.Clock.Now, Sleep: app.Clock.Sleep, Hasher: FastHasher(), Background: app.background.run,
		ListenerRetryWait: app.gate.wait})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	if w.Uploads != nil {
		if err := w.Uploads.Check(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	app.Svc, app.API = w.Service, &CheckedAPI{API: w.API, checked: CheckContract(t, w.API)}
	app.Hub, app.Listener, app.HashPool, app.ImagePool, app.ImportPool, app.QueryPool = w.Hub, w.Listener, w.HashPool, w.ImagePool, w.ImportPool, w.QueryPool
	app.Clock.startMinute()
	return app
}

// Do sends a request through the real handler and returns the recorded
// response. Headers come in pairs: name, value.
func (a *App) Do(method, target, body string, headers ...string) *httptest.ResponseRecorder {
	a.T.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, r)
	req.RemoteAddr = "127.0.0.1:40000"
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	a.API.ServeHTTP(w, req)
	return w
}

// Category creates a category (level from the parent) with one image.
func (a *App) Category(name, slug string, parent *shop.Category, position int, active bool) *shop.Category {
	a.T.Helper()
	c := &shop.Category{Name: name, Slug: slug, Position: position, Active: active,
		Images: []shop.Image{{URL: "/media/demo/categories/" + slug + ".svg"}}}
	c.Level = 1
	if parent != nil {
		c.ParentID, c.Level = parent.ID, parent.Level+1
	}
	if err := a.Svc.CreateCategory(context.Background(), c); err != nil {
		a.T.Fatal(err)
	}
	return c
}

// Now is a fixed instant for tests that need one.
var Now = time.Date(2026, 3, 1, 9, 30, 12, 345_000_000, time.UTC)

// HoldListener keeps the PostgreSQL listener from reconnecting, once it
// has lost its connection, until release is called.
func (a *App) HoldListener() (release func()) {
	return a.gate.hold()
}

// reconnectGate is the listener's pause before a reconnect attempt: the
// real backoff, after waiting for any hold to be released.
type reconnectGate struct {
	mu   sync.Mutex
	held chan struct{}
}

func (g *reconnectGate) hold() func() {
	g.mu.Lock()
	defer g.mu.Unlock()
	held := make(chan struct{})
	g.held = held
	return sync.OnceFunc(func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		close(held)
		if g.held == held {
			g.held = nil
		}
	})
}

func (g *reconnectGate) wait(ctx context.Context, attempt int) error {
	g.mu.Lock()
	held := g.held
	g.mu.Unlock()
	if held != nil {
		select {
		case <-held:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return pglisten.SleepBackoff(ctx, attempt)
}
