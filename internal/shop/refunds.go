package shop

import "time"

// Refund states (docs/decisions/0019). A refund is written as requested
// before the provider is asked; the provider's answer and its refund.*
// events then move it to pending, processing, and finally processed (the
// money went back) or failed (it did not; the amount may be refunded
// again).
const (
	RefundRequested  = "requested"
	RefundPending    = "pending"
	RefundProcessing = "processing"
	RefundProcessed  = "processed"
	RefundFailed     = "failed"
)

// refundRanks orders the states so that a late or repeated report never
// moves a refund back; the two final states share the top rank, so neither
// replaces the other.
var refundRanks = map[string]int{RefundRequested: 0, RefundPending: 1, RefundProcessing: 2, RefundProcessed: 3, RefundFailed: 3}

// RefundAdvances reports whether a refund in state from moves to state to.
func RefundAdvances(from, to string) bool {
	r, ok := refundRanks[to]
	return ok && r > refundRanks[from]
}

// Refund is money sent back for a successful payment, all or part of it.
type Refund struct {
	ID               int64
	OrderID          string
	PaymentID        int64
	PaymentReference string
	// StoreID is the store whose owner refunded its part; 0 when staff did.
	StoreID          int64
	Amount           Money
	Currency         string
	Status           string
	Provider         string
	ProviderRefundID string
	IdempotencyKey   string
	Reason           string
	Failure          string
	// RequestedBy is 0 for a refund made outside Dwa (the provider's
	// dashboard), learnt from its events.
	RequestedBy int64
	// BuyerID, BuyerEmail and BuyerPhone (verified, else "") are the
	// order's buyer, for the refund notice.
	BuyerID     int64
	BuyerEmail  string
	BuyerPhone  string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	ProcessedAt time.Time // zero until processed
}

// Counts reports whether the refund takes from what may still be refunded:
// every refund but a failed one.
func (r *Refund) Counts() bool { return r.Status != RefundFailed }

// ProviderRefund is what a provider reports about a refund: its id, the
// transaction it refunds, how much and where it stands.
type ProviderRefund struct {
	ID                   string
	TransactionReference string
	Amount               Money
	Currency             string
	Status               string
	// Reason is the provider's word on a failed refund.
	Reason string
}

// RefundRoom is what may still be refunded of a payment when a refund is
// asked for, read under the order's lock.
type RefundRoom struct {
	Paid     Money // the payment's amount
	Refunded Money // refunds of the payment that count
	// StorePart and StoreRefunded are set for a store's own refund: the
	// store's lines of the order, and its refunds that count.
	StorePart     Money
	StoreRefunded Money
}

// QueuedRefund is a payment flagged for refund (a late success for an order
// no longer payable) with what was refunded of it so far.
type QueuedRefund struct {
	Payment  *Payment
	Refunded Money
}
