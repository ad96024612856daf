package service

import (
	"context"
	"strings"

	"dwa/internal/shop"
)

// Categories returns the active top-level categories with their active
// descendants, by position then name.
func (s *Service) Categories(ctx context.Context) ([]*shop.Category, error) {
	snap, err := s.catalogue(ctx)
	if err != nil {
		return nil, err
	}
	return snap.roots, nil
}

// Category returns one reachable category (active, with active ancestors).
func (s *Service) Category(ctx context.Context, id int64) (*shop.Category, error) {
	roots, err := s.Categories(ctx)
	if err != nil {
		return nil, err
	}
	if c := shop.FindCategory(roots, id); c != nil {
		return c, nil
	}
	return nil, shop.NotFound("Category")
}

// Subcategories returns the active children of a reachable category, or
// none when the category is unknown or hidden (the ajax loaders' contract).
func (s *Service) Subcategories(ctx context.Context, id int64) ([]*shop.Category, error) {
	roots, err := s.Categories(ctx)
	if err != nil {
		return nil, err
	}
	if c := shop.FindCategory(roots, id); c != nil {
		return c.Children, nil
	}
	return nil, nil
}

// HeroSlides returns the active home-page slides by position.
func (s *Service) HeroSlides(ctx context.Context) ([]shop.HeroSlide, error) {
	return s.store.ActiveHeroSlides(ctx)
}

// CatalogueEmpty reports whether the shop has no categories and no products.
func (s *Service) CatalogueEmpty(ctx context.Context) (bool, error) {
	return s.store.CatalogueEmpty(ctx)
}

// CreateCategory adds a category at its Level (1–3) under ParentID.
func (s *Service) CreateCategory(ctx context.Context, c *shop.Category) error {
	fe := shop.FieldErrors{}
	c.Name = strings.TrimSpace(c.Name)
	if c.Name == "" {
		fe.Add("name", "This field may not be blank.")
	}
	if !validSlug(c.Slug) {
		fe.Add("slug", `Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.`)
	}
	if c.Level < 1 || c.Level > shop.MaxCategoryDepth || (c.Level == 1) != (c.ParentID == 0) {
		fe.Add("parent", "Categories nest at most three levels deep.")
	}
	if err := fe.Err(); err != nil {
		return err
	}
	return s.store.CreateCategory(ctx, c)
}

// CreateHeroSlide adds a carousel slide.
func (s *Service) CreateHeroSlide(ctx context.Context, h *shop.HeroSlide) error {
	return s.store.CreateHeroSlide(ctx, h)
}

// CreateStore opens a store for its owner.
func (s *Service) CreateStore(ctx context.Context, st *shop.Store) error {
	st.Name = strings.TrimSpace(st.Name)
	if st.Name == "" {
		return shop.Invalid(map[string][]string{"name": {"This field may not be blank."}})
	}
	if st.CreatedAt.IsZero() {
		st.CreatedAt = s.now()
	}
	return s.store.CreateStore(ctx, st)
}

// AllStores lists every store by name (operators and seeding).
func (s *Service) AllStores(ctx context.Context) ([]shop.Store, error) {
	return s.store.AllStores(ctx)
}

// CreateProducts adds products in one transaction, their HTML sanitised
// against the contract's allow-list first.
func (s *Service) CreateProducts(ctx context.Context, ps []*shop.Product) error {
	now := s.now()
	for _, p := range ps {
		if p.CreatedAt.IsZero() {
			p.CreatedAt = now
		}
		p.Description = SanitizeHTML(p.Description)
		p.Specification = SanitizeHTML(p.Specification)
		if p.UnitPrice < 0 || p.Inventory < 0 {
			return shop.Invalid(map[string][]string{"unit_price": {"Ensure this value is greater than or equal to 0."}})
		}
	}
	return s.store.CreateProducts(ctx, ps)
}

func validSlug(s string) bool {
	if s == "" || len(s) > 100 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
