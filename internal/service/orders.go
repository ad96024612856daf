package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"time"

	"dwa/internal/shop"
)

// OrderStore keeps orders and idempotency keys.
type OrderStore interface {
	// PlaceOrder, in one transaction: locks the user's active cart, reads
	// its lines and calls check with them (cart nil when none); then takes
	// each line's quantity from stock with a conditional update, inserts o
	// with snapshots of the lines, closes the cart and, when o carries an
	// idempotency key, records o.ID as that key's result, and queues the
	// mails made from the placed order. If any line
	// falls short it rolls everything back and returns the first such
	// line in cart order with its product's current state.
	// With direct lines (non-nil) the order is of those instead: check gets
	// them, in request order and without those whose product does not
	// exist, and a nil cart; the user's cart is neither read nor closed.
	PlaceOrder(ctx context.Context, o *shop.Order, idemKey string, direct []shop.LineRequest,
		check func(c *shop.Cart, lines []shop.CartLine) error, mails func(*shop.Order) []shop.Mail) (short *shop.CartLine, err error)
	// Orders returns limit of the user's orders not hidden by them from
	// offset, newest first, and how many there are.
	Orders(ctx context.Context, userID int64, offset, limit int) ([]*shop.Order, int, error)
	// Order returns the user's order, or nil; hidden ones only with includeHidden.
	Order(ctx context.Context, userID int64, id string, includeHidden bool) (*shop.Order, error)
	// DeleteOrder applies a shopper's delete to a visible order in one
	// transaction: a pending order is cancelled (stock released, pending
	// payment attempts failed) and hidden, a cancelled one hidden. It
	// returns the status the order had, "" when there is no such order.
	DeleteOrder(ctx context.Context, userID int64, id string, at time.Time) (string, error)
	// ExpiredOrders lists ids of orders still pending that were created
	// before, leaving out those whose pending attempt's provider check is
	// not due at now or was given up (flagged).
	ExpiredOrders(ctx context.Context, before, now time.Time, limit int) ([]string, error)
	// ExpireOrder cancels the order if it is still pending, releasing its
	// stock and failing its pending payment attempts; false when it was not.
	ExpireOrder(ctx context.Context, id string, at time.Time) (bool, error)

	// ClaimIdempotencyKey records key as running for the user unless a
	// record younger than the ones it may replace exists, which it returns
	// instead (nil when claimed). Records created before expired, and
	// running ones created before stale, are replaced.
	ClaimIdempotencyKey(ctx context.Context, userID int64, key, requestHash string, at, expired, stale time.Time) (*shop.IdempotencyRecord, error)
	// ReleaseIdempotencyKey forgets a running key whose request failed.
	ReleaseIdempotencyKey(ctx context.Context, userID int64, key string) error
	// PruneIdempotencyKeys deletes records created before the given time.
	PruneIdempotencyKeys(ctx context.Context, before time.Time) error
}

// Idempotency keys are kept 24 h (contract §2.4). A key still "running"
// after idemStale belongs to a process that died mid-request (a placement
// takes milliseconds and its transaction was rolled back), so it may be
// claimed again.
const (
	idemTTL   = 24 * time.Hour
	idemStale = time.Minute
)

// Order texts (contract §2.4).
var (
	errNoActiveCart = shop.InvalidDetail("no_active_cart", "No active cart found")
	errCartEmpty    = shop.InvalidDetail("cart_empty", "Cart is empty. Cannot create order.")
	errKeyReused    = &shop.Error{Kind: shop.KindUnprocessable, Code: "idempotency_key_reused",
		Detail: "Idempotency-Key was already used with a different request."}
	errKeyInProgress = shop.Conflict("idempotency_in_progress", "A request with this Idempotency-Key is in progress.")
	errBadKey        = shop.InvalidDetail("invalid_idempotency_key", "Idempotency-Key must be 1 to 255 printable ASCII characters.")
	errNotDeletable  = shop.Conflict("order_not_deletable", "Only pending orders can be deleted.")
)

// OrderRequest is the body of POST /store/orders/ as decoded (nil = absent),
// with the Idempotency-Key header ("" when not sent).
type OrderRequest struct {
	ShippingAddress *string
	ContactInfo     *string
	Cart            *string
	// Items, when given, are ordered instead of the bag (Buy Now).
	Items          *[]OrderLineInput
	IdempotencyKey string
	// ItemsErr is the HTTP layer's reason why items is not a list of
	// objects ("" when it is, or absent).
	ItemsErr string
	// AddressID names a saved address of the caller; Address is a new
	// structured address (AddressErr: why the body's was not an object),
	// added to the address book too with SaveAddress. With either the
	// free-text fields are written from it (decision 0023).
	AddressID   Ref
	Address     *AddressInput
	AddressErr  string
	SaveAddress *bool
	// Delivery are the parts' ways other than the door (decision 0024);
	// DeliveryErr why the body's was not a list of objects.
	Delivery    []DeliveryChoiceInput
	DeliveryErr string
}

// structured reports whether the request names a structured address.
func (in OrderRequest) structured() bool {
	return in.AddressID.given() || in.Address != nil || in.AddressErr != ""
}

// OrderLineInput is one line of OrderRequest.Items as decoded.
type OrderLineInput struct {
	ProductID Ref
	VariantID Ref
	Quantity  *int64
	// QuantityErr is the decoder's complaint about the quantity's type.
	QuantityErr string
}

// fieldErrors checks the fields and returns the contact number in its one
// stored form, E.164 (shop.ParsePhone), a new structured address (nil
// when none was sent) and the lines ordered directly.
func (in OrderRequest) fieldErrors() (shop.FieldErrors, string, *shop.Address, []shop.LineRequest) {
	fe := shop.FieldErrors{}
	var contact string
	var fresh *shop.Address
	if in.structured() {
		fresh = in.structuredAddress(fe)
	} else {
		requiredText(fe, "shipping_address", in.ShippingAddress, 300)
		if phone := requiredText(fe, "contact_info", in.ContactInfo, 32); !fe.Has("contact_info") {
			var ok bool
			if contact, ok = shop.ParsePhone(phone); !ok {
				fe.Add("contact_info", "Enter a valid phone number.")
			}
		}
	}
	direct := in.directLines(fe)
	return fe, contact, fresh, direct
}

// structuredAddress checks address_id, address and save_address into fe
// and returns the new address sent (nil with address_id).
func (in OrderRequest) structuredAddress(fe shop.FieldErrors) *shop.Address {
	switch {
	case in.AddressErr != "":
		fe.Add("address", in.AddressErr)
	case in.Address != nil && in.AddressID.given():
		fe.Add("address_id", "Send either address_id or address, not both.")
	case in.Address != nil:
		a := &shop.Address{}
		applyAddress(in.Address.check(fe, "address.", true), a)
		return a
	default:
		in.AddressID.check(fe, "address_id", true)
		if in.SaveAddress != nil && *in.SaveAddress {
			fe.Add("save_address", "Only a new address can be saved.")
		}
	}
	return nil
}

// directLines checks Items into fe and returns them as requested lines
// (nil when absent or wrong). A line's quantity defaults to 1, as in the
// bag; a product may appear once.
func (in OrderRequest) directLines(fe shop.FieldErrors) []shop.LineRequest {
	switch {
	case in.ItemsErr != "":
		fe.Add("items", in.ItemsErr)
		return nil
	case in.Items == nil:
		return nil
	case in.Cart != nil:
		fe.Add("cart", "Send either cart or items, not both.")
	case len(*in.Items) == 0:
		fe.Add("items", "This list may not be empty.")
	case len(*in.Items) > shop.MaxCartLines:
		fe.Add("items", "Ensure this field has no more than "+strconv.Itoa(shop.MaxCartLines)+" elements.")
	}
	lines := make([]shop.LineRequest, 0, len(*in.Items))
	seen := map[[2]int64]bool{}
	for i, it := range *in.Items {
		prefix := "items[" + strconv.Itoa(i) + "]."
		usable := it.ProductID.check(fe, prefix+"product_id", true)
		if usable && it.ProductID.ID <= 0 {
			fe.Add(prefix+"product_id", doesNotExist(it.ProductID))
		}
		qty := int64(1)
		switch {
		case it.QuantityErr != "":
			fe.Add(prefix+"quantity", it.QuantityErr)
		case it.Quantity != nil:
			qty = *it.Quantity
			quantityRange(fe, prefix+"quantity", qty)
		}
		variantID := int64(0)
		if it.VariantID.check(fe, prefix+"variant_id", false) {
			if variantID = it.VariantID.ID; variantID <= 0 {
				fe.Add(prefix+"variant_id", doesNotExist(it.VariantID))
				variantID = 0
			}
		}
		// A product may appear once per variant.
		key := [2]int64{it.ProductID.ID, variantID}
		if usable && seen[key] {
			fe.Add(prefix+"product_id", "This product is already in the list.")
		}
		seen[key] = true
		lines = append(lines, shop.LineRequest{ProductID: it.ProductID.ID, VariantID: variantID, Quantity: int(qty)})
	}
	return lines
}

// hash identifies the request's meaning for idempotency: the same fields
// after trimming give the same hash.
func (in OrderRequest) hash() string {
	h := sha256.New()
	cart := in.Cart
	if cart != nil {
		if id, ok := shop.ParseUUID(*cart); ok {
			cart = &id
		}
	}
	texts := []*string{in.ShippingAddress, in.ContactInfo, cart}
	// Only when sent, so that the hash of an order without them is what
	// it always was.
	if in.structured() {
		id := strconv.FormatInt(in.AddressID.ID, 10) + ":" + strconv.FormatBool(in.SaveAddress != nil && *in.SaveAddress)
		texts = append(texts, &id)
		if a := in.Address; a != nil {
			texts = append(texts, a.RecipientName, a.Phone, a.Region, a.City, a.Area, a.DigitalAddress, a.Landmark,
				a.Directions)
		}
	}
	for _, p := range texts {
		if p == nil {
			h.Write([]byte{0})
			continue
		}
		h.Write([]byte{1})
		h.Write([]byte(strconv.Itoa(len(*p)) + ":" + *p))
	}
	// Only when sent, like the address and the lines.
	if in.Delivery != nil || in.DeliveryErr != "" {
		h.Write([]byte("delivery:" + in.DeliveryErr))
		for _, c := range in.Delivery {
			h.Write([]byte(":" + strconv.FormatInt(c.Store.ID, 10) + "/" + strconv.FormatInt(c.PickupPoint.ID, 10) + "/" +
				strconv.FormatBool(c.StorePickup != nil && *c.StorePickup)))
		}
	}
	// Only when sent, so that a bag order's hash is what it always was.
	if in.Items != nil {
		h.Write([]byte("items"))
		for _, it := range *in.Items {
			qty := int64(1)
			if it.Quantity != nil {
				qty = *it.Quantity
			}
			h.Write([]byte(":" + strconv.FormatInt(it.ProductID.ID, 10) + "×" + strconv.FormatInt(qty, 10)))
			if it.VariantID.given() { // only when sent, as above
				h.Write([]byte("/" + strconv.FormatInt(it.VariantID.ID, 10)))
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

func validIdempotencyKey(k string) bool {
	if len(k) < 1 || len(k) > 255 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x20 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

// PlaceOrder turns the user's active cart into a pending order (contract
// §2.4). With an Idempotency-Key a repeat of a placed request returns the
// same order; a failed request does not consume its key.
func (s *Service) PlaceOrder(ctx context.Context, u *shop.User, in OrderRequest) (*shop.Order, error) {
	if in.IdempotencyKey == "" {
		return s.placeOrder(ctx, u, in)
	}
	if !validIdempotencyKey(in.IdempotencyKey) {
		return nil, errBadKey
	}
	now := s.now()
	prev, err := s.store.ClaimIdempotencyKey(ctx, u.ID, in.IdempotencyKey, in.hash(), now, now.Add(-idemTTL), now.Add(-idemStale))
	if err != nil {
		return nil, err
	}
	if prev != nil {
		switch {
		case prev.State != shop.IdempotencyDone:
			return nil, errKeyInProgress
		case prev.RequestHash != in.hash():
			return nil, errKeyReused
		}
		o, err := s.store.Order(ctx, u.ID, prev.Result, true)
		if err == nil && o == nil {
			err = shop.NotFound("Order")
		}
		return o, err
	}
	o, err := s.placeOrder(ctx, u, in)
	if err != nil {
		// The key was not used: give it back even if the client left.
		if rerr := s.store.ReleaseIdempotencyKey(context.WithoutCancel(ctx), u.ID, in.IdempotencyKey); rerr != nil {
			s.log.ErrorContext(ctx, "release idempotency key", "err", rerr)
		}
		return nil, err
	}
	return o, nil
}

func (s *Service) placeOrder(ctx context.Context, u *shop.User, in OrderRequest) (*shop.Order, error) {
	fe, contact, fresh, direct := in.fieldErrors()
	vis, err := s.visibility(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	o := &shop.Order{ID: shop.NewUUID(), UserID: u.ID, UserEmail: u.Email, Status: shop.OrderPending,
		ShippingAddress: valueOf(in.ShippingAddress), ContactInfo: contact, CreatedAt: now, UpdatedAt: now}
	if err := s.deliveryAddress(ctx, u, in, fe, fresh, o); err != nil {
		return nil, err
	}
	delivery, err := s.deliveryFor(ctx, in, o, fe)
	if err != nil {
		return nil, err
	}
	if (in.Items != nil || in.ItemsErr != "") && len(fe) > 0 {
		return nil, fe.Err() // no cart rule comes before a direct order's field errors
	}
	prefs, err := s.store.NoticePrefs(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	short, err := s.store.PlaceOrder(ctx, o, in.IdempotencyKey, direct, func(c *shop.Cart, lines []shop.CartLine) error {
		if direct != nil {
			if err := missingProducts(in, lines); err != nil {
				return err
			}
			if err := directVariants(vis, in, lines); err != nil {
				return err
			}
		} else if c == nil {
			return errNoActiveCart
		} else if len(lines) == 0 {
			return errCartEmpty
		}
		if in.Cart != nil {
			if id, ok := shop.ParseUUID(*in.Cart); !ok || id != c.ID {
				fe.Add("cart", "Invalid cart.")
			}
		}
		if err := fe.Err(); err != nil {
			return err
		}
		if err := unavailableLine(vis, lines); err != nil {
			return err
		}
		o.Items = make([]shop.OrderItem, len(lines))
		o.Amount = 0
		for i, l := range lines {
			o.Items[i] = l.OrderItem()
			o.Amount += o.Items[i].Total()
		}
		if delivery != nil {
			return delivery.apply(o, lines)
		}
		return nil
	}, func(o *shop.Order) []shop.Mail {
		return s.orderNotices(shop.NoticePlaced, prefs[shop.NoticePlaced], u.Phone, o)
	})
	switch {
	case err != nil:
		return nil, err
	case short != nil:
		return nil, lineShortfall(short)
	}
	s.wakeMailer()
	if fresh != nil && in.SaveAddress != nil && *in.SaveAddress {
		s.saveOrderAddress(ctx, u, *fresh)
	}
	return o, nil
}

// deliveryAddress sets the order's structured address — a copy of the
// saved one named, or the new one — and the free-text fields written from
// it. A saved address that is not the caller's is a field error in fe.
func (s *Service) deliveryAddress(ctx context.Context, u *shop.User, in OrderRequest, fe shop.FieldErrors,
	fresh *shop.Address, o *shop.Order) error {
	a := fresh
	if in.AddressID.given() && !fe.Has("address_id") {
		saved, err := s.store.Address(ctx, u.ID, in.AddressID.ID)
		if err != nil {
			return err
		}
		if saved == nil {
			fe.Add("address_id", doesNotExist(in.AddressID))
		}
		a = saved
	}
	if a == nil || len(fe) > 0 {
		return nil
	}
	if in.SaveAddress != nil && *in.SaveAddress && fresh != nil {
		book, err := s.store.Addresses(ctx, u.ID)
		if err != nil {
			return err
		}
		if len(book) >= shop.MaxAddresses {
			fe.Add("save_address", errAddressBookFull.Detail)
		}
	}
	snap := *a
	snap.ID, snap.UserID, snap.IsDefault, snap.CreatedAt, snap.UpdatedAt = 0, 0, false, time.Time{}, time.Time{}
	o.DeliveryAddress = &snap
	o.ShippingAddress, o.ContactInfo = snap.Text(), snap.Phone
	return nil
}

// saveOrderAddress adds an order's new address to the caller's book. The
// order is placed already: a book filled meanwhile only logs.
func (s *Service) saveOrderAddress(ctx context.Context, u *shop.User, a shop.Address) {
	now := s.now()
	a.UserID, a.CreatedAt, a.UpdatedAt = u.ID, now, now
	ok, err := s.store.CreateAddress(context.WithoutCancel(ctx), &a, shop.MaxAddresses)
	if err != nil || !ok {
		s.log.WarnContext(ctx, "order address not saved", "user", u.ID, "err", err, "full", !ok)
	}
}

// missingProducts is the field error of direct lines whose product does
// not exist (the store left them out of lines).
func missingProducts(in OrderRequest, lines []shop.CartLine) error {
	if len(lines) == len(*in.Items) {
		return nil
	}
	found := map[int64]bool{}
	for _, l := range lines {
		found[l.Product.ID] = true
	}
	fe := shop.FieldErrors{}
	for i, it := range *in.Items {
		if !found[it.ProductID.ID] {
			fe.Add("items["+strconv.Itoa(i)+"].product_id", doesNotExist(it.ProductID))
		}
	}
	return fe.Err()
}

// unavailableLine refuses a cart holding a product the shopper cannot see
// (inactive, of a suspended store, or in a hidden category) before any stock is taken; the
// store's conditional updates only know the product's own flag. Lines are
// judged in cart order as the contract says, so an earlier line that is
// already short of stock is the one reported.
func unavailableLine(vis visibility, lines []shop.CartLine) error {
	blocked := false
	for i := range lines {
		vis.settle(&lines[i].Product)
		blocked = blocked || !lines[i].Product.Active || !lines[i].VariantOK()
	}
	if !blocked {
		return nil
	}
	for _, l := range lines {
		if !l.Product.Active || !l.VariantOK() || l.Product.Inventory < l.Quantity {
			return lineShortfall(&l)
		}
	}
	return nil
}

// directVariants refuses, as field errors items[i].variant_id, direct
// lines whose variant is missing, unknown, another product's or inactive
// (lines are in request order, all found: missingProducts passed).
func directVariants(vis visibility, in OrderRequest, lines []shop.CartLine) error {
	fe := shop.FieldErrors{}
	for i, it := range *in.Items {
		p := lines[i].Product
		vis.settle(&p)
		if !p.Active {
			continue // the 409 product_unavailable, as without variants
		}
		variantProblem(fe, "items["+strconv.Itoa(i)+"].variant_id", &p, it.VariantID, lines[i].VariantID)
	}
	return fe.Err()
}

// lineShortfall is the contract's 409 for a line that cannot be ordered.
func lineShortfall(l *shop.CartLine) error {
	if !l.Product.Active || !l.VariantOK() {
		return shop.Conflict("product_unavailable", l.Product.Name+" is no longer available.")
	}
	return shop.Conflict("insufficient_stock",
		"Only "+strconv.Itoa(l.Product.Inventory)+" left of "+l.Product.Name+".")
}

// Orders returns a page of the user's orders, newest first, without hidden
// ones, and how many there are.
func (s *Service) Orders(ctx context.Context, u *shop.User, offset, limit int) ([]*shop.Order, int, error) {
	return s.store.Orders(ctx, u.ID, offset, limit)
}

// Order returns one of the user's visible orders, else 404 (Order).
func (s *Service) Order(ctx context.Context, u *shop.User, id string) (*shop.Order, error) {
	id, ok := shop.ParseUUID(id)
	if !ok {
		return nil, shop.ErrNotFoundPlain
	}
	o, err := s.store.Order(ctx, u.ID, id, false)
	if err == nil && o == nil {
		err = shop.NotFound("Order")
	}
	return o, err
}

// DeleteOrder cancels a pending order (releasing its stock) or hides a
// cancelled one; orders in any other state cannot be deleted.
func (s *Service) DeleteOrder(ctx context.Context, u *shop.User, id string) error {
	id, ok := shop.ParseUUID(id)
	if !ok {
		return shop.ErrNotFoundPlain
	}
	prev, err := s.store.DeleteOrder(ctx, u.ID, id, s.now())
	switch {
	case err != nil:
		return err
	case prev == "":
		return shop.NotFound("Order")
	case prev != shop.OrderPending && prev != shop.OrderCancelled:
		return errNotDeletable
	}
	return nil
}

func valueOf(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
