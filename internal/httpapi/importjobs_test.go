package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"dwa/internal/service"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// CSV imports as background jobs (docs/decisions/0030-import-jobs.md):
// 202 with the job, its progress and result by GET, the bounded import
// pool, jobs of a stopped instance, and formula-safe CSV round trips.

type importJobOut struct {
	ID      int64           `json:"id"`
	DryRun  bool            `json:"dry_run"`
	Status  string          `json:"status"`
	Total   int             `json:"total"`
	Checked int             `json:"checked"`
	Applied int             `json:"applied"`
	Report  json.RawMessage `json:"report"`
	Error   *string         `json:"error"`
}

// startJob posts a file as a job and answers the 202's job.
func (f *sellerFixture) startJob(t *testing.T, query, body string) importJobOut {
	t.Helper()
	w := f.a.Do("POST", "/api/seller/product-imports/"+query, body, append(f.owner.Auth(), "Content-Type", "text/csv")...)
	assertStatus(t, w.Code, 202)
	var j importJobOut
	decode(t, w.Body.Bytes(), &j)
	if loc := w.Header().Get("Location"); loc != fmt.Sprintf("/api/seller/product-imports/%d/", j.ID) {
		t.Fatalf("Location %q for job %d", loc, j.ID)
	}
	return j
}

func (f *sellerFixture) job(t *testing.T, id int64) (importJobOut, string) {
	t.Helper()
	w := f.a.Do("GET", fmt.Sprintf("/api/seller/product-imports/%d/", id), "", f.owner.Auth()...)
	assertStatus(t, w.Code, 200)
	var j importJobOut
	decode(t, w.Body.Bytes(), &j)
	return j, w.Body.String()
}

func TestImportJobLifecycle(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newSellerFixture(shoptest.NewApp(t, st, nil))
		before := f.export(t)
		bad := "sku,name,category,price,stock\nJ-1,Oware board,gaming,120.00,3\nJ-2,Talking drum,gaming,abc,2\nJ-3,,gaming,5.00,1\n"
		problems := `"problems":[{"row":3,"column":"price","message":"Enter a price in GH₵ like 1,234.50."},` +
			`{"row":4,"column":"name","message":"This field may not be blank."}]}`

		// Queued until a worker runs it: progress 0 of an unread file.
		f.a.HoldBackground()
		j := f.startJob(t, "?dry_run=1", bad)
		if j.Status != "queued" || !j.DryRun || j.Total != 0 || j.Checked != 0 || string(j.Report) != "null" || j.Error != nil {
			t.Fatalf("started job %+v", j)
		}
		_, body := f.job(t, j.ID)
		assertBody(t, body, fmt.Sprintf(`{"id":%d,"dry_run":true,"status":"queued","total":0,"checked":0,"applied":0,"report":null,"error":null,"created_at":…}`, j.ID))
		// One import at a time per store.
		w := f.a.Do("POST", "/api/seller/product-imports/", bad, append(f.owner.Auth(), "Content-Type", "text/csv")...)
		assertStatus(t, w.Code, 409)
		assertBody(t, w.Body.String(), `{"detail":"Another import of your store is running: try again when it is done.","code":"import_running"}`)
		if n := f.a.RunHeld(); n != 1 {
			t.Fatalf("ran %d jobs", n)
		}
		_, body = f.job(t, j.ID)
		assertBody(t, body, fmt.Sprintf(`{"id":%d,"dry_run":true,"status":"done","total":3,"checked":3,"applied":0,`+
			`"report":{"dry_run":true,"applied":false,"rows":3,"created":0,"updated":0,"unchanged":0,%s,"error":null,"created_at":…}`, j.ID, problems))

		// An apply with bad rows: done, refused, nothing written.
		j = f.startJob(t, "", bad)
		_, body = f.job(t, j.ID)
		assertBody(t, body, fmt.Sprintf(`{"id":%d,"dry_run":false,"status":"done","total":3,"checked":3,"applied":0,`+
			`"report":{"dry_run":false,"applied":false,"rows":3,"created":0,"updated":0,"unchanged":0,%s,…`, j.ID, problems))
		if after := f.export(t); after != before {
			t.Fatalf("the store changed:\n%s\nwas\n%s", after, before)
		}

		// Fixed: every row applied.
		good := strings.Replace(strings.Replace(bad, ",abc,", ",80.00,", 1), "J-3,,", "J-3,Kente stole,", 1)
		j = f.startJob(t, "", good)
		_, body = f.job(t, j.ID)
		assertBody(t, body, fmt.Sprintf(`{"id":%d,"dry_run":false,"status":"done","total":3,"checked":3,"applied":3,`+
			`"report":{"dry_run":false,"applied":true,"rows":3,"created":3,"updated":0,"unchanged":0,"problems":[]},"error":null,…`, j.ID))
		if after := f.export(t); !strings.Contains(after, ",J-3,Kente stole,gaming,,5.00,,1,1,yes,,,,,,,,,,\n") {
			t.Fatalf("export after the job:\n%s", after)
		}

		// A file the import cannot read fails with the reason.
		j = f.startJob(t, "", "sku,name\n\"A,B\n")
		_, body = f.job(t, j.ID)
		assertBody(t, body, `…"status":"failed",…"report":null,"error":"Row 2 is not valid CSV: extraneous or missing \" in quoted-field.",…`)

		// Only the store's own jobs.
		w = f.a.Do("GET", fmt.Sprintf("/api/seller/product-imports/%d/", j.ID), "", f.rival.Auth()...)
		assertStatus(t, w.Code, 404)
		assertStatus(t, f.a.Do("GET", fmt.Sprintf("/api/seller/product-imports/%d/", j.ID), "", f.shopper.Auth()...).Code, 403)
		assertStatus(t, f.a.Do("GET", fmt.Sprintf("/api/seller/product-imports/%d/", j.ID), "").Code, 401)
		w = f.a.Do("POST", "/api/seller/product-imports/", "sku\nA\n", append(f.owner.Auth(), "Content-Type", "application/json")...)
		assertStatus(t, w.Code, 415)
	})
}

// TestImportPoolFull: imports of every store share the bounded pool; a
// full pool refuses at once with 503 imports_busy and Retry-After, both
// the job and the synchronous import, and takes imports again once free.
func TestImportPoolFull(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newSellerFixture(shoptest.NewApp(t, st, nil))
		var held []*service.Ticket
		for {
			tk, err := f.a.ImportPool.Admit()
			if err != nil {
				break
			}
			held = append(held, tk)
		}
		if len(held) != f.a.ImportPool.Workers()+4 {
			t.Fatalf("the pool admitted %d imports", len(held))
		}
		file := "sku,name,category,price\nP-1,Shea butter,gaming,25.00\n"
		for _, path := range []string{"/api/seller/product-imports/", "/api/seller/products/import/"} {
			w := f.a.Do("POST", path, file, append(f.owner.Auth(), "Content-Type", "text/csv")...)
			assertStatus(t, w.Code, 503)
			assertBody(t, w.Body.String(), `{"detail":"Many imports are running right now: try again shortly.","code":"imports_busy"}`)
			if ra := w.Header().Get("Retry-After"); ra != "10" {
				t.Errorf("Retry-After %q", ra)
			}
		}
		for _, tk := range held {
			tk.Done()
		}
		j := f.startJob(t, "", file)
		if got, _ := f.job(t, j.ID); got.Status != "done" || got.Applied != 1 {
			t.Fatalf("job after the pool freed: %+v", got)
		}
	})
}

// TestImportJobOfStoppedInstance: a job left queued or running by an
// instance that stopped (its heartbeat stale) is failed with a reason at
// the next start, or when read; it never stays "running".
func TestImportJobOfStoppedInstance(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		a := shoptest.NewApp(t, st, nil)
		f := newSellerFixture(a)
		file := "sku,name,category,price\nS-1,Shea butter,gaming,25.00\n"
		a.HoldBackground() // the instance stops before running them
		first := f.startJob(t, "", file)
		exec(t, st, `UPDATE import_jobs SET status = 'running', heartbeat_at = heartbeat_at - 60000 WHERE id = ?`, first.ID)
		// A job another (live) instance runs keeps its state.
		exec(t, st, `INSERT INTO import_jobs (store_id, dry_run, status, total_rows, created_at, heartbeat_at)
			SELECT store_id, dry_run, 'running', 10, created_at, heartbeat_at + 60000 FROM import_jobs WHERE id = ?`, first.ID)

		// The restart.
		b := shoptest.NewApp(t, st, nil)
		g := &sellerFixture{a: b, owner: f.owner}
		j, _ := g.job(t, first.ID)
		if j.Status != "failed" || j.Error == nil || !strings.HasPrefix(*j.Error, "The server restarted before the import finished.") ||
			string(j.Report) != "null" {
			t.Fatalf("job after the restart: %+v", j)
		}
		if other, _ := g.job(t, first.ID+1); other.Status != "running" || other.Total != 10 {
			t.Fatalf("the live instance's job: %+v", other)
		}
		// Its instance stops too: read a while later, the job is failed.
		b.Clock.Advance(2 * time.Minute)
		if other, _ := g.job(t, first.ID+1); other.Status != "failed" || other.Error == nil {
			t.Fatalf("the stopped instance's job when read: %+v", other)
		}
		if w := b.Do("GET", "/api/seller/products/export.csv", "", f.owner.Auth()...); strings.Contains(w.Body.String(), "S-1") {
			t.Fatalf("the lost job wrote:\n%s", w.Body)
		}
	})
}

// TestImportFormulaRoundTrip: cells a spreadsheet would run as formulas
// are exported with a ' before them (OWASP's CSV injection advice), the
// file starts with a byte order mark, and export → import (as a job)
// changes nothing and gives the same file back.
func TestImportFormulaRoundTrip(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newSellerFixture(shoptest.NewApp(t, st, nil))
		file := "\uFEFFsku,name,category,brand,price,description\n" +
			"F-1,=SUM(A1),gaming,@home,10.00,<p>GH₵ 10 only</p>\n" +
			"F-2,+233 24 111 2222,gaming,-,11.00,\"=HYPERLINK(\"\"http://x\"\")\"\n" +
			"F-3,'=already quoted,gaming,Bonwire,12.00,-12.50\n" +
			"'F-4,\t tabbed,gaming,'@guarded by hand,13.00,plain\n"
		j := f.startJob(t, "", file)
		if got, body := f.job(t, j.ID); got.Status != "done" || got.Applied != 4 {
			t.Fatalf("import: %s", body)
		}
		w := f.a.Do("PATCH", fmt.Sprintf("/api/seller/products/%d/", f.console.ID), `{"name":"'=quoted","sku":"PS5"}`,
			append(f.owner.Auth(), "Content-Type", "application/json")...)
		assertStatus(t, w.Code, 200)
		exported := f.export(t)
		if !strings.HasPrefix(exported, "\uFEFFid,") {
			t.Fatalf("no byte order mark:\n%q", exported[:20])
		}
		for _, cell := range []string{",F-1,'=SUM(A1),gaming,'@home,10.00,", ",yes,<p>GH₵ 10 only</p>,",
			",F-2,'+233 24 111 2222,gaming,'-,11.00,", `,"'=HYPERLINK(""http://x"")",`,
			// A guard typed in the spreadsheet is read as the guard.
			",F-3,'=already quoted,gaming,Bonwire,12.00,", ",-12.50,",
			",'F-4,'\t tabbed,gaming,'@guarded by hand,13.00,",
			// A name that really begins with ' before a formula character keeps it.
			",PS5,''=quoted,consoles,"} {
			if !strings.Contains(exported, cell) {
				t.Errorf("export lacks %q:\n%s", cell, exported)
			}
		}
		j = f.startJob(t, "?dry_run=1", exported)
		_, body := f.job(t, j.ID)
		assertBody(t, body, `…"report":{"dry_run":true,"applied":false,"rows":6,"created":0,"updated":0,"unchanged":6,"problems":[]},…`)
		j = f.startJob(t, "", exported)
		_, body = f.job(t, j.ID)
		assertBody(t, body, `…"report":{"dry_run":false,"applied":true,"rows":6,"created":0,"updated":0,"unchanged":6,"problems":[]},…`)
		if again := f.export(t); again != exported {
			t.Fatalf("export after the round trip:\n%s\nwas\n%s", again, exported)
		}
	})
}
