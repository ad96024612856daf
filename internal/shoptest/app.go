package shoptest

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"dwa/api"
	"dwa/internal/config"
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
	clock := &Clock{}
	var counter service.RateCounter = service.NewMemoryCounter()
	if cfg.RateLimitsInDatabase(st.Engine()) {
		counter = st
	}
	hub, fanout := newFanout(t, st)
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
	svc := service.New(service.Deps{Store: st, Now: clock.Now, Fanout: fanout, Media: store, Accounts: service.AccountOptions{
		Secret: []byte(cfg.SecretKey), AccessTTL: cfg.AccessTokenTTL, RefreshTTL: cfg.RefreshTokenTTL,
		PublicURL: cfg.PublicURL, SupportEmail: cfg.SupportEmail, Hasher: FastHasher(),
		RateLimits: cfg.RateLimits, RateCounter: counter,
	}, Payments: PaymentGateway(cfg), OrderExpiry: cfg.OrderExpiry})
	opts.Service = svc
	h, err := httpapi.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return &App{T: t, Store: st, Svc: svc, API: &CheckedAPI{API: h, checked: CheckContract(t, h)}, Config: cfg,
		Clock: clock, Hub: hub}
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
func newFanout(t testing.TB, st *sqldb.Store) (*realtime.Hub, service.Fanout) {
	t.Helper()
	hub := realtime.NewHub(service.StreamBuffer)
	if st.Engine() != "postgres" {
		t.Cleanup(hub.Close)
		return hub, hub
	}
	pg, err := realtime.NewPostgres(context.Background(), st.DB().W, hub, slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pg.Close)
	return hub, pg
}
