package httpapi

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"

	"dwa/internal/service"
	"dwa/internal/shop"
)

// Bulk catalogue work (docs/decisions/0028-bulk-catalogue.md): the CSV
// export and import of the caller's products and bulk actions on them.

// exportSellerProducts streams the caller's products as CSV: UTF-8 with a
// byte order mark, so Excel shows "GH₵" and names as typed.
func (a *API) exportSellerProducts(w http.ResponseWriter, r *http.Request) error {
	var out *csv.Writer
	started := false
	err := a.svc.ExportSellerProducts(r.Context(), caller(r), func(rec []string) error {
		if !started {
			started = true
			h := w.Header()
			h.Set("Content-Type", "text/csv; charset=utf-8")
			h.Set("Content-Disposition", `attachment; filename="products.csv"`)
			h.Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusOK)
			if _, err := io.WriteString(w, "\uFEFF"); err != nil {
				return err
			}
			out = csv.NewWriter(w)
		}
		return out.Write(rec)
	})
	if !started {
		return err
	}
	if err == nil {
		out.Flush()
		err = out.Error()
	}
	if err != nil {
		// The answer has begun: only a cut connection tells the client
		// the file is incomplete.
		a.log.WarnContext(r.Context(), "product export cut", "err", err)
		panic(http.ErrAbortHandler)
	}
	return nil
}

type importProblemDTO struct {
	Row     int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
}

type importReportDTO struct {
	DryRun    bool               `json:"dry_run"`
	Applied   bool               `json:"applied"`
	Rows      int                `json:"rows"`
	Created   int                `json:"created"`
	Updated   int                `json:"updated"`
	Unchanged int                `json:"unchanged"`
	Problems  []importProblemDTO `json:"problems"`
}

// importSellerProducts checks (?dry_run=1) or applies a CSV file sent as
// the text/csv body. A refused apply answers 422 with the same report.
func (a *API) importSellerProducts(w http.ResponseWriter, r *http.Request) error {
	dry, err := importRequest(r)
	if err != nil {
		return err
	}
	body := http.MaxBytesReader(w, r.Body, service.MaxImportBytes)
	rep, err := a.svc.ImportSellerProducts(r.Context(), caller(r), body, dry)
	if err != nil {
		return importError(err)
	}
	status := http.StatusOK
	if !dry && !rep.Applied {
		status = http.StatusUnprocessableEntity
	}
	return reply(w, status, toImportReportDTO(rep))
}

// importRequest reads what both imports share: a text/csv body and the
// dry_run switch.
func importRequest(r *http.Request) (dry bool, err error) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "text/csv" {
		return false, &shop.Error{Kind: shop.KindUnsupportedMedia, Code: "unsupported_media_type",
			Detail: `Send the file as text/csv, not "` + r.Header.Get("Content-Type") + `".`}
	}
	switch v := lastQueryValue(r, "dry_run"); v {
	case "", "0", "false":
		return false, nil
	case "1", "true":
		return true, nil
	default:
		return false, shop.Invalid(shop.FieldErrors{"dry_run": {`Enter 1 for a dry run or leave it out.`}})
	}
}

// importError names a body over the limit; other errors pass.
func importError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return &shop.Error{Kind: shop.KindTooLarge, Code: "file_too_large",
			Detail: "A file may be at most " + strconv.Itoa(service.MaxImportBytes>>20) + " MB: split it."}
	}
	return err
}

func toImportReportDTO(rep *service.ImportReport) importReportDTO {
	out := importReportDTO{DryRun: rep.DryRun, Applied: rep.Applied, Rows: rep.Rows, Created: rep.Created,
		Updated: rep.Updated, Unchanged: rep.Unchanged, Problems: make([]importProblemDTO, len(rep.Problems))}
	for i, p := range rep.Problems {
		out.Problems[i] = importProblemDTO{Row: p.Row, Column: p.Column, Message: p.Message}
	}
	return out
}

type importJobDTO struct {
	ID      int64            `json:"id"`
	DryRun  bool             `json:"dry_run"`
	Status  string           `json:"status"`
	Total   int              `json:"total"`
	Checked int              `json:"checked"`
	Applied int              `json:"applied"`
	Report  *importReportDTO `json:"report"`
	Error   *string          `json:"error"`
	Created string           `json:"created_at"`
}

func toImportJobDTO(v *service.ImportJobView) importJobDTO {
	j := v.Job
	out := importJobDTO{ID: j.ID, DryRun: j.DryRun, Status: j.Status, Total: j.Total, Checked: j.Checked,
		Applied: j.Applied, Created: shop.FormatTime(j.CreatedAt)}
	if v.Report != nil {
		rep := toImportReportDTO(v.Report)
		out.Report = &rep
	}
	if j.Error != "" {
		out.Error = &j.Error
	}
	return out
}

// startImportJob stores an import of the CSV body as a background job
// and answers 202 with it; its progress and result are read with
// getImportJob (docs/decisions/0030-import-jobs.md).
func (a *API) startImportJob(w http.ResponseWriter, r *http.Request) error {
	dry, err := importRequest(r)
	if err != nil {
		return err
	}
	body := http.MaxBytesReader(w, r.Body, service.MaxImportBytes)
	v, err := a.svc.StartImport(r.Context(), caller(r), body, dry)
	if err != nil {
		return importError(err)
	}
	w.Header().Set("Location", "/api/seller/product-imports/"+strconv.FormatInt(v.Job.ID, 10)+"/")
	return reply(w, http.StatusAccepted, toImportJobDTO(v))
}

// getImportJob answers an import job of the caller's store.
func (a *API) getImportJob(w http.ResponseWriter, r *http.Request) error {
	id, err := objectID(r, "id", "Import")
	if err != nil {
		return err
	}
	v, err := a.svc.ImportJob(r.Context(), caller(r), id)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return reply(w, http.StatusOK, toImportJobDTO(v))
}

type bulkRequest struct {
	IDs     json.RawMessage `json:"ids"`
	Action  *string         `json:"action"`
	Stock   *int64          `json:"stock"`
	Amount  *string         `json:"amount"`
	Percent *string         `json:"percent"`
}

type bulkProblemDTO struct {
	ID      int64  `json:"id"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// bulkSellerProducts applies one action to some of the caller's products,
// all or nothing: a product the action cannot take answers 422 with every
// such product's reason.
func (a *API) bulkSellerProducts(w http.ResponseWriter, r *http.Request) error {
	in, err := decoded[bulkRequest](r)
	if err != nil {
		return err
	}
	var ids []int64
	if len(in.IDs) > 0 && json.Unmarshal(in.IDs, &ids) != nil {
		return shop.Invalid(shop.FieldErrors{"ids": {"Expected a list of product ids."}})
	}
	action := ""
	if in.Action != nil {
		action = *in.Action
	}
	n, err := a.svc.BulkProducts(r.Context(), caller(r), service.BulkAction{IDs: ids, Action: action, Stock: in.Stock,
		Amount: in.Amount, Percent: in.Percent})
	var problems shop.RowProblems
	if errors.As(err, &problems) {
		out := make([]bulkProblemDTO, len(problems))
		for i, p := range problems {
			out[i] = bulkProblemDTO{ID: int64(p.Row), Field: p.Column, Message: p.Message}
		}
		return reply(w, http.StatusUnprocessableEntity, map[string]any{"code": "bulk_refused",
			"detail": "Nothing was changed: some products cannot take this action.", "products": out})
	}
	if err != nil {
		return err
	}
	return reply(w, http.StatusOK, map[string]int{"changed": n})
}
