package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"dwa/internal/imaging"
	"dwa/internal/service"
	"dwa/internal/shop"
)

// The Seller Centre API (/seller/…): a store owner's own store, products
// and part of paid orders. 401 without a login, 403 for users without a
// store, 404 for objects of other stores.

type sellerStoreDTO struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Logo        string `json:"logo"`
	Description string `json:"description"`
	ContactInfo string `json:"contact_info"`
	Address     string `json:"address"`
	IsActive    bool   `json:"is_active"`
	CreatedAt   string `json:"created_at"`
	AcceptsCOD  bool   `json:"accepts_pay_on_delivery"`
	// CanRefund: staff let stores refund their own part (docs/decisions/0019);
	// told to the store's owner, left out of staff lists.
	CanRefund *bool `json:"can_refund,omitempty"`
	// The delivery settings (decision 0024), also only for the owner.
	*storeDeliveryDTO
}

type storeDeliveryDTO struct {
	ShipFromRegion   string          `json:"ship_from_region"`
	ShipFromCity     string          `json:"ship_from_city"`
	FreeDeliveryOver json.RawMessage `json:"free_delivery_over"`
	SameDayCutoff    *int            `json:"same_day_cutoff"`
	StorePickup      bool            `json:"store_pickup"`
}

func (a *API) toSellerStoreDTO(st *shop.Store) sellerStoreDTO {
	return sellerStoreDTO{ID: st.ID, Name: st.Name, Logo: a.absolute(st.Logo), Description: st.Description,
		ContactInfo: st.ContactInfo, Address: st.Address, IsActive: st.Active, CreatedAt: shop.FormatTime(st.CreatedAt),
		AcceptsCOD: st.AcceptsCOD}
}

// replyOwnStore answers the owner with their store and whether staff let
// stores refund (read now: staff may have switched it since).
func (a *API) replyOwnStore(w http.ResponseWriter, r *http.Request, st *shop.Store, err error) error {
	var allowed bool
	if err == nil {
		allowed, err = a.svc.StoreRefundsAllowed(r.Context())
	}
	return replyResult(w, http.StatusOK, st, err, func(st *shop.Store) sellerStoreDTO {
		d := a.toSellerStoreDTO(st)
		d.CanRefund = &allowed
		sd := st.Delivery
		d.storeDeliveryDTO = &storeDeliveryDTO{ShipFromRegion: sd.ShipFromRegion, ShipFromCity: sd.ShipFromCity,
			FreeDeliveryOver: optionalMoney(sd.FreeOver), SameDayCutoff: optionalCutoff(sd.SameDayCutoff), StorePickup: sd.Pickup}
		return d
	})
}

func (a *API) getSellerStore(w http.ResponseWriter, r *http.Request) error {
	st, err := a.svc.SellerStoreProfile(r.Context(), caller(r))
	return a.replyOwnStore(w, r, st, err)
}

type sellerStoreRequest struct {
	Name        *string `json:"name"`
	Description *string `json:"description"`
	ContactInfo *string `json:"contact_info"`
	Address     *string `json:"address"`
	AcceptsCOD  *bool   `json:"accepts_pay_on_delivery"`
	// Delivery settings: the amount and hour may be null (none).
	ShipFromRegion *string         `json:"ship_from_region"`
	ShipFromCity   *string         `json:"ship_from_city"`
	FreeOver       json.RawMessage `json:"free_delivery_over"`
	SameDayCutoff  json.RawMessage `json:"same_day_cutoff"`
	StorePickup    *bool           `json:"store_pickup"`
}

func (a *API) patchSellerStore(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[sellerStoreRequest](r)
	if err != nil {
		return err
	}
	st, err := a.svc.UpdateSellerStore(r.Context(), caller(r), service.StoreInput{Name: in.Name,
		Description: in.Description, ContactInfo: in.ContactInfo, Address: in.Address, AcceptsCOD: in.AcceptsCOD,
		ShipFromRegion: in.ShipFromRegion, ShipFromCity: in.ShipFromCity, FreeOver: decodeField(in.FreeOver),
		SameDayCutoff: decodeField(in.SameDayCutoff), StorePickup: in.StorePickup})
	return a.replyOwnStore(w, r, st, err)
}

type sellerProductDTO struct {
	ID               int64      `json:"id"`
	Name             string     `json:"name"`
	CategoryID       *int64     `json:"category_id"`
	SubcategoryID    *int64     `json:"subcategory_id"`
	SubSubcategoryID *int64     `json:"sub_subcategory_id"`
	UnitPrice        string     `json:"unit_price"`
	Inventory        int        `json:"inventory"`
	IsActive         bool       `json:"is_active"`
	Description      string     `json:"description"`
	Specification    string     `json:"specification"`
	Images           []imageDTO `json:"images"`
	CreatedAt        string     `json:"created_at"`
	WasPrice         *string    `json:"was_price"`
	Brand            string     `json:"brand"`
	SKU              string     `json:"sku"`
	// Options and Variants (decision 0029): [] without options.
	Options  []optionDTO  `json:"options"`
	Variants []variantDTO `json:"variants"`
}

// optionalID renders an id, or null for 0 (none).
func optionalID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

func (a *API) toSellerProductDTO(d *shop.ProductDetail) sellerProductDTO {
	out := sellerProductDTO{ID: d.ID, Name: d.Name, CategoryID: optionalID(d.CategoryID),
		SubcategoryID: optionalID(d.SubcategoryID), SubSubcategoryID: optionalID(d.SubSubcategoryID),
		UnitPrice: d.UnitPrice.String(), Brand: d.Brand, SKU: d.SKU, Inventory: d.Inventory, IsActive: d.Active, Description: d.Description,
		Specification: d.Specification, Images: make([]imageDTO, len(d.Images)), CreatedAt: shop.FormatTime(d.CreatedAt)}
	for i, url := range d.Images {
		out.Images[i] = imageDTO{ID: d.ImageIDs[i], Image: a.absolute(url)}
	}
	if d.WasPrice != 0 {
		was := d.WasPrice.String()
		out.WasPrice = &was
	}
	out.Options, out.Variants = optionList(d.Options), variantList(d.Variants)
	return out
}

func (a *API) listSellerProducts(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, a.toSellerProductDTO, func(p pager) ([]*shop.ProductDetail, int, error) {
		return a.svc.SellerProducts(r.Context(), caller(r), shop.SellerProductFilter{
			Search: lastQueryValue(r, "search"), Status: lastQueryValue(r, "status"), Offset: p.offset, Limit: p.limit})
	})
}

type sellerProductRequest struct {
	Name             *string `json:"name"`
	CategoryID       *int64  `json:"category_id"`
	SubcategoryID    *int64  `json:"subcategory_id"`
	SubSubcategoryID *int64  `json:"sub_subcategory_id"`
	Price            *string `json:"price"`
	// WasPrice is the price before a deal, "" to remove it.
	WasPrice  *string `json:"was_price"`
	Brand     *string `json:"brand"`
	Inventory *int64  `json:"inventory"`
	// ExpectedInventory makes an edit of inventory conditional (PATCH).
	ExpectedInventory *int64  `json:"expected_inventory"`
	Description       *string `json:"description"`
	Specification     *string `json:"specification"`
	IsActive          *bool   `json:"is_active"`
	SKU               *string `json:"sku"`
}

func (in sellerProductRequest) input() service.ProductInput {
	return service.ProductInput{Name: in.Name, CategoryID: in.CategoryID, SubcategoryID: in.SubcategoryID,
		SubSubcatID: in.SubSubcategoryID, Price: in.Price, WasPrice: in.WasPrice, Brand: in.Brand, Inventory: in.Inventory,
		ExpectedInventory: in.ExpectedInventory, Description: in.Description,
		Specification: in.Specification, Active: in.IsActive, SKU: in.SKU}
}

func (a *API) createSellerProduct(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[sellerProductRequest](r)
	if err != nil {
		return err
	}
	d, err := a.svc.CreateSellerProduct(r.Context(), caller(r), in.input())
	return replyResult(w, http.StatusCreated, d, err, a.toSellerProductDTO)
}

func (a *API) getSellerProduct(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Product")
	if err != nil {
		return err
	}
	d, err := a.svc.SellerProduct(r.Context(), caller(r), id)
	return replyResult(w, http.StatusOK, d, err, a.toSellerProductDTO)
}

func (a *API) patchSellerProduct(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Product")
	if err != nil {
		return err
	}
	in, err := decoded[sellerProductRequest](r)
	if err != nil {
		return err
	}
	d, err := a.svc.UpdateSellerProduct(r.Context(), caller(r), id, in.input())
	return replyResult(w, http.StatusOK, d, err, a.toSellerProductDTO)
}

func (a *API) deleteSellerProduct(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Product")
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.DeactivateSellerProduct(r.Context(), caller(r), id))
}

type sellerOrderItemDTO struct {
	ID         int64           `json:"id"`
	ProductID  int64           `json:"product_id"`
	Name       string          `json:"name"`
	Quantity   int             `json:"quantity"`
	UnitPrice  string          `json:"unit_price"`
	TotalPrice json.RawMessage `json:"total_price"`
	// VariantID and Options: as the buyer's order line.
	VariantID *int64             `json:"variant_id"`
	Options   []shop.OptionValue `json:"options"`
}

type orderEventDTO struct {
	Status string  `json:"status"`
	Note   string  `json:"note"`
	At     string  `json:"at"`
	Actor  *string `json:"actor"`
}

type sellerOrderDTO struct {
	ID              string               `json:"id"`
	CreatedAt       string               `json:"created_at"`
	PaidAt          *string              `json:"paid_at"`
	Status          string               `json:"status"`
	OrderStatus     string               `json:"order_status"`
	ShippingAddress string               `json:"shipping_address"`
	ContactInfo     string               `json:"contact_info"`
	DeliveryAddress *addressDTO          `json:"delivery_address"`
	Items           []sellerOrderItemDTO `json:"items"`
	Amount          json.RawMessage      `json:"amount"`
	TrackingNote    string               `json:"tracking_note"`
	Events          []orderEventDTO      `json:"events"`
	PaymentMethod   string               `json:"payment_method"`
	codPartDTO
	Delivery *partDeliveryDTO `json:"delivery"`
}

func toOrderEvents(es []shop.OrderEvent) []orderEventDTO {
	out := make([]orderEventDTO, len(es))
	for i, e := range es {
		out[i] = orderEventDTO{Status: e.Status, Note: e.Note, At: shop.FormatTime(e.CreatedAt)}
		if e.Actor != "" {
			out[i].Actor = &e.Actor
		}
	}
	return out
}

func (a *API) toSellerOrderDTO(o *shop.Order) sellerOrderDTO {
	d := sellerOrderDTO{ID: o.ID, CreatedAt: shop.FormatTime(o.CreatedAt), PaidAt: optionalTime(o.PaidAt),
		Status: shop.PartStatus(o.Items), OrderStatus: o.Status, ShippingAddress: o.ShippingAddress,
		ContactInfo: o.ContactInfo, DeliveryAddress: orderAddressDTO(o.DeliveryAddress),
		Items: make([]sellerOrderItemDTO, len(o.Items)), Amount: moneyNumber(o.Amount),
		Events: toOrderEvents(o.Events), PaymentMethod: paymentMethod(o), codPartDTO: toCODPart(shop.Part{})}
	if parts := o.Parts(); len(parts) == 1 {
		d.codPartDTO = toCODPart(parts[0])
		d.Status = parts[0].Status
		d.Delivery = toPartDelivery(parts[0], a.svc.Now())
	}
	for i, it := range o.Items {
		d.Items[i] = sellerOrderItemDTO{ID: it.ID, ProductID: it.ProductID, Name: it.Name, Quantity: it.Quantity,
			UnitPrice: it.UnitPrice.String(), TotalPrice: moneyNumber(it.Total()), VariantID: optionalID(it.VariantID),
			Options: optionValues(it.Options)}
		d.TrackingNote = it.TrackingNote
	}
	return d
}

func (a *API) listSellerOrders(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, a.toSellerOrderDTO, func(p pager) ([]*shop.Order, int, error) {
		return a.svc.SellerOrders(r.Context(), caller(r), shop.SellerOrderFilter{
			Status: lastQueryValue(r, "status"), Offset: p.offset, Limit: p.limit})
	})
}

type shipRequest struct {
	TrackingNote *string `json:"tracking_note"`
}

type cancelPartRequest struct {
	Reason *string `json:"reason"`
}

// paidOnDelivery answers POST …/paid-on-delivery/ (no body).
func (a *API) paidOnDelivery(w http.ResponseWriter, r *http.Request) error {
	o, err := a.svc.AdvanceSellerOrder(r.Context(), caller(r), r.PathValue("id"), shop.PartPaidOnDelivery, nil)
	return replyResult(w, http.StatusOK, o, err, a.toSellerOrderDTO)
}

// cancelSellerPart answers POST …/cancel/ {reason}.
func (a *API) cancelSellerPart(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[cancelPartRequest](r)
	if err != nil {
		return err
	}
	o, err := a.svc.AdvanceSellerOrder(r.Context(), caller(r), r.PathValue("id"), shop.PartCancelled, in.Reason)
	return replyResult(w, http.StatusOK, o, err, a.toSellerOrderDTO)
}

// advanceSellerOrder answers POST …/ship/ and …/deliver/.
func (a *API) advanceSellerOrder(to string) handlerE {
	return func(w http.ResponseWriter, r *http.Request) error {
		in, err := decoded[shipRequest](r)
		if err != nil {
			return err
		}
		o, err := a.svc.AdvanceSellerOrder(r.Context(), caller(r), r.PathValue("id"), to, in.TrackingNote)
		return replyResult(w, http.StatusOK, o, err, a.toSellerOrderDTO)
	}
}

type sellerDashboardDTO struct {
	OrdersToday    int             `json:"orders_today"`
	OrdersWeek     int             `json:"orders_week"`
	RevenueWeek    int64           `json:"revenue_week"`
	UnreadMessages int64           `json:"unread_messages"`
	LowStock       []stockLevelDTO `json:"low_stock"`
	RevenueByDay   []dayAmountDTO  `json:"revenue_by_day"`
	ViewsByDay     []dayViewsDTO   `json:"views_by_day"`
}

type stockLevelDTO struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Inventory int    `json:"inventory"`
}

type dayAmountDTO struct {
	Date   string `json:"date"`
	Amount int64  `json:"amount"`
}

type dayViewsDTO struct {
	Date  string `json:"date"`
	Views int    `json:"views"`
}

func (a *API) getSellerDashboard(w http.ResponseWriter, r *http.Request) error {
	d, err := a.svc.SellerDashboard(r.Context(), caller(r))
	if err != nil {
		return err
	}
	out := sellerDashboardDTO{OrdersToday: d.OrdersToday, OrdersWeek: d.OrdersWeek, RevenueWeek: int64(d.RevenueWeek),
		UnreadMessages: d.UnreadMessages, LowStock: []stockLevelDTO{},
		RevenueByDay: make([]dayAmountDTO, len(d.Days)), ViewsByDay: make([]dayViewsDTO, len(d.Days))}
	for _, l := range d.LowStock {
		out.LowStock = append(out.LowStock, stockLevelDTO(l))
	}
	for i, day := range d.Days {
		date := day.Date.Format(time.DateOnly)
		out.RevenueByDay[i] = dayAmountDTO{Date: date, Amount: int64(day.Revenue)}
		out.ViewsByDay[i] = dayViewsDTO{Date: date, Views: day.Views}
	}
	return reply(w, http.StatusOK, out)
}

// uploadedImage reads the "image" file of a multipart/form-data body, at
// most imaging.MaxBytes of it: more is a field error, not a stored file.
func uploadedImage(r *http.Request) ([]byte, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, &shop.Error{Kind: shop.KindUnsupportedMedia, Code: "unsupported_media_type",
			Detail: `Upload the image as multipart/form-data in a field named "image".`}
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, shop.Invalid(map[string][]string{"image": {"No file was submitted."}})
		}
		if err != nil {
			return nil, errParse
		}
		if part.FormName() != "image" {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(part, imaging.MaxBytes+1))
		if err != nil {
			return nil, errParse
		}
		if len(data) > imaging.MaxBytes {
			return nil, shop.Invalid(map[string][]string{"image": {imaging.ErrTooLarge.Error()}})
		}
		return data, nil
	}
}

// uploadFrom defers reading the upload to the service, which reads it only
// after checking the caller's right to upload there (a shopper's 8 MB is
// refused unread).
func uploadFrom(r *http.Request) service.Upload {
	return func() ([]byte, error) { return uploadedImage(r) }
}

func (a *API) setSellerStoreLogo(w http.ResponseWriter, r *http.Request) error {
	st, err := a.svc.SetStoreLogo(r.Context(), caller(r), uploadFrom(r))
	return a.replyOwnStore(w, r, st, err)
}

func (a *API) addSellerProductImage(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Product")
	if err != nil {
		return err
	}
	d, err := a.svc.AddProductImage(r.Context(), caller(r), id, uploadFrom(r))
	return replyResult(w, http.StatusCreated, d, err, a.toSellerProductDTO)
}

func (a *API) deleteSellerProductImage(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Product")
	if err != nil {
		return err
	}
	imageID, err := objectID(r, "image", "ProductImage")
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.DeleteProductImage(r.Context(), caller(r), id, imageID))
}

type imageOrderRequest struct {
	Order json.RawMessage `json:"order"`
}

func (a *API) reorderSellerProductImages(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Product")
	if err != nil {
		return err
	}
	in, err := decoded[imageOrderRequest](r)
	if err != nil {
		return err
	}
	var ids []int64
	if in.Order == nil || json.Unmarshal(in.Order, &ids) != nil {
		return shop.Invalid(map[string][]string{"order": {"Send the image ids as a list, first image first."}})
	}
	d, err := a.svc.ReorderProductImages(r.Context(), caller(r), id, ids)
	return replyResult(w, http.StatusOK, d, err, a.toSellerProductDTO)
}
