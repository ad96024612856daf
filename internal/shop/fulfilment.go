package shop

import (
	"strconv"
	"time"
)

// A store's part of an order: its lines, which it ships and delivers
// together. The part's status is read from the lines' timestamps.
const (
	PartProcessing = OrderProcessing
	PartShipped    = OrderShipped
	PartDelivered  = OrderDelivered
	// PartCancelled: a store cancelled its unpaid pay-on-delivery part.
	PartCancelled = OrderCancelled
	// PartPaidOnDelivery is the move (and event) of a pay-on-delivery part
	// handed over against payment: it is delivered at the same time.
	PartPaidOnDelivery = "paid_on_delivery"
)

// MaxCancelReason bounds the reason a store gives when it cancels a part.
const MaxCancelReason = 500

// MaxTrackingNote bounds the note a store adds when it ships.
const MaxTrackingNote = 500

// OrderEvent is one status change of an order (StoreID 0) or of one
// store's part of it. ActorID 0 is the system (payment, expiry).
type OrderEvent struct {
	ID        int64
	OrderID   string
	StoreID   int64
	Status    string
	Note      string
	ActorID   int64
	Actor     string // the actor's username, empty for the system
	CreatedAt time.Time
}

// PartStatus is the fulfilment status of the given lines (one store's):
// delivered when delivered, shipped when shipped, else processing.
func PartStatus(lines []OrderItem) string {
	if len(lines) == 0 {
		return ""
	}
	switch {
	case !lines[0].CancelledAt.IsZero():
		return PartCancelled
	case !lines[0].DeliveredAt.IsZero():
		return PartDelivered
	case !lines[0].ShippedAt.IsZero():
		return PartShipped
	}
	return PartProcessing
}

// PartCounts counts an order's lines (one store's, or all of them) by how
// far they have got. Lines, Shipped and Delivered count lines that are not
// cancelled; Cancelled those a store cancelled, Paid those paid on
// delivery. COD tells whether the order is paid on delivery.
type PartCounts struct {
	Lines, Shipped, Delivered int
	Cancelled, Paid           int
	COD                       bool
}

// Fulfillable reports whether stores fulfil an order in this status: paid
// (or to be paid on delivery), and not cancelled.
func Fulfillable(status string) bool {
	return status == OrderProcessing || status == OrderShipped || status == OrderDelivered
}

// CheckPartMove refuses moving a store's part to `to` (PartShipped or
// PartDelivered) when its lines do not allow it: a part ships once, and is
// delivered once, after it shipped.
//
// A pay-on-delivery part (docs/decisions/0020) is delivered by marking it
// paid on delivery (PartPaidOnDelivery), from processing or shipped, once;
// until then its store may cancel it (PartCancelled). A cancelled part
// moves no more.
func CheckPartMove(part PartCounts, to string) error {
	refuse := func(detail string) error { return Conflict("invalid_transition", detail) }
	switch {
	case part.Cancelled > 0:
		return refuse("This order was cancelled.")
	case (to == PartPaidOnDelivery || to == PartCancelled) && !part.COD:
		return refuse("Only orders paid on delivery can be marked paid on delivery or cancelled by the store.")
	case (to == PartPaidOnDelivery || to == PartCancelled) && part.Paid > 0:
		return refuse("This order has already been marked paid on delivery.")
	case to == PartPaidOnDelivery || to == PartCancelled:
		return nil
	case to == PartDelivered && part.COD:
		return refuse("This order is paid on delivery: mark it paid on delivery when you hand it over.")
	case to == PartShipped && part.Shipped > 0:
		return refuse("This order has already been marked shipped.")
	case to == PartShipped:
		return nil
	case part.Delivered > 0:
		return refuse("This order has already been marked delivered.")
	case part.Shipped == 0:
		return refuse("Mark this order shipped before marking it delivered.")
	}
	return nil
}

// OrderStatusAfter is an order's status once its lines are as counted: it
// follows its parts, delivered when every line is, shipped when every line
// has shipped, and stays as it is otherwise.
func OrderStatusAfter(current string, all PartCounts) string {
	switch {
	case all.Lines == 0 && all.Cancelled > 0:
		return OrderCancelled
	case all.Lines > 0 && all.Delivered == all.Lines:
		return OrderDelivered
	case all.Lines > 0 && all.Shipped == all.Lines:
		return OrderShipped
	}
	return current
}

// LinesOf returns the order's lines that belong to storeID.
func (o *Order) LinesOf(storeID int64) []OrderItem {
	var out []OrderItem
	for _, it := range o.Items {
		if it.StoreID == storeID {
			out = append(out, it)
		}
	}
	return out
}

// SellerOrderFilter selects a store's orders: by its part's status
// (PartProcessing, PartShipped, PartDelivered; empty = all paid ones).
type SellerOrderFilter struct {
	Status        string
	Offset, Limit int
}

// SellerProductFilter selects a store's products for the Seller Centre.
type SellerProductFilter struct {
	Search        string // case-insensitive part of the name
	Status        string // "", "active", "inactive" or "out_of_stock"
	Offset, Limit int
}

// Part is one store's share of an order as the buyer follows it.
type Part struct {
	StoreID      int64
	StoreName    string
	Status       string
	TrackingNote string
	ShippedAt    time.Time
	DeliveredAt  time.Time
	// Of a pay-on-delivery order: what the rider collects (zero once paid
	// or cancelled), when it was paid; of a cancelled part, when and why.
	Due          Money
	CODPaidAt    time.Time
	CancelledAt  time.Time
	CancelReason string
	// ItemIDs are the part's lines (OrderItem.ID), in order.
	ItemIDs []int64
	// Delivery is nil for an order placed with the free-text fields only.
	Delivery *PartDelivery
}

// Parts groups the order's lines by store, in the order of their first
// line. A paid order's parts each have a status; before payment and after
// cancellation they have the order's.
func (o *Order) Parts() []Part {
	var out []Part
	index := map[int64]int{}
	for _, it := range o.Items {
		i, ok := index[it.StoreID]
		if !ok {
			i = len(out)
			index[it.StoreID] = i
			out = append(out, Part{StoreID: it.StoreID, StoreName: it.StoreName,
				Status: o.Status, TrackingNote: it.TrackingNote, ShippedAt: it.ShippedAt, DeliveredAt: it.DeliveredAt,
				CODPaidAt: it.CODPaidAt, CancelledAt: it.CancelledAt, CancelReason: it.CancelReason})
			if Fulfillable(o.Status) || !it.CancelledAt.IsZero() {
				out[i].Status = PartStatus([]OrderItem{it})
			}
			out[i].Delivery = o.DeliveryOf(it.StoreID)
			if o.PayOnDelivery() && it.CODPaidAt.IsZero() && it.CancelledAt.IsZero() && out[i].Delivery != nil {
				out[i].Due += out[i].Delivery.Fee // the rider collects the part's fee with its lines
			}
		}
		if o.PayOnDelivery() && it.CODPaidAt.IsZero() && it.CancelledAt.IsZero() {
			out[i].Due += it.Total()
		}
		out[i].ItemIDs = append(out[i].ItemIDs, it.ID)
	}
	return out
}

// SellerDay is one UTC day of a store's figures (Ghana keeps UTC).
type SellerDay struct {
	Date    time.Time
	Orders  int
	Revenue Money // the store's lines of paid orders
	Views   int   // human views of its product pages
}

// StockLevel is a product running out.
type StockLevel struct {
	ID        int64
	Name      string
	Inventory int
}

// SellerDashboard is a store's overview: the days from the oldest, its
// active products running out of stock, and its unread messages.
type SellerDashboard struct {
	Days []SellerDay
	// The paid orders of today and of the last 7 days (today included), and
	// the revenue of those 7 days.
	OrdersToday, OrdersWeek int
	RevenueWeek             Money
	LowStock                []StockLevel
	UnreadMessages          int64
}

// MaxProductImages bounds a product's gallery.
const MaxProductImages = 8

// ErrTooManyImages refuses an image beyond MaxProductImages.
var ErrTooManyImages = &Error{Kind: KindInvalid, Fields: map[string][]string{
	"image": {"A product can have at most " + strconv.Itoa(MaxProductImages) + " images. Delete one first."}}}
