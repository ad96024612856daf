package httpapi

import (
	"net/http"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// Staff administration of users and complaints (/admin/…, staff only).

type adminUserDTO struct {
	ID         int64   `json:"id"`
	Username   string  `json:"username"`
	Email      string  `json:"email"`
	IsStaff    bool    `json:"is_staff"`
	IsActive   bool    `json:"is_active"`
	DateJoined string  `json:"date_joined"`
	LastLogin  *string `json:"last_login"`
}

func toAdminUserDTO(u shop.User) adminUserDTO {
	return adminUserDTO{ID: u.ID, Username: u.Username, Email: u.Email, IsStaff: u.IsStaff, IsActive: u.IsActive,
		DateJoined: shop.FormatTime(u.DateJoined), LastLogin: optionalTime(u.LastLogin)}
}

func (a *API) listUsers(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, toAdminUserDTO, func(p pager) ([]shop.User, int, error) {
		return a.svc.AdminUsers(r.Context(), caller(r), lastQueryValue(r, "search"), p.offset, p.limit)
	})
}

type userFlagsRequest struct {
	IsStaff  *bool `json:"is_staff"`
	IsActive *bool `json:"is_active"`
}

func (a *API) patchUser(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "User")
	if err != nil {
		return err
	}
	in, err := decoded[userFlagsRequest](r)
	if err != nil {
		return err
	}
	u, err := a.svc.SetUserFlags(r.Context(), caller(r), id, in.IsStaff, in.IsActive)
	return replyResult(w, http.StatusOK, u, err, deref(toAdminUserDTO))
}

type complaintDTO struct {
	ID        int64   `json:"id"`
	Email     string  `json:"email"`
	Complaint string  `json:"complaint"`
	CreatedAt string  `json:"created_at"`
	HandledAt *string `json:"handled_at"`
}

func toComplaintDTO(c shop.Complaint) complaintDTO {
	return complaintDTO{ID: c.ID, Email: c.Email, Complaint: c.Text, CreatedAt: shop.FormatTime(c.CreatedAt),
		HandledAt: optionalTime(c.HandledAt)}
}

func (a *API) listComplaints(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, toComplaintDTO, func(p pager) ([]shop.Complaint, int, error) {
		return a.svc.AdminComplaints(r.Context(), caller(r), lastQueryValue(r, "status"), p.offset, p.limit)
	})
}

type complaintReplyRequest struct {
	Reply *string `json:"reply"`
}

func (a *API) handleComplaint(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Complaint")
	if err != nil {
		return err
	}
	in, err := decoded[complaintReplyRequest](r)
	if err != nil {
		return err
	}
	c, err := a.svc.HandleComplaint(r.Context(), caller(r), id, in.Reply)
	return replyResult(w, http.StatusOK, c, err, deref(toComplaintDTO))
}

type adminCategoryDTO struct {
	ID       int64      `json:"id"`
	Parent   *int64     `json:"parent"`
	Level    int        `json:"level"`
	Name     string     `json:"name"`
	Slug     string     `json:"slug"`
	Position int        `json:"position"`
	IsActive bool       `json:"is_active"`
	Images   []imageDTO `json:"images"`
}

func (a *API) toAdminCategoryDTO(c *shop.Category) adminCategoryDTO {
	d := adminCategoryDTO{ID: c.ID, Parent: optionalID(c.ParentID), Level: c.Level, Name: c.Name, Slug: c.Slug,
		Position: c.Position, IsActive: c.Active, Images: make([]imageDTO, len(c.Images))}
	for i, im := range c.Images {
		d.Images[i] = imageDTO{ID: im.ID, Image: a.absolute(im.URL)}
	}
	return d
}

func (a *API) listAdminCategories(w http.ResponseWriter, r *http.Request) error {
	cs, err := a.svc.AdminCategories(r.Context(), caller(r))
	return replyAll(a, w, r, cs, err, a.toAdminCategoryDTO)
}

type categoryRequest struct {
	Name     *string `json:"name"`
	Parent   *int64  `json:"parent"`
	Position *int64  `json:"position"`
	IsActive *bool   `json:"is_active"`
}

func (in categoryRequest) input() service.CategoryInput {
	return service.CategoryInput{Name: in.Name, ParentID: in.Parent, Position: in.Position, Active: in.IsActive}
}

func (a *API) createCategory(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[categoryRequest](r)
	if err != nil {
		return err
	}
	c, err := a.svc.AddCategory(r.Context(), caller(r), in.input())
	return replyResult(w, http.StatusCreated, c, err, a.toAdminCategoryDTO)
}

func (a *API) patchCategory(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Category")
	if err != nil {
		return err
	}
	in, err := decoded[categoryRequest](r)
	if err != nil {
		return err
	}
	c, err := a.svc.EditCategory(r.Context(), caller(r), id, in.input())
	return replyResult(w, http.StatusOK, c, err, a.toAdminCategoryDTO)
}

func (a *API) addCategoryImage(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Category")
	if err != nil {
		return err
	}
	c, err := a.svc.AddCategoryImage(r.Context(), caller(r), id, uploadFrom(r))
	return replyResult(w, http.StatusCreated, c, err, a.toAdminCategoryDTO)
}

func (a *API) deleteCategoryImage(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Category")
	if err != nil {
		return err
	}
	imageID, err := objectID(r, "image", "CategoryImage")
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.DeleteCategoryImage(r.Context(), caller(r), id, imageID))
}

type adminHeroDTO struct {
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Image       string `json:"image"`
	Link        string `json:"link"`
	Position    int    `json:"position"`
	IsActive    bool   `json:"is_active"`
}

func (a *API) toAdminHeroDTO(h shop.HeroSlide) adminHeroDTO {
	return adminHeroDTO{ID: h.ID, Title: h.Title, Description: h.Description, Image: a.absolute(h.Image), Link: h.Link,
		Position: h.Position, IsActive: h.Active}
}

func (a *API) listAdminHero(w http.ResponseWriter, r *http.Request) error {
	hs, err := a.svc.AdminHeroSlides(r.Context(), caller(r))
	return replyAll(a, w, r, hs, err, a.toAdminHeroDTO)
}

type heroRequest struct {
	Title       *string `json:"title"`
	Description *string `json:"description"`
	Link        *string `json:"link"`
	Position    *int64  `json:"position"`
	IsActive    *bool   `json:"is_active"`
}

// saveHero answers POST /admin/hero/ (id 0) and PATCH /admin/hero/{id}/.
func (a *API) saveHero(w http.ResponseWriter, r *http.Request) error {
	var id int64
	if r.PathValue("id") != "" {
		var err error
		if id, err = objectID(r, "id", "HeroSlide"); err != nil {
			return err
		}
	}
	in, err := decoded[heroRequest](r)
	if err != nil {
		return err
	}
	h, err := a.svc.SaveHeroSlide(r.Context(), caller(r), id, service.HeroInput{Title: in.Title,
		Description: in.Description, Link: in.Link, Position: in.Position, Active: in.IsActive})
	return replyResult(w, createdOrOK(id == 0), h, err, deref(a.toAdminHeroDTO))
}

func (a *API) deleteHero(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "HeroSlide")
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.DeleteHeroSlide(r.Context(), caller(r), id))
}

func (a *API) addHeroImage(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "HeroSlide")
	if err != nil {
		return err
	}
	h, err := a.svc.AddHeroImage(r.Context(), caller(r), id, uploadFrom(r))
	return replyResult(w, http.StatusOK, h, err, deref(a.toAdminHeroDTO))
}

type adminStoreDTO struct {
	sellerStoreDTO
	Owner    string `json:"owner"`
	Products int    `json:"products"`
}

func (a *API) toAdminStoreDTO(o shop.StoreOverview) adminStoreDTO {
	return adminStoreDTO{sellerStoreDTO: a.toSellerStoreDTO(&o.Store), Owner: o.OwnerUsername, Products: o.Products}
}

func (a *API) listAdminStores(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, a.toAdminStoreDTO, func(p pager) ([]shop.StoreOverview, int, error) {
		return a.svc.AdminStores(r.Context(), caller(r), lastQueryValue(r, "search"),
			lastQueryValue(r, "status"), p.offset, p.limit)
	})
}

type newStoreRequest struct {
	Owner       *string `json:"owner"`
	Name        *string `json:"name"`
	Description *string `json:"description"`
	ContactInfo *string `json:"contact_info"`
	Address     *string `json:"address"`
}

func (a *API) createStore(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[newStoreRequest](r)
	if err != nil {
		return err
	}
	st, err := a.svc.CreateStoreFor(r.Context(), caller(r), service.NewStore{Owner: in.Owner, Name: in.Name,
		Description: in.Description, ContactInfo: in.ContactInfo, Address: in.Address})
	return replyResult(w, http.StatusCreated, st, err, deref(a.toAdminStoreDTO))
}

type storeStatusRequest struct {
	IsActive *bool `json:"is_active"`
}

func (a *API) patchAdminStore(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Store")
	if err != nil {
		return err
	}
	in, err := decoded[storeStatusRequest](r)
	if err != nil {
		return err
	}
	st, err := a.svc.SetStoreActive(r.Context(), caller(r), id, in.IsActive)
	return replyResult(w, http.StatusOK, st, err, deref(a.toAdminStoreDTO))
}
