package shop

import (
	"strconv"
	"strings"
	"time"
)

// ProductEdit is one product's change in a bulk write (a CSV import or a
// bulk action): Row is where it came from (the file's line, or the
// position in the list of ids), for problems the write itself finds.
type ProductEdit struct {
	Row    int
	ID     int64
	Change ProductChange
	// Variants are changes of the product's variants (a product with
	// options), each with its own row.
	Variants []VariantEdit
	// Options gives a product without options its options and variants
	// (a CSV import's variant rows, decision 0028).
	Options *NewOptions
}

// ProductCreate is a new product of a bulk write, with its options and
// variants when it has some.
type ProductCreate struct {
	*Product
	Options *NewOptions
}

// NewOptions are the options a bulk write gives a product that has none:
// every combination becomes a variant; those of Variants are set as
// listed, the others are inactive with stock 0. Row is the file's first
// row giving them.
type NewOptions struct {
	Row      int
	Options  []ProductOption
	Variants []NewVariant
}

// NewVariant is the variant of one combination (its values in the order
// of the options) as a bulk write creates it.
type NewVariant struct {
	Row       int
	Values    []string
	UnitPrice Money
	Inventory int
	SKU       string
	Active    bool
}

// VariantEdit is one variant's change in a bulk write.
type VariantEdit struct {
	Row int
	VariantChange
}

// Empty is true when the edit changes neither the product nor a variant.
func (e *ProductEdit) Empty() bool {
	return e.Change.Empty() && len(e.Variants) == 0 && e.Options == nil
}

// BulkProduct is a product as a write read it under its lock, with
// whether it has options: what a change's rules are checked against.
type BulkProduct struct {
	*Product
	HasOptions bool
	// Options (in reads of the store's products) and Variants (there, in
	// position order, and under a bulk write's lock, in id order) of a
	// product with options; retired variants are left out.
	Options  []ProductOption
	Variants []Variant
}

// RowProblem is what is wrong with one row of a bulk write: Column is the
// file's column ("" for the whole row).
type RowProblem struct {
	Row     int
	Column  string
	Message string
}

// RowProblems refuses a bulk write as a whole: nothing of it was written.
type RowProblems []RowProblem

func (p RowProblems) Error() string {
	var b strings.Builder
	b.WriteString("bulk write refused:")
	for i, r := range p {
		if i == 3 {
			b.WriteString(" …")
			break
		}
		b.WriteString(" row " + strconv.Itoa(r.Row) + " " + r.Column + ": " + r.Message)
	}
	return b.String()
}

// Import job states (docs/decisions/0030-import-jobs.md).
const (
	JobQueued  = "queued"
	JobRunning = "running"
	JobDone    = "done"
	JobFailed  = "failed"
)

// ImportJob is a CSV import run in the background: its progress while it
// runs, then its result (the report, kept as JSON by the service) or why it
// failed.
type ImportJob struct {
	ID, StoreID int64
	DryRun      bool
	Status      string
	// Total is the file's rows after the header (0 until it is read);
	// Checked and Applied count rows checked and written.
	Total, Checked, Applied int
	Result                  string // the report as JSON, once done
	Error                   string // why it failed, for the seller
	CreatedAt, HeartbeatAt  time.Time
	FinishedAt              time.Time // zero while queued or running
}
