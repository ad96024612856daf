package service

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"dwa/internal/shop"
)

// AdminStore is the persistence of staff administration.
type AdminStore interface {
	Users(ctx context.Context, search string, offset, limit int) ([]shop.User, int, error)
	// SetUserFlags reports false when there is no such user.
	SetUserFlags(ctx context.Context, id int64, staff, active *bool, at time.Time) (bool, error)
	Complaints(ctx context.Context, handled bool, offset, limit int) ([]shop.Complaint, int, error)
	// HandleComplaint returns nil when there is no such complaint.
	HandleComplaint(ctx context.Context, id int64, at time.Time, mails func(shop.Complaint) []shop.Mail) (*shop.Complaint, error)
	// AdminStores lists stores; suspended nil means all.
	AdminStores(ctx context.Context, search string, suspended *bool, offset, limit int) ([]shop.StoreOverview, int, error)
	// SetStoreActive reports false when there is no such store.
	SetStoreActive(ctx context.Context, id int64, active bool) (bool, error)
	// StoreOverview is nil when there is no such store.
	StoreOverview(ctx context.Context, id int64) (*shop.StoreOverview, error)
}

// staffOnly refuses anyone but staff; the HTTP layer checks first, this
// keeps the rule true for every caller of the service.
func staffOnly(u *shop.User) error {
	if u == nil || !u.IsStaff {
		return shop.ErrForbidden
	}
	return nil
}

// AdminUsers lists accounts for staff, searched by username or e-mail.
func (s *Service) AdminUsers(ctx context.Context, u *shop.User, search string, offset, limit int) ([]shop.User, int, error) {
	if err := staffOnly(u); err != nil {
		return nil, 0, err
	}
	return s.store.Users(ctx, search, offset, limit)
}

// SetUserFlags makes a user staff or not, active or not. Staff cannot
// demote or deactivate themselves (the shop would be left without anyone
// able to undo it). A deactivated user can no longer sign in or use a token.
func (s *Service) SetUserFlags(ctx context.Context, u *shop.User, id int64, staff, active *bool) (*shop.User, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	fe := shop.FieldErrors{}
	if id == u.ID && staff != nil && !*staff {
		fe.Add("is_staff", "You cannot remove your own staff rights.")
	}
	if id == u.ID && active != nil && !*active {
		fe.Add("is_active", "You cannot deactivate your own account.")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	ok, err := s.store.SetUserFlags(ctx, id, staff, active, s.now())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, shop.NotFound("User")
	}
	return s.store.UserByID(ctx, id)
}

// AdminComplaints lists open (or handled) complaints, oldest first.
func (s *Service) AdminComplaints(ctx context.Context, u *shop.User, status string, offset, limit int) ([]shop.Complaint, int, error) {
	if err := staffOnly(u); err != nil {
		return nil, 0, err
	}
	switch status {
	case "", "open":
		return s.store.Complaints(ctx, false, offset, limit)
	case "handled":
		return s.store.Complaints(ctx, true, offset, limit)
	}
	return nil, 0, invalidChoice("status", status)
}

// MaxComplaintReply bounds a reply to a complaint.
const MaxComplaintReply = 5000

// HandleComplaint marks a complaint handled and, with a reply, mails it to
// the address the complaint came from (through the outbox, in the same
// transaction).
func (s *Service) HandleComplaint(ctx context.Context, u *shop.User, id int64, reply *string) (*shop.Complaint, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	text := ""
	if reply != nil {
		fe := shop.FieldErrors{}
		text = requiredText(fe, "reply", reply, MaxComplaintReply)
		if err := fe.Err(); err != nil {
			return nil, err
		}
	}
	cp, err := s.store.HandleComplaint(ctx, id, s.now(), func(cp shop.Complaint) []shop.Mail {
		if text == "" {
			return nil
		}
		return s.complaintReplyMail(cp, text)
	})
	if err == nil && cp == nil {
		err = shop.NotFound("Complaint")
	}
	return cp, err
}

// complaintReplyMail answers a complaint; the staff's text is split into
// paragraphs at blank lines.
func (s *Service) complaintReplyMail(cp shop.Complaint, reply string) []shop.Mail {
	var paras []string
	for _, p := range strings.Split(strings.ReplaceAll(reply, "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			paras = append(paras, p)
		}
	}
	quoted := cp.Text
	if utf8.RuneCountInString(quoted) > 300 {
		quoted = string([]rune(quoted)[:300]) + "…"
	}
	return s.render(cp.Email, "Re: your message to Dwa", mailContent{
		Greeting:   "Hello,",
		Paragraphs: paras,
		After:      []string{"You wrote: “" + quoted + "”"},
		SignOff:    "Medaase — Dwa customer support",
	})
}

// AdminStores lists stores for staff, searched by store name or owner,
// filtered by status ("", "active" or "suspended").
func (s *Service) AdminStores(ctx context.Context, u *shop.User, search, status string, offset, limit int) ([]shop.StoreOverview, int, error) {
	if err := staffOnly(u); err != nil {
		return nil, 0, err
	}
	var suspended *bool
	switch status {
	case "", "all":
	case "active", "suspended":
		suspended = new(status == "suspended")
	default:
		return nil, 0, invalidChoice("status", status)
	}
	return s.store.AdminStores(ctx, search, suspended, offset, limit)
}

// NewStore is a decoded request to open a store for a user.
type NewStore struct {
	Owner, Name, Description, ContactInfo, Address *string
}

// CreateStoreFor opens an active store for an existing, active user, who
// then finds the Seller Centre in their menu. One store per user.
func (s *Service) CreateStoreFor(ctx context.Context, u *shop.User, in NewStore) (*shop.StoreOverview, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	fe := shop.FieldErrors{}
	st := &shop.Store{Active: true, CreatedAt: s.now()}
	owner := requiredText(fe, "owner", in.Owner, 150)
	st.Name = requiredText(fe, "name", in.Name, 100)
	optionalText(fe, "description", in.Description, 2000, &st.Description)
	optionalText(fe, "contact_info", in.ContactInfo, 100, &st.ContactInfo)
	optionalText(fe, "address", in.Address, 300, &st.Address)
	var ou *shop.User
	if !fe.Has("owner") {
		var err error
		if ou, err = s.store.UserByUsername(ctx, owner); err != nil {
			return nil, err
		}
		if ou == nil || !ou.IsActive {
			fe.Add("owner", "No active user has this username.")
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	st.OwnerID = ou.ID
	if err := s.store.CreateStore(ctx, st); err != nil {
		return nil, err
	}
	return &shop.StoreOverview{Store: *st, OwnerUsername: ou.Username}, nil
}

// SetStoreActive suspends a store or reinstates it. A suspended store's
// products leave the catalogue, search, wishlists and bags at once and
// cannot be ordered; its owner keeps the Seller Centre to fulfil the
// orders already placed, and shoppers can no longer write to it.
func (s *Service) SetStoreActive(ctx context.Context, u *shop.User, id int64, active *bool) (*shop.StoreOverview, error) {
	if err := staffOnly(u); err != nil {
		return nil, err
	}
	if active == nil {
		return nil, shop.Invalid(map[string][]string{"is_active": {msgRequired}})
	}
	ok, err := s.store.SetStoreActive(ctx, id, *active)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, shop.NotFound("Store")
	}
	return s.store.StoreOverview(ctx, id)
}

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
