// Package api carries the OpenAPI description of Dwa's HTTP API into the
// binary; the server serves it as JSON at <prefix>/openapi.json.
package api

import _ "embed"

// OpenAPIYAML is api/openapi.yaml.
//
//go:embed openapi.yaml
var OpenAPIYAML []byte
