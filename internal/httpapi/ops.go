package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"

	"dwa/internal/shop"
	"gopkg.in/yaml.v3"
)

func (a *API) healthz(w http.ResponseWriter, r *http.Request) error {
	return reply(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz answers 200 only when every check passes; otherwise 503 names
// each check with ok or fail (the reasons are in the log, not here).
func (a *API) readyz(w http.ResponseWriter, r *http.Request) error {
	ready := a.svc.Ready(r.Context())
	stopping := a.stopping.Load()
	if ready.OK() && !stopping {
		return reply(w, http.StatusOK, map[string]string{"status": "ready"})
	}
	word := func(ok bool) string {
		if ok {
			return "ok"
		}
		return "fail"
	}
	checks := map[string]string{"database": word(ready.Database), "migrations": word(ready.Migrations),
		"shutdown": word(!stopping)}
	for name, ok := range ready.Probes {
		checks[name] = word(ok)
	}
	return reply(w, http.StatusServiceUnavailable, struct {
		Status string            `json:"status"`
		Checks map[string]string `json:"checks"`
	}{"not_ready", checks})
}

func (a *API) serveMetrics(w http.ResponseWriter, r *http.Request) error {
	if !metricsClientAllowed(r, a.cfg.MetricsNetworks, a.cfg.TrustedProxies) {
		return shop.ErrNotFoundPlain
	}
	var buf bytes.Buffer
	a.metrics.write(&buf)
	a.writeDomainMetrics(r.Context(), &buf)
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(buf.Bytes())
	return nil
}

func (a *API) serveOpenAPI(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	_, _ = w.Write(a.openapi)
	return nil
}

// yamlToJSON converts the OpenAPI document once at start-up.
func yamlToJSON(src []byte) ([]byte, error) {
	var doc any
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("api/openapi.yaml: %w", err)
	}
	out, err := json.Marshal(jsonable(doc))
	if err != nil {
		return nil, fmt.Errorf("api/openapi.yaml: %w", err)
	}
	return out, nil
}

// jsonable turns YAML's map[any]any-free tree into JSON-encodable values,
// stringifying non-string keys (status codes like 200).
func jsonable(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = jsonable(x)
		}
		return t
	case map[any]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[fmt.Sprint(k)] = jsonable(x)
		}
		return m
	case []any:
		for i, x := range t {
			t[i] = jsonable(x)
		}
		return t
	}
	return v
}
