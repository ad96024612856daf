package httpapi

import (
	"encoding/json"
	"html"
	"io/fs"
	"strings"
)

// A page's code is a lazy chunk that the browser would only discover after
// the entry script has run (a request waterfall on a slow phone). The server
// knows the route, so it names the page's chunks in <link rel="modulepreload">
// and the browser fetches them alongside the entry. The chunk names come from
// Vite's manifest (build.manifest in web/vite.config.ts), read once at start-up.

// routeModules maps SPA route patterns (spaRoutes; "" = not found) to the
// source modules the app loads for them (web/src/app/router.tsx, and the
// areas' tables app/seller-routes.tsx and app/admin-routes.tsx).
var routeModules = map[string][]string{
	"":                                      {"src/routes/not-found.tsx"},
	"/{$}":                                  {"src/routes/home.tsx"},
	"/search":                               {"src/routes/search.tsx"},
	"/products":                             {"src/routes/products.tsx"},
	"/forgot-password":                      {"src/routes/forgot-password.tsx"},
	"/category/{c}":                         {"src/routes/category.tsx"},
	"/category/{c}/{s}":                     {"src/routes/category.tsx"},
	"/category/{c}/{s}/{ss}":                {"src/routes/category.tsx"},
	"/store/products/{id}":                  {"src/routes/product.tsx"},
	"/stores":                               {"src/routes/stores.tsx"},
	"/stores/{slug}":                        {"src/routes/store.tsx"},
	"/password/reset/confirm/{uid}/{token}": {"src/routes/reset-password.tsx"},
	"/cart":                                 {"src/app/require-auth.tsx", "src/routes/cart.tsx"},
	"/messages":                             {"src/app/require-auth.tsx", "src/routes/messages.tsx"},
	"/wishlist":                             {"src/app/require-auth.tsx", "src/routes/wishlist.tsx"},
	"/orders":                               {"src/app/require-auth.tsx", "src/routes/orders.tsx"},
	"/account":                              {"src/app/require-auth.tsx", "src/routes/account.tsx"},
	"/order/{id}":                           {"src/app/require-auth.tsx", "src/routes/order.tsx"},
	"/orders/{id}":                          {"src/app/require-auth.tsx", "src/routes/order.tsx"},
	"/payment/{id}":                         {"src/app/require-auth.tsx", "src/routes/payment.tsx"},
	"/seller":                               sellerModules("src/routes/seller-dashboard.tsx"),
	"/seller/products":                      sellerModules("src/routes/seller-products.tsx"),
	"/seller/products/new":                  sellerModules("src/routes/seller-product.tsx"),
	"/seller/products/import":               sellerModules("src/routes/seller-import.tsx"),
	"/seller/products/{id}":                 sellerModules("src/routes/seller-product.tsx"),
	"/seller/orders":                        sellerModules("src/routes/seller-orders.tsx"),
	"/seller/store":                         sellerModules("src/routes/seller-store.tsx"),
	"/seller/payouts":                       sellerModules("src/routes/seller-payouts.tsx"),
	"/admin":                                adminModules("src/routes/admin-moderation.tsx"),
	"/admin/users":                          adminModules("src/routes/admin-users.tsx"),
	"/admin/stores":                         adminModules("src/routes/admin-stores.tsx"),
	"/admin/complaints":                     adminModules("src/routes/admin-complaints.tsx"),
	"/admin/refunds":                        adminModules("src/routes/admin-refunds.tsx"),
	"/admin/delivery":                       adminModules("src/routes/admin-delivery.tsx"),
	"/admin/payouts":                        adminModules("src/routes/admin-payouts.tsx"),
	"/admin/categories":                     adminModules("src/routes/admin-categories.tsx"),
	"/admin/hero":                           adminModules("src/routes/admin-hero.tsx"),
	"/admin/analytics":                      adminModules("src/routes/admin-analytics.tsx"),
}

// adminModules are a staff page's modules: the sign-in guard, the staff
// area's route table (web/src/app/admin-routes.tsx, which imports the area's
// frame) and the page.
func adminModules(page string) []string {
	return []string{"src/app/require-auth.tsx", "src/app/admin-routes.tsx", page}
}

// sellerModules are a Seller Centre page's modules: the sign-in guard, the
// Seller Centre's route table (web/src/app/seller-routes.tsx, which imports
// its frame: the guard for store owners and the navigation), then the page.
func sellerModules(page string) []string {
	return []string{"src/app/require-auth.tsx", "src/app/seller-routes.tsx", page}
}

type manifestChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	IsEntry bool     `json:"isEntry"`
}

// routePreloads reads the manifest and returns, per route pattern, the
// <link rel="modulepreload"> tags of its chunks and their static imports,
// leaving out what index.html already loads (the entry and its imports).
// Without a manifest (an old or missing build) it returns nil: no preloads.
func routePreloads(web fs.FS) map[string][]byte {
	raw, err := fs.ReadFile(web, ".vite/manifest.json")
	if err != nil {
		return nil
	}
	var manifest map[string]manifestChunk
	if json.Unmarshal(raw, &manifest) != nil {
		return nil
	}
	var walk func(key string, seen map[string]bool, out *[]string)
	walk = func(key string, seen map[string]bool, out *[]string) {
		chunk, ok := manifest[key]
		if !ok || seen[key] {
			return
		}
		seen[key] = true
		if out != nil {
			*out = append(*out, chunk.File)
		}
		for _, imp := range chunk.Imports {
			walk(imp, seen, out)
		}
	}
	inIndex := map[string]bool{}
	for key, chunk := range manifest {
		if chunk.IsEntry {
			walk(key, inIndex, nil)
		}
	}
	out := map[string][]byte{}
	for pattern, modules := range routeModules {
		seen := map[string]bool{}
		for k := range inIndex {
			seen[k] = true
		}
		var files []string
		for _, m := range modules {
			walk(m, seen, &files)
		}
		var b strings.Builder
		for _, f := range files {
			// crossorigin matches the entry's <script type="module" crossorigin>, so the
			// preloaded module is reused instead of fetched twice.
			b.WriteString(`<link rel="modulepreload" crossorigin href="/` + html.EscapeString(f) + "\">\n")
		}
		out[pattern] = []byte(b.String())
	}
	return out
}
