package shop

import (
	"errors"
	"testing"
	"time"
)

func TestJournalsBalance(t *testing.T) {
	at := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	part := LedgerPart{OrderID: "o", StoreID: 3, Items: 100000, Fee: 2500, Commission: Commission(100000, 1250)}
	if part.Commission != 12500 {
		t.Fatalf("commission = %d", part.Commission)
	}
	po := &Payout{ID: 9, StoreID: 3, Reference: "dwa-po-x", Amount: 5000}
	for _, j := range []Journal{
		SaleJournal("sale", part, at),
		SaleJournal("mall", LedgerPart{OrderID: "o", Items: 700}, at),
		CODJournal("cod", part, at),
		RefundJournal("refund", "o", []RefundShare{{Part: part, Amount: 30000}, {Part: LedgerPart{OrderID: "o"}, Amount: 5}}, 7, at),
		ReleaseJournal("release", "o", 3, 87500, at),
		PayoutJournal("payout", "payout", po, AccountAvailable, AccountInFlight, LinePayout, at),
		AdjustmentJournal(Adjustment{Ref: "credit", StoreID: 3, Amount: 1500, Reason: "Late delivery", CreatedAt: at}),
		AdjustmentJournal(Adjustment{Ref: "debit", StoreID: 3, Amount: -900, Reason: "Damaged parcel", CreatedAt: at}),
	} {
		if err := j.Check(); err != nil {
			t.Errorf("%s: %v", j.Ref, err)
		}
	}
	bad := Journal{Ref: "bad"}
	bad.Add(AccountClearing, 0, LineSale, -1)
	if err := bad.Check(); !errors.Is(err, ErrUnbalanced) {
		t.Fatalf("unbalanced journal passed: %v", err)
	}
	orphan := Journal{Ref: "orphan"}
	orphan.Add(AccountPending, 0, LineSale, 1)
	orphan.Add(AccountClearing, 0, LineSale, -1)
	if orphan.Check() == nil {
		t.Fatal("a store line without a store passed")
	}
}

func TestAllocateRefund(t *testing.T) {
	a := LedgerPart{StoreID: 1, Items: 30000, Commission: 3000}
	b := LedgerPart{StoreID: 2, Items: 10000, Fee: 1000, Commission: 1000}
	for _, tc := range []struct {
		name   string
		parts  []LedgerPart
		store  int64
		amount Money
		want   []Money
		extra  Money
	}{
		{"store's own part", []LedgerPart{a, b}, 2, 4000, []Money{4000}, 0},
		{"store's part, capped", []LedgerPart{a, b}, 2, 20000, []Money{11000}, 9000},
		{"staff, in proportion", []LedgerPart{a, b}, 0, 4100, []Money{3000, 1100}, 0},
		{"staff, remainders", []LedgerPart{a, b}, 0, 7, []Money{5, 2}, 0},
		{"staff, all", []LedgerPart{a, b}, 0, 41000, []Money{30000, 11000}, 0},
		{"staff, more than the parts", []LedgerPart{a, b}, 0, 41001, []Money{30000, 11000}, 1},
		{"nothing left", []LedgerPart{{StoreID: 1, Items: 5, Refunded: 5}}, 0, 3, nil, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shares, extra := AllocateRefund(tc.parts, tc.store, tc.amount)
			var got []Money
			for _, s := range shares {
				got = append(got, s.Amount)
			}
			if len(got) != len(tc.want) || extra != tc.extra {
				t.Fatalf("shares = %v + %d; want %v + %d", got, extra, tc.want, tc.extra)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("shares = %v; want %v", got, tc.want)
				}
			}
		})
	}
}

func TestCommissionBackAddsUpToTheCommission(t *testing.T) {
	p := LedgerPart{StoreID: 1, Items: 25050, Fee: 999, Commission: 3757}
	var back Money
	for _, step := range []Money{1, 333, 10000, 7, 15708} {
		back += CommissionBack(p, step)
		p.Refunded += step
	}
	if p.Refunded != p.Gross() || back != p.Commission {
		t.Fatalf("refunded %d of %d, commission back %d of %d", p.Refunded, p.Gross(), back, p.Commission)
	}
	if CommissionBack(LedgerPart{COD: true, Items: 10, Commission: 1}, 10) != 0 {
		t.Fatal("commission back on a part paid on delivery")
	}
}
