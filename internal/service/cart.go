package service

import (
	"context"
	"strconv"
	"time"

	"dwa/internal/shop"
)

// CartStore keeps carts and their lines. Multi-statement changes run in one
// transaction inside the store, which calls back into the service's rules
// (check) once it holds the rows the rules depend on.
type CartStore interface {
	// ActiveCart returns the user's active cart, or nil.
	ActiveCart(ctx context.Context, userID int64) (*shop.Cart, error)
	// CreateCart makes c the user's active cart unless one exists; it
	// returns the active cart and whether it is c.
	CreateCart(ctx context.Context, c shop.Cart) (*shop.Cart, bool, error)
	// CartLines returns the lines of the user's active cart in the order
	// added; lineID > 0 narrows them to that line.
	CartLines(ctx context.Context, userID, lineID int64) ([]shop.CartLine, error)
	// AddToCart locks the user's active cart, reads the product (nil when
	// unknown), the quantity already carted and the number of lines, and
	// calls check with them; when check passes it creates the cart if
	// needed (newCart) and adds qty to the line. It returns the line id and
	// whether the line is new.
	// The product read carries the variant named (variantID > 0), if any:
	// its price, stock and flag on the product (CartProduct.Variant).
	AddToCart(ctx context.Context, newCart shop.Cart, productID, variantID int64, qty int, at time.Time,
		check func(p *shop.CartProduct, carted, lines int) error) (int64, bool, error)
	// SetCartLineQuantity locks the user's active cart and its line, calls
	// check with the line (nil when not in the cart), then sets quantity.
	SetCartLineQuantity(ctx context.Context, userID, lineID int64, qty int, at time.Time,
		check func(l *shop.CartLine) error) error
	// DeleteCartLine removes a line of the user's active cart; false when
	// there is no such line.
	DeleteCartLine(ctx context.Context, userID, lineID int64) (bool, error)
}

// Cart texts (contract §2.3).
var (
	errOutOfStock = shop.InvalidDetail("out_of_stock", "Product is out of stock")
	errCartFull   = shop.InvalidDetail("cart_full", "Your cart is full.")
)

// Carts lists the user's active cart (zero or one).
func (s *Service) Carts(ctx context.Context, u *shop.User) ([]shop.Cart, error) {
	c, err := s.store.ActiveCart(ctx, u.ID)
	if err != nil || c == nil {
		return nil, err
	}
	return []shop.Cart{*c}, nil
}

// CreateCart returns the user's active cart, creating it if needed; created
// tells which.
func (s *Service) CreateCart(ctx context.Context, u *shop.User) (*shop.Cart, bool, error) {
	return s.store.CreateCart(ctx, shop.Cart{ID: shop.NewUUID(), UserID: u.ID, Status: shop.CartActive, CreatedAt: s.now()})
}

// Cart returns the user's active cart if id names it, else 404 (Cart).
func (s *Service) Cart(ctx context.Context, u *shop.User, id string) (*shop.Cart, error) {
	id, ok := shop.ParseUUID(id)
	if !ok {
		return nil, shop.ErrNotFoundPlain
	}
	c, err := s.store.ActiveCart(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	if c == nil || c.ID != id {
		return nil, shop.NotFound("Cart")
	}
	return c, nil
}

// CartLines lists the lines of the user's active cart ([] without one).
func (s *Service) CartLines(ctx context.Context, u *shop.User) ([]shop.CartLine, error) {
	return s.cartLines(ctx, u.ID, 0)
}

// CartLine returns one line of the user's active cart, else 404 (CartItem).
func (s *Service) CartLine(ctx context.Context, u *shop.User, id int64) (*shop.CartLine, error) {
	lines, err := s.cartLines(ctx, u.ID, id)
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, shop.NotFound("CartItem")
	}
	return &lines[0], nil
}

// cartLines reads the user's cart lines (one when lineID > 0) with products
// of suspended stores or hidden categories shown as inactive, so such lines are unavailable.
func (s *Service) cartLines(ctx context.Context, userID, lineID int64) ([]shop.CartLine, error) {
	vis, err := s.visibility(ctx)
	if err != nil {
		return nil, err
	}
	lines, err := s.store.CartLines(ctx, userID, lineID)
	for i := range lines {
		vis.settle(&lines[i].Product)
	}
	return lines, err
}

// settle clears p.Active when its store is suspended or one of its
// categories is hidden (inactive, or under an inactive ancestor): shoppers
// can neither see nor cart nor order such a product (invariants 16 and 20).
func (v visibility) settle(p *shop.CartProduct) {
	if v.hiddenStores[p.StoreID] {
		p.Active = false
		return
	}
	for _, id := range p.CategoryIDs {
		if id != 0 && v.byID[id] == nil {
			p.Active = false
			return
		}
	}
}

// CartAdd is the body of POST /store/cart-items/ as decoded (nil = absent).
type CartAdd struct {
	ProductID Ref
	VariantID Ref
	Quantity  *int64
}

// AddToCart validates in the contract's order, then merges the quantity into
// the user's active cart (created if needed). Nothing is written unless every
// check passes; created reports a new line.
func (s *Service) AddToCart(ctx context.Context, u *shop.User, in CartAdd) (*shop.CartLine, bool, error) {
	fe := shop.FieldErrors{}
	usable := in.ProductID.check(fe, "product_id", true)
	qty := int64(1)
	if in.Quantity != nil {
		qty = *in.Quantity
		quantityRange(fe, "quantity", qty)
	}
	if usable && in.ProductID.ID <= 0 {
		fe.Add("product_id", doesNotExist(in.ProductID))
		usable = false
	}
	variantID := int64(0)
	if in.VariantID.check(fe, "variant_id", false) {
		if variantID = in.VariantID.ID; variantID <= 0 {
			fe.Add("variant_id", doesNotExist(in.VariantID))
		}
	}
	if !usable {
		return nil, false, fe.Err()
	}
	vis, err := s.visibility(ctx)
	if err != nil {
		return nil, false, err
	}
	pid := in.ProductID.ID
	now := s.now()
	lineID, created, err := s.store.AddToCart(ctx, shop.Cart{ID: shop.NewUUID(), UserID: u.ID, Status: shop.CartActive, CreatedAt: now},
		pid, max(variantID, 0), int(qty), now, func(p *shop.CartProduct, carted, lines int) error {
			if p != nil {
				vis.settle(p)
			}
			if p == nil || !p.Active {
				fe.Add("product_id", doesNotExist(in.ProductID))
			} else {
				variantProblem(fe, "variant_id", p, in.VariantID, variantID)
			}
			if err := fe.Err(); err != nil {
				return err
			}
			if p.Inventory <= 0 {
				return errOutOfStock
			}
			total := carted + int(qty)
			switch {
			case total > p.Inventory:
				return onlyLeft(p.Inventory)
			case total > shop.MaxLineQuantity:
				return shop.Invalid(map[string][]string{"quantity": {"You can have at most 99 of this product in your cart."}})
			case carted == 0 && lines >= shop.MaxCartLines:
				return errCartFull
			}
			return nil
		})
	if err != nil {
		return nil, false, err
	}
	l, err := s.CartLine(ctx, u, lineID)
	return l, created, err
}

// SetCartLineQuantity changes a line's quantity (PATCH); < 1 is an error,
// never a delete.
func (s *Service) SetCartLineQuantity(ctx context.Context, u *shop.User, lineID int64, quantity *int64) (*shop.CartLine, error) {
	fe := shop.FieldErrors{}
	if quantity == nil {
		fe.Add("quantity", msgRequired)
	} else {
		quantityRange(fe, "quantity", *quantity)
	}
	vis, err := s.visibility(ctx)
	if err != nil {
		return nil, err
	}
	err = s.store.SetCartLineQuantity(ctx, u.ID, lineID, int(valueOr(quantity)), s.now(), func(l *shop.CartLine) error {
		if l == nil {
			return shop.NotFound("CartItem")
		}
		vis.settle(&l.Product)
		if err := fe.Err(); err != nil {
			return err
		}
		// An inactive product (or variant, or a line whose options changed
		// under it) cannot be carted in any quantity.
		if !l.Product.Active || l.Product.Inventory <= 0 || !l.VariantOK() {
			return errOutOfStock
		}
		if int(*quantity) > l.Product.Inventory {
			return onlyLeft(l.Product.Inventory)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.CartLine(ctx, u, lineID)
}

// DeleteCartLine removes a line of the user's active cart.
func (s *Service) DeleteCartLine(ctx context.Context, u *shop.User, lineID int64) error {
	ok, err := s.store.DeleteCartLine(ctx, u.ID, lineID)
	if err == nil && !ok {
		return shop.NotFound("CartItem")
	}
	return err
}

// Variant texts (contract: variants).
const (
	msgChooseOption = "Choose an option."
	msgNoOptions    = "This product has no options."
)

// variantProblem adds to fe what is wrong with the variant a line names
// for product p (the store put the variant found on p): none named for a
// product with options, one named for a product without, or one unknown,
// of another product or inactive.
func variantProblem(fe shop.FieldErrors, field string, p *shop.CartProduct, ref Ref, id int64) {
	switch {
	case fe.Has(field):
	case !p.HasOptions && ref.given():
		fe.Add(field, msgNoOptions)
	case !p.HasOptions:
	case !ref.given():
		fe.Add(field, msgChooseOption)
	case p.Variant == nil || p.Variant.ID != id || p.Variant.ProductID != p.ID || !p.Variant.Active:
		fe.Add(field, doesNotExist(ref))
	}
}

func quantityRange(fe shop.FieldErrors, field string, q int64) {
	switch {
	case q < 1:
		fe.Add(field, "Ensure this value is greater than or equal to 1.")
	case q > shop.MaxLineQuantity:
		fe.Add(field, "Ensure this value is less than or equal to 99.")
	}
}

func onlyLeft(n int) error {
	return shop.Invalid(map[string][]string{"quantity": {"Only " + strconv.Itoa(n) + " left in stock."}})
}

func valueOr(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
