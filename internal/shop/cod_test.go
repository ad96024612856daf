package shop

import "testing"

func TestCheckPartMovePayOnDelivery(t *testing.T) {
	for _, tc := range []struct {
		part PartCounts
		to   string
		want string
	}{
		{PartCounts{Lines: 2, COD: true}, PartPaidOnDelivery, ""},
		{PartCounts{Lines: 2, Shipped: 2, COD: true}, PartPaidOnDelivery, ""},
		{PartCounts{Lines: 2, Shipped: 2, COD: true}, PartCancelled, ""},
		{PartCounts{Lines: 2, Shipped: 2, Delivered: 2, Paid: 2, COD: true}, PartPaidOnDelivery, "This order has already been marked paid on delivery."},
		{PartCounts{Lines: 2, Shipped: 2, Delivered: 2, Paid: 2, COD: true}, PartCancelled, "This order has already been marked paid on delivery."},
		{PartCounts{Cancelled: 2, COD: true}, PartPaidOnDelivery, "This order was cancelled."},
		{PartCounts{Cancelled: 2, COD: true}, PartShipped, "This order was cancelled."},
		{PartCounts{Lines: 2, Shipped: 2, COD: true}, PartDelivered, "This order is paid on delivery: mark it paid on delivery when you hand it over."},
		{PartCounts{Lines: 2}, PartPaidOnDelivery, "Only orders paid on delivery can be marked paid on delivery or cancelled by the store."},
		{PartCounts{Lines: 2, Shipped: 2}, PartCancelled, "Only orders paid on delivery can be marked paid on delivery or cancelled by the store."},
	} {
		err := CheckPartMove(tc.part, tc.to)
		got := ""
		if err != nil {
			got = err.(*Error).Detail
		}
		if got != tc.want {
			t.Errorf("CheckPartMove(%+v, %s) = %q; want %q", tc.part, tc.to, got, tc.want)
		}
	}
	if got := OrderStatusAfter(OrderProcessing, PartCounts{Cancelled: 3}); got != OrderCancelled {
		t.Errorf("every part cancelled: %s", got)
	}
	if got := OrderStatusAfter(OrderProcessing, PartCounts{Lines: 1, Shipped: 1, Delivered: 1, Cancelled: 2}); got != OrderDelivered {
		t.Errorf("the part left delivered: %s", got)
	}
}

func TestCODRefusal(t *testing.T) {
	on := PaymentSettings{CODEnabled: true, CODMax: DefaultCODMax}
	pending := &Order{Status: OrderPending, Amount: 150000}
	yes := []CODStore{{Name: "Accra Game Hub", Accepts: true}}
	trusted := CODBuyer{PhoneVerified: true}
	for _, tc := range []struct {
		name   string
		set    PaymentSettings
		o      *Order
		stores []CODStore
		buyer  CODBuyer
		want   string
	}{
		{"allowed", on, pending, yes, trusted, ""},
		{"delivered before", on, pending, yes, CODBuyer{HasDelivered: true}, ""},
		{"at the ceiling", on, &Order{Status: OrderPending, Amount: DefaultCODMax}, yes, trusted, ""},
		{"off", PaymentSettings{CODMax: DefaultCODMax}, pending, yes, trusted, "Pay on delivery is not available at the moment."},
		{"paid", on, &Order{Status: OrderProcessing, Amount: 1}, yes, trusted, "This order is no longer waiting for payment."},
		{"over", on, &Order{Status: OrderPending, Amount: DefaultCODMax + 1}, yes, trusted,
			"Pay on delivery is only for orders up to GH₵\u00a02,000.00. Pay by mobile money or card instead."},
		{"two stores out", on, pending, []CODStore{{Name: "A", Accepts: false}, {Name: "B", Accepts: true}, {Name: "C"}}, trusted,
			"A and C do not accept pay on delivery."},
		{"no store", on, pending, []CODStore{{}}, trusted, "One of the sellers does not accept pay on delivery."},
		{"new shopper", on, pending, yes, CODBuyer{},
			"Pay on delivery is for shoppers with a delivered order or a verified phone number. Verify your number in your account to use it."},
	} {
		got := ""
		if e := CODRefusal(tc.set, tc.o, tc.stores, tc.buyer); e != nil {
			got = e.Detail
		}
		if got != tc.want {
			t.Errorf("%s: %q; want %q", tc.name, got, tc.want)
		}
	}
}
