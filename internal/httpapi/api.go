// Package httpapi is the only HTTP code of Dwa: routes, decoding, the
// error→status table, middleware, and the single-page app with its assets.
package httpapi

import (
	"cmp"
	"database/sql"
	"io/fs"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"dwa/internal/config"
	"dwa/internal/service"
)

// Options are the API's collaborators.
type Options struct {
	Config  config.Config
	Service *service.Service
	// Web is the built single-page app (index.html and assets/).
	Web fs.FS
	// Media serves uploaded and generated images under /media/; may be nil.
	Media fs.FS
	// Uploads, when set, serves /media/uploads/… instead of Media: the
	// bucket that uploads are written to.
	Uploads MediaObjects
	// OpenAPI is api/openapi.yaml, served as JSON.
	OpenAPI []byte
	// PoolStats reports database pool statistics for /metrics.
	PoolStats func() map[string]sql.DBStats
	// Log receives the access log and the errors of requests; request ids
	// are added to its lines. Defaults to slog.Default().
	Log *slog.Logger
	// StreamPing and StreamLifetime override the message stream's heartbeat
	// (25 s) and maximum age (15 min); tests shorten them.
	StreamPing, StreamLifetime time.Duration
}

// API is the HTTP face of the shop.
type API struct {
	cfg     config.Config
	svc     *service.Service
	metrics *metrics
	csp     string
	spa     *spa
	media   http.Handler
	// apiHandler is the API under its prefix, for the pages' own requests (page_island.go).
	apiHandler http.Handler
	seo        seoCache
	reads      readCache
	openapi    []byte
	stopping   atomic.Bool
	handler    http.Handler
	log        *slog.Logger
	// sampled counts the requests DWA_ACCESS_LOG=sampled:N chooses from.
	sampled atomic.Uint64

	streamPing, streamLifetime time.Duration
}

// New builds the API and its routes.
func New(o Options) (*API, error) {
	openapi, err := yamlToJSON(o.OpenAPI)
	if err != nil {
		return nil, err
	}
	a := &API{cfg: o.Config, svc: o.Service, metrics: newMetrics(o.PoolStats), csp: imagesFrom(contentSecurityPolicy, o.Config.PublicURL),
		openapi: openapi, streamPing: cmp.Or(o.StreamPing, defaultStreamPing),
		streamLifetime: cmp.Or(o.StreamLifetime, defaultStreamLifetime),
		log:            slog.New(LogRequestIDs(cmp.Or(o.Log, slog.Default()).Handler()))}
	if a.spa, err = newSPA(o.Web); err != nil {
		return nil, err
	}
	a.spa.page, a.spa.renderHead = a.pageFor, a.renderHead
	if o.Media != nil || o.Uploads != nil {
		a.media = mediaFiles{dir: o.Media, uploads: o.Uploads}
	}
	o.Service.OnCatalogueChange(a.reads.forget)
	a.handler = a.observe(a.securityHeaders(gzipResponses(a.routes())))
	return a, nil
}

// ServeHTTP serves every request of the process.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) { a.handler.ServeHTTP(w, r) }

// ShuttingDown makes /readyz fail so load balancers drain this instance.
func (a *API) ShuttingDown() { a.stopping.Store(true) }
