package service

import (
	"context"

	"dwa/internal/shop"
)

// HeroStore is the persistence of the home page carousel.
type HeroStore interface {
	AllHeroSlides(ctx context.Context) ([]shop.HeroSlide, error)
	// UpdateHeroSlide writes only what the change sets; false when there
	// is no such slide, shop.ErrHeroNeedsImage when it would be shown
	// without an image.
	UpdateHeroSlide(ctx context.Context, id int64, ch shop.HeroChange) (bool, error)
	// SetHeroImage replaces the slide's image and returns the one it had;
	// false when there is no such slide.
	SetHeroImage(ctx context.Context, id int64, url string) (string, bool, error)
	// DeleteHeroSlide returns the slide's image; false when there is no such slide.
	DeleteHeroSlide(ctx context.Context, id int64) (string, bool, error)
}

// AdminHeroSlides is every slide, shown or not, by position.
func (s *Service) AdminHeroSlides(ctx context.Context, u *shop.User) ([]shop.HeroSlide, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	return s.store.AllHeroSlides(ctx)
}

// HeroInput is a decoded slide form; nil fields are absent.
type HeroInput struct {
	Title, Description, Link *string
	Position                 *int64
	Active                   *bool
}

// SaveHeroSlide creates (id 0) or changes a slide. A new slide starts
// hidden: it is shown once it has an image (AddHeroImage) and is made
// active. A change writes only the fields sent.
func (s *Service) SaveHeroSlide(ctx context.Context, u *shop.User, id int64, in HeroInput) (*shop.HeroSlide, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	h := &shop.HeroSlide{}
	if id != 0 {
		var err error
		if h, err = s.heroSlide(ctx, id); err != nil {
			return nil, err
		}
	}
	fe := shop.FieldErrors{}
	var ch shop.HeroChange
	if in.Title != nil || id == 0 {
		h.Title = requiredText(fe, "title", in.Title, 100)
		ch.Title = &h.Title
	}
	if in.Description != nil {
		optionalText(fe, "description", in.Description, 300, &h.Description)
		ch.Description = &h.Description
	}
	if in.Link != nil || id == 0 {
		h.Link = requiredText(fe, "link", in.Link, 300)
		if !fe.Has("link") && !shop.SafeLink(h.Link) {
			fe.Add("link", `Enter a path of the shop ("/category/gaming") or an https:// address.`)
		}
		ch.Link = &h.Link
	}
	if in.Position != nil {
		if *in.Position < 0 || *in.Position > 10_000 {
			fe.Add("position", "Ensure this value is between 0 and 10000.")
		} else {
			h.Position = int(*in.Position)
			ch.Position = &h.Position
		}
	}
	if in.Active != nil {
		h.Active = *in.Active
		ch.Active = &h.Active
		// Checked here with the other fields; the store checks again against the row it writes.
		if h.Active && h.Image == "" {
			fe.Add("is_active", "Upload an image before showing the slide.")
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if id == 0 {
		return h, s.store.CreateHeroSlide(ctx, h)
	}
	if ok, err := s.store.UpdateHeroSlide(ctx, id, ch); err != nil || !ok {
		if err == nil {
			err = shop.NotFound("HeroSlide")
		}
		return nil, err
	}
	return s.heroSlide(ctx, id)
}

// AddHeroImage uploads a slide's picture, replacing the one before.
func (s *Service) AddHeroImage(ctx context.Context, u *shop.User, id int64, upload Upload) (*shop.HeroSlide, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	if _, err := s.heroSlide(ctx, id); err != nil {
		return nil, err
	}
	url, names, err := s.storeUpload(ctx, "uploads/hero/", upload)
	if err != nil {
		return nil, err
	}
	old, ok, err := s.store.SetHeroImage(ctx, id, url)
	if err != nil || !ok {
		s.removeMedia(ctx, names)
		if err == nil {
			err = shop.NotFound("HeroSlide")
		}
		return nil, err
	}
	s.removeMedia(ctx, renditionNames(old))
	return s.heroSlide(ctx, id)
}

// DeleteHeroSlide removes a slide and its uploaded picture.
func (s *Service) DeleteHeroSlide(ctx context.Context, u *shop.User, id int64) error {
	if err := staffOnly(u); err != nil {
		return err
	}
	url, ok, err := s.store.DeleteHeroSlide(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return shop.NotFound("HeroSlide")
	}
	s.removeMedia(ctx, renditionNames(url))
	return nil
}

func (s *Service) heroSlide(ctx context.Context, id int64) (*shop.HeroSlide, error) {
	all, err := s.store.AllHeroSlides(ctx)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].ID == id {
			return &all[i], nil
		}
	}
	return nil, shop.NotFound("HeroSlide")
}
