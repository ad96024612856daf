package httpapi

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
)

// The pages the server serves carry what the first screen needs (design.md
// §5): a <title>, description, Open Graph tags, schema.org JSON-LD on product
// pages, a preload of the first image, and the first screen's API answers in
// a data island, so the browser does not wait for requests the server could
// answer up front. The island is a <script type="application/json"> (never
// executed, so the strict CSP stays as it is) mapping API paths with their
// query (as url.Values.Encode writes it) to the JSON those requests answer;
// the web app reads it in web/src/lib/injected.ts and web/src/lib/island-key.ts.
// Both sides are checked against one fixture, testdata/island-keys.json (page
// URL → keys): TestIslandKeys here, web/src/app/island-keys.test.ts there.
//
// pageFor picks the builder of each page kind (page_home.go, page_category.go,
// page_listing.go, page_product.go); renderHead writes the head tags
// (page_head.go) and renderIsland the island, which inject fills through the
// API's own handlers (page_island.go).

const (
	siteName         = "Dwa"
	siteTitle        = "Dwa — Online mall for Ghana"
	siteDescription  = "Dwa is an online mall for Ghana: gadgets, gaming, phones, pre-built rigs, second-hand deals, computers, office and education goods, jewelry and watches, priced in GH₵."
	descriptionLimit = 160
)

// page is what the server knows about one page of the app.
type page struct {
	status      int
	title       string // full <title>
	description string
	canonical   string // path, made absolute with the public URL
	ogType      string
	image       string // the first screen's main image: preloaded, og:image
	imageSizes  string // its sizes attribute on the page, for an uploaded image's srcset
	saveData    bool   // the request asked to spend little data (Save-Data: on)
	jsonLD      any
	shell       string // the first screen's HTML, painted before the app runs (page_shell.go)
	island      map[string]json.RawMessage
}

// pageFor describes the app page at r, matched by the SPA route pattern (""
// for an unknown path).
func (a *API) pageFor(r *http.Request, pattern string) page {
	p := page{status: http.StatusOK, title: siteTitle, description: siteDescription, ogType: "website",
		island: map[string]json.RawMessage{}, saveData: savesData(r)}
	switch pattern {
	case "":
		p.status, p.title = http.StatusNotFound, titled("Page not found")
	case "/{$}":
		p.canonical = "/"
		a.homePage(r.Context(), &p)
	case "/category/{c}", "/category/{c}/{s}", "/category/{c}/{s}/{ss}":
		a.categoryPage(r, &p)
	case "/store/products/{id}":
		a.productPage(r, &p)
	case "/products":
		p.title, p.canonical = titled("All Products"), "/products"
		p.description = "Every product in the Dwa mall, from phones and gaming gear to jewelry and watches."
		a.listing(r.Context(), &p, catalogueFilter(r.URL.Query()))
	case "/search":
		q := trimLikeApp(r.URL.Query().Get("query"))
		p.title = titled("Search Results")
		if q != "" {
			p.title = titled("Search Results for " + q)
			images := a.listing(r.Context(), &p, url.Values{"search": {searchTerm(q)}})
			if len(r.URL.Query()) == 1 { // filters add chips above the list: no shell to mirror them
				p.shell = listingShell("Search Results", q, images, p.saveData)
			}
		}
	case "/forgot-password":
		p.title, p.canonical = titled("Forgot Password"), "/forgot-password"
	}
	return p
}

// savesData reports whether the page is for data-saver mode: the shopper's
// switch, which the app also keeps in the cookie dwa-data-saver (on or off)
// and which wins, else the Save-Data client hint (RFC draft "Save-Data";
// Chromium sends it in Lite mode). The page then preloads and paints what
// data-saver mode shows (docs/decisions/0025-data-saver.md).
func savesData(r *http.Request) bool {
	if c, err := r.Cookie("dwa-data-saver"); err == nil && (c.Value == "on" || c.Value == "off") {
		return c.Value == "on"
	}
	return strings.EqualFold(strings.TrimSpace(r.Header.Get("Save-Data")), "on")
}

func titled(s string) string { return s + " · " + siteName }
