package httpapi

import (
	"net/http"
)

// h is shorthand for a method → handler table.
type h = map[string]http.HandlerFunc

// routes is the whole HTTP surface in one place.
func (a *API) routes() http.Handler {
	api := http.NewServeMux()
	p := a.cfg.APIPrefix
	handle := func(pattern string, hs h) { api.Handle(p+pattern, newMethods(pattern, hs)) }

	// Catalogue (contract §2.2)
	handle("/store/categories", h{"GET": a.listCategories})
	handle("/store/categories/{id}", h{"GET": a.getCategory})
	handle("/store/ajax/load-subcategories", h{"GET": a.loadSubcategories("category_id", "subcategories")})
	handle("/store/ajax/load-sub-subcategories", h{"GET": a.loadSubcategories("subcategory_id", "sub_subcategories")})
	handle("/store/hero", h{"GET": a.listHeroSlides})

	// Operations (contract §2.11)
	handle("/openapi.json", h{"GET": a.serveOpenAPI})
	api.Handle(p+"/", http.HandlerFunc(notFound))
	api.Handle(p, http.HandlerFunc(notFound))

	root := http.NewServeMux()
	root.Handle(p+"/", a.cors(trimTrailingSlash(api)))
	root.Handle(p, a.cors(trimTrailingSlash(api)))
	root.Handle("/healthz", newMethods("/healthz", h{"GET": a.healthz}))
	root.Handle("/readyz", newMethods("/readyz", h{"GET": a.readyz}))
	root.Handle("/metrics", newMethods("/metrics", h{"GET": a.serveMetrics}))
	if a.media != nil {
		root.Handle("/media/", a.media)
	}
	root.Handle("/", a.spa)
	return root
}
