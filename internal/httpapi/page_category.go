package httpapi

import (
	"dwa/internal/shop"
	"net/http"
	"net/url"
	"strings"
)

// categoryHeading is the app's heading: the categories' names joined with
// ' > ', as the app shows them once it has the tree; a slug the tree does
// not know (an inactive or mistyped category) is shown with spaces for its
// hyphens, as the app does.
func categoryHeading(roots []*shop.Category, slugs []string) string {
	out := make([]string, 0, len(slugs))
	level := roots
	for _, s := range slugs {
		if s == "" {
			continue
		}
		name := strings.ReplaceAll(s, "-", " ")
		var next []*shop.Category
		for _, c := range level {
			if c.Slug == s {
				name, next = c.Name, c.Children
				break
			}
		}
		out = append(out, name)
		level = next
	}
	return strings.Join(out, " > ")
}

func (a *API) categoryPage(r *http.Request, p *page) {
	slugs := []string{r.PathValue("c"), r.PathValue("s"), r.PathValue("ss")}
	// Without the tree (the catalogue still loading) the slugs still make a title.
	roots, _ := a.svc.Categories(r.Context())
	heading := categoryHeading(roots, slugs)
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
	images := a.listing(r.Context(), p, filter)
	if len(r.URL.Query()) == 0 { // filters add chips above the list: no shell to mirror them
		p.shell = listingShell(heading, "", images, p.saveData)
	}
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
