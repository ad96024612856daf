package httpapi

import (
	"bytes"
	"encoding/xml"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// sitemapLimit is the most URLs one sitemap file may list (sitemaps.org).
const sitemapLimit = 50_000

// sitemapTTL is how long a built sitemap is reused: crawlers ask often, the
// catalogue changes rarely, and building it reads every product.
const sitemapTTL = 10 * time.Minute

// seoCache keeps the last sitemap.
type seoCache struct {
	mu      sync.Mutex
	sitemap []byte
	built   time.Time
}

// robotsTxt lets crawlers read the shop, keeps them out of the API and the
// shopper's own pages, and names the sitemap.
func (a *API) robotsTxt(w http.ResponseWriter, r *http.Request) error {
	body := "User-agent: *\nAllow: /\nDisallow: " + a.cfg.APIPrefix + "/\n" +
		"Disallow: /cart\nDisallow: /messages\nDisallow: /wishlist\nDisallow: /orders\n" +
		"Disallow: /order/\nDisallow: /payment/\nDisallow: /password/\n\n" +
		"Sitemap: " + a.cfg.PublicURL + "/sitemap.xml\n"
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(body))
	return nil
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// sitemapXML lists the home page, the catalogue, every reachable category
// (all three levels) and every visible product.
func (a *API) sitemapXML(w http.ResponseWriter, r *http.Request) error {
	a.seo.mu.Lock()
	defer a.seo.mu.Unlock()
	if a.seo.sitemap == nil || time.Since(a.seo.built) > sitemapTTL {
		body, err := a.buildSitemap(r)
		if err != nil {
			return err
		}
		a.seo.sitemap, a.seo.built = body, time.Now()
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=600")
	_, _ = w.Write(a.seo.sitemap)
	return nil
}

func (a *API) buildSitemap(r *http.Request) ([]byte, error) {
	ctx := r.Context()
	urls := []sitemapURL{{Loc: a.absolute("/")}, {Loc: a.absolute("/products")}}
	roots, err := a.svc.Categories(ctx)
	if err != nil {
		return nil, err
	}
	var walk func(cs []*shop.Category, parents []string)
	walk = func(cs []*shop.Category, parents []string) {
		for _, c := range cs {
			path := append(append([]string(nil), parents...), c.Slug)
			urls = append(urls, sitemapURL{Loc: a.absolute("/category/" + strings.Join(path, "/"))})
			walk(c.Children, path)
		}
	}
	walk(roots, nil)
	// By name: a stable order, so consecutive sitemaps differ only by real changes.
	const batch = 1000
	for offset := 0; len(urls) < sitemapLimit; offset += batch {
		list, err := a.svc.ListProducts(ctx, service.ProductFilter{
			Ordering: []shop.OrderKey{{Field: shop.OrderName}}, Offset: offset, Limit: batch})
		if err != nil {
			return nil, err
		}
		for _, p := range list.Items {
			if len(urls) == sitemapLimit {
				slog.WarnContext(ctx, "sitemap: more products than one sitemap holds", "limit", sitemapLimit)
				break
			}
			urls = append(urls, sitemapURL{Loc: a.absolute("/store/products/" + strconv.FormatInt(p.ID, 10)),
				LastMod: p.CreatedAt.UTC().Format("2006-01-02")})
		}
		if len(list.Items) < batch {
			break
		}
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	err = enc.Encode(struct {
		XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []sitemapURL `xml:"url"`
	}{URLs: urls})
	return b.Bytes(), err
}
