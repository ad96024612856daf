package shop

import (
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"
)

// Cart states: one active cart per user, closed (inactive) by an order.
const (
	CartActive   = "active"
	CartInactive = "inactive"
)

// Order states (contract §2.4).
const (
	OrderPending    = "pending"
	OrderProcessing = "processing"
	OrderShipped    = "shipped"
	OrderDelivered  = "delivered"
	OrderCancelled  = "cancelled"
)

// Payment attempt states and flags (contract §2.5).
const (
	PaymentPending    = "pending"
	PaymentSuccessful = "successful"
	PaymentFailed     = "failed"

	// FlagReview marks a payment staff must look at (amount or currency
	// mismatch); FlagRefund one whose money must go back (order no longer
	// payable).
	FlagReview = "review"
	FlagRefund = "refund"

	// PaymentRefundPending is how a successful attempt flagged for refund
	// is shown: the money came, but not for a payable order, and goes back.
	PaymentRefundPending = "refund_pending"
)

// ShownStatus is the attempt's state as it is told to its owner: what is
// true for them, so a success that paid nothing is not "successful".
func (p *Payment) ShownStatus() string {
	if p.Status == PaymentSuccessful && p.Flag == FlagRefund {
		return PaymentRefundPending
	}
	return p.Status
}

// Currency is the only currency Dwa sells in.
const Currency = "GHS"

// Cart limits (contract §2.3).
const (
	MaxLineQuantity = 99
	MaxCartLines    = 100
)

// Cart is a user's bag; prices in it are live.
type Cart struct {
	ID        string
	UserID    int64
	Status    string
	CreatedAt time.Time
}

// CartProduct is what a cart line shows of its product, as it is now.
type CartProduct struct {
	ID        int64
	Name      string
	Images    []string
	UnitPrice Money
	Inventory int
	// Active is the product's own flag as stored; the service clears it
	// when its store is suspended or one of CategoryIDs is hidden, because such a product must be
	// treated exactly like an inactive one.
	Active    bool
	StoreID   int64 // 0 without a store
	StoreName string
	// The store's shop address and delivery settings, which price the
	// line's delivery.
	StoreAddress  string
	StoreDelivery StoreDelivery
	// CategoryIDs by level, 0 = none.
	CategoryIDs [MaxCategoryDepth]int64
	// HasOptions: the product has options, so a line must name a variant.
	HasOptions bool
	// Variant is the line's variant (nil without one, or when the id
	// named is unknown). With one of this product, UnitPrice and
	// Inventory are the variant's; its own flag is Variant.Active.
	Variant *LineVariant
}

// LineRequest is a product and quantity ordered on its own (Buy Now),
// without going through the bag.
type LineRequest struct {
	ProductID int64
	VariantID int64 // 0 for none
	Quantity  int
}

// CartLine is one product in a cart.
type CartLine struct {
	ID     int64
	CartID string
	// VariantID is the variant the line names (0 for none), even when
	// Product.Variant could not be found.
	VariantID int64
	Product   CartProduct
	Quantity  int
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Total is the line's current price × quantity.
func (l CartLine) Total() Money { return l.Product.UnitPrice * Money(l.Quantity) }

// OrderItem is the line as ordered: the product, its store, price and
// chosen options as they are now, kept on the order whatever they become.
func (l CartLine) OrderItem() OrderItem {
	it := OrderItem{ProductID: l.Product.ID, ProductName: l.Product.Name, ProductImages: l.Product.Images,
		StoreID: l.Product.StoreID, StoreName: l.Product.StoreName, Name: l.Product.Name, UnitPrice: l.Product.UnitPrice,
		Quantity: l.Quantity, VariantID: l.VariantID, Options: []OptionValue{}}
	if v := l.Product.Variant; v != nil {
		it.Options = v.Options
	}
	return it
}

// Available is false when the line could not be ordered as it is.
func (l CartLine) Available() bool {
	return l.Product.Active && l.Product.Inventory >= l.Quantity && l.VariantOK()
}

// VariantOK reports whether the line names a variant exactly when its
// product has options, and that variant is the product's and active.
func (l CartLine) VariantOK() bool {
	if !l.Product.HasOptions {
		return l.VariantID == 0
	}
	v := l.Product.Variant
	return v != nil && v.ProductID == l.Product.ID && v.ID == l.VariantID && v.Active
}

// Order is a placed order with its snapshot lines.
type Order struct {
	ID              string
	UserID          int64
	UserEmail       string
	Status          string
	Amount          Money
	ShippingAddress string
	ContactInfo     string
	// DeliveryAddress is the order's copy of its structured address (nil
	// for an order placed with the free-text fields only).
	DeliveryAddress *Address
	CreatedAt       time.Time
	UpdatedAt       time.Time
	PaidAt          time.Time // zero until paid
	CancelledAt     time.Time // zero unless cancelled
	// CODAt is when the buyer chose to pay on delivery (zero otherwise).
	CODAt time.Time
	Items []OrderItem
	// Events are the order's status changes, oldest first.
	Events []OrderEvent
	// Deliveries are the store parts' deliveries (none for an order placed
	// with the free-text fields only); Amount includes their fees.
	Deliveries []PartDelivery
}

// DeliveryOf is the delivery of storeID's part, or nil.
func (o *Order) DeliveryOf(storeID int64) *PartDelivery {
	for i := range o.Deliveries {
		if o.Deliveries[i].StoreID == storeID {
			return &o.Deliveries[i]
		}
	}
	return nil
}

// DeliveryAmount is the sum of the parts' delivery fees.
func (o *Order) DeliveryAmount() Money {
	var sum Money
	for _, d := range o.Deliveries {
		sum += d.Fee
	}
	return sum
}

// OrderItem is a line of an order: name and price are snapshots taken at
// placement, product images are live.
type OrderItem struct {
	ID            int64
	ProductID     int64
	ProductName   string // the product's current name
	ProductImages []string
	StoreID       int64
	StoreName     string // the store's current name
	Name          string
	UnitPrice     Money
	Quantity      int
	// VariantID and Options: the variant ordered and its values as they
	// were named then (0 and none without options).
	VariantID int64
	Options   []OptionValue
	// Fulfilment by the line's store: zero until shipped / delivered.
	ShippedAt    time.Time
	DeliveredAt  time.Time
	TrackingNote string
	// Of a pay-on-delivery order: when the rider collected the money; when
	// and why the store cancelled the line's part unpaid.
	CODPaidAt    time.Time
	CancelledAt  time.Time
	CancelReason string
}

// PayOnDelivery reports whether the buyer chose to pay on delivery.
func (o *Order) PayOnDelivery() bool { return !o.CODAt.IsZero() }

// Total is the snapshot price × quantity.
func (i OrderItem) Total() Money { return i.UnitPrice * Money(i.Quantity) }

// Payment is one payment attempt for an order.
type Payment struct {
	ID              int64
	OrderID         string
	UserID          int64
	Email           string // the account e-mail, for the provider popup
	Reference       string
	Amount          Money
	Currency        string
	Status          string
	Provider        string
	AccessCode      string // empty when the provider has none
	GatewayResponse string
	Flag            string
	CreatedAt       time.Time
	UpdatedAt       time.Time
	PaidAt          time.Time
	// Attempts counts the background provider checks that failed; the
	// jobs ask again from NextAttemptAt.
	Attempts      int
	NextAttemptAt time.Time
	// Channel is card or mobile_money; a mobile money attempt also keeps
	// the number, its network and where its charge stands.
	Channel     string
	Phone       string
	Network     string
	ChargeState string
	DisplayText string
}

// ProviderTransaction is what a payment provider reports about a reference.
// Found is false when the provider does not know the reference.
type ProviderTransaction struct {
	Found           bool
	Status          string // the provider's transaction status, e.g. "success"
	Reference       string
	Amount          Money
	Currency        string
	GatewayResponse string
}

// NewUUID returns a random (version 4) UUID in lower-case hyphenated form.
func NewUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on supported platforms
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// ParseUUID normalises a UUID in any case to lower-case hyphenated form;
// ok is false for anything else.
func ParseUUID(s string) (string, bool) {
	if len(s) != 36 {
		return "", false
	}
	s = strings.ToLower(s)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return "", false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
				return "", false
			}
		}
	}
	return s, true
}

// NewPaymentReference returns "pay-" + 32 lower-case hex digits (128 random bits).
func NewPaymentReference() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "pay-" + hex.EncodeToString(b[:])
}

// ValidPaymentReference reports whether s has the form of our references.
func ValidPaymentReference(s string) bool {
	if len(s) != 36 || !strings.HasPrefix(s, "pay-") {
		return false
	}
	for i := 4; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// Idempotency record states.
const (
	IdempotencyRunning = "running"
	IdempotencyDone    = "done"
)

// IdempotencyRecord is what a key remembers: the request it was first used
// with and, once done, the id of the order it produced.
type IdempotencyRecord struct {
	RequestHash string
	State       string
	Result      string
}

// Fulfilment is what applying a confirmed, matching success did.
type Fulfilment int

const (
	// FulfilDone: the attempt became successful and its order processing.
	FulfilDone Fulfilment = iota + 1
	// FulfilAlreadyDone: the attempt was successful already; nothing changed.
	FulfilAlreadyDone
	// FulfilNotPayable: the attempt became successful but its order was no
	// longer pending, so it is flagged for refund.
	FulfilNotPayable
)

// PaymentEvent is a signed provider event, stored before it is processed.
type PaymentEvent struct {
	ID         int64
	Provider   string
	Event      string
	Reference  string
	Payload    string
	ReceivedAt time.Time
	Attempts   int // failed applications so far
}

// PaymentInit is what the server tells a provider about a new transaction;
// the browser can change none of it.
type PaymentInit struct {
	Reference string
	Email     string
	Amount    Money
	Currency  string
}

// ErrAlreadyCharged is the answer to charging a test payment that was
// charged successfully before (contract §2.5).
var ErrAlreadyCharged = Conflict("already_charged", "This payment has already been charged.")
