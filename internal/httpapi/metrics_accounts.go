package httpapi

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"slices"
)

// writeAccountMetrics adds rate-limit refusals and the outbox backlog to
// /metrics.
func (a *API) writeAccountMetrics(ctx context.Context, w io.Writer) {
	throttled := a.svc.Throttled()
	fmt.Fprintln(w, "# HELP dwa_throttled_total Requests and events refused by a rate limit, by bucket.")
	fmt.Fprintln(w, "# TYPE dwa_throttled_total counter")
	for _, b := range slices.Sorted(maps.Keys(throttled)) {
		fmt.Fprintf(w, "dwa_throttled_total{bucket=%q} %d\n", b, throttled[b])
	}
	backlog, err := a.svc.MailBacklog(ctx)
	if err != nil {
		slog.WarnContext(ctx, "metrics: outbox backlog", "err", err)
		return
	}
	fmt.Fprintln(w, "# HELP dwa_outbox_mails Mails not sent, by status (pending or failed for good).")
	fmt.Fprintln(w, "# TYPE dwa_outbox_mails gauge")
	for _, s := range slices.Sorted(maps.Keys(backlog)) {
		fmt.Fprintf(w, "dwa_outbox_mails{status=%q} %d\n", s, backlog[s])
	}
}
