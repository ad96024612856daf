package httpapi

import (
	"context"
	"encoding/json"
	"maps"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// listFields and listPageSize are how the web app asks for the first page of
// a product list (web/src/features/catalog/api/get-products.ts): the island
// key must be exactly the request the app would make.
const (
	listFields   = "id,name,description,unit_price,was_price,images,inventory,average_rating,ratings_count,price_varies"
	listPageSize = 24
)

// listing injects the first page of the product list with the filter and the
// counts of its filter panel, each asked for exactly as the app asks for it
// (web/src/features/listing/api/get-facets.ts: the filter without ordering),
// and preloads the list's first image. It returns the first image of each
// card of the first row ("" for a card without one), for the page's shell.
func (a *API) listing(ctx context.Context, p *page, filter url.Values) []string {
	counts := maps.Clone(filter)
	counts.Del("ordering")
	a.inject(ctx, p, "/store/products/facets/", counts)
	filter.Set("fields", listFields)
	filter.Set("page", "1")
	filter.Set("page_size", strconv.Itoa(listPageSize))
	raw, ok := a.inject(ctx, p, "/store/products/", filter)
	if !ok {
		return nil
	}
	var list struct {
		Results []struct {
			Images []struct{ Image string }
		}
	}
	if json.Unmarshal(raw, &list) != nil {
		return nil
	}
	images := make([]string, 0, cardsInFirstRow)
	for _, r := range list.Results[:min(len(list.Results), cardsInFirstRow)] {
		image := ""
		if len(r.Images) > 0 {
			image = r.Images[0].Image
		}
		images = append(images, image)
	}
	if len(images) > 0 && images[0] != "" {
		p.image, p.imageSizes = images[0], cardSizes
	}
	return images
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
