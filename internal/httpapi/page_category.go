package httpapi

import (
	"net/http"
	"net/url"
	"strings"
)

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
	// The heading names the categories from the tree: with it in the page, the
	// first paint has the final heading, not the slugs until the tree arrives.
	a.inject(r.Context(), p, "/store/categories/", nil)
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
