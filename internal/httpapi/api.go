// Package httpapi is the only HTTP code of Dwa: routes, decoding, the
// error→status table, middleware, and the single-page app with its assets.
package httpapi

import (
	"database/sql"
	"io/fs"
	"net/http"
	"sync/atomic"

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
	// OpenAPI is api/openapi.yaml, served as JSON.
	OpenAPI []byte
	// PoolStats reports database pool statistics for /metrics.
	PoolStats func() map[string]sql.DBStats
}

// API is the HTTP face of the shop.
type API struct {
	cfg      config.Config
	svc      *service.Service
	metrics  *metrics
	csp      string
	spa      *spa
	media    http.Handler
	openapi  []byte
	stopping atomic.Bool
	handler  http.Handler
}

// New builds the API and its routes.
func New(o Options) (*API, error) {
	openapi, err := yamlToJSON(o.OpenAPI)
	if err != nil {
		return nil, err
	}
	a := &API{cfg: o.Config, svc: o.Service, metrics: newMetrics(o.PoolStats), csp: contentSecurityPolicy,
		openapi: openapi}
	if a.spa, err = newSPA(o.Web); err != nil {
		return nil, err
	}
	if o.Media != nil {
		a.media = mediaHandler(o.Media)
	}
	a.handler = a.observe(a.securityHeaders(gzipResponses(a.routes())))
	return a, nil
}

// ServeHTTP serves every request of the process.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) { a.handler.ServeHTTP(w, r) }

// ShuttingDown makes /readyz fail so load balancers drain this instance.
func (a *API) ShuttingDown() { a.stopping.Store(true) }
