package httpapi

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// spaRoutes are the storefront's routes (spec §2, web/src/app/router.tsx):
// they get index.html with 200; any other path gets it with 404 so the app
// shows its not-found page and crawlers see the truth.
// TestEveryClientRouteAnswers200 checks this list against the app's table.
var spaRoutes = []string{
	"/{$}", "/search", "/products", "/forgot-password", "/cart", "/messages", "/wishlist", "/orders",
	"/account",
	"/category/{c}", "/category/{c}/{s}", "/category/{c}/{s}/{ss}",
	"/store/products/{id}", "/stores", "/stores/{slug}", "/order/{id}", "/orders/{id}", "/payment/{id}",
	"/password/reset/confirm/{uid}/{token}",
	"/seller", "/seller/products", "/seller/products/new", "/seller/products/import", "/seller/products/{id}",
	"/seller/orders", "/seller/store", "/seller/payouts", "/admin", "/admin/users", "/admin/stores", "/admin/complaints",
	"/admin/refunds", "/admin/payouts", "/admin/delivery", "/admin/categories", "/admin/hero", "/admin/analytics",
}

// asset is one file of the built app, with its gzip form when worth it and
// its brotli form when the build wrote one (web/vite.config.ts, brotli:
// name.br beside the file, compressed at the highest quality, which is too
// slow to do per request or even at start-up for the largest chunks).
type asset struct {
	body    []byte
	gz      []byte
	br      []byte
	ctype   string
	cache   string
	modTime time.Time
	// tag, gzTag and brTag are the ETags of body, gz and br: a revalidation
	// (the service worker's update check, a no-cache file) costs a 304.
	tag, gzTag, brTag string
}

// spa serves the built single-page app from memory.
type spa struct {
	assets map[string]*asset
	index  *asset
	routes *http.ServeMux
	// head and tail are index.html around the point where a page's own head
	// tags go (its <title> and description removed), shellEnd follows the
	// point in the app shell where the page's first screen goes (pageMarker;
	// nil without one: tail then runs to the island), and end is what follows
	// the data island before </body>; nil when the app is not built.
	head, tail, shellEnd, end []byte
	// page describes the page at a request, by its route pattern ("" when
	// unknown); nil serves index.html as it is.
	page func(r *http.Request, pattern string) page
	// renderHead and renderIsland write a page's parts.
	renderHead func(b *bytes.Buffer, p page)
	// preloads are the modulepreload tags of each route's code (preload.go).
	preloads map[string][]byte
	// brotli holds the pages' brotli forms.
	brotli pageBrotli
}

// pageMarker is where web/index.html's app shell takes the page's first
// screen (page_shell.go). The page keeps it, and pageEnd closes the part:
// offline, the service worker (web/sw/sw.js) cuts another page's part out of
// the page it serves as the shell of a page not seen before.
var pageMarker, pageEnd = []byte("<!--dwa:page-->"), []byte("<!--/dwa:page-->")

var (
	titleTag        = regexp.MustCompile(`(?s)\s*<title>.*?</title>`)
	descriptionMeta = regexp.MustCompile(`(?s)\s*<meta\s+name="description"[^>]*>`)
)

// splitIndex cuts index.html where a page's head tags and data island go.
func (s *spa) splitIndex(body []byte) {
	body = titleTag.ReplaceAll(body, nil)
	body = descriptionMeta.ReplaceAll(body, nil)
	head, rest, ok := bytes.Cut(body, []byte("</head>"))
	if !ok {
		return
	}
	mid, end, ok := bytes.Cut(rest, []byte("</body>"))
	if !ok {
		return
	}
	s.head = head
	s.tail = append([]byte("</head>"), mid...)
	if before, after, ok := bytes.Cut(mid, pageMarker); ok {
		s.tail = slices.Concat([]byte("</head>"), before, pageMarker)
		s.shellEnd = append(slices.Clone(pageEnd), after...)
	}
	s.end = append([]byte("</body>"), end...)
}

// stylesheetLink is Vite's tag for the app's own stylesheet.
var stylesheetLink = regexp.MustCompile(`<link rel="stylesheet"[^>]*href="(/assets/[^"]+\.css)"[^>]*>`)

// inlineStyles puts the app's own stylesheet into the page. It is small
// (under 10 KB gzip) and blocks the first paint: as a separate file it costs
// a slow phone one more round trip before anything shows.
func (s *spa) inlineStyles(body []byte) []byte {
	return stylesheetLink.ReplaceAllFunc(body, func(tag []byte) []byte {
		css, ok := s.assets[string(stylesheetLink.FindSubmatch(tag)[1])]
		if !ok || bytes.Contains(css.body, []byte("</style")) {
			return tag
		}
		return slices.Concat([]byte("<style>"), css.body, []byte("</style>"))
	})
}

// attachBrotli moves each name.br file onto the asset it compresses: it is
// served as that asset's encoding, never under its own name. A .br file
// without its original, or no smaller than the gzip form, is dropped.
func (s *spa) attachBrotli() {
	for name, br := range s.assets {
		base, ok := strings.CutSuffix(name, ".br")
		if !ok {
			continue
		}
		delete(s.assets, name)
		a := s.assets[base]
		if a == nil || a.gz == nil || len(br.body) >= len(a.gz) {
			continue
		}
		a.br = br.body
		a.brTag = a.tag[:len(a.tag)-1] + `-br"`
	}
}

// notBuiltPage is served when the binary was built without the web app
// (go build without `make web`): honest, and it tells the developer what to do.
const notBuiltPage = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Dwa</title>` +
	`<p>The storefront has not been built into this binary. Run <code>make build</code>.</p></html>`

func newSPA(web fs.FS) (*spa, error) {
	s := &spa{assets: map[string]*asset{}, routes: http.NewServeMux()}
	for _, p := range spaRoutes {
		s.routes.HandleFunc(p, func(http.ResponseWriter, *http.Request) {})
	}
	if web != nil {
		err := fs.WalkDir(web, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if strings.HasPrefix(d.Name(), ".") && p != "." {
				if d.IsDir() {
					return fs.SkipDir // .vite/manifest.json is build metadata, not a page asset
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			body, err := fs.ReadFile(web, p)
			if err != nil {
				return err
			}
			s.assets["/"+p] = newAsset(p, body)
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		s.attachBrotli()
		s.preloads = routePreloads(web)
	}
	s.index = s.assets["/index.html"]
	if s.index == nil {
		s.index = newAsset("index.html", []byte(notBuiltPage))
	} else {
		s.index = newAsset("index.html", s.inlineStyles(s.index.body))
		s.splitIndex(s.index.body)
	}
	s.index.cache = "no-cache"
	return s, nil
}

func newAsset(p string, body []byte) *asset {
	a := &asset{body: body, modTime: time.Now()}
	a.ctype = mime.TypeByExtension(path.Ext(p))
	if path.Ext(p) == ".webmanifest" {
		// Not in Go's table, nor in a FROM-scratch image's (it has no /etc/mime.types).
		a.ctype = "application/manifest+json"
	}
	if a.ctype == "" {
		a.ctype = http.DetectContentType(body)
	}
	switch {
	case p == "sw.js":
		// The service worker names the build's files: a browser must see a deploy's new one at
		// the next visit (it checks at least daily whatever the header; this makes it every time).
		a.cache = "no-cache"
	case strings.HasPrefix(p, "assets/"):
		// Vite puts a content hash in every file name under assets/.
		a.cache = "public, max-age=31536000, immutable"
	default:
		a.cache = "public, max-age=3600"
	}
	if compressible(a.ctype) && len(body) >= minGzipSize {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(body)
		_ = zw.Close()
		if buf.Len() < len(body) {
			a.gz = buf.Bytes()
		}
	}
	opaque := contentTag(nil, body)
	a.tag, a.gzTag = `"`+opaque+`"`, `"`+opaque+`-gz"`
	return a
}

func (s *spa) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if info := infoFrom(r.Context()); info != nil {
		info.route = "spa"
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if a, ok := s.assets[p]; ok && p != "/index.html" {
		s.write(w, r, a, http.StatusOK)
		return
	}
	status := http.StatusNotFound
	probe := r.Clone(r.Context())
	if len(p) > 1 {
		probe.URL.Path = strings.TrimRight(p, "/")
	}
	// Routing the probe fills in its pattern and path values for the page.
	s.routes.ServeHTTP(&bufferWriter{header: http.Header{}}, probe)
	pattern := probe.Pattern
	if pattern != "" {
		status = http.StatusOK
	}
	if s.page == nil || s.head == nil {
		s.write(w, r, s.index, status)
		return
	}
	pg := s.page(probe, pattern)
	var b bytes.Buffer
	b.Grow(len(s.head) + len(s.tail) + len(s.end) + 4096)
	b.Write(s.head)
	b.WriteByte('\n')
	s.renderHead(&b, pg)
	b.Write(s.preloads[pattern])
	b.Write(s.tail)
	if s.shellEnd != nil {
		b.WriteString(pg.shell)
		b.Write(s.shellEnd)
	}
	renderIsland(&b, pg.island)
	b.Write(s.end)
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Cache-Control", "no-cache")
	// The image preloads and the shell follow data-saver mode (page.go, savesData).
	hd.Add("Vary", "Save-Data")
	hd.Add("Vary", "Cookie")
	// A page seen before costs a 304 when nothing on it changed: the
	// service worker revalidates every page it opens (decision 0026).
	// Weak: the same page goes out in brotli, gzip or as it is.
	tag := contentTag(nil, b.Bytes())
	if pg.status == http.StatusOK {
		hd.Set("ETag", `W/"`+tag+`"`)
		if noneMatch(r.Header.Values("If-None-Match"), `"`+tag+`"`) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	body := b.Bytes()
	if acceptsBrotli(r) && r.Method != http.MethodHead && len(body) >= minGzipSize {
		// The first download of every visit: brotli saves 6 % over gzip's
		// default level (decision 0025), compressed once per built page.
		body = s.brotli.get(tag, body)
		hd.Set("Content-Encoding", "br")
	}
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(pg.status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func (s *spa) write(w http.ResponseWriter, r *http.Request, a *asset, status int) {
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", a.cache)
	body, tag := a.body, a.tag
	encoding := ""
	if a.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		switch {
		case a.br != nil && acceptsBrotli(r):
			// About 13 % fewer bytes than gzip for the framework chunk (90.3 → 78.5 KB).
			body, tag, encoding = a.br, a.brTag, "br"
		case acceptsGzip(r):
			body, tag, encoding = a.gz, a.gzTag, "gzip"
		}
	}
	if status == http.StatusOK {
		h.Set("ETag", tag)
		if noneMatch(r.Header.Values("If-None-Match"), tag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
