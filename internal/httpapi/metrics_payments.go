package httpapi

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"slices"
)

// writePaymentMetrics adds payment outcomes and flagged attempts to
// /metrics (contract §2.11).
func (a *API) writePaymentMetrics(ctx context.Context, w io.Writer) {
	outcomes := a.svc.PaymentOutcomes()
	fmt.Fprintln(w, "# HELP dwa_payment_outcomes_total Provider reports applied to payment attempts (verify, webhook, jobs) and failed provider calls, by outcome.")
	fmt.Fprintln(w, "# TYPE dwa_payment_outcomes_total counter")
	for _, o := range slices.Sorted(maps.Keys(outcomes)) {
		fmt.Fprintf(w, "dwa_payment_outcomes_total{outcome=%q} %d\n", o, outcomes[o])
	}
	flagged, err := a.svc.FlaggedPayments(ctx)
	if err != nil {
		slog.WarnContext(ctx, "metrics: flagged payments", "err", err)
		return
	}
	fmt.Fprintln(w, "# HELP dwa_payments_flagged Payment attempts flagged for staff, by flag (review: amount or currency mismatch; refund: paid after the order stopped being payable).")
	fmt.Fprintln(w, "# TYPE dwa_payments_flagged gauge")
	for _, f := range slices.Sorted(maps.Keys(flagged)) {
		fmt.Fprintf(w, "dwa_payments_flagged{flag=%q} %d\n", f, flagged[f])
	}
}
