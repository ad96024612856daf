package service

import (
	"cmp"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"dwa/internal/shop"
)

// Bulk catalogue work of the Seller Centre (docs/decisions/0028-bulk-catalogue.md):
// a CSV export and import of a store's products, and bulk actions on the
// product list. Every bulk write is all or nothing.

// ImportColumns are the CSV template's columns in the order an export
// writes them. An import may carry any of them in any order, but no other.
// The columns from variant_of on are a variant row's (importvariants.go);
// a file without them, as made before variants, means what it meant.
var ImportColumns = []string{"id", "sku", "name", "category", "brand", "price", "was_price", "stock",
	"exported_stock", "active", "description", "specification",
	"variant_of", "variant_id", "option1_name", "option1_value", "option2_name", "option2_value", "option3_name", "option3_value"}

// Bounds of one import: the rows of the file after its header (the body's
// size is bounded by the HTTP layer, MaxImportBytes).
const (
	MaxImportRows  = 10_000
	MaxImportBytes = 16 << 20
)

// ImportReport is what an import found and did. Rows are numbered as a
// spreadsheet shows them: the header is row 1.
type ImportReport struct {
	DryRun                      bool
	Rows                        int
	Created, Updated, Unchanged int
	Problems                    []shop.RowProblem
	// Applied is true once the whole file is written.
	Applied bool
}

// ExportSellerProducts writes the caller's products as the template's
// records (the header first) to emit, one product at a time.
func (s *Service) ExportSellerProducts(ctx context.Context, u *shop.User, emit func([]string) error) error {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return err
	}
	all, err := s.store.AllCategories(ctx)
	if err != nil {
		return err
	}
	slugs := make(map[int64]string, len(all))
	for _, c := range all {
		slugs[c.ID] = c.Slug
	}
	if err := emit(ImportColumns); err != nil {
		return err
	}
	return s.store.EachStoreProduct(ctx, st.ID, func(bp *shop.BulkProduct) error {
		p := bp.Product
		category := ""
		for _, id := range p.CategoryIDs() {
			if id != 0 {
				category = slugs[id]
			}
		}
		was := ""
		if p.WasPrice != 0 {
			was = p.WasPrice.String()
		}
		stock := strconv.Itoa(p.Inventory)
		rec := make([]string, len(ImportColumns))
		copy(rec, []string{strconv.FormatInt(p.ID, 10), p.SKU, p.Name, category, p.Brand, p.UnitPrice.String(), was,
			stock, stock, yesNo(p.Active), p.Description, p.Specification})
		if err := emit(guardRecord(rec)); err != nil {
			return err
		}
		for _, v := range bp.Variants {
			if err := emit(guardRecord(variantRecord(bp, v))); err != nil {
				return err
			}
		}
		return nil
	})
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// errImportRunning refuses a second import of a store while one runs.
var errImportRunning = shop.Conflict("import_running", "Another import of your store is running: try again when it is done.")

// ImportSellerProducts reads a CSV file of the caller's products, checks
// every row with the rules of the product form and reports every problem;
// unless dryRun, and only when there is none, it writes the whole file in
// one transaction: rows with the id or SKU of a product of the store update
// the columns that differ, rows with a new SKU create products. It answers
// in the request, with a place in the import pool like a job (StartImport).
func (s *Service) ImportSellerProducts(ctx context.Context, u *shop.User, body io.Reader, dryRun bool) (*ImportReport, error) {
	storeID, ticket, release, err := s.admitImport(ctx, u)
	if err != nil {
		return nil, err
	}
	defer release()
	if err := ticket.Start(ctx); err != nil {
		var se *shop.Error
		if errors.As(err, &se) && se.Kind == shop.KindUnavailable {
			return nil, errImportsBusy(s.importing.retryAfter)
		}
		return nil, err
	}
	return s.importFile(ctx, storeID, body, dryRun, nil)
}

// importFile checks and (unless dryRun) applies a file of the store,
// counting its progress in run when not nil.
func (s *Service) importFile(ctx context.Context, storeID int64, body io.Reader, dryRun bool, run *jobRun) (*ImportReport, error) {
	header, records, err := readImportCSV(body)
	if err != nil {
		return nil, err
	}
	if run != nil {
		run.total.Store(int64(len(records)))
	}
	rep := &ImportReport{DryRun: dryRun, Rows: len(records)}
	imp, err := s.newImport(ctx, storeID, header)
	if err != nil {
		return nil, err
	}
	imp.noteVariantOf(records)
	for i, rec := range records {
		imp.row(ctx, i+2, rec)
		if run != nil && (i+1)%progressEvery == 0 {
			run.checked.Store(int64(i + 1))
		}
	}
	if run != nil {
		run.checked.Store(int64(len(records)))
	}
	records = nil // the checked rows are in imp now; let the cells go
	rep.Created, rep.Updated = len(imp.creates)+imp.createdVariants, len(imp.edits)+imp.changedVariants
	imp.giveOptions()
	imp.edits = imp.withVariants(imp.edits)
	rep.Problems = imp.problems
	slices.SortStableFunc(rep.Problems, func(a, b shop.RowProblem) int {
		return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(columnOrder(a.Column), columnOrder(b.Column)))
	})
	rep.Unchanged = rep.Rows - rep.Created - rep.Updated
	if len(rep.Problems) > 0 {
		rep.Created, rep.Updated, rep.Unchanged = 0, 0, 0
	}
	if dryRun || len(rep.Problems) > 0 || rep.Created+rep.Updated == 0 {
		rep.Applied = !dryRun && len(rep.Problems) == 0
		if rep.Applied && run != nil {
			run.applied.Store(int64(rep.Rows))
		}
		return rep, nil
	}
	err = s.store.WriteProducts(ctx, storeID, imp.edits, imp.creates, s.now(), aggregateProblems)
	var problems shop.RowProblems
	if errors.As(err, &problems) {
		rep.Problems = problems
		rep.Created, rep.Updated, rep.Unchanged = 0, 0, 0
		return rep, nil
	}
	if err != nil {
		return nil, err
	}
	rep.Applied = true
	if run != nil {
		// One transaction: every row is written at its commit.
		run.applied.Store(int64(rep.Rows))
	}
	return rep, nil
}

func columnOrder(c string) int {
	return slices.Index(ImportColumns, c)
}

// readImportCSV reads the header and the records of an import, refusing a
// file that is not CSV, has no header or has too many rows.
func readImportCSV(body io.Reader) ([]string, [][]string, error) {
	r := csv.NewReader(body)
	r.FieldsPerRecord = -1 // short rows are reported as rows, not as a broken file
	header, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, nil, shop.InvalidDetail("empty_file", "The file is empty: start from the template.")
	}
	if err != nil {
		return nil, nil, csvError(err)
	}
	if len(header) > 0 {
		// Excel writes a byte order mark before "UTF-8 CSV" files.
		header[0] = strings.TrimPrefix(header[0], "\uFEFF")
	}
	var records [][]string
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, csvError(err)
		}
		for i, cell := range rec {
			// Cells the export guarded against formulas read as they were.
			rec[i] = unguardCell(cell)
			// PostgreSQL refuses both in text; a Windows "CSV" (not "CSV UTF-8") is the usual cause.
			if !utf8.ValidString(cell) || strings.ContainsRune(cell, 0) {
				line, _ := r.FieldPos(0)
				return nil, nil, shop.InvalidDetail("not_utf8", "Row "+strconv.Itoa(line)+
					" is not UTF-8 text: save the file from Excel as \"CSV UTF-8\".")
			}
		}
		if len(records) == MaxImportRows {
			return nil, nil, shop.InvalidDetail("too_many_rows",
				"A file may have at most "+strconv.Itoa(MaxImportRows)+" rows of products: split it.")
		}
		records = append(records, rec)
	}
	return header, records, nil
}

func csvError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return shop.InvalidDetail("bad_csv", "Row "+strconv.Itoa(pe.StartLine)+" is not valid CSV: "+pe.Err.Error()+".")
	}
	return err
}

// anImport is one file's rows turned into writes.
type anImport struct {
	s        *Service
	storeID  int64
	cols     map[string]int // column → index in the records
	cats     []*shop.Category
	bySlug   map[string]*shop.Category
	catByID  map[int64]*shop.Category
	byID     map[int64]*shop.BulkProduct
	bySKU    map[string]*shop.BulkProduct // by lower-case SKU
	seenSKU  map[string]int               // lower-case SKU → first row with it
	seenID   map[int64]int                // product → first row updating it
	edits    []shop.ProductEdit
	creates  []shop.ProductCreate
	problems []shop.RowProblem
	variantRows
}

func (s *Service) newImport(ctx context.Context, storeID int64, header []string) (*anImport, error) {
	imp := &anImport{s: s, storeID: storeID, cols: map[string]int{}, bySlug: map[string]*shop.Category{}, catByID: map[int64]*shop.Category{},
		byID: map[int64]*shop.BulkProduct{}, bySKU: map[string]*shop.BulkProduct{}, seenSKU: map[string]int{},
		seenID: map[int64]int{}, variantRows: newVariantRows()}
	for i, h := range header {
		name := strings.ToLower(strings.TrimSpace(h))
		switch {
		case !slices.Contains(ImportColumns, name):
			imp.add(1, "", `Unknown column "`+h+`": the columns are `+strings.Join(ImportColumns, ", ")+".")
		case imp.has(name):
			imp.add(1, name, "This column appears twice.")
		default:
			imp.cols[name] = i
		}
	}
	if !imp.has("id") && !imp.has("sku") && !imp.has("variant_of") {
		imp.add(1, "", "The file needs an id or a sku column to know which products its rows are.")
	}
	var err error
	if imp.cats, err = s.store.AllCategories(ctx); err != nil {
		return nil, err
	}
	for _, c := range imp.cats {
		imp.bySlug[c.Slug] = c
		imp.catByID[c.ID] = c
	}
	err = s.store.EachStoreProduct(ctx, storeID, func(p *shop.BulkProduct) error {
		imp.byID[p.ID] = p
		if p.SKU != "" {
			imp.bySKU[strings.ToLower(p.SKU)] = p
		}
		for _, v := range p.Variants {
			if v.SKU != "" {
				imp.variantSKU[strings.ToLower(v.SKU)] = v.ID
			}
		}
		return nil
	})
	return imp, err
}

func (imp *anImport) has(col string) bool {
	_, ok := imp.cols[col]
	return ok
}

func (imp *anImport) add(row int, col, msg string) {
	imp.problems = append(imp.problems, shop.RowProblem{Row: row, Column: col, Message: msg})
}

// fieldColumns names the file's column of a product form field.
var fieldColumns = map[string]string{"category_id": "category", "subcategory_id": "category",
	"sub_subcategory_id": "category", "inventory": "stock", "expected_inventory": "exported_stock"}

// row checks one record and queues its write.
func (imp *anImport) row(ctx context.Context, n int, rec []string) {
	before := len(imp.problems)
	cell := func(col string) *string {
		i, ok := imp.cols[col]
		if !ok {
			return nil
		}
		v := ""
		if i < len(rec) {
			v = rec[i]
		}
		return &v
	}
	if imp.isVariantRow(cell) {
		imp.variantRow(n, cell)
		return
	}
	// Which product the row is.
	var cur *shop.BulkProduct
	if v := cell("id"); v != nil && strings.TrimSpace(*v) != "" {
		id, err := strconv.ParseInt(strings.TrimSpace(*v), 10, 64)
		if cur = imp.byID[id]; err != nil || cur == nil {
			imp.add(n, "id", "No product of your store has this id: leave it blank for a new product.")
			return
		}
	}
	sku := cell("sku")
	if sku != nil {
		key := strings.ToLower(strings.TrimSpace(*sku))
		if key != "" {
			if first, dup := imp.seenSKU[key]; dup {
				imp.add(n, "sku", "Row "+strconv.Itoa(first)+" has this SKU too.")
			} else {
				imp.seenSKU[key] = n
			}
			owner := imp.bySKU[key]
			switch {
			case cur == nil && owner != nil:
				// Found by its SKU, which then is the key, not a change:
				// "kw-001" finds KW-001 and leaves it so.
				cur, sku = owner, nil
			case cur != nil && owner != nil && owner.ID != cur.ID:
				imp.add(n, "sku", "Another product of your store has this SKU.")
			case owner == nil && imp.variantSKU[key] != 0:
				imp.add(n, "sku", msgSKUOfVariant)
			}
		}
	}
	if cur == nil && (sku == nil || strings.TrimSpace(*sku) == "") {
		imp.add(n, "sku", "Give a new product a SKU (or the id of the product to update).")
		return
	}
	if cur != nil {
		if first, dup := imp.seenID[cur.ID]; dup {
			imp.add(n, "", "Row "+strconv.Itoa(first)+" is the same product.")
			return
		}
		imp.seenID[cur.ID] = n
	}

	in := ProductInput{Name: cell("name"), Price: cell("price"), WasPrice: cell("was_price"), Brand: cell("brand"),
		Description: cell("description"), Specification: cell("specification"), SKU: sku}
	categoryBad := false
	if v := cell("category"); v != nil {
		slug := strings.ToLower(strings.TrimSpace(*v))
		c := imp.bySlug[slug]
		switch {
		case slug == "" && cur != nil:
			imp.add(n, "category", msgBlank)
			categoryBad = true
		case c == nil && slug != "":
			imp.add(n, "category", `No category has the address name "`+*v+`".`)
			categoryBad = true
		case c != nil:
			in.CategoryID, in.SubcategoryID, in.SubSubcatID = imp.categoryPath(c)
		}
	}
	var stockNow *int
	if cur != nil {
		stockNow = &cur.Inventory
	}
	// A new product getting options takes its price and stock from its
	// variants (an existing one is told by aggregateProblems below); its
	// variant rows are checked even when its own row has problems.
	var created *shop.Product
	newWithOptions := cur == nil && imp.getsOptions(nil, sku)
	if newWithOptions {
		created = &shop.Product{}
		imp.newBySKU[strings.ToLower(strings.TrimSpace(*sku))] = created
		for col, msg := range map[string]string{"price": msgNewOptionsPrice, "stock": msgNewOptionsStock} {
			if v := cell(col); v != nil && strings.TrimSpace(*v) != "" {
				imp.add(n, col, msg)
			}
		}
		in.Price = nil
	} else {
		in.Inventory, in.ExpectedInventory = imp.stockCells(n, cell, stockNow)
	}
	in.Active = imp.activeCell(n, cell)

	ch, err := imp.s.productChange(ctx, in, cur == nil, imp.cats)
	var fe *shop.Error
	if errors.As(err, &fe) && fe.Kind == shop.KindInvalid {
		for field, msgs := range fe.Fields {
			col := cmp.Or(fieldColumns[field], field)
			if col == "category" && categoryBad || col == "price" && newWithOptions {
				continue
			}
			for _, m := range msgs {
				imp.add(n, col, m)
			}
		}
	} else if err != nil {
		imp.add(n, "", err.Error())
	}
	if len(imp.problems) > before {
		return
	}
	if cur == nil {
		p := cmp.Or(created, &shop.Product{})
		*p = shop.Product{StoreID: imp.storeID, Active: true, CreatedAt: imp.s.now()}
		ch.Apply(p)
		if err := shop.CheckDeal(p.UnitPrice, p.WasPrice); err != nil {
			imp.add(n, "was_price", "The price before the deal must be higher than the price.")
			return
		}
		p.Slug = shop.ProductSlug(p.Name) + "-" + slugSuffix()
		imp.creates = append(imp.creates, shop.ProductCreate{Product: p})
		return
	}
	unchanged(&ch, cur.Product)
	// Told here, before anything is written; the write tells again against
	// the product as locked.
	edit := shop.ProductEdit{Row: n, ID: cur.ID, Change: ch}
	rules := cur
	if imp.getsOptions(cur, nil) {
		rules = &shop.BulkProduct{Product: cur.Product, HasOptions: true}
	}
	if ps := aggregateProblems(rules, &edit); len(ps) > 0 {
		imp.problems = append(imp.problems, ps...)
		return
	}
	ch = edit.Change
	price, was := cur.UnitPrice, cur.WasPrice
	if ch.UnitPrice != nil {
		price = *ch.UnitPrice
	}
	if ch.WasPrice != nil {
		was = *ch.WasPrice
	}
	if shop.CheckDeal(price, was) != nil {
		imp.add(n, "was_price", "The price before the deal must be higher than the price.")
		return
	}
	if !ch.Empty() {
		imp.edits = append(imp.edits, shop.ProductEdit{Row: n, ID: cur.ID, Change: ch})
	}
}

// aggregateProblems is aggregateRule for an edit of a bulk write, as
// problems of its row in the file's columns.
func aggregateProblems(p *shop.BulkProduct, e *shop.ProductEdit) []shop.RowProblem {
	var out []shop.RowProblem
	for field, msgs := range aggregateRule(p, &e.Change) {
		for _, m := range msgs {
			out = append(out, shop.RowProblem{Row: e.Row, Column: cmp.Or(fieldColumns[field], field), Message: m})
		}
	}
	slices.SortFunc(out, func(a, b shop.RowProblem) int { return cmp.Compare(columnOrder(a.Column), columnOrder(b.Column)) })
	return out
}

// stockCells reads a row's stock and exported_stock for a product or
// variant whose stock is now (nil for a new product): the stock to write
// and the stock it must still be at the write, both nil when the row
// leaves the stock alone.
func (imp *anImport) stockCells(n int, cell func(string) *string, now *int) (stock, expected *int64) {
	if v := cell("stock"); v != nil {
		if q, ok := imp.integer(n, "stock", *v); ok {
			stock = &q
		}
	}
	if v := cell("exported_stock"); v != nil && strings.TrimSpace(*v) != "" && now != nil {
		if q, ok := imp.integer(n, "exported_stock", *v); ok {
			expected = &q
		}
	}
	if now == nil || stock == nil {
		return stock, nil
	}
	switch {
	case *stock == int64(*now) && expected == nil, expected != nil && *stock == *expected:
		// Unchanged by the seller: orders since the export keep theirs.
		return nil, nil
	case expected == nil:
		imp.add(n, "exported_stock", "Keep the exported_stock of an export to change the stock.")
		return nil, nil
	case *expected != int64(*now):
		imp.add(n, "stock", "The stock changed to "+strconv.Itoa(*now)+" since the export (orders or another edit): export again.")
		return nil, nil
	}
	return stock, expected
}

// activeCell reads a row's active column (nil when absent).
func (imp *anImport) activeCell(n int, cell func(string) *string) *bool {
	v := cell("active")
	if v == nil {
		return nil
	}
	switch strings.ToLower(strings.TrimSpace(*v)) {
	case "yes", "true", "1":
		yes := true
		return &yes
	case "no", "false", "0":
		return new(bool)
	}
	imp.add(n, "active", `Enter "yes" or "no".`)
	return nil
}

// integer reads a whole number of a cell.
func (imp *anImport) integer(n int, col, v string) (int64, bool) {
	t := strings.TrimSpace(v)
	if t == "" {
		imp.add(n, col, msgBlank)
		return 0, false
	}
	q, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		imp.add(n, col, "A valid integer is required.")
		return 0, false
	}
	return q, true
}

// categoryPath is the form's three levels of a category of any level.
func (imp *anImport) categoryPath(c *shop.Category) (l1, l2, l3 *int64) {
	ids := []int64{c.ID}
	for p := c; p.ParentID != 0 && len(ids) < shop.MaxCategoryDepth; {
		parent := imp.catByID[p.ParentID]
		if parent == nil {
			break
		}
		ids = append([]int64{parent.ID}, ids...)
		p = parent
	}
	ptr := func(i int) *int64 {
		if i < len(ids) {
			return &ids[i]
		}
		return nil
	}
	return ptr(0), ptr(1), ptr(2)
}

// unchanged drops from ch what the product already has, so an update
// writes only the columns its row changes.
func unchanged(ch *shop.ProductChange, p *shop.Product) {
	same := func(v **string, cur string) {
		if *v != nil && **v == cur {
			*v = nil
		}
	}
	same(&ch.Name, p.Name)
	same(&ch.Brand, p.Brand)
	same(&ch.Description, p.Description)
	same(&ch.Specification, p.Specification)
	same(&ch.SKU, p.SKU)
	if ch.Categories != nil && *ch.Categories == p.CategoryIDs() {
		ch.Categories = nil
	}
	if ch.UnitPrice != nil && *ch.UnitPrice == p.UnitPrice {
		ch.UnitPrice = nil
	}
	if ch.WasPrice != nil && *ch.WasPrice == p.WasPrice {
		ch.WasPrice = nil
	}
	if ch.Active != nil && *ch.Active == p.Active {
		ch.Active = nil
	}
}

// Bulk actions on the product list.

// MaxBulkProducts bounds one bulk action.
const MaxBulkProducts = 500

// BulkAction is one action on some of the caller's products: activate,
// deactivate, set_stock (Stock), add_stock (Stock, may be negative) or
// change_price (Amount in cedis or Percent, either signed).
type BulkAction struct {
	IDs             []int64
	Action          string
	Stock           *int64
	Amount, Percent *string
}

// BulkProducts applies an action to the caller's products, all or nothing,
// in one transaction and one catalogue change; it answers how many
// products it changed. A product the action cannot take (a price out of
// bounds or not below its deal's price before, stock below zero) refuses
// the whole action with shop.RowProblems, Row being the product's id.
func (s *Service) BulkProducts(ctx context.Context, u *shop.User, a BulkAction) (int, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return 0, err
	}
	fe := shop.FieldErrors{}
	ids := slices.Compact(slices.Sorted(slices.Values(a.IDs)))
	switch {
	case len(ids) == 0:
		fe.Add("ids", "Choose at least one product.")
	case len(ids) > MaxBulkProducts:
		fe.Add("ids", "Choose at most "+strconv.Itoa(MaxBulkProducts)+" products at a time.")
	}
	adjust, err := bulkAdjust(fe, a)
	if err != nil {
		return 0, err
	}
	if err := fe.Err(); err != nil {
		return 0, err
	}
	edits := make([]shop.ProductEdit, len(ids))
	for i, id := range ids {
		edits[i] = shop.ProductEdit{Row: int(id), ID: id}
	}
	check := func(p *shop.BulkProduct, e *shop.ProductEdit) []shop.RowProblem {
		if ps := adjust(p, e); len(ps) > 0 {
			return ps
		}
		return aggregateProblems(p, e)
	}
	err = s.store.WriteProducts(ctx, st.ID, edits, nil, s.now(), check)
	var problems shop.RowProblems
	if errors.As(err, &problems) && slices.ContainsFunc(problems, func(p shop.RowProblem) bool { return p.Column == "id" }) {
		return 0, shop.NotFound("Product")
	}
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range edits {
		if !e.Empty() {
			n++
		}
	}
	return n, nil
}

// bulkAdjust checks an action and returns how it changes a product as
// locked.
func bulkAdjust(fe shop.FieldErrors, a BulkAction) (func(*shop.BulkProduct, *shop.ProductEdit) []shop.RowProblem, error) {
	problem := func(e *shop.ProductEdit, col, msg string) []shop.RowProblem {
		return []shop.RowProblem{{Row: e.Row, Column: col, Message: msg}}
	}
	switch a.Action {
	case "activate", "deactivate":
		active := a.Action == "activate"
		return func(p *shop.BulkProduct, e *shop.ProductEdit) []shop.RowProblem {
			if p.Active != active {
				e.Change = shop.ProductChange{Active: &active}
			}
			return nil
		}, nil
	case "set_stock", "add_stock":
		if a.Stock == nil {
			fe.Add("stock", msgRequired)
			return nil, nil
		}
		if a.Action == "set_stock" {
			stockValue(fe, "stock", *a.Stock)
		} else if *a.Stock < -maxInventory || *a.Stock > maxInventory {
			fe.Add("stock", "Ensure this value is between -"+strconv.Itoa(maxInventory)+" and "+strconv.Itoa(maxInventory)+".")
		}
		delta := *a.Stock
		return func(p *shop.BulkProduct, e *shop.ProductEdit) []shop.RowProblem {
			// The row is locked: orders taking stock wait, or went first
			// and are in p.Inventory, so adding never loses a decrement.
			n := delta
			if a.Action == "add_stock" {
				n += int64(p.Inventory)
			}
			switch {
			case n < 0:
				return problem(e, "stock", "The stock would fall below 0 (it is "+strconv.Itoa(p.Inventory)+").")
			case n > maxInventory:
				return problem(e, "stock", "The stock would be above "+strconv.Itoa(maxInventory)+".")
			case int(n) != p.Inventory:
				q := int(n)
				e.Change = shop.ProductChange{Inventory: &q}
			}
			return nil
		}, nil
	case "change_price":
		change, err := priceChange(fe, a)
		if change == nil || err != nil {
			return nil, err
		}
		// newPrice is the price after the change, or why there is none.
		newPrice := func(p *shop.BulkProduct, cur shop.Money) (shop.Money, string) {
			price := change(cur)
			switch {
			case price < 1:
				return 0, "would fall below GH₵ 0.01."
			case price > maxPrice:
				return 0, "would be above GH₵ " + maxPrice.Grouped() + "."
			case p.WasPrice != 0 && price >= p.WasPrice:
				return 0, "would reach the price before the deal, GH₵ " + p.WasPrice.Grouped() + "."
			}
			return price, ""
		}
		return func(p *shop.BulkProduct, e *shop.ProductEdit) []shop.RowProblem {
			if !p.HasOptions {
				price, why := newPrice(p, p.UnitPrice)
				if why != "" {
					return problem(e, "price", "The price "+why)
				}
				if price != p.UnitPrice {
					e.Change = shop.ProductChange{UnitPrice: &price}
				}
				return nil
			}
			// A product with options: each active variant's price changes
			// (as locked), and the aggregates follow in the same write.
			e.Variants = nil
			for _, v := range p.Variants {
				if !v.Active {
					continue
				}
				price, why := newPrice(p, v.UnitPrice)
				if why != "" {
					e.Variants = nil
					return problem(e, "price", "The price of "+strings.Join(v.Options, " / ")+" "+why)
				}
				if price != v.UnitPrice {
					e.Variants = append(e.Variants, shop.VariantEdit{Row: e.Row,
						VariantChange: shop.VariantChange{ID: v.ID, UnitPrice: &price}})
				}
			}
			return nil
		}, nil
	}
	fe.Add("action", `Select a valid choice. "`+a.Action+`" is not one of activate, deactivate, set_stock, add_stock, change_price.`)
	return nil, nil
}

// maxPercent bounds a percent change either way.
var maxPercent = big.NewRat(1000, 1)

// priceChange reads the amount or percent of a price change. A percent
// is rounded to the pesewa, halves away from zero (10 % off GH₵ 0.15 is
// GH₵ 0.14: 13.5 pesewas rounds to 14).
func priceChange(fe shop.FieldErrors, a BulkAction) (func(shop.Money) shop.Money, error) {
	switch {
	case (a.Amount == nil) == (a.Percent == nil):
		fe.Add("amount", "Give an amount or a percent, not both.")
	case a.Amount != nil:
		m, err := shop.ParseCedis(*a.Amount)
		if err != nil || m == 0 || m > maxPrice || m < -maxPrice {
			fe.Add("amount", "Enter an amount in GH₵ like -5.00 or 2.50, not 0.")
			return nil, nil
		}
		return func(p shop.Money) shop.Money { return p + m }, nil
	default:
		r, ok := new(big.Rat).SetString(strings.TrimSpace(*a.Percent))
		if !ok || r.Sign() == 0 || new(big.Rat).Abs(r).Cmp(maxPercent) > 0 || !strings.ContainsAny(*a.Percent, "0123456789") ||
			strings.ContainsAny(*a.Percent, "/eE") {
			fe.Add("percent", "Enter a percent like -10 or 12.5, not 0, at most 1000.")
			return nil, nil
		}
		factor := new(big.Rat).Add(big.NewRat(1, 1), new(big.Rat).Quo(r, big.NewRat(100, 1)))
		return func(p shop.Money) shop.Money {
			v := new(big.Rat).Mul(new(big.Rat).SetInt64(int64(p)), factor)
			return shop.Money(roundHalfAway(v))
		}, nil
	}
	return nil, nil
}

// roundHalfAway rounds to the nearest integer, halves away from zero.
func roundHalfAway(r *big.Rat) int64 {
	num, den := new(big.Int).Set(r.Num()), r.Denom()
	neg := num.Sign() < 0
	num.Abs(num)
	q, m := new(big.Int).QuoRem(num, den, new(big.Int))
	if new(big.Int).Mul(m, big.NewInt(2)).Cmp(den) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return q.Int64()
}
