package service

import (
	"context"
	"strconv"

	"dwa/internal/shop"
)

// CategoryStore is the persistence of staff category edits.
type CategoryStore interface {
	// UpdateCategory writes only what the change sets; false when there is no such category.
	UpdateCategory(ctx context.Context, id int64, ch shop.CategoryChange) (bool, error)
	// AddCategoryImage returns 0 when there is no such category.
	AddCategoryImage(ctx context.Context, categoryID int64, url string) (int64, error)
	// DeleteCategoryImage returns "" when there is no such image.
	DeleteCategoryImage(ctx context.Context, categoryID, imageID int64) (string, error)
}

// maxCategoryName bounds a category's name.
const maxCategoryName = 100

// AdminCategories is every category, active or not, in the order of the
// tree's levels (position, name), images included.
func (s *Service) AdminCategories(ctx context.Context, u *shop.User) ([]*shop.Category, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	return s.store.AllCategories(ctx)
}

// CategoryInput is a decoded category form; nil fields are absent.
type CategoryInput struct {
	Name     *string
	ParentID *int64
	Position *int64
	Active   *bool
}

// AddCategory creates a category: top-level without a parent, else one
// level below it (at most three). Its slug comes from the name.
func (s *Service) AddCategory(ctx context.Context, u *shop.User, in CategoryInput) (*shop.Category, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	all, err := s.store.AllCategories(ctx)
	if err != nil {
		return nil, err
	}
	fe := shop.FieldErrors{}
	c := &shop.Category{Level: 1, Active: true}
	c.Name = requiredText(fe, "name", in.Name, maxCategoryName)
	if in.ParentID != nil {
		parent := categoryByID(all, *in.ParentID)
		switch {
		case parent == nil:
			fe.Add("parent", `Invalid pk "`+strconv.FormatInt(*in.ParentID, 10)+`" - object does not exist.`)
		case parent.Level >= shop.MaxCategoryDepth:
			fe.Add("parent", "Categories nest at most three levels deep.")
		default:
			c.ParentID, c.Level = parent.ID, parent.Level+1
		}
	}
	applyCategoryOrder(fe, c, in)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	c.Slug = uniqueSlug(all, shop.ProductSlug(c.Name))
	if err := s.store.CreateCategory(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// EditCategory renames, moves within its level or (de)activates a
// category. Deactivating hides it, its children and their products.
func (s *Service) EditCategory(ctx context.Context, u *shop.User, id int64, in CategoryInput) (*shop.Category, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	all, err := s.store.AllCategories(ctx)
	if err != nil {
		return nil, err
	}
	c := categoryByID(all, id)
	if c == nil {
		return nil, shop.NotFound("Category")
	}
	fe := shop.FieldErrors{}
	var ch shop.CategoryChange
	if in.Name != nil {
		name := requiredText(fe, "name", in.Name, maxCategoryName)
		ch.Name = &name
	}
	if in.ParentID != nil && *in.ParentID != c.ParentID {
		fe.Add("parent", "A category cannot move to another parent; create it there instead.")
	}
	// Validated on a copy: only the sent fields are written, so an edit of
	// another field committed meanwhile stays.
	edited := *c
	applyCategoryOrder(fe, &edited, in)
	if in.Position != nil {
		ch.Position = &edited.Position
	}
	ch.Active = in.Active
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if ok, err := s.store.UpdateCategory(ctx, id, ch); err != nil || !ok {
		if err == nil {
			err = shop.NotFound("Category")
		}
		return nil, err
	}
	return s.adminCategory(ctx, id)
}

func applyCategoryOrder(fe shop.FieldErrors, c *shop.Category, in CategoryInput) {
	if in.Position != nil {
		if *in.Position < 0 || *in.Position > 10_000 {
			fe.Add("position", "Ensure this value is between 0 and 10000.")
		} else {
			c.Position = int(*in.Position)
		}
	}
	if in.Active != nil {
		c.Active = *in.Active
	}
}

func categoryByID(all []*shop.Category, id int64) *shop.Category {
	for _, c := range all {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// uniqueSlug is slug, or slug-2, slug-3… when taken.
func uniqueSlug(all []*shop.Category, slug string) string {
	taken := map[string]bool{}
	for _, c := range all {
		taken[c.Slug] = true
	}
	out := slug
	for n := 2; taken[out]; n++ {
		out = slug + "-" + strconv.Itoa(n)
	}
	return out
}

// AddCategoryImage uploads a picture for a category's card.
func (s *Service) AddCategoryImage(ctx context.Context, u *shop.User, id int64, upload Upload) (*shop.Category, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	if _, err := s.adminCategory(ctx, id); err != nil {
		return nil, err // 404 before the upload is read
	}
	url, names, err := s.storeUpload(ctx, "uploads/categories/"+strconv.FormatInt(id, 10)+"/", upload)
	if err != nil {
		return nil, err
	}
	imageID, err := s.store.AddCategoryImage(ctx, id, url)
	if err == nil && imageID == 0 {
		err = shop.NotFound("Category")
	}
	if err != nil {
		s.removeMedia(ctx, names)
		return nil, err
	}
	return s.adminCategory(ctx, id)
}

// DeleteCategoryImage removes a category's picture and its files.
func (s *Service) DeleteCategoryImage(ctx context.Context, u *shop.User, id, imageID int64) error {
	if err := staffOnly(u); err != nil {
		return err
	}
	url, err := s.store.DeleteCategoryImage(ctx, id, imageID)
	if err != nil {
		return err
	}
	if url == "" {
		return shop.NotFound("CategoryImage")
	}
	s.removeMedia(ctx, renditionNames(url))
	return nil
}

func (s *Service) adminCategory(ctx context.Context, id int64) (*shop.Category, error) {
	all, err := s.store.AllCategories(ctx)
	if err != nil {
		return nil, err
	}
	if c := categoryByID(all, id); c != nil {
		return c, nil
	}
	return nil, shop.NotFound("Category")
}
