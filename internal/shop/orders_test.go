package shop

import "testing"

func TestParseUUID(t *testing.T) {
	for in, want := range map[string]string{
		"9F1C2B7E-5D4A-4E8B-9A61-0C2F3D4E5A6B": "9f1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b",
		"9f1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b": "9f1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b",
		"9f1c2b7e5d4a4e8b9a610c2f3d4e5a6b":     "",
		"9f1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6g": "",
		"9f1c2b7e-5d4a-4e8b-9a61_0c2f3d4e5a6b": "",
		"":                                     "",
	} {
		got, ok := ParseUUID(in)
		if got != want || ok != (want != "") {
			t.Errorf("ParseUUID(%q) = %q, %v", in, got, ok)
		}
	}
	id := NewUUID()
	if got, ok := ParseUUID(id); !ok || got != id || id[14] != '4' {
		t.Fatalf("NewUUID() = %q is not a lower-case version-4 UUID", id)
	}
}

func TestPaymentReference(t *testing.T) {
	ref := NewPaymentReference()
	if !ValidPaymentReference(ref) || ref == NewPaymentReference() {
		t.Fatalf("NewPaymentReference() = %q", ref)
	}
	for _, bad := range []string{"", "pay-", "pay-4F9A0C1E2B3D4A5F6E7D8C9B0A1F2E3D", "pax-4f9a0c1e2b3d4a5f6e7d8c9b0a1f2e3d",
		"pay-4f9a0c1e2b3d4a5f6e7d8c9b0a1f2e3", "pay-4f9a0c1e2b3d4a5f6e7d8c9b0a1f2e3d0"} {
		if ValidPaymentReference(bad) {
			t.Errorf("ValidPaymentReference(%q) = true", bad)
		}
	}
}

func TestCartLine(t *testing.T) {
	l := CartLine{Quantity: 3, Product: CartProduct{UnitPrice: 1250, Inventory: 3, Active: true}}
	if l.Total() != 3750 || !l.Available() {
		t.Fatalf("total %d available %v", l.Total(), l.Available())
	}
	l.Product.Inventory = 2
	if l.Available() {
		t.Fatal("a line above stock is available")
	}
	l.Product.Inventory, l.Product.Active = 10, false
	if l.Available() {
		t.Fatal("a line of an inactive product is available")
	}
}

func TestPartMovesAndOrderStatus(t *testing.T) {
	for _, tc := range []struct {
		part PartCounts
		to   string
		want string // "" = allowed, else the refusal
	}{
		{PartCounts{Lines: 2}, PartShipped, ""},
		{PartCounts{Lines: 2, Shipped: 2}, PartShipped, "This order has already been marked shipped."},
		{PartCounts{Lines: 2}, PartDelivered, "Mark this order shipped before marking it delivered."},
		{PartCounts{Lines: 2, Shipped: 2}, PartDelivered, ""},
		{PartCounts{Lines: 2, Shipped: 2, Delivered: 2}, PartDelivered, "This order has already been marked delivered."},
	} {
		err := CheckPartMove(tc.part, tc.to)
		got := ""
		if err != nil {
			got = err.(*Error).Detail
			if KindOf(err) != KindConflict {
				t.Errorf("%+v → %s: kind %v", tc.part, tc.to, KindOf(err))
			}
		}
		if got != tc.want {
			t.Errorf("%+v → %s: %q; want %q", tc.part, tc.to, got, tc.want)
		}
	}
	for _, tc := range []struct {
		current string
		all     PartCounts
		want    string
	}{
		{OrderProcessing, PartCounts{Lines: 3, Shipped: 2}, OrderProcessing},
		{OrderProcessing, PartCounts{Lines: 3, Shipped: 3}, OrderShipped},
		{OrderShipped, PartCounts{Lines: 3, Shipped: 3, Delivered: 2}, OrderShipped},
		{OrderShipped, PartCounts{Lines: 3, Shipped: 3, Delivered: 3}, OrderDelivered},
		{OrderProcessing, PartCounts{}, OrderProcessing},
	} {
		if got := OrderStatusAfter(tc.current, tc.all); got != tc.want {
			t.Errorf("OrderStatusAfter(%s, %+v) = %s; want %s", tc.current, tc.all, got, tc.want)
		}
	}
	for status, want := range map[string]bool{OrderPending: false, OrderProcessing: true, OrderShipped: true,
		OrderDelivered: true, OrderCancelled: false} {
		if Fulfillable(status) != want {
			t.Errorf("Fulfillable(%s) = %v", status, !want)
		}
	}
}
