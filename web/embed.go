// Package web exposes the built storefront (web/dist, produced by `npm run build`) to the Go binary.
package web

import (
	"embed"
	"io/fs"
)

// dist holds the Vite build output. The directory always exists (dist/.gitkeep is committed), so
// the Go build works on a fresh clone; it then serves an empty storefront until the web app is built.
//
//go:embed all:dist
var dist embed.FS

// Dist returns the built single-page app rooted at dist/ (index.html, assets/, public files).
// It also contains the placeholder ".gitkeep", which the server should not serve.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic("web: " + err.Error()) // unreachable: "dist" is a valid, embedded path
	}
	return sub
}
