package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	xhtml "golang.org/x/net/html"
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

const (
	siteName         = "Dwa"
	siteTitle        = "Dwa — Online mall for Ghana"
	siteDescription  = "Dwa is an online mall for Ghana: gadgets, gaming, phones, pre-built rigs, second-hand deals, computers, office and education goods, jewelry and watches, priced in GH₵."
	descriptionLimit = 160
)

// listFields and listPageSize are how the web app asks for the first page of
// a product list (web/src/features/catalog/api/get-products.ts): the island
// key must be exactly the request the app would make.
const (
	listFields   = "id,name,description,unit_price,images,inventory,average_rating"
	listPageSize = 24
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
	jsonLD      any
	island      map[string]json.RawMessage
}

// pageFor describes the app page at r, matched by the SPA route pattern (""
// for an unknown path).
func (a *API) pageFor(r *http.Request, pattern string) page {
	p := page{status: http.StatusOK, title: siteTitle, description: siteDescription, ogType: "website",
		island: map[string]json.RawMessage{}}
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
			a.listing(r.Context(), &p, url.Values{"search": {searchTerm(q)}})
		}
	case "/forgot-password":
		p.title, p.canonical = titled("Forgot Password"), "/forgot-password"
	}
	return p
}

func titled(s string) string { return s + " · " + siteName }

func (a *API) homePage(ctx context.Context, p *page) {
	a.inject(ctx, p, "/store/categories/", nil)
	if raw, ok := a.inject(ctx, p, "/store/hero/", nil); ok {
		var slides []struct{ Image string }
		if json.Unmarshal(raw, &slides) == nil && len(slides) > 0 {
			p.image = slides[0].Image
		}
	}
}

// categoryHeading is the app's heading: the slugs with hyphens replaced by
// spaces, joined with ' > ' (spec §2).
func categoryHeading(slugs []string) string {
	out := make([]string, 0, len(slugs))
	for _, s := range slugs {
		if s != "" {
			out = append(out, strings.ReplaceAll(s, "-", " "))
		}
	}
	return strings.Join(out, " > ")
}

func (a *API) categoryPage(r *http.Request, p *page) {
	slugs := []string{r.PathValue("c"), r.PathValue("s"), r.PathValue("ss")}
	heading := categoryHeading(slugs)
	p.title = titled(heading)
	p.description = "Shop " + heading + " at Dwa, the online mall for Ghana, priced in GH₵."
	p.canonical = "/category/" + strings.Join(nonEmpty(slugs), "/")
	filter := url.Values{"category__slug": {slugs[0]}}
	if slugs[1] != "" {
		filter.Set("subcategory__slug", slugs[1])
	}
	if slugs[2] != "" {
		filter.Set("sub_subcategory__slug", slugs[2])
	}
	a.listing(r.Context(), p, filter)
}

// listing injects the first page of the product list with the filter, asked
// for exactly as the app asks for it, and preloads its first image.
func (a *API) listing(ctx context.Context, p *page, filter url.Values) {
	filter.Set("fields", listFields)
	filter.Set("page", "1")
	filter.Set("page_size", strconv.Itoa(listPageSize))
	raw, ok := a.inject(ctx, p, "/store/products/", filter)
	if !ok {
		return
	}
	var list struct {
		Results []struct {
			Images []struct{ Image string }
		}
	}
	if json.Unmarshal(raw, &list) == nil && len(list.Results) > 0 && len(list.Results[0].Images) > 0 {
		p.image, p.imageSizes = list.Results[0].Images[0].Image, cardSizes
	}
}

// searchTerm is what the app sends for a typed query (web/src/features/search/
// api/search-term.ts): the word "xbox", in any case, as "x-box" (spec §5).
func searchTerm(q string) string {
	return xboxWord.ReplaceAllString(trimLikeApp(q), "x-box")
}

// trimLikeApp trims s as the app's String.prototype.trim does, so that the
// island's key is the app's request: Go's unicode.IsSpace also counts U+0085
// and not U+FEFF, JavaScript the other way round.
func trimLikeApp(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return r == '\uFEFF' || (r != '\u0085' && unicode.IsSpace(r))
	})
}

var xboxWord = regexp.MustCompile(`(?i)\bxbox\b`)

// catalogueFilter is the filter the catalogue page sends: its own query string
// without paging parameters and empty values, the last value of a repeated
// name winning (web/src/routes/products.tsx).
func catalogueFilter(q url.Values) url.Values {
	out := url.Values{}
	for name, values := range q {
		switch name {
		case "page", "page_size", "fields", "seed":
			continue
		}
		for _, v := range values {
			if v != "" {
				out.Set(name, v)
			}
		}
	}
	return out
}

func nonEmpty(ss []string) []string {
	out := ss[:0:0]
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// productJSON is the part of the product object the page's head uses.
type productJSON struct {
	ID            int64       `json:"id"`
	Name          string      `json:"name"`
	Description   string      `json:"description"`
	UnitPrice     string      `json:"unit_price"`
	Inventory     int         `json:"inventory"`
	AverageRating json.Number `json:"average_rating"`
	RatingsCount  int         `json:"ratings_count"`
	Images        []struct {
		Image string `json:"image"`
	} `json:"images"`
	Store *struct {
		Name string `json:"name"`
	} `json:"store"`
}

func (a *API) productPage(r *http.Request, p *page) {
	id, ok := pathID(r, "id")
	if !ok {
		p.status, p.title = http.StatusNotFound, titled("Failed to load product")
		return
	}
	path := "/store/products/" + strconv.FormatInt(id, 10) + "/"
	raw, status := a.internalGet(r.Context(), path, nil)
	if status == http.StatusNotFound {
		// The app shows 'Failed to load product'; crawlers learn the truth.
		p.status, p.title = http.StatusNotFound, titled("Failed to load product")
		return
	}
	var prod productJSON
	if status != http.StatusOK || json.Unmarshal(raw, &prod) != nil {
		return
	}
	p.island[path] = raw
	p.title = titled(prod.Name)
	p.canonical = "/store/products/" + strconv.FormatInt(prod.ID, 10)
	p.ogType = "product"
	if text := clip(htmlText(prod.Description), descriptionLimit); text != "" {
		p.description = text
	}
	images := make([]string, 0, len(prod.Images))
	for _, im := range prod.Images {
		images = append(images, a.absolute(im.Image))
	}
	if len(prod.Images) > 0 {
		p.image, p.imageSizes = prod.Images[0].Image, gallerySizes
	}
	availability := "https://schema.org/OutOfStock"
	if prod.Inventory > 0 {
		availability = "https://schema.org/InStock"
	}
	ld := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "Product",
		"name":        prod.Name,
		"sku":         strconv.FormatInt(prod.ID, 10),
		"description": p.description,
		"image":       images,
		"offers": map[string]any{
			"@type":         "Offer",
			"price":         prod.UnitPrice,
			"priceCurrency": "GHS",
			"availability":  availability,
			"url":           a.absolute(p.canonical),
		},
	}
	if prod.Store != nil {
		ld["brand"] = map[string]any{"@type": "Brand", "name": prod.Store.Name}
	}
	if prod.RatingsCount > 0 {
		ld["aggregateRating"] = map[string]any{"@type": "AggregateRating",
			"ratingValue": prod.AverageRating, "ratingCount": prod.RatingsCount}
	}
	p.jsonLD = ld
}

// inject puts the answer of GET <prefix><path>?<q> into the island when it
// succeeds, and returns it.
func (a *API) inject(ctx context.Context, p *page, path string, q url.Values) (json.RawMessage, bool) {
	raw, status := a.internalGet(ctx, path, q)
	if status != http.StatusOK {
		return nil, false
	}
	key := path
	if len(q) > 0 {
		key += "?" + q.Encode()
	}
	p.island[key] = raw
	return raw, true
}

// internalGet asks the API itself, anonymously, through its own handlers:
// the island holds exactly what the app would have been answered, and the
// data comes through the service layer like any API request.
func (a *API) internalGet(ctx context.Context, path string, q url.Values) (json.RawMessage, int) {
	target := a.cfg.APIPrefix + path
	if len(q) > 0 {
		target += "?" + q.Encode()
	}
	// Its own request info, so the page's log line and metrics keep the route "spa".
	ctx = context.WithValue(ctx, infoKey, &reqInfo{id: RequestID(ctx)})
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return nil, http.StatusInternalServerError
	}
	w := &bufferWriter{header: http.Header{}}
	a.apiHandler.ServeHTTP(w, req)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return json.RawMessage(w.body.Bytes()), w.status
}

// bufferWriter records an internal response.
type bufferWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *bufferWriter) Header() http.Header { return w.header }
func (w *bufferWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}
func (w *bufferWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}

// absolute makes a root-relative path or URL absolute with the public URL
// (DWA_PUBLIC_URL); absolute http(s) URLs and "" are left as they are. Every
// image and file URL the API answers goes through it, so that a client
// served from another origin can load them (contract §2.2), as the original
// back end's answers allowed.
func (a *API) absolute(u string) string {
	if u == "" || strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
		return u
	}
	return a.cfg.PublicURL + "/" + strings.TrimPrefix(u, "/")
}

// htmlText is the text of an HTML fragment, whitespace collapsed.
func htmlText(fragment string) string {
	var b strings.Builder
	z := xhtml.NewTokenizer(strings.NewReader(fragment))
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case xhtml.TextToken:
			b.Write(z.Text())
		case xhtml.StartTagToken, xhtml.EndTagToken, xhtml.SelfClosingTagToken:
			b.WriteByte(' ')
		}
	}
}

// clip shortens s to at most n characters at a word boundary, with '…'.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	if i := strings.LastIndexByte(string(r), ' '); i > n/2 {
		return strings.TrimSpace(string(r)[:i]) + "…"
	}
	return string(r) + "…"
}

// renderHead writes the page's tags for <head>.
func (a *API) renderHead(b *bytes.Buffer, p page) {
	esc := html.EscapeString
	b.WriteString("<title>" + esc(p.title) + "</title>\n")
	b.WriteString(`<meta name="description" content="` + esc(p.description) + "\">\n")
	if p.canonical != "" {
		b.WriteString(`<link rel="canonical" href="` + esc(a.absolute(p.canonical)) + "\">\n")
		b.WriteString(`<meta property="og:url" content="` + esc(a.absolute(p.canonical)) + "\">\n")
	}
	b.WriteString(`<meta property="og:site_name" content="` + siteName + "\">\n")
	b.WriteString(`<meta property="og:type" content="` + esc(p.ogType) + "\">\n")
	b.WriteString(`<meta property="og:title" content="` + esc(p.title) + "\">\n")
	b.WriteString(`<meta property="og:description" content="` + esc(p.description) + "\">\n")
	if p.image != "" {
		b.WriteString(`<meta property="og:image" content="` + esc(a.absolute(p.image)) + "\">\n")
		b.WriteString(`<link rel="preload" as="image" fetchpriority="high" href="` + esc(p.image) + `"`)
		if srcset := imageSrcSet(p.image); srcset != "" && p.imageSizes != "" {
			b.WriteString(` imagesrcset="` + esc(srcset) + `" imagesizes="` + esc(p.imageSizes) + `"`)
		}
		b.WriteString(">\n")
	}
	if p.jsonLD != nil {
		if ld, err := json.Marshal(p.jsonLD); err == nil { // Marshal escapes <, > and &
			b.WriteString(`<script type="application/ld+json">`)
			b.Write(ld)
			b.WriteString("</script>\n")
		}
	}
}

// renderIsland writes the data island. The API's JSON is written without
// HTML escaping, so it is escaped here: "</script>" in a product name
// becomes "\u003c/script\u003e" and cannot end the element.
func renderIsland(b *bytes.Buffer, island map[string]json.RawMessage) {
	if len(island) == 0 {
		return
	}
	var raw bytes.Buffer
	raw.WriteByte('{')
	first := true
	for key, value := range island {
		if !first {
			raw.WriteByte(',')
		}
		first = false
		k, _ := json.Marshal(key)
		raw.Write(k)
		raw.WriteByte(':')
		raw.Write(value)
	}
	raw.WriteByte('}')
	b.WriteString(`<script type="application/json" id="dwa-data">`)
	json.HTMLEscape(b, raw.Bytes())
	b.WriteString("</script>\n")
}
