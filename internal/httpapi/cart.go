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
	return cartItemDTO{ID: l.ID, Cart: l.CartID, Product: p, Quantity: l.Quantity, TotalPrice: moneyNumber(l.Total()),
		Available: l.Available(), UpdatedAt: shop.FormatTime(l.UpdatedAt)}
}

func (a *API) listCarts(w http.ResponseWriter, r *http.Request) {
	cs, err := a.svc.Carts(r.Context(), caller(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeAll(a, w, r, cs, toCartDTO)
}

func (a *API) createCart(w http.ResponseWriter, r *http.Request) {
	c, created, err := a.svc.CreateCart(r.Context(), caller(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, createdOrOK(created), toCartDTO(*c))
}

func createdOrOK(created bool) int {
	if created {
		return http.StatusCreated
	}
	return http.StatusOK
}

func (a *API) getCart(w http.ResponseWriter, r *http.Request) {
	c, err := a.svc.Cart(r.Context(), caller(r), r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toCartDTO(*c))
}

func (a *API) listCartItems(w http.ResponseWriter, r *http.Request) {
	ls, err := a.svc.CartLines(r.Context(), caller(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeAll(a, w, r, ls, a.toCartItemDTO)
}

type cartAddRequest struct {
	ProductID json.RawMessage `json:"product_id"`
	Quantity  *int64          `json:"quantity"`
}

func (a *API) addCartItem(w http.ResponseWriter, r *http.Request) {
	var in cartAddRequest
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	l, created, err := a.svc.AddToCart(r.Context(), caller(r), service.CartAdd{ProductID: decodeRef(in.ProductID), Quantity: in.Quantity})
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, createdOrOK(created), a.toCartItemDTO(*l))
}

func (a *API) getCartItem(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	l, err := a.svc.CartLine(r.Context(), caller(r), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.toCartItemDTO(*l))
}

func (a *API) patchCartItem(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	var in struct {
		Quantity *int64 `json:"quantity"`
	}
	if err := decodeBody(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	l, err := a.svc.SetCartLineQuantity(r.Context(), caller(r), id, in.Quantity)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a.toCartItemDTO(*l))
}

func (a *API) deleteCartItem(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r, "id")
	if !ok {
		notFound(w, r)
		return
	}
	if err := a.svc.DeleteCartLine(r.Context(), caller(r), id); err != nil {
		writeError(w, r, err)
		return
	}
	noContent(w)
}
