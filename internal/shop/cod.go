package shop

import (
	"strings"
	"time"
)

// Pay on delivery (issue 20, docs/decisions/0020).

// DefaultCODMax is the ceiling of a pay-on-delivery order until staff
// change it: GH₵ 2,000.
const DefaultCODMax Money = 200000

// PaymentSettings are staff's switches for payment methods.
type PaymentSettings struct {
	CODEnabled bool
	CODMax     Money
	// StoreRefunds lets store owners refund their own part of paid
	// orders (docs/decisions/0019); staff always can.
	StoreRefunds bool
	UpdatedAt    time.Time
}

// CODBuyer is what decides whether a shopper may pay on delivery: a
// delivered order before, or a verified phone number.
type CODBuyer struct {
	HasDelivered  bool
	PhoneVerified bool
}

// CODStore is one store of an order, and whether it accepts pay on delivery.
type CODStore struct {
	Name    string
	Accepts bool
}

// ErrCODTaken answers a card or mobile money payment for an order whose
// buyer chose to pay on delivery.
var ErrCODTaken = Conflict("order_not_payable", "You chose to pay on delivery for this order: pay the rider when it arrives.")

// CODRefusal is why an order may not be paid on delivery, in plain words
// (nil when it may). stores are the order's stores; a line without a store
// counts as one that does not accept it.
func CODRefusal(set PaymentSettings, o *Order, stores []CODStore, buyer CODBuyer) *Error {
	refuse := func(detail string) *Error { return Conflict("cod_unavailable", detail) }
	switch {
	case !set.CODEnabled:
		return refuse("Pay on delivery is not available at the moment.")
	case o.Status != OrderPending:
		return refuse("This order is no longer waiting for payment.")
	case o.Amount > set.CODMax:
		// A no-break space keeps the amount beside its currency on a narrow screen.
		return refuse("Pay on delivery is only for orders up to GH₵\u00a0" + set.CODMax.Grouped() + ". Pay by mobile money or card instead.")
	}
	var no []string
	for _, st := range stores {
		if !st.Accepts {
			name := st.Name
			if name == "" {
				name = "One of the sellers"
			}
			no = append(no, name)
		}
	}
	switch {
	case len(no) == 1:
		return refuse(no[0] + " does not accept pay on delivery.")
	case len(no) > 1:
		return refuse(strings.Join(no[:len(no)-1], ", ") + " and " + no[len(no)-1] + " do not accept pay on delivery.")
	case !buyer.HasDelivered && !buyer.PhoneVerified:
		return refuse("Pay on delivery is for shoppers with a delivered order or a verified phone number. Verify your number in your account to use it.")
	}
	return nil
}
