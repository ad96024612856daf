package httpapi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestRoutePreloadsNameThePageChunksNotTheEntrys(t *testing.T) {
	web := fstest.MapFS{".vite/manifest.json": {Data: []byte(`{
		"index.html": {"file": "assets/index-1.js", "isEntry": true, "imports": ["_framework.js"]},
		"_framework.js": {"file": "assets/framework-1.js"},
		"_shared.js": {"file": "assets/shared-1.js", "imports": ["_framework.js"]},
		"src/routes/search.tsx": {"file": "assets/route-search-1.js", "imports": ["_shared.js", "_framework.js"]},
		"src/app/require-auth.tsx": {"file": "assets/require-auth-1.js", "imports": ["_shared.js"]},
		"src/routes/cart.tsx": {"file": "assets/route-cart-1.js", "imports": ["_shared.js"]}
	}`)}}
	got := routePreloads(web)
	tests := []struct{ pattern, want string }{
		{"/search", `<link rel="modulepreload" crossorigin href="/assets/route-search-1.js">
<link rel="modulepreload" crossorigin href="/assets/shared-1.js">
`},
		{"/cart", `<link rel="modulepreload" crossorigin href="/assets/require-auth-1.js">
<link rel="modulepreload" crossorigin href="/assets/shared-1.js">
<link rel="modulepreload" crossorigin href="/assets/route-cart-1.js">
`},
		{"/{$}", ""}, // not in this manifest: nothing to preload
	}
	for _, tt := range tests {
		if g := string(got[tt.pattern]); g != tt.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.pattern, g, tt.want)
		}
	}
	if strings.Contains(string(got["/search"]), "framework") {
		t.Error("the entry's imports are already in index.html and must not be preloaded again")
	}
	if routePreloads(fstest.MapFS{}) != nil {
		t.Error("without a manifest there must be no preloads")
	}
}

func TestEverySPARouteNamesItsModules(t *testing.T) {
	for _, pattern := range spaRoutes {
		if len(routeModules[pattern]) == 0 {
			t.Errorf("%s: no modules in routeModules, so its page code is not preloaded", pattern)
		}
	}
}

// A module renamed or moved in the web app (say, a page moved into an area's
// route table) would silently lose its preload: the manifest has no key for it.
func TestRouteModulesExistInTheWebApp(t *testing.T) {
	for pattern, modules := range routeModules {
		for _, m := range modules {
			if _, err := os.Stat(filepath.Join("..", "..", "web", m)); err != nil {
				t.Errorf("%s: %s: %v", pattern, m, err)
			}
		}
	}
}
