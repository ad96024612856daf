package httpapi

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"slices"
)

// writeDomainMetrics adds what the shop itself counts to /metrics:
// rate-limit refusals, the outbox backlog, payment outcomes and flagged
// payments (contract §2.11), and the catalogue index's builds and
// compactions. A gauge whose query fails is left out and
// logged; the rest of the scrape still answers.
func (a *API) writeDomainMetrics(ctx context.Context, w io.Writer) {
	writeFamily(w, "dwa_throttled_total", "counter", "bucket",
		"Requests and events refused by a rate limit, by bucket.", a.svc.Throttled())
	writeFamily(w, "dwa_payment_outcomes_total", "counter", "outcome",
		"Provider reports applied to payment attempts (verify, webhook, jobs) and failed provider calls, by outcome (gave_up: attempts flagged after ten failed checks; event_gave_up: webhook events set aside after ten failures).",
		a.svc.PaymentOutcomes())
	writeFamily(w, "dwa_catalogue_index_total", "counter", "event",
		"Catalogue index events on this instance: full builds (one at start; another means the data were reset) and background compactions.",
		a.svc.CatalogueIndexEvents())
	gauges := []struct {
		name, label, help string
		read              func(context.Context) (map[string]int64, error)
	}{
		{"dwa_outbox_mails", "status", "Mails not sent, by status (pending or failed for good).", a.svc.MailBacklog},
		{"dwa_payments_flagged", "flag", "Payment attempts flagged for staff, by flag (review: amount or currency mismatch, or the provider could not be asked ten times; refund: paid after the order stopped being payable).", a.svc.FlaggedPayments},
	}
	for _, g := range gauges {
		values, err := g.read(ctx)
		if err != nil {
			slog.WarnContext(ctx, "metrics: "+g.name, "err", err)
			continue
		}
		writeFamily(w, g.name, "gauge", g.label, g.help, values)
	}
}

// writeFamily writes one metric family with a single label, sorted by label.
func writeFamily(w io.Writer, name, typ, label, help string, values map[string]int64) {
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, typ)
	for _, k := range slices.Sorted(maps.Keys(values)) {
		fmt.Fprintf(w, "%s{%s=%q} %d\n", name, label, k, values[k])
	}
}
