package shop

import (
	"errors"
	"fmt"
	"time"
)

// The seller ledger (docs/decisions/0027): every money event is a journal
// of signed lines that sum to zero. Store accounts and the mall's own read
// positive when money is owed to them; provider_clearing is the
// counterpart and reads minus what the mall holds at the provider for
// everyone.
const (
	AccountClearing   = "provider_clearing"
	AccountCommission = "mall_commission"
	// AccountAdjustments is the mall's side of staff adjustments, kept
	// apart so the commission income stays what sales earned.
	AccountAdjustments = "mall_adjustments"
	AccountMallSales   = "mall_sales"
	AccountPending     = "store_pending"
	AccountAvailable   = "store_available"
	AccountInFlight    = "store_in_flight"
	AccountPaidOut     = "store_paid_out"
)

// Bucket is how a seller names a store account.
func Bucket(account string) string {
	switch account {
	case AccountPending:
		return "pending"
	case AccountAvailable:
		return "available"
	case AccountInFlight:
		return "in_flight"
	case AccountPaidOut:
		return "paid_out"
	}
	return ""
}

// Line kinds, as the seller's ledger shows them.
const (
	LineSale             = "sale"
	LineDeliveryFee      = "delivery_fee"
	LineCommission       = "commission"
	LineRefund           = "refund"
	LineCommissionRefund = "commission_refund"
	LineCODCommission    = "cod_commission"
	LineRelease          = "release"
	LinePayout           = "payout"
	LinePayoutPaid       = "payout_paid"
	LinePayoutReturned   = "payout_returned"
	LineAdjustment       = "adjustment"
)

// LedgerLine is one signed movement on one account.
type LedgerLine struct {
	ID        int64
	JournalID int64
	Account   string
	StoreID   int64 // 0 for the mall's accounts
	OrderID   string
	PayoutID  int64
	Kind      string
	Amount    Money
	Memo      string
	CreatedAt time.Time
}

// Journal is one event's posting.
type Journal struct {
	Kind      string
	Ref       string // unique: a replayed event posts nothing
	OrderID   string
	StoreID   int64
	PayoutID  int64
	Memo      string
	CreatedAt time.Time
	Lines     []LedgerLine
}

// ErrUnbalanced is a journal whose lines do not sum to zero: a bug, never
// written.
var ErrUnbalanced = errors.New("ledger: journal does not balance")

// Check reports whether the journal can be posted: it balances, and every
// store account names its store.
func (j Journal) Check() error {
	var sum Money
	for _, l := range j.Lines {
		sum += l.Amount
		if Bucket(l.Account) != "" && l.StoreID == 0 {
			return fmt.Errorf("ledger: %s line without a store in %s", l.Account, j.Ref)
		}
	}
	if sum != 0 {
		return fmt.Errorf("%w: %s sums to %d", ErrUnbalanced, j.Ref, sum)
	}
	return nil
}

// Add appends a line (zero amounts are left out).
func (j *Journal) Add(account string, store int64, kind string, amount Money) {
	if amount == 0 {
		return
	}
	j.Lines = append(j.Lines, LedgerLine{Account: account, StoreID: store, OrderID: j.OrderID, PayoutID: j.PayoutID,
		Kind: kind, Amount: amount, Memo: j.Memo, CreatedAt: j.CreatedAt})
}

// Commission is bps basis points of items, rounded down (the store keeps
// the fraction).
func Commission(items Money, bps int) Money {
	return items * Money(bps) / 10000
}

// LedgerPart is a store's part of a paid order as the ledger knows it
// (store 0: lines without a store, kept by the mall).
type LedgerPart struct {
	OrderID    string
	StoreID    int64
	Items, Fee Money
	Commission Money
	Refunded   Money
	COD        bool
	Released   bool
}

// Gross is what the buyer paid for the part.
func (p LedgerPart) Gross() Money { return p.Items + p.Fee }

// SaleJournal posts a paid part: the provider holds the gross, the store's
// pending balance gets the items and the delivery fee (the store delivers,
// decision 0024) less the commission on the items, which is the mall's.
func SaleJournal(ref string, p LedgerPart, at time.Time) Journal {
	j := Journal{Kind: "sale", Ref: ref, OrderID: p.OrderID, StoreID: p.StoreID, CreatedAt: at, Memo: "Order paid"}
	j.Add(AccountClearing, 0, LineSale, -p.Gross())
	if p.StoreID == 0 {
		j.Add(AccountMallSales, 0, LineSale, p.Gross())
		return j
	}
	j.Add(AccountPending, p.StoreID, LineSale, p.Items)
	j.Add(AccountPending, p.StoreID, LineDeliveryFee, p.Fee)
	j.Add(AccountPending, p.StoreID, LineCommission, -p.Commission)
	j.Add(AccountCommission, 0, LineCommission, p.Commission)
	return j
}

// CODJournal records the commission a store owes on a part it was paid
// for in cash: taken from its available balance, netted from the next
// payout. No money passed through the provider.
func CODJournal(ref string, p LedgerPart, at time.Time) Journal {
	j := Journal{Kind: "cod", Ref: ref, OrderID: p.OrderID, StoreID: p.StoreID, CreatedAt: at, Memo: "Paid on delivery: commission owed"}
	j.Add(AccountAvailable, p.StoreID, LineCODCommission, -p.Commission)
	j.Add(AccountCommission, 0, LineCODCommission, p.Commission)
	return j
}

// RefundShare is the part of a refund that falls on one store part.
type RefundShare struct {
	Part   LedgerPart
	Amount Money
}

// AllocateRefund spreads a refund over the parts: a store's own refund
// falls on its part; a staff refund on every part in proportion to what is
// left of it (largest remainders first, ties by position), so a full
// refund empties every part. What exceeds the parts falls on the mall.
func AllocateRefund(parts []LedgerPart, store int64, amount Money) (shares []RefundShare, extra Money) {
	left := func(p LedgerPart) Money { return max(p.Gross()-p.Refunded, 0) }
	if store != 0 {
		for _, p := range parts {
			if p.StoreID == store {
				a := min(amount, left(p))
				return []RefundShare{{Part: p, Amount: a}}, amount - a
			}
		}
		return nil, amount
	}
	var total Money
	for _, p := range parts {
		total += left(p)
	}
	if total == 0 {
		return nil, amount
	}
	take := min(amount, total)
	given := Money(0)
	rems := make([]Money, len(parts))
	for _, p := range parts {
		a := take * left(p) / total
		shares = append(shares, RefundShare{Part: p, Amount: a})
		given += a
	}
	for i, p := range parts {
		rems[i] = take * left(p) % total
	}
	for given < take {
		best := -1
		for i := range shares {
			if shares[i].Amount < left(shares[i].Part) && (best < 0 || rems[i] > rems[best]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		shares[best].Amount++
		rems[best] = -1
		given++
	}
	return shares, amount - take
}

// RefundJournal posts money given back to the buyer: out of the provider's
// hold, out of each part's store (pending before release, available after)
// with the commission on it returned by the mall in proportion.
func RefundJournal(ref, orderID string, shares []RefundShare, extra Money, at time.Time) Journal {
	j := Journal{Kind: "refund", Ref: ref, OrderID: orderID, CreatedAt: at, Memo: "Refund to the buyer"}
	for _, s := range shares {
		if s.Amount == 0 {
			continue
		}
		j.Add(AccountClearing, 0, LineRefund, s.Amount)
		p := s.Part
		if p.StoreID == 0 {
			j.Add(AccountMallSales, 0, LineRefund, -s.Amount)
			continue
		}
		account := AccountPending
		if p.Released {
			account = AccountAvailable
		}
		back := CommissionBack(p, s.Amount)
		j.Add(account, p.StoreID, LineRefund, -s.Amount)
		j.Add(account, p.StoreID, LineCommissionRefund, back)
		j.Add(AccountCommission, 0, LineCommissionRefund, -back)
	}
	if extra > 0 {
		j.Add(AccountClearing, 0, LineRefund, extra)
		j.Add(AccountMallSales, 0, LineRefund, -extra)
	}
	if len(shares) == 1 {
		j.StoreID = shares[0].Part.StoreID
	}
	return j
}

// CommissionBack is the commission returned when amount more of the part
// is refunded: computed on the running total, so refunds of the whole part
// return exactly all its commission.
func CommissionBack(p LedgerPart, amount Money) Money {
	g := p.Gross()
	if g == 0 || p.COD {
		return 0
	}
	after := min(p.Refunded+amount, g)
	return p.Commission*after/g - p.Commission*min(p.Refunded, g)/g
}

// ReleaseJournal moves a part's pending earnings to available.
func ReleaseJournal(ref string, orderID string, store int64, pending Money, at time.Time) Journal {
	j := Journal{Kind: "release", Ref: ref, OrderID: orderID, StoreID: store, CreatedAt: at, Memo: "Holding period ended"}
	j.Add(AccountPending, store, LineRelease, -pending)
	j.Add(AccountAvailable, store, LineRelease, pending)
	return j
}

// PayoutJournal moves a payout's amount between two store accounts.
func PayoutJournal(kind, ref string, po *Payout, from, to, line string, at time.Time) Journal {
	j := Journal{Kind: kind, Ref: ref, StoreID: po.StoreID, PayoutID: po.ID, CreatedAt: at, Memo: "Payout " + po.Reference}
	j.Add(from, po.StoreID, line, -po.Amount)
	j.Add(to, po.StoreID, line, po.Amount)
	return j
}

// Adjustment is a staff correction of a store's available balance:
// positive credits the store, negative debits it (which may take the
// balance below zero; the next payout nets it, as with pay-on-delivery
// commission).
type Adjustment struct {
	ID        int64 // its journal's
	Ref       string
	StoreID   int64
	Amount    Money
	Reason    string
	CreatedAt time.Time
}

// AdjustmentJournal posts an adjustment against the mall's adjustments
// account; the provider's hold does not move.
func AdjustmentJournal(a Adjustment) Journal {
	j := Journal{Kind: LineAdjustment, Ref: a.Ref, StoreID: a.StoreID, Memo: a.Reason, CreatedAt: a.CreatedAt}
	j.Add(AccountAvailable, a.StoreID, LineAdjustment, a.Amount)
	j.Add(AccountAdjustments, 0, LineAdjustment, -a.Amount)
	return j
}

// Payout statuses.
const (
	PayoutPending    = "pending"
	PayoutProcessing = "processing"
	PayoutPaid       = "paid"
	PayoutFailed     = "failed"
	PayoutReversed   = "reversed"
)

// Payout is money sent from a store's available balance to its account.
type Payout struct {
	ID             int64
	StoreID        int64
	StoreName      string
	Reference      string
	Amount         Money
	Status         string
	Source         string // request | schedule
	IdempotencyKey string
	Account        PayoutAccount
	TransferCode   string
	Failure        string
	Attempts       int
	NextAttemptAt  time.Time
	CreatedBy      int64
	CreatedAt      time.Time
	UpdatedAt      time.Time
	CompletedAt    time.Time
}

// PayoutAccount is a store's verified wallet or bank account.
type PayoutAccount struct {
	Type          string // mobile_money | bank
	BankCode      string
	BankName      string
	AccountNumber string
	AccountName   string
	RecipientCode string
	VerifiedAt    time.Time
}

// PayoutBank is a bank or wallet the provider can pay.
type PayoutBank struct {
	Code, Name, Type string
}

// Balance is a store's balances, from its ledger lines.
type Balance struct {
	StoreID                               int64
	StoreName                             string
	Pending, Available, InFlight, PaidOut Money
	Hold                                  string // "" when payouts are not held
	Held                                  bool
	AccountVerified                       bool
	LastPayoutAt                          time.Time
}

// PayoutSettings are staff's settings (one row).
type PayoutSettings struct {
	DefaultCommissionBps int
	HoldingDays          int
	MinimumPayout        Money
	WeeklyPayouts        bool
	UpdatedAt            time.Time
}

// CommissionRate is an override of a category or a store.
type CommissionRate struct {
	ID   int64
	Name string
	Bps  int
}

// MonthAmount is an amount of one calendar month ("2026-11").
type MonthAmount struct {
	Month  string
	Amount Money
}

// Transfer states a provider reports.
const (
	TransferPending  = "pending"
	TransferSuccess  = "success"
	TransferFailed   = "failed"
	TransferReversed = "reversed"
	TransferOTP      = "otp"
)

// ProviderTransfer is a provider's word on a transfer.
type ProviderTransfer struct {
	Found        bool
	Reference    string
	Status       string
	TransferCode string
	Amount       Money
	Reason       string
}

// TransferRequest is a payout as sent to the provider.
type TransferRequest struct {
	Reference     string
	Amount        Money
	RecipientCode string
	Reason        string
}

// Set records the sum of one of the store's accounts.
func (b *Balance) Set(account string, m Money) {
	switch account {
	case AccountPending:
		b.Pending = m
	case AccountAvailable:
		b.Available = m
	case AccountInFlight:
		b.InFlight = m
	case AccountPaidOut:
		b.PaidOut = m
	}
}

// PayoutSettingsChange holds the settings a staff edit sends (nil: keep).
type PayoutSettingsChange struct {
	DefaultCommissionBps, HoldingDays *int
	MinimumPayout                     *Money
	WeeklyPayouts                     *bool
}

// PayoutFacts is what a payout request is judged on, read with the
// store's row locked.
type PayoutFacts struct {
	Held     bool
	Hold     string
	Balance  Balance
	Account  *PayoutAccount
	InFlight bool
}

// ErrPayoutInProgress refuses a payout while another is on its way.
var ErrPayoutInProgress = Conflict("payout_in_progress", "Another payout is on its way. Wait for it to finish.")
