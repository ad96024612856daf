package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"dwa/internal/shop"
)

type imageDTO struct {
	ID    int64  `json:"id"`
	Image string `json:"image"`
}

type categoryDTO struct {
	ID            int64         `json:"id"`
	Name          string        `json:"name"`
	Slug          string        `json:"slug"`
	Images        []imageDTO    `json:"images"`
	Parent        *int64        `json:"parent"`
	Subcategories []categoryDTO `json:"subcategories"`
}

type categoryRefDTO struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

func (a *API) toCategoryDTO(c *shop.Category) categoryDTO {
	d := categoryDTO{ID: c.ID, Name: c.Name, Slug: c.Slug, Images: make([]imageDTO, 0, len(c.Images)),
		Subcategories: make([]categoryDTO, 0, len(c.Children))}
	if c.ParentID != 0 {
		parent := c.ParentID
		d.Parent = &parent
	}
	for _, im := range c.Images {
		d.Images = append(d.Images, imageDTO{ID: im.ID, Image: a.absolute(im.URL)})
	}
	for _, ch := range c.Children {
		d.Subcategories = append(d.Subcategories, a.toCategoryDTO(ch))
	}
	return d
}

func (a *API) listCategories(w http.ResponseWriter, r *http.Request) error {
	roots, err := a.svc.Categories(r.Context())
	if err != nil {
		return err
	}
	publicCache(w)
	dependOn(w, readDeps{})
	return writeAll(a, w, r, roots, a.toCategoryDTO)
}

func (a *API) getCategory(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	c, err := a.svc.Category(r.Context(), id)
	if err != nil {
		return err
	}
	publicCache(w)
	dependOn(w, readDeps{})
	return reply(w, http.StatusOK, a.toCategoryDTO(c))
}

// loadSubcategories serves both ajax loaders: param names the query
// parameter, key the response's array.
func (a *API) loadSubcategories(param, key string) handlerE {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := strconv.ParseInt(strings.TrimSpace(lastQueryValue(r, param)), 10, 64)
		if err != nil || id <= 0 {
			return shop.Invalid(map[string][]string{param: {"A valid integer is required."}})
		}
		children, err := a.svc.Subcategories(r.Context(), id)
		if err != nil {
			return err
		}
		refs := make([]categoryRefDTO, 0, len(children))
		for _, c := range children {
			refs = append(refs, categoryRefDTO{ID: c.ID, Name: c.Name, Slug: c.Slug})
		}
		publicCache(w)
		return reply(w, http.StatusOK, map[string][]categoryRefDTO{key: refs})
	}
}

type heroDTO struct {
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Image       string `json:"image"`
	Link        string `json:"link"`
}

func (a *API) toHeroDTO(s shop.HeroSlide) heroDTO {
	return heroDTO{ID: s.ID, Title: s.Title, Description: s.Description, Image: a.absolute(s.Image), Link: s.Link}
}

func (a *API) listHeroSlides(w http.ResponseWriter, r *http.Request) error {
	slides, err := a.svc.HeroSlides(r.Context())
	if err != nil {
		return err
	}
	publicCache(w)
	return writeAll(a, w, r, slides, a.toHeroDTO)
}

// lastQueryValue returns the last value of a repeated query parameter, as
// the contract asks.
func lastQueryValue(r *http.Request, name string) string {
	vs := r.URL.Query()[name]
	if len(vs) == 0 {
		return ""
	}
	return vs[len(vs)-1]
}
