package shoptest

import (
	"context"
	"io"
	"io/fs"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"dwa/api"
	"dwa/internal/config"
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
	API    *httpapi.API
	Config config.Config
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
	svc := service.New(service.Deps{Store: st})
	var media fs.FS = fstest.MapFS{
		"demo/products/phone-1.svg": {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`)},
		"notes.txt":                 {Data: []byte("not an image")},
	}
	h, err := httpapi.New(httpapi.Options{Config: cfg, Service: svc, Web: WebFS, Media: media,
		OpenAPI: api.OpenAPIYAML})
	if err != nil {
		t.Fatal(err)
	}
	return &App{T: t, Store: st, Svc: svc, API: h, Config: cfg}
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
