package httpapi

import (
	"encoding/json"
	"net/http"

	"dwa/internal/service"
	"dwa/internal/shop"
)

type cartDTO struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	CreatedAt string `json:"created_at"`
}

func toCartDTO(c shop.Cart) cartDTO {
	return cartDTO{ID: c.ID, Status: c.Status, CreatedAt: shop.FormatTime(c.CreatedAt)}
}

type cartProductDTO struct {
	ID        int64             `json:"id"`
	Name      string            `json:"name"`
	Images    []productImageDTO `json:"images"`
	UnitPrice string            `json:"unit_price"`
	Inventory int               `json:"inventory"`
	Store     *storeRefDTO      `json:"store"`
}

type cartItemDTO struct {
	ID         int64           `json:"id"`
	Cart       string          `json:"cart"`
	Product    cartProductDTO  `json:"product"`
	Quantity   int             `json:"quantity"`
	TotalPrice json.RawMessage `json:"total_price"`
	Available  bool            `json:"available"`
	UpdatedAt  string          `json:"updated_at"`
	// VariantID and Variant: the line's variant, null without options.
	VariantID *int64              `json:"variant_id"`
	Variant   *cartLineVariantDTO `json:"variant"`
}

type cartLineVariantDTO struct {
	ID        int64              `json:"id"`
	SKU       string             `json:"sku"`
	Options   []shop.OptionValue `json:"options"`
	UnitPrice string             `json:"unit_price"`
	Inventory int                `json:"inventory"`
}

func (a *API) imageList(urls []string) []productImageDTO {
	out := make([]productImageDTO, len(urls))
	for i, u := range urls {
		out[i] = productImageDTO{Image: a.absolute(u)}
	}
	return out
}

// moneyNumber renders a computed total as a JSON number (contract §1.6).
func moneyNumber(m shop.Money) json.RawMessage { return json.RawMessage(m.Number()) }

func (a *API) toCartItemDTO(l shop.CartLine) cartItemDTO {
	p := cartProductDTO{ID: l.Product.ID, Name: l.Product.Name, Images: a.imageList(l.Product.Images),
		UnitPrice: l.Product.UnitPrice.String(), Inventory: l.Product.Inventory}
	if l.Product.StoreID != 0 {
		p.Store = &storeRefDTO{ID: l.Product.StoreID, Name: l.Product.StoreName}
	}
	out := cartItemDTO{ID: l.ID, Cart: l.CartID, Product: p, Quantity: l.Quantity, TotalPrice: moneyNumber(l.Total()),
		Available: l.Available(), UpdatedAt: shop.FormatTime(l.UpdatedAt), VariantID: optionalID(l.VariantID)}
	if v := l.Product.Variant; v != nil && v.ProductID == l.Product.ID {
		out.Variant = &cartLineVariantDTO{ID: v.ID, SKU: v.SKU, Options: v.Options, UnitPrice: l.Product.UnitPrice.String(),
			Inventory: l.Product.Inventory}
	}
	return out
}

func (a *API) listCarts(w http.ResponseWriter, r *http.Request) error {
	cs, err := a.svc.Carts(r.Context(), caller(r))
	return replyAll(a, w, r, cs, err, toCartDTO)
}

func (a *API) createCart(w http.ResponseWriter, r *http.Request) error {
	c, created, err := a.svc.CreateCart(r.Context(), caller(r))
	return replyResult(w, createdOrOK(created), c, err, deref(toCartDTO))
}

// createdOrOK is 201 for a new object, 200 for an existing one returned
// again (an idempotent create).
func createdOrOK(created bool) int {
	if created {
		return http.StatusCreated
	}
	return http.StatusOK
}

func (a *API) getCart(w http.ResponseWriter, r *http.Request) error {
	c, err := a.svc.Cart(r.Context(), caller(r), r.PathValue("id"))
	return replyResult(w, http.StatusOK, c, err, deref(toCartDTO))
}

func (a *API) listCartItems(w http.ResponseWriter, r *http.Request) error {
	ls, err := a.svc.CartLines(r.Context(), caller(r))
	return replyAll(a, w, r, ls, err, a.toCartItemDTO)
}

type cartAddRequest struct {
	ProductID json.RawMessage `json:"product_id"`
	VariantID json.RawMessage `json:"variant_id"`
	Quantity  *int64          `json:"quantity"`
}

func (a *API) addCartItem(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[cartAddRequest](r)
	if err != nil {
		return err
	}
	l, created, err := a.svc.AddToCart(r.Context(), caller(r), service.CartAdd{ProductID: decodeRef(in.ProductID),
		VariantID: decodeRef(in.VariantID), Quantity: in.Quantity})
	return replyResult(w, createdOrOK(created), l, err, deref(a.toCartItemDTO))
}

func (a *API) getCartItem(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	l, err := a.svc.CartLine(r.Context(), caller(r), id)
	return replyResult(w, http.StatusOK, l, err, deref(a.toCartItemDTO))
}

type cartQuantityRequest struct {
	Quantity *int64 `json:"quantity"`
}

func (a *API) patchCartItem(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	in, err := decoded[cartQuantityRequest](r)
	if err != nil {
		return err
	}
	l, err := a.svc.SetCartLineQuantity(r.Context(), caller(r), id, in.Quantity)
	return replyResult(w, http.StatusOK, l, err, deref(a.toCartItemDTO))
}

func (a *API) deleteCartItem(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	return replyNoContent(w, a.svc.DeleteCartLine(r.Context(), caller(r), id))
}
