package service

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"dwa/internal/shop"
)

// Seller ledger and payouts (docs/decisions/0027).

// PayoutStore keeps the ledger, payout accounts and payouts.
type PayoutStore interface {
	PayoutSettings(ctx context.Context) (shop.PayoutSettings, error)
	UpdatePayoutSettings(ctx context.Context, ch shop.PayoutSettingsChange, at time.Time) error
	CommissionRates(ctx context.Context) (cats, stores []shop.CommissionRate, err error)
	// SetCommission sets (bps not nil) or clears an override of
	// "categories" or "stores"; false when there is no such row.
	SetCommission(ctx context.Context, table string, id int64, bps *int) (bool, error)
	SetPayoutHold(ctx context.Context, store int64, reason *string) (bool, error)
	// PostAdjustment posts a staff adjustment once per ref (created false:
	// the one posted before); nil when there is no such store.
	PostAdjustment(ctx context.Context, a shop.Adjustment) (*shop.Adjustment, bool, error)
	PayoutAccount(ctx context.Context, store int64) (*shop.PayoutAccount, error)
	SavePayoutAccount(ctx context.Context, store int64, a shop.PayoutAccount) error
	Balance(ctx context.Context, store int64) (shop.Balance, error)
	Balances(ctx context.Context, offset, limit int) ([]shop.Balance, int, error)
	StoreLedger(ctx context.Context, store int64, from, to time.Time, offset, limit int) ([]shop.LedgerLine, int, error)
	Statement(ctx context.Context, store int64, from, to time.Time) (shop.Money, []shop.LedgerLine, error)
	CommissionLines(ctx context.Context) ([]shop.LedgerLine, error)
	Payouts(ctx context.Context, store int64, status string, offset, limit int) ([]*shop.Payout, int, error)
	PayoutByReference(ctx context.Context, ref string) (*shop.Payout, error)
	// CreatePayout returns the payout made with po's key as it is, or
	// judges the facts read under the store's lock with check and records
	// a pending payout of the amount check returns.
	CreatePayout(ctx context.Context, po *shop.Payout, check func(shop.PayoutFacts) (shop.Money, error)) (*shop.Payout, bool, error)
	MarkPayoutSent(ctx context.Context, ref, transferCode string, at time.Time) (bool, error)
	PayoutCheckFailed(ctx context.Context, ref string, attempts int, next time.Time) error
	OpenPayouts(ctx context.Context, now time.Time, limit int) ([]*shop.Payout, error)
	// FinishPayout applies a final outcome once; nil when not ours.
	FinishPayout(ctx context.Context, ref, outcome, reason string, at time.Time) (*shop.Payout, error)
	ScheduledPayoutStores(ctx context.Context, weekKey string, limit int) ([]int64, error)
	DueReleases(ctx context.Context, deliveredBefore time.Time, limit int) ([][2]string, error)
	ReleasePart(ctx context.Context, orderID string, store int64, at time.Time) (bool, error)
	CatchUpLedger(ctx context.Context, limit int) (int, error)
}

// TransferGateway is a provider that pays stores: Paystack's Transfers,
// or the test provider's simulation.
type TransferGateway interface {
	// Banks lists the banks (type "bank") or wallets ("mobile_money").
	Banks(ctx context.Context, typ string) ([]shop.PayoutBank, error)
	// ResolveAccount names the holder of an account; found is false when
	// the provider knows no such account.
	ResolveAccount(ctx context.Context, bankCode, number string) (name string, found bool, err error)
	// CreateRecipient registers the account and returns its code.
	CreateRecipient(ctx context.Context, a shop.PayoutAccount) (string, error)
	// Transfer sends money; the reference makes a repeat harmless.
	Transfer(ctx context.Context, t shop.TransferRequest) (shop.ProviderTransfer, error)
	// VerifyTransfer asks where a transfer stands (Found false: unknown).
	VerifyTransfer(ctx context.Context, reference string) (shop.ProviderTransfer, error)
}

// Payout texts.
var (
	errNoTransfers    = &shop.Error{Kind: shop.KindBadGateway, Code: "provider_unavailable", Detail: "This payment provider cannot pay stores."}
	errPayoutProvider = &shop.Error{Kind: shop.KindBadGateway, Code: "provider_unavailable",
		Detail: "The payment provider could not be reached. Nothing was changed; try again."}
	errNoPayoutAccount = shop.Conflict("payout_account_missing", "Add a payout account before asking for a payout.")
	errPayoutKeyReused = &shop.Error{Kind: shop.KindUnprocessable, Code: "idempotency_key_reused",
		Detail: "This Idempotency-Key was used for a payout of another amount."}
	errPayoutKeyRequired = shop.InvalidDetail("idempotency_key_required", "Send an Idempotency-Key header with each payout.")
)

func errPayoutsHeld(reason string) error {
	return shop.Conflict("payouts_held", "Dwa staff are holding this store's payouts: "+reason)
}

func errBalanceTooLow(min shop.Money) error {
	return shop.Conflict("balance_too_low", "Your available balance is below the GH₵ "+min.Grouped()+" minimum payout.")
}

// Payout timings: a payout the provider has not settled is asked about
// after payoutCheckAfter, then backing off to checkMaxBackoff; banks are
// cached for banksTTL.
const (
	payoutCheckAfter = time.Minute
	banksTTL         = time.Hour
	maxHoldReason    = 500
	maxAdjustReason  = 500
)

// transfers is the active provider's transfer side, or an error.
func (s *Service) transfers() (TransferGateway, error) {
	tg, ok := s.pay.(TransferGateway)
	if !ok {
		return nil, errNoTransfers
	}
	return tg, nil
}

// SellerBalance is the Seller Centre's summary.
type SellerBalance struct {
	Balance   shop.Balance
	Settings  shop.PayoutSettings
	Account   *shop.PayoutAccount
	CanAsk    bool
	CannotWhy string
}

// SellerBalance returns the caller's store's balance and whether it may
// ask for a payout now.
func (s *Service) SellerBalance(ctx context.Context, u *shop.User) (SellerBalance, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return SellerBalance{}, err
	}
	var out SellerBalance
	if out.Balance, err = s.store.Balance(ctx, st.ID); err != nil {
		return out, err
	}
	if out.Settings, err = s.store.PayoutSettings(ctx); err != nil {
		return out, err
	}
	if out.Account, err = s.store.PayoutAccount(ctx, st.ID); err != nil {
		return out, err
	}
	inFlight := out.Balance.InFlight != 0
	if ps, _, err := s.store.Payouts(ctx, st.ID, shop.PayoutPending, 0, 1); err != nil {
		return out, err
	} else if len(ps) > 0 {
		inFlight = true
	}
	if ps, _, err := s.store.Payouts(ctx, st.ID, shop.PayoutProcessing, 0, 1); err != nil {
		return out, err
	} else if len(ps) > 0 {
		inFlight = true
	}
	_, why := payoutAmount(shop.PayoutFacts{Held: out.Balance.Held, Hold: out.Balance.Hold, Balance: out.Balance,
		Account: out.Account, InFlight: inFlight}, nil, out.Settings.MinimumPayout)
	out.CanAsk = why == nil
	if why != nil {
		out.CannotWhy = why.(*shop.Error).Detail
	}
	return out, nil
}

// payoutAmount judges a payout request against the facts, in the order
// the contract lists: hold, account, payout on its way, amount.
func payoutAmount(f shop.PayoutFacts, want *int64, min shop.Money) (shop.Money, error) {
	switch {
	case f.Held:
		return 0, errPayoutsHeld(f.Hold)
	case f.Account == nil:
		return 0, errNoPayoutAccount
	case f.InFlight:
		return 0, shop.ErrPayoutInProgress
	}
	avail := f.Balance.Available
	if want == nil {
		if avail < min {
			return 0, errBalanceTooLow(min)
		}
		return avail, nil
	}
	amount := shop.Money(*want)
	switch {
	case amount < min:
		return 0, shop.Invalid(map[string][]string{"amount_minor": {"The smallest payout is GH₵ " + min.Grouped() + "."}})
	case amount > avail:
		if avail < min {
			return 0, errBalanceTooLow(min)
		}
		return 0, shop.Invalid(map[string][]string{"amount_minor": {"At most GH₵ " + avail.Grouped() + " is available."}})
	}
	return amount, nil
}

// monthRange reads "YYYY-MM" as [first day, first day of the next month)
// in UTC; months before 2000 or after the current one are refused.
func (s *Service) monthRange(field, month string) (time.Time, time.Time, error) {
	bad := shop.Invalid(map[string][]string{field: {"Enter a month as YYYY-MM, such as 2026-11, not in the future."}})
	t, err := time.Parse("2006-01", month)
	if err != nil || len(month) != 7 || t.Year() < 2000 {
		return time.Time{}, time.Time{}, bad
	}
	now := s.now().UTC()
	if t.After(time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)) {
		return time.Time{}, time.Time{}, bad
	}
	return t, t.AddDate(0, 1, 0), nil
}

// SellerLedger returns a page of the caller's store's ledger lines,
// newest first, of one month when month is not "".
func (s *Service) SellerLedger(ctx context.Context, u *shop.User, month string, offset, limit int) ([]shop.LedgerLine, int, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, 0, err
	}
	var from, to time.Time
	if month != "" {
		if from, to, err = s.monthRange("month", month); err != nil {
			return nil, 0, err
		}
	}
	return s.store.StoreLedger(ctx, st.ID, from, to, offset, limit)
}

// Statement is a monthly statement as a CSV file.
type Statement struct {
	Filename string
	CSV      []byte
}

// SellerStatement writes the caller's store's statement of a month: the
// opening balance (everything not yet paid out), the month's lines on
// those balances, the closing balance.
func (s *Service) SellerStatement(ctx context.Context, u *shop.User, month string) (Statement, error) {
	from, to, err := s.monthRange("month", month)
	if err != nil {
		return Statement{}, err
	}
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return Statement{}, err
	}
	opening, lines, err := s.store.Statement(ctx, st.ID, from, to)
	if err != nil {
		return Statement{}, err
	}
	var buf bytes.Buffer
	// UTF-8 with a byte order mark, so Excel shows "GH₵" and names as
	// typed; every cell guarded against formulas (csvguard.go).
	buf.WriteString("\uFEFF")
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"date", "order", "kind", "balance", "description", "amount"})
	_ = w.Write([]string{shop.FormatTime(from), "", "opening balance", "", "Balance at the start of " + month, opening.String()})
	closing := opening
	for _, l := range lines {
		closing += l.Amount
		_ = w.Write(guardRecord([]string{shop.FormatTime(l.CreatedAt), OrderRef(l.OrderID), l.Kind, shop.Bucket(l.Account),
			l.Memo, l.Amount.String()}))
	}
	_ = w.Write([]string{shop.FormatTime(to), "", "closing balance", "", "Balance at the end of " + month, closing.String()})
	w.Flush()
	return Statement{Filename: fmt.Sprintf("dwa-statement-%d-%s.csv", st.ID, month), CSV: buf.Bytes()}, w.Error()
}

// OrderRef is an order's short reference as the pages show it.
func OrderRef(orderID string) string {
	if len(orderID) < 8 {
		return ""
	}
	return "#" + orderRef(orderID)
}

// banksCache keeps the provider's lists of banks and wallets.
type banksCache struct {
	mu   sync.Mutex
	at   map[string]time.Time
	list map[string][]shop.PayoutBank
}

// PayoutBanks lists the banks or wallets (typ "" for both, wallets first).
func (s *Service) PayoutBanks(ctx context.Context, u *shop.User, typ string) ([]shop.PayoutBank, error) {
	if _, err := s.ownStore(ctx, u); err != nil {
		return nil, err
	}
	if typ != "" && typ != "mobile_money" && typ != "bank" {
		return nil, shop.Invalid(map[string][]string{"type": {`Choose "mobile_money" or "bank".`}})
	}
	tg, err := s.transfers()
	if err != nil {
		return nil, err
	}
	var out []shop.PayoutBank
	for _, t := range []string{"mobile_money", "bank"} {
		if typ != "" && typ != t {
			continue
		}
		bs, err := s.banks(ctx, tg, t)
		if err != nil {
			return nil, err
		}
		out = append(out, bs...)
	}
	return out, nil
}

func (s *Service) banks(ctx context.Context, tg TransferGateway, typ string) ([]shop.PayoutBank, error) {
	key := s.pay.Name() + ":" + typ
	s.banksCache.mu.Lock()
	if at, ok := s.banksCache.at[key]; ok && s.now().Sub(at) < banksTTL {
		bs := s.banksCache.list[key]
		s.banksCache.mu.Unlock()
		return bs, nil
	}
	s.banksCache.mu.Unlock()
	pctx, cancel := context.WithTimeout(ctx, providerTimeout)
	defer cancel()
	bs, err := tg.Banks(pctx, typ)
	if err != nil {
		s.log.WarnContext(ctx, "payouts: bank list failed", "err", err)
		return nil, errProvider
	}
	sort.SliceStable(bs, func(i, j int) bool { return bs[i].Name < bs[j].Name })
	s.banksCache.mu.Lock()
	if s.banksCache.at == nil {
		s.banksCache.at, s.banksCache.list = map[string]time.Time{}, map[string][]shop.PayoutBank{}
	}
	s.banksCache.at[key], s.banksCache.list[key] = s.now(), bs
	s.banksCache.mu.Unlock()
	return bs, nil
}

// PayoutAccountInput is a payout account as a seller typed it.
type PayoutAccountInput struct {
	Type, BankCode, AccountNumber *string
}

var bankAccountNumber = regexp.MustCompile(`^[0-9]{6,20}$`)

// SetPayoutAccount verifies the account with the provider (its holder's
// name), registers it as a transfer recipient and saves it.
func (s *Service) SetPayoutAccount(ctx context.Context, u *shop.User, in PayoutAccountInput) (*shop.PayoutAccount, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	fe := shop.FieldErrors{}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return strings.TrimSpace(*p)
	}
	typ, code, number := str(in.Type), str(in.BankCode), str(in.AccountNumber)
	switch {
	case in.Type == nil:
		fe.Add("type", msgRequired)
	case typ != "mobile_money" && typ != "bank":
		fe.Add("type", `Choose "mobile_money" or "bank".`)
	}
	if code == "" {
		fe.Add("bank_code", msgRequired)
	}
	switch {
	case number == "":
		fe.Add("account_number", msgRequired)
	case typ == "mobile_money":
		n, ok := shop.MoMoNumber(number)
		if !ok {
			fe.Add("account_number", "Enter a valid Ghana mobile number, such as 024 123 4567.")
		}
		number = n
	case typ == "bank":
		number = strings.ReplaceAll(strings.ReplaceAll(number, " ", ""), "-", "")
		if !bankAccountNumber.MatchString(number) {
			fe.Add("account_number", "Enter the account number: 6 to 20 digits.")
		}
	}
	if len(fe) > 0 {
		return nil, shop.Invalid(fe)
	}
	tg, err := s.transfers()
	if err != nil {
		return nil, err
	}
	bs, err := s.banks(ctx, tg, typ)
	if err != nil {
		return nil, err
	}
	var bank *shop.PayoutBank
	for i := range bs {
		if strings.EqualFold(bs[i].Code, code) {
			bank = &bs[i]
		}
	}
	if bank == nil {
		return nil, shop.Invalid(map[string][]string{"bank_code": {"Choose one of the listed banks or wallets."}})
	}
	pctx, cancel := context.WithTimeout(ctx, providerTimeout)
	defer cancel()
	name, found, err := tg.ResolveAccount(pctx, bank.Code, number)
	if err != nil {
		s.log.WarnContext(ctx, "payouts: account resolution failed", "err", err)
		return nil, errPayoutProvider
	}
	if !found {
		return nil, shop.Invalid(map[string][]string{"account_number": {"We could not verify this account: check the number."}})
	}
	a := shop.PayoutAccount{Type: typ, BankCode: bank.Code, BankName: bank.Name, AccountNumber: number, AccountName: name}
	if a.RecipientCode, err = tg.CreateRecipient(pctx, a); err != nil {
		s.log.WarnContext(ctx, "payouts: recipient failed", "err", err)
		return nil, errPayoutProvider
	}
	a.VerifiedAt = s.now()
	if err := s.store.SavePayoutAccount(ctx, st.ID, a); err != nil {
		return nil, err
	}
	return &a, nil
}

// SellerPayouts returns a page of the caller's store's payouts.
func (s *Service) SellerPayouts(ctx context.Context, u *shop.User, offset, limit int) ([]*shop.Payout, int, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, 0, err
	}
	return s.store.Payouts(ctx, st.ID, "", offset, limit)
}

// newPayoutReference is "dwa-po-" and 24 hex digits: unique, and within
// the characters and length a transfer reference may have.
func newPayoutReference() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "dwa-po-" + hex.EncodeToString(b[:])
}

// RequestPayout pays out the caller's store's available balance (or
// amountMinor of it). The payout is recorded, and the money moved to in
// flight, before the provider is asked, outside any transaction.
func (s *Service) RequestPayout(ctx context.Context, u *shop.User, key string, amountMinor *int64) (*shop.Payout, bool, error) {
	switch {
	case key == "":
		return nil, false, errPayoutKeyRequired
	case !validIdempotencyKey(key):
		return nil, false, errBadKey
	}
	if amountMinor != nil && *amountMinor < 1 {
		return nil, false, shop.Invalid(map[string][]string{"amount_minor": {"Ensure this value is greater than or equal to 1."}})
	}
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, false, err
	}
	if _, err := s.transfers(); err != nil {
		return nil, false, err
	}
	settings, err := s.store.PayoutSettings(ctx)
	if err != nil {
		return nil, false, err
	}
	po := &shop.Payout{StoreID: st.ID, Reference: newPayoutReference(), Source: "request", IdempotencyKey: "key:" + key,
		CreatedBy: u.ID, CreatedAt: s.now()}
	out, created, err := s.store.CreatePayout(ctx, po, func(f shop.PayoutFacts) (shop.Money, error) {
		return payoutAmount(f, amountMinor, settings.MinimumPayout)
	})
	if err != nil {
		return nil, false, err
	}
	if !created {
		if amountMinor != nil && shop.Money(*amountMinor) != out.Amount {
			return nil, false, errPayoutKeyReused
		}
		return out, false, nil
	}
	return s.sendPayout(ctx, out), true, nil
}

// sendPayout asks the provider to make the transfer and records what it
// said. A provider that cannot be reached leaves the payout pending: the
// payout job asks again with the same reference, which the provider takes
// as the same transfer.
func (s *Service) sendPayout(ctx context.Context, po *shop.Payout) *shop.Payout {
	tg, err := s.transfers()
	if err != nil {
		return po
	}
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), providerTimeout)
	defer cancel()
	t, err := tg.Transfer(pctx, shop.TransferRequest{Reference: po.Reference, Amount: po.Amount,
		RecipientCode: po.Account.RecipientCode, Reason: "Dwa payout " + po.Reference})
	if err != nil {
		s.log.WarnContext(ctx, "payouts: transfer not sent, will ask again", "payout_id", po.ID, "err", err)
		if err := s.payoutCheckFailed(ctx, po); err != nil {
			s.log.ErrorContext(ctx, "payouts: could not schedule the next check", "payout_id", po.ID, "err", err)
		}
		return po
	}
	if out, err := s.applyTransfer(ctx, po, t); err == nil && out != nil {
		return out
	} else if err != nil {
		s.log.ErrorContext(ctx, "payouts: transfer answer not recorded", "payout_id", po.ID, "err", err)
	}
	return po
}

// payoutCheckFailed schedules the next provider check of a payout.
func (s *Service) payoutCheckFailed(ctx context.Context, po *shop.Payout) error {
	attempts := po.Attempts + 1
	return s.store.PayoutCheckFailed(ctx, po.Reference, attempts, s.now().Add(expBackoff(payoutCheckAfter, checkMaxBackoff, attempts)))
}

// otpReason is recorded when the provider asks for an OTP to finalise a
// transfer: the integration expects OTP for transfers disabled in the
// Paystack dashboard (docs/decisions/0027).
const otpReason = "The payment provider asked for an OTP: disable OTP for transfers in the Paystack dashboard, then pay again."

// applyTransfer records the provider's word on a payout's transfer and
// returns the payout as it now stands.
func (s *Service) applyTransfer(ctx context.Context, po *shop.Payout, t shop.ProviderTransfer) (*shop.Payout, error) {
	now := s.now()
	switch t.Status {
	case shop.TransferSuccess:
		return s.store.FinishPayout(ctx, po.Reference, shop.PayoutPaid, "", now)
	case shop.TransferFailed, "abandoned", "rejected", "blocked":
		reason := t.Reason
		if reason == "" {
			reason = "The transfer failed."
		}
		return s.store.FinishPayout(ctx, po.Reference, shop.PayoutFailed, reason, now)
	case shop.TransferReversed:
		return s.store.FinishPayout(ctx, po.Reference, shop.PayoutReversed, "The transfer was reversed.", now)
	case shop.TransferOTP:
		s.log.ErrorContext(ctx, "payouts: transfer needs an OTP; disable transfer OTP at Paystack", "payout_id", po.ID)
		return s.store.FinishPayout(ctx, po.Reference, shop.PayoutFailed, otpReason, now)
	}
	if _, err := s.store.MarkPayoutSent(ctx, po.Reference, t.TransferCode, now); err != nil {
		return nil, err
	}
	if err := s.store.PayoutCheckFailed(ctx, po.Reference, po.Attempts, now.Add(payoutCheckAfter)); err != nil {
		return nil, err
	}
	return s.store.PayoutByReference(ctx, po.Reference)
}

// applyTransferEvent applies a transfer.* webhook event.
func (s *Service) applyTransferEvent(ctx context.Context, e shop.PaymentEvent) error {
	outcome := map[string]string{"transfer.success": shop.PayoutPaid, "transfer.failed": shop.PayoutFailed,
		"transfer.reversed": shop.PayoutReversed}[e.Event]
	if outcome == "" {
		return nil
	}
	reason := ""
	switch outcome {
	case shop.PayoutFailed:
		reason = "The transfer failed."
	case shop.PayoutReversed:
		reason = "The transfer was reversed."
	}
	po, err := s.store.FinishPayout(ctx, e.Reference, outcome, reason, s.now())
	if err == nil && po == nil {
		s.log.WarnContext(ctx, "payout webhook: unknown reference ignored", "event_id", e.ID)
	}
	return err
}

// PayoutPass is the payout background work: ledger catch-up (until it
// finds nothing), releases of
// earnings past the holding period, checks of unsettled payouts, and the
// weekly payouts. Every step is idempotent.
func (s *Service) PayoutPass(ctx context.Context) error {
	// Events post their own journals; the catch-up only finds what
	// predates the ledger, so it runs until a pass finds nothing.
	if !s.ledgerCaughtUp.Load() {
		n, err := s.store.CatchUpLedger(ctx, jobBatch)
		if err != nil {
			return err
		}
		s.ledgerCaughtUp.Store(n == 0)
	}
	if _, err := s.ReleaseEarnings(ctx); err != nil {
		return err
	}
	if _, err := s.CheckPayouts(ctx); err != nil {
		return err
	}
	_, err := s.WeeklyPayouts(ctx)
	return err
}

// ReleaseEarnings makes available the earnings of parts delivered more
// than the holding period ago.
func (s *Service) ReleaseEarnings(ctx context.Context) (int, error) {
	settings, err := s.store.PayoutSettings(ctx)
	if err != nil {
		return 0, err
	}
	now := s.now()
	due, err := s.store.DueReleases(ctx, now.AddDate(0, 0, -settings.HoldingDays), jobBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range due {
		store, _ := strconv.ParseInt(d[1], 10, 64)
		ok, err := s.store.ReleasePart(ctx, d[0], store, now)
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// CheckPayouts asks the provider about payouts not settled whose check is
// due: one never sent (unknown to the provider) is sent again with its
// reference.
func (s *Service) CheckPayouts(ctx context.Context) (int, error) {
	tg, err := s.transfers()
	if err != nil {
		return 0, nil
	}
	ps, err := s.store.OpenPayouts(ctx, s.now(), jobBatch)
	if err != nil {
		return 0, err
	}
	for _, po := range ps {
		pctx, cancel := context.WithTimeout(ctx, providerTimeout)
		t, err := tg.VerifyTransfer(pctx, po.Reference)
		cancel()
		if err != nil {
			if err := s.payoutCheckFailed(ctx, po); err != nil {
				return 0, err
			}
			continue
		}
		if !t.Found {
			s.sendPayout(ctx, po)
			continue
		}
		if t.Status == shop.TransferPending || t.Status == "processing" || t.Status == "received" || t.Status == "queued" {
			if err := s.payoutCheckFailed(ctx, po); err != nil {
				return 0, err
			}
			if po.Status == shop.PayoutPending {
				if _, err := s.store.MarkPayoutSent(ctx, po.Reference, t.TransferCode, s.now()); err != nil {
					return 0, err
				}
			}
			continue
		}
		if _, err := s.applyTransfer(ctx, po, t); err != nil {
			return 0, err
		}
	}
	return len(ps), nil
}

// weekKey names the ISO week of t: one scheduled payout per store each.
func weekKey(t time.Time) string {
	y, w := t.UTC().ISOWeek()
	return fmt.Sprintf("week:%d-W%02d", y, w)
}

// WeeklyPayouts pays, when staff have the schedule on, every store not
// held with a payout account and an available balance at the minimum,
// once per ISO week (keyed by the week, so instances and restarts agree).
func (s *Service) WeeklyPayouts(ctx context.Context) (int, error) {
	settings, err := s.store.PayoutSettings(ctx)
	if err != nil || !settings.WeeklyPayouts {
		return 0, err
	}
	if _, err := s.transfers(); err != nil {
		return 0, nil
	}
	key := weekKey(s.now())
	stores, err := s.store.ScheduledPayoutStores(ctx, key, jobBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range stores {
		po := &shop.Payout{StoreID: id, Reference: newPayoutReference(), Source: "schedule", IdempotencyKey: key, CreatedAt: s.now()}
		out, created, err := s.store.CreatePayout(ctx, po, func(f shop.PayoutFacts) (shop.Money, error) {
			return payoutAmount(f, nil, settings.MinimumPayout)
		})
		if err != nil {
			if isContractOutcome(err) {
				continue // below the minimum, held meanwhile, or one on its way
			}
			return n, err
		}
		if created {
			s.sendPayout(ctx, out)
			n++
		}
	}
	return n, nil
}

// PayoutSettings returns staff's payout settings.
func (s *Service) PayoutSettings(ctx context.Context) (shop.PayoutSettings, error) {
	return s.store.PayoutSettings(ctx)
}

// UpdatePayoutSettings changes the sent settings.
func (s *Service) UpdatePayoutSettings(ctx context.Context, ch shop.PayoutSettingsChange) (shop.PayoutSettings, error) {
	fe := shop.FieldErrors{}
	if v := ch.DefaultCommissionBps; v != nil && (*v < 0 || *v > 10000) {
		fe.Add("default_commission_bps", "Enter basis points from 0 to 10000 (1000 = 10%).")
	}
	if v := ch.HoldingDays; v != nil && (*v < 0 || *v > 90) {
		fe.Add("holding_days", "Enter a number of days from 0 to 90.")
	}
	if v := ch.MinimumPayout; v != nil && (*v < 100 || *v > 100_000_000) {
		fe.Add("minimum_payout_minor", "Enter pesewas from 100 (GH₵ 1) to 100000000 (GH₵ 1,000,000).")
	}
	if len(fe) > 0 {
		return shop.PayoutSettings{}, shop.Invalid(fe)
	}
	if err := s.store.UpdatePayoutSettings(ctx, ch, s.now()); err != nil {
		return shop.PayoutSettings{}, err
	}
	if ch.HoldingDays != nil {
		// Parts a shorter period makes due are released now, not at the
		// job's next pass.
		s.afterAnswer(ctx, "payouts: release after a settings change", func(ctx context.Context) error {
			_, err := s.ReleaseEarnings(ctx)
			return err
		})
	}
	return s.store.PayoutSettings(ctx)
}

// CommissionRates is the default rate and the overrides.
type CommissionRates struct {
	Default            int
	Categories, Stores []shop.CommissionRate
}

// CommissionRates returns the rates.
func (s *Service) CommissionRates(ctx context.Context) (CommissionRates, error) {
	settings, err := s.store.PayoutSettings(ctx)
	if err != nil {
		return CommissionRates{}, err
	}
	cats, stores, err := s.store.CommissionRates(ctx)
	return CommissionRates{Default: settings.DefaultCommissionBps, Categories: cats, Stores: stores}, err
}

// SetCommission sets (bps not nil) or clears the override of a category
// ("categories") or store ("stores").
func (s *Service) SetCommission(ctx context.Context, table string, id int64, bps *int, present bool) (CommissionRates, error) {
	if bps != nil || present {
		switch {
		case bps == nil:
			return CommissionRates{}, shop.Invalid(map[string][]string{"rate_bps": {msgRequired}})
		case *bps < 0 || *bps > 10000:
			return CommissionRates{}, shop.Invalid(map[string][]string{"rate_bps": {"Enter basis points from 0 to 10000 (1000 = 10%)."}})
		}
	}
	ok, err := s.store.SetCommission(ctx, table, id, bps)
	if err != nil {
		return CommissionRates{}, err
	}
	if !ok {
		return CommissionRates{}, shop.ErrNotFoundPlain
	}
	return s.CommissionRates(ctx)
}

// StoreBalances returns a page of every store's balances.
func (s *Service) StoreBalances(ctx context.Context, offset, limit int) ([]shop.Balance, int, error) {
	return s.store.Balances(ctx, offset, limit)
}

// CommissionIncome is the mall's commission in total and per month,
// newest month first.
func (s *Service) CommissionIncome(ctx context.Context) (shop.Money, []shop.MonthAmount, error) {
	ls, err := s.store.CommissionLines(ctx)
	if err != nil {
		return 0, nil, err
	}
	var total shop.Money
	months := []shop.MonthAmount{}
	for _, l := range ls {
		total += l.Amount
		m := l.CreatedAt.UTC().Format("2006-01")
		if n := len(months); n > 0 && months[n-1].Month == m {
			months[n-1].Amount += l.Amount
		} else {
			months = append(months, shop.MonthAmount{Month: m, Amount: l.Amount})
		}
	}
	for i, j := 0, len(months)-1; i < j; i, j = i+1, j-1 {
		months[i], months[j] = months[j], months[i]
	}
	return total, months, nil
}

// HoldPayouts holds (reason not nil) or releases a store's payouts and
// returns its balance.
func (s *Service) HoldPayouts(ctx context.Context, store int64, reason *string) (shop.Balance, error) {
	if reason != nil {
		r := strings.TrimSpace(*reason)
		switch {
		case r == "":
			return shop.Balance{}, shop.Invalid(map[string][]string{"reason": {"Say why the payouts are held."}})
		case utf8.RuneCountInString(r) > maxHoldReason:
			return shop.Balance{}, shop.Invalid(map[string][]string{"reason": {"Ensure this field has no more than 500 characters."}})
		}
		reason = &r
	}
	ok, err := s.store.SetPayoutHold(ctx, store, reason)
	if err != nil {
		return shop.Balance{}, err
	}
	if !ok {
		return shop.Balance{}, shop.ErrNotFoundPlain
	}
	return s.store.Balance(ctx, store)
}

// AdjustmentInput is a staff adjustment as sent.
type AdjustmentInput struct {
	Store, AmountMinor *int64
	Reason             *string
}

var (
	errAdjustmentKeyRequired = shop.InvalidDetail("idempotency_key_required", "Send an Idempotency-Key header with each adjustment.")
	errAdjustmentKeyReused   = &shop.Error{Kind: shop.KindUnprocessable, Code: "idempotency_key_reused",
		Detail: "This Idempotency-Key was used for another adjustment."}
)

// AdjustBalance credits (amount > 0) or debits a store's available
// balance with a staff adjustment. A debit may take the balance below
// zero: the next payout nets it. The key, scoped to the staff member,
// makes a replay answer the adjustment it posted.
func (s *Service) AdjustBalance(ctx context.Context, u *shop.User, key string, in AdjustmentInput) (*shop.Adjustment, bool, error) {
	switch {
	case key == "":
		return nil, false, errAdjustmentKeyRequired
	case !validIdempotencyKey(key):
		return nil, false, errBadKey
	}
	fe := shop.FieldErrors{}
	if in.Store == nil {
		fe.Add("store", msgRequired)
	}
	switch {
	case in.AmountMinor == nil:
		fe.Add("amount_minor", msgRequired)
	case *in.AmountMinor == 0:
		fe.Add("amount_minor", "Ensure this value is not zero.")
	}
	var reason string
	if in.Reason == nil {
		fe.Add("reason", msgRequired)
	} else {
		reason = strings.TrimSpace(*in.Reason)
		switch {
		case reason == "":
			fe.Add("reason", "Say why the balance is adjusted.")
		case utf8.RuneCountInString(reason) > maxAdjustReason:
			fe.Add("reason", "Ensure this field has no more than 500 characters.")
		}
	}
	if len(fe) > 0 {
		return nil, false, shop.Invalid(fe)
	}
	a := shop.Adjustment{Ref: "adjustment:" + strconv.FormatInt(u.ID, 10) + ":" + key, StoreID: *in.Store,
		Amount: shop.Money(*in.AmountMinor), Reason: reason, CreatedAt: s.now()}
	out, created, err := s.store.PostAdjustment(ctx, a)
	switch {
	case err != nil:
		return nil, false, err
	case out == nil:
		return nil, false, shop.Invalid(map[string][]string{"store": {doesNotExist(Ref{ID: a.StoreID})}})
	case !created && (out.StoreID != a.StoreID || out.Amount != a.Amount || out.Reason != a.Reason):
		return nil, false, errAdjustmentKeyReused
	}
	return out, created, nil
}

// AdminPayouts returns a page of payouts (store 0: all; status "": all).
func (s *Service) AdminPayouts(ctx context.Context, store int64, status string, offset, limit int) ([]*shop.Payout, int, error) {
	switch status {
	case "", shop.PayoutPending, shop.PayoutProcessing, shop.PayoutPaid, shop.PayoutFailed, shop.PayoutReversed:
	default:
		return nil, 0, shop.Invalid(map[string][]string{"status": {`"` + status + `" is not a valid choice.`}})
	}
	return s.store.Payouts(ctx, store, status, offset, limit)
}
