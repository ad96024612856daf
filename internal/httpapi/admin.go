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

func (a *API) listUsers(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	us, total, err := a.svc.AdminUsers(r.Context(), caller(r), lastQueryValue(r, "search"), p.offset, p.limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeSlice(a, w, r, p, us, total, toAdminUserDTO)
}

type userFlagsRequest struct {
	IsStaff  *bool `json:"is_staff"`
	IsActive *bool `json:"is_active"`
}

func (a *API) patchUser(w http.ResponseWriter, r *http.Request) {
	id, ok := objectID(w, r, "id", "User")
	if !ok {
		return
	}
	var in userFlagsRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	u, err := a.svc.SetUserFlags(r.Context(), caller(r), id, in.IsStaff, in.IsActive)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toAdminUserDTO(*u))
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

func (a *API) listComplaints(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	cs, total, err := a.svc.AdminComplaints(r.Context(), caller(r), lastQueryValue(r, "status"), p.offset, p.limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeSlice(a, w, r, p, cs, total, toComplaintDTO)
}

type complaintReplyRequest struct {
	Reply *string `json:"reply"`
}

func (a *API) handleComplaint(w http.ResponseWriter, r *http.Request) {
	id, ok := objectID(w, r, "id", "Complaint")
	if !ok {
		return
	}
	var in complaintReplyRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	c, err := a.svc.HandleComplaint(r.Context(), caller(r), id, in.Reply)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toComplaintDTO(*c))
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

func (a *API) listAdminCategories(w http.ResponseWriter, r *http.Request) {
	cs, err := a.svc.AdminCategories(r.Context(), caller(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeAll(a, w, r, cs, a.toAdminCategoryDTO)
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

func (a *API) createCategory(w http.ResponseWriter, r *http.Request) {
	var in categoryRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	c, err := a.svc.AddCategory(r.Context(), caller(r), in.input())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, a.toAdminCategoryDTO(c))
}

func (a *API) patchCategory(w http.ResponseWriter, r *http.Request) {
	id, ok := objectID(w, r, "id", "Category")
	if !ok {
		return
	}
	var in categoryRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	c, err := a.svc.EditCategory(r.Context(), caller(r), id, in.input())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.toAdminCategoryDTO(c))
}

func (a *API) addCategoryImage(w http.ResponseWriter, r *http.Request) {
	id, ok := objectID(w, r, "id", "Category")
	if !ok {
		return
	}
	c, err := a.svc.AddCategoryImage(r.Context(), caller(r), id, uploadFrom(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, a.toAdminCategoryDTO(c))
}

func (a *API) deleteCategoryImage(w http.ResponseWriter, r *http.Request) {
	id, ok := objectID(w, r, "id", "Category")
	if !ok {
		return
	}
	imageID, ok := objectID(w, r, "image", "CategoryImage")
	if !ok {
		return
	}
	if err := a.svc.DeleteCategoryImage(r.Context(), caller(r), id, imageID); err != nil {
		writeError(w, r, err)
		return
	}
	noContent(w)
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

func (a *API) listAdminHero(w http.ResponseWriter, r *http.Request) {
	hs, err := a.svc.AdminHeroSlides(r.Context(), caller(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeAll(a, w, r, hs, a.toAdminHeroDTO)
}

type heroRequest struct {
	Title       *string `json:"title"`
	Description *string `json:"description"`
	Link        *string `json:"link"`
	Position    *int64  `json:"position"`
	IsActive    *bool   `json:"is_active"`
}

// saveHero answers POST /admin/hero/ (id 0) and PATCH /admin/hero/{id}/.
func (a *API) saveHero(w http.ResponseWriter, r *http.Request) {
	var id int64
	if r.PathValue("id") != "" {
		var ok bool
		if id, ok = objectID(w, r, "id", "HeroSlide"); !ok {
			return
		}
	}
	var in heroRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	h, err := a.svc.SaveHeroSlide(r.Context(), caller(r), id, service.HeroInput{Title: in.Title,
		Description: in.Description, Link: in.Link, Position: in.Position, Active: in.IsActive})
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if id == 0 {
		status = http.StatusCreated
	}
	writeJSON(w, status, a.toAdminHeroDTO(*h))
}

func (a *API) deleteHero(w http.ResponseWriter, r *http.Request) {
	id, ok := objectID(w, r, "id", "HeroSlide")
	if !ok {
		return
	}
	if err := a.svc.DeleteHeroSlide(r.Context(), caller(r), id); err != nil {
		writeError(w, r, err)
		return
	}
	noContent(w)
}

func (a *API) addHeroImage(w http.ResponseWriter, r *http.Request) {
	id, ok := objectID(w, r, "id", "HeroSlide")
	if !ok {
		return
	}
	h, err := a.svc.AddHeroImage(r.Context(), caller(r), id, uploadFrom(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.toAdminHeroDTO(*h))
}

type adminStoreDTO struct {
	sellerStoreDTO
	Owner    string `json:"owner"`
	Products int    `json:"products"`
}

func (a *API) toAdminStoreDTO(o shop.StoreOverview) adminStoreDTO {
	return adminStoreDTO{sellerStoreDTO: a.toSellerStoreDTO(&o.Store), Owner: o.OwnerUsername, Products: o.Products}
}

func (a *API) listAdminStores(w http.ResponseWriter, r *http.Request) {
	p, err := a.pagerFor(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	stores, total, err := a.svc.AdminStores(r.Context(), caller(r), lastQueryValue(r, "search"),
		lastQueryValue(r, "status"), p.offset, p.limit)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeSlice(a, w, r, p, stores, total, a.toAdminStoreDTO)
}

type newStoreRequest struct {
	Owner       *string `json:"owner"`
	Name        *string `json:"name"`
	Description *string `json:"description"`
	ContactInfo *string `json:"contact_info"`
	Address     *string `json:"address"`
}

func (a *API) createStore(w http.ResponseWriter, r *http.Request) {
	var in newStoreRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	st, err := a.svc.CreateStoreFor(r.Context(), caller(r), service.NewStore{Owner: in.Owner, Name: in.Name,
		Description: in.Description, ContactInfo: in.ContactInfo, Address: in.Address})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, a.toAdminStoreDTO(*st))
}

type storeStatusRequest struct {
	IsActive *bool `json:"is_active"`
}

func (a *API) patchAdminStore(w http.ResponseWriter, r *http.Request) {
	id, ok := objectID(w, r, "id", "Store")
	if !ok {
		return
	}
	var in storeStatusRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	st, err := a.svc.SetStoreActive(r.Context(), caller(r), id, in.IsActive)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.toAdminStoreDTO(*st))
}
