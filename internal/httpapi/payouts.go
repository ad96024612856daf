package httpapi

import (
	"net/http"
	"strconv"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// Seller ledger and payouts (docs/decisions/0027).

type payoutAccountDTO struct {
	Type          string `json:"type"`
	BankCode      string `json:"bank_code"`
	BankName      string `json:"bank_name"`
	AccountNumber string `json:"account_number"`
	AccountName   string `json:"account_name"`
	VerifiedAt    string `json:"verified_at"`
}

func toPayoutAccountDTO(a *shop.PayoutAccount) *payoutAccountDTO {
	if a == nil {
		return nil
	}
	return &payoutAccountDTO{Type: a.Type, BankCode: a.BankCode, BankName: a.BankName, AccountNumber: a.AccountNumber,
		AccountName: a.AccountName, VerifiedAt: shop.FormatTime(a.VerifiedAt)}
}

type sellerBalanceDTO struct {
	Pending             int64             `json:"pending_minor"`
	Available           int64             `json:"available_minor"`
	InFlight            int64             `json:"in_flight_minor"`
	PaidOut             int64             `json:"paid_out_minor"`
	Held                bool              `json:"held"`
	HoldReason          *string           `json:"hold_reason"`
	MinimumPayout       int64             `json:"minimum_payout_minor"`
	HoldingDays         int               `json:"holding_days"`
	WeeklyPayouts       bool              `json:"weekly_payouts"`
	CanRequest          bool              `json:"can_request"`
	CannotRequestReason *string           `json:"cannot_request_reason"`
	Account             *payoutAccountDTO `json:"account"`
}

func optionalText(s string, present bool) *string {
	if !present {
		return nil
	}
	return &s
}

func toSellerBalanceDTO(b service.SellerBalance) sellerBalanceDTO {
	return sellerBalanceDTO{Pending: int64(b.Balance.Pending), Available: int64(b.Balance.Available),
		InFlight: int64(b.Balance.InFlight), PaidOut: int64(b.Balance.PaidOut), Held: b.Balance.Held,
		HoldReason: optionalText(b.Balance.Hold, b.Balance.Held), MinimumPayout: int64(b.Settings.MinimumPayout),
		HoldingDays: b.Settings.HoldingDays, WeeklyPayouts: b.Settings.WeeklyPayouts, CanRequest: b.CanAsk,
		CannotRequestReason: optionalText(b.CannotWhy, !b.CanAsk), Account: toPayoutAccountDTO(b.Account)}
}

type ledgerEntryDTO struct {
	ID        int64   `json:"id"`
	Kind      string  `json:"kind"`
	Bucket    string  `json:"bucket"`
	Amount    int64   `json:"amount_minor"`
	Order     *string `json:"order"`
	OrderRef  *string `json:"order_ref"`
	Payout    *int64  `json:"payout"`
	Memo      string  `json:"memo"`
	CreatedAt string  `json:"created_at"`
}

func toLedgerEntryDTO(l shop.LedgerLine) ledgerEntryDTO {
	d := ledgerEntryDTO{ID: l.ID, Kind: l.Kind, Bucket: shop.Bucket(l.Account), Amount: int64(l.Amount),
		Payout: optionalID(l.PayoutID), Memo: l.Memo, CreatedAt: shop.FormatTime(l.CreatedAt)}
	if l.OrderID != "" {
		ref := service.OrderRef(l.OrderID)
		d.Order, d.OrderRef = &l.OrderID, &ref
	}
	return d
}

type payoutDTO struct {
	ID            int64   `json:"id"`
	Reference     string  `json:"reference"`
	Store         int64   `json:"store"`
	StoreName     string  `json:"store_name"`
	Amount        int64   `json:"amount_minor"`
	Status        string  `json:"status"`
	Trigger       string  `json:"trigger"`
	AccountType   string  `json:"account_type"`
	BankName      string  `json:"bank_name"`
	AccountNumber string  `json:"account_number"`
	AccountName   string  `json:"account_name"`
	FailureReason *string `json:"failure_reason"`
	CreatedAt     string  `json:"created_at"`
	CompletedAt   *string `json:"completed_at"`
}

func toPayoutDTO(p *shop.Payout) payoutDTO {
	return payoutDTO{ID: p.ID, Reference: p.Reference, Store: p.StoreID, StoreName: p.StoreName, Amount: int64(p.Amount),
		Status: p.Status, Trigger: p.Source, AccountType: p.Account.Type, BankName: p.Account.BankName,
		AccountNumber: p.Account.AccountNumber, AccountName: p.Account.AccountName,
		FailureReason: optionalText(p.Failure, p.Failure != ""), CreatedAt: shop.FormatTime(p.CreatedAt),
		CompletedAt: optionalTime(p.CompletedAt)}
}

type payoutBankDTO struct {
	Code string `json:"code"`
	Name string `json:"name"`
	Type string `json:"type"`
}

func toPayoutBankDTO(b shop.PayoutBank) payoutBankDTO {
	return payoutBankDTO{Code: b.Code, Name: b.Name, Type: b.Type}
}

func (a *API) getSellerBalance(w http.ResponseWriter, r *http.Request) error {
	b, err := a.svc.SellerBalance(r.Context(), caller(r))
	return replyResult(w, http.StatusOK, b, err, toSellerBalanceDTO)
}

func (a *API) listSellerLedger(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, toLedgerEntryDTO, func(p pager) ([]shop.LedgerLine, int, error) {
		return a.svc.SellerLedger(r.Context(), caller(r), lastQueryValue(r, "month"), p.offset, p.limit)
	})
}

// getSellerStatement answers the month's statement as a CSV download.
func (a *API) getSellerStatement(w http.ResponseWriter, r *http.Request) error {
	st, err := a.svc.SellerStatement(r.Context(), caller(r), lastQueryValue(r, "month"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+st.Filename+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(st.CSV)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(st.CSV)
	}
	return nil
}

func (a *API) listPayoutBanks(w http.ResponseWriter, r *http.Request) error {
	bs, err := a.svc.PayoutBanks(r.Context(), caller(r), lastQueryValue(r, "type"))
	if err != nil {
		return err
	}
	out := make([]payoutBankDTO, len(bs))
	for i, b := range bs {
		out[i] = toPayoutBankDTO(b)
	}
	return reply(w, http.StatusOK, out)
}

type payoutAccountRequest struct {
	Type          *string `json:"type"`
	BankCode      *string `json:"bank_code"`
	AccountNumber *string `json:"account_number"`
}

func (a *API) setPayoutAccount(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[payoutAccountRequest](r)
	if err != nil {
		return err
	}
	acct, err := a.svc.SetPayoutAccount(r.Context(), caller(r), service.PayoutAccountInput{Type: in.Type, BankCode: in.BankCode,
		AccountNumber: in.AccountNumber})
	return replyResult(w, http.StatusOK, acct, err, toPayoutAccountDTO)
}

func (a *API) listSellerPayouts(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, toPayoutDTO, func(p pager) ([]*shop.Payout, int, error) {
		return a.svc.SellerPayouts(r.Context(), caller(r), p.offset, p.limit)
	})
}

type payoutRequest struct {
	AmountMinor *int64 `json:"amount_minor" null:"absent"`
}

func (a *API) requestPayout(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[payoutRequest](r)
	if err != nil {
		return err
	}
	po, created, err := a.svc.RequestPayout(r.Context(), caller(r), r.Header.Get("Idempotency-Key"), in.AmountMinor)
	return replyResult(w, createdOrOK(created), po, err, toPayoutDTO)
}

type payoutSettingsDTO struct {
	DefaultCommissionBps int     `json:"default_commission_bps"`
	HoldingDays          int     `json:"holding_days"`
	MinimumPayout        int64   `json:"minimum_payout_minor"`
	WeeklyPayouts        bool    `json:"weekly_payouts"`
	UpdatedAt            *string `json:"updated_at"`
}

func toPayoutSettingsDTO(s shop.PayoutSettings) payoutSettingsDTO {
	return payoutSettingsDTO{DefaultCommissionBps: s.DefaultCommissionBps, HoldingDays: s.HoldingDays,
		MinimumPayout: int64(s.MinimumPayout), WeeklyPayouts: s.WeeklyPayouts, UpdatedAt: optionalTime(s.UpdatedAt)}
}

func (a *API) getPayoutSettings(w http.ResponseWriter, r *http.Request) error {
	s, err := a.svc.PayoutSettings(r.Context())
	return replyResult(w, http.StatusOK, s, err, toPayoutSettingsDTO)
}

type payoutSettingsRequest struct {
	DefaultCommissionBps *int64 `json:"default_commission_bps"`
	HoldingDays          *int64 `json:"holding_days"`
	MinimumPayout        *int64 `json:"minimum_payout_minor"`
	WeeklyPayouts        *bool  `json:"weekly_payouts"`
}

// smallInt narrows a decoded integer; out-of-range values become -1,
// which every range check here refuses.
func smallInt(v *int64) *int {
	if v == nil {
		return nil
	}
	n := -1
	if *v >= 0 && *v <= 1<<30 {
		n = int(*v)
	}
	return &n
}

func (a *API) patchPayoutSettings(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[payoutSettingsRequest](r)
	if err != nil {
		return err
	}
	ch := shop.PayoutSettingsChange{DefaultCommissionBps: smallInt(in.DefaultCommissionBps), HoldingDays: smallInt(in.HoldingDays),
		WeeklyPayouts: in.WeeklyPayouts}
	if in.MinimumPayout != nil {
		m := shop.Money(*in.MinimumPayout)
		ch.MinimumPayout = &m
	}
	s, err := a.svc.UpdatePayoutSettings(r.Context(), ch)
	return replyResult(w, http.StatusOK, s, err, toPayoutSettingsDTO)
}

type commissionRateDTO struct {
	Category *int64 `json:"category,omitempty"`
	Store    *int64 `json:"store,omitempty"`
	Name     string `json:"name"`
	RateBps  int    `json:"rate_bps"`
}

type commissionRatesDTO struct {
	Default    int                 `json:"default_bps"`
	Categories []commissionRateDTO `json:"categories"`
	Stores     []commissionRateDTO `json:"stores"`
}

func toCommissionRatesDTO(c service.CommissionRates) commissionRatesDTO {
	out := commissionRatesDTO{Default: c.Default, Categories: []commissionRateDTO{}, Stores: []commissionRateDTO{}}
	for _, r := range c.Categories {
		id := r.ID
		out.Categories = append(out.Categories, commissionRateDTO{Category: &id, Name: r.Name, RateBps: r.Bps})
	}
	for _, r := range c.Stores {
		id := r.ID
		out.Stores = append(out.Stores, commissionRateDTO{Store: &id, Name: r.Name, RateBps: r.Bps})
	}
	return out
}

func (a *API) getCommissionRates(w http.ResponseWriter, r *http.Request) error {
	c, err := a.svc.CommissionRates(r.Context())
	return replyResult(w, http.StatusOK, c, err, toCommissionRatesDTO)
}

type commissionRateRequest struct {
	RateBps *int64 `json:"rate_bps"`
}

// setCommission answers PUT (set) and DELETE (clear) of an override of
// table ("categories" or "stores").
func (a *API) setCommission(table string) handlerE {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := idOf(r, "id")
		if err != nil {
			return err
		}
		var bps *int
		put := r.Method == http.MethodPut
		if put {
			in, err := decoded[commissionRateRequest](r)
			if err != nil {
				return err
			}
			bps = smallInt(in.RateBps)
		}
		c, err := a.svc.SetCommission(r.Context(), table, id, bps, put)
		return replyResult(w, http.StatusOK, c, err, toCommissionRatesDTO)
	}
}

type storeBalanceDTO struct {
	Store           int64   `json:"store"`
	StoreName       string  `json:"store_name"`
	Pending         int64   `json:"pending_minor"`
	Available       int64   `json:"available_minor"`
	InFlight        int64   `json:"in_flight_minor"`
	PaidOut         int64   `json:"paid_out_minor"`
	Held            bool    `json:"held"`
	HoldReason      *string `json:"hold_reason"`
	AccountVerified bool    `json:"account_verified"`
	LastPayoutAt    *string `json:"last_payout_at"`
}

func toStoreBalanceDTO(b shop.Balance) storeBalanceDTO {
	return storeBalanceDTO{Store: b.StoreID, StoreName: b.StoreName, Pending: int64(b.Pending), Available: int64(b.Available),
		InFlight: int64(b.InFlight), PaidOut: int64(b.PaidOut), Held: b.Held, HoldReason: optionalText(b.Hold, b.Held),
		AccountVerified: b.AccountVerified, LastPayoutAt: optionalTime(b.LastPayoutAt)}
}

func (a *API) listStoreBalances(w http.ResponseWriter, r *http.Request) error {
	return replyPage(a, w, r, toStoreBalanceDTO, func(p pager) ([]shop.Balance, int, error) {
		return a.svc.StoreBalances(r.Context(), p.offset, p.limit)
	})
}

type monthAmountDTO struct {
	Month  string `json:"month"`
	Amount int64  `json:"amount_minor"`
}

type commissionIncomeDTO struct {
	Total  int64            `json:"total_minor"`
	Months []monthAmountDTO `json:"months"`
}

func (a *API) getCommissionIncome(w http.ResponseWriter, r *http.Request) error {
	total, months, err := a.svc.CommissionIncome(r.Context())
	if err != nil {
		return err
	}
	out := commissionIncomeDTO{Total: int64(total), Months: make([]monthAmountDTO, len(months))}
	for i, m := range months {
		out.Months[i] = monthAmountDTO{Month: m.Month, Amount: int64(m.Amount)}
	}
	return reply(w, http.StatusOK, out)
}

type holdRequest struct {
	Reason *string `json:"reason"`
}

// holdPayouts answers PUT (hold, with a reason) and DELETE (release).
func (a *API) holdPayouts(w http.ResponseWriter, r *http.Request) error {
	id, err := idOf(r, "id")
	if err != nil {
		return err
	}
	var reason *string
	if r.Method == http.MethodPut {
		in, err := decoded[holdRequest](r)
		if err != nil {
			return err
		}
		if in.Reason == nil {
			return shop.Invalid(map[string][]string{"reason": {"This field is required."}})
		}
		reason = in.Reason
	}
	b, err := a.svc.HoldPayouts(r.Context(), id, reason)
	return replyResult(w, http.StatusOK, b, err, toStoreBalanceDTO)
}

func (a *API) listAdminPayouts(w http.ResponseWriter, r *http.Request) error {
	var store int64
	if v := lastQueryValue(r, "store"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return shop.Invalid(map[string][]string{"store": {"A valid integer is required."}})
		}
		store = n
	}
	return replyPage(a, w, r, toPayoutDTO, func(p pager) ([]*shop.Payout, int, error) {
		return a.svc.AdminPayouts(r.Context(), store, lastQueryValue(r, "status"), p.offset, p.limit)
	})
}

type adjustmentRequest struct {
	Store       *int64  `json:"store"`
	AmountMinor *int64  `json:"amount_minor"`
	Reason      *string `json:"reason"`
}

type adjustmentDTO struct {
	ID        int64  `json:"id"`
	Store     int64  `json:"store"`
	Amount    int64  `json:"amount_minor"`
	Reason    string `json:"reason"`
	CreatedAt string `json:"created_at"`
}

func toAdjustmentDTO(a *shop.Adjustment) adjustmentDTO {
	return adjustmentDTO{ID: a.ID, Store: a.StoreID, Amount: int64(a.Amount), Reason: a.Reason, CreatedAt: shop.FormatTime(a.CreatedAt)}
}

func (a *API) adjustBalance(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[adjustmentRequest](r)
	if err != nil {
		return err
	}
	adj, created, err := a.svc.AdjustBalance(r.Context(), caller(r), r.Header.Get("Idempotency-Key"),
		service.AdjustmentInput{Store: in.Store, AmountMinor: in.AmountMinor, Reason: in.Reason})
	return replyResult(w, createdOrOK(created), adj, err, toAdjustmentDTO)
}
