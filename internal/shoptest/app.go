package shoptest

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"dwa/api"
	"dwa/internal/config"
	"dwa/internal/gateway/dirprobe"
	"dwa/internal/gateway/mediafs"
	"dwa/internal/gateway/realtime"
	"dwa/internal/gateway/s3media"
	"dwa/internal/httpapi"
	"dwa/internal/service"
	"dwa/internal/shop"
	"dwa/internal/store/sqldb"
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

// WebFS is a tiny stand-in for the built storefront.
var WebFS = fstest.MapFS{
	"index.html":               {Data: []byte(`<!doctype html><html><head><title>Dwa</title></head><body><div id="root"></div></body></html>`)},
	"assets/index-4f9a0c1e.js": {Data: []byte(strings.Repeat("console.log('dwa');\n", 200))},
	"robots.txt":               {Data: []byte("User-agent: *\n")},
}

// NewApp wires the service and HTTP API on st. env overrides configuration
// variables (DWA_*), exactly as the process environment would.
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
	clock := &Clock{}
	var counter service.RateCounter = service.NewMemoryCounter()
	if cfg.RateLimitsInDatabase(st.Engine()) {
		counter = st
	}
	gate := &reconnectGate{}
	hub, listener, fanout := newFanout(t, st, gate)
	// The readiness probes of `dwa serve`.
	var probes []service.Probe
	if listener != nil {
		probes = append(probes, service.Probe{Name: "realtime", Check: listener.Check})
	}
	if cfg.WritesDataDir() {
		probes = append(probes, service.Probe{Name: "data_dir", Check: dirprobe.New(cfg.DataDir, time.Second).Check})
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
	var store service.MediaStore = media
	opts := httpapi.Options{Config: cfg, Web: WebFS, Media: os.DirFS(string(media)), OpenAPI: api.OpenAPIYAML}
	if cfg.S3.Enabled() {
		uploads := uploadBucket(t, cfg.S3)
		store, opts.Uploads = uploads, uploads
	}
	hashPool, imagePool := service.NewWorkPool(service.DefaultHashPool()), service.NewWorkPool(service.DefaultImagePool())
	app := &App{T: t, Store: st, Config: cfg, Clock: clock, Hub: hub, Listener: listener, gate: gate,
		HashPool: hashPool, ImagePool: imagePool}
	svc, err := service.New(service.Deps{Store: st, Now: clock.Now, Sleep: clock.Sleep, Fanout: fanout, Media: store, Background: app.background.run, Accounts: service.AccountOptions{
		Secret: []byte(cfg.SecretKey), AccessTTL: cfg.AccessTokenTTL, RefreshTTL: cfg.RefreshTokenTTL,
		PublicURL: cfg.PublicURL, SupportEmail: cfg.SupportEmail, Hasher: FastHasher(),
		RateLimits: cfg.RateLimits, RateCounter: counter,
	}, Payments: PaymentGateway(cfg), OrderExpiry: cfg.OrderExpiry, Probes: probes, HashPool: hashPool, ImagePool: imagePool})
	if err != nil {
		t.Fatal(err)
	}
	opts.Service = svc
	h, err := httpapi.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	app.Svc, app.API = svc, &CheckedAPI{API: h, checked: CheckContract(t, h)}
	return app
}

// uploadBucket opens the configured bucket as the binary does when the
// DWA_S3_* variables are set (they then point at an s3mediatest server).
func uploadBucket(t testing.TB, c config.S3) *s3media.Bucket {
	t.Helper()
	b, err := s3media.New(s3media.Options{Endpoint: c.Endpoint, Region: c.Region, Bucket: c.Bucket,
		AccessKey: c.AccessKey, SecretKey: c.SecretKey, Prefix: c.Prefix, PathStyle: c.PathStyle})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	return b
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

// newFanout wires message streams as `dwa serve` does: in process on
// SQLite, LISTEN/NOTIFY on PostgreSQL (so two apps on one schema behave
// like two instances). Streams end when the test does.
func newFanout(t testing.TB, st *sqldb.Store, gate *reconnectGate) (*realtime.Hub, *realtime.Postgres, service.Fanout) {
	t.Helper()
	hub := realtime.NewHub(service.StreamBuffer)
	if st.Engine() != "postgres" {
		t.Cleanup(hub.Close)
		return hub, nil, hub
	}
	pg, err := realtime.NewPostgres(context.Background(), st.DB().W, hub, slog.Default(), realtime.WithRetryWait(gate.wait))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pg.Close)
	return hub, pg, pg
}

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
	return realtime.SleepBackoff(ctx, attempt)
}
