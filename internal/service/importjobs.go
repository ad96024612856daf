package service

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"

	"dwa/internal/shop"
)

// CSV imports as background jobs (docs/decisions/0030-import-jobs.md): the
// request stores the job and answers at once; a worker of the bounded
// import pool checks and (unless a dry run) applies the file, recording
// its progress; the job's result is the report the synchronous import
// answers. Still all or nothing: the apply is one transaction.

// ImportJobStore keeps import jobs (sqldb/import_jobs.go).
type ImportJobStore interface {
	CreateImportJob(ctx context.Context, j *shop.ImportJob) error
	// ImportJobProgress and FinishImportJob write a live job; false when
	// it had ended meanwhile (failed as stale).
	ImportJobProgress(ctx context.Context, j *shop.ImportJob) (bool, error)
	FinishImportJob(ctx context.Context, j *shop.ImportJob) (bool, error)
	// ImportJob is nil, nil when the store has no job of that id.
	ImportJob(ctx context.Context, storeID, id int64) (*shop.ImportJob, error)
	FailStaleImportJobs(ctx context.Context, before time.Time, reason string, at time.Time) (int, error)
}

const (
	// jobBeat is how often a job's instance refreshes its heartbeat (and
	// progress); jobStale is how old a heartbeat may be before the job is
	// taken for lost. One apply is one transaction of a few seconds, during
	// which the heartbeat write may wait for the writer (SQLite): jobStale
	// leaves room for it.
	jobBeat  = time.Second
	jobStale = 30 * time.Second
	// progressEvery is how many rows are checked between progress counts.
	progressEvery = 100
)

// msgJobLost is the reason of a job whose instance stopped while it was
// queued or running. The apply is one transaction, so a stop before its
// commit wrote nothing; a stop just after it could not record "done".
const msgJobLost = "The server restarted before the import finished. Nothing is written unless the whole file was: " +
	"export your products to see, then import the file again if needed."

// DefaultImportPool sizes the import pool: an import is one store's file
// checked in memory then written in one transaction, CPU- and
// database-bound, so half the cores (at least one) run imports at once.
// Each admitted job holds its file (≤ MaxImportBytes) and, while it runs,
// its parsed rows, so the queue bounds the memory: (workers + 4) × about
// three times the file. A queued job waits at most 2 minutes (10,000 rows
// take a few seconds each).
func DefaultImportPool() PoolSize {
	n := max(1, runtime.GOMAXPROCS(0)/2)
	return PoolSize{Workers: n, Queue: 4, MaxWait: 2 * time.Minute, RetryAfter: 10}
}

// errImportsBusy refuses an import when the pool's workers and queue are
// taken: a moment of many imports, not the client's fault.
func errImportsBusy(retryAfter int) error {
	return &shop.Error{Kind: shop.KindUnavailable, Code: "imports_busy",
		Detail: "Many imports are running right now: try again shortly.", RetryAfter: retryAfter}
}

// admitImport is how every import of the caller's store begins, in the
// request or as a job: it takes a place in the import pool and the store's
// one import on this instance, before the body is read; release gives both
// back.
func (s *Service) admitImport(ctx context.Context, u *shop.User) (storeID int64, t *Ticket, release func(), err error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return 0, nil, nil, err
	}
	t, err = s.importing.Admit()
	if err != nil {
		return 0, nil, nil, errImportsBusy(s.importing.retryAfter)
	}
	// One import at a time per store on this instance; across instances
	// the unique SKU index and the locked rows keep concurrent imports apart.
	if _, busy := s.imports.LoadOrStore(st.ID, struct{}{}); busy {
		t.Done()
		return 0, nil, nil, errImportRunning
	}
	return st.ID, t, func() { s.imports.Delete(st.ID); t.Done() }, nil
}

// ImportJobView is a job and, once done, its report.
type ImportJobView struct {
	Job    shop.ImportJob
	Report *ImportReport
}

// StartImport admits a CSV import of the caller's store to the import pool,
// reads the file (the body, bounded by the caller) and stores the job; the
// check (and apply) runs in the background. A full pool is refused at once
// (503 imports_busy).
func (s *Service) StartImport(ctx context.Context, u *shop.User, body io.Reader, dryRun bool) (*ImportJobView, error) {
	storeID, ticket, release, err := s.admitImport(ctx, u)
	if err != nil {
		return nil, err
	}
	// Read after admission: the files held in memory are bounded by the
	// pool, like image uploads (decision 0013).
	data, err := io.ReadAll(body)
	if err != nil {
		release()
		return nil, err
	}
	now := s.now()
	job := &shop.ImportJob{StoreID: storeID, DryRun: dryRun, Status: shop.JobQueued, CreatedAt: now, HeartbeatAt: now}
	if err := s.store.CreateImportJob(ctx, job); err != nil {
		release()
		return nil, err
	}
	view := &ImportJobView{Job: *job}
	logCtx := context.WithoutCancel(ctx)
	s.later(func() {
		defer release()
		s.runImport(logCtx, job, ticket, data)
	})
	return view, nil
}

// jobRun is a running job's counts, written by the import and read by the
// heartbeat.
type jobRun struct {
	status                  atomic.Value // string
	total, checked, applied atomic.Int64
}

func (r *jobRun) into(j *shop.ImportJob) {
	j.Status = r.status.Load().(string)
	j.Total, j.Checked, j.Applied = int(r.total.Load()), int(r.checked.Load()), int(r.applied.Load())
}

// runImport runs a stored job to its end: waits for a worker, checks and
// applies the file, and records the result or why it failed. Its
// heartbeat tells other instances (and the next start) it is alive.
func (s *Service) runImport(ctx context.Context, job *shop.ImportJob, ticket *Ticket, data []byte) {
	run := &jobRun{}
	run.status.Store(shop.JobQueued)
	stop := make(chan struct{})
	beaten := make(chan struct{})
	go func() {
		defer close(beaten)
		t := time.NewTicker(jobBeat)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				j := *job
				run.into(&j)
				j.HeartbeatAt = s.now()
				if _, err := s.store.ImportJobProgress(ctx, &j); err != nil {
					s.log.WarnContext(ctx, "import job heartbeat", "job", job.ID, "err", err)
				}
			}
		}
	}()
	finish := func(rep *ImportReport, reason string) {
		close(stop)
		<-beaten
		run.into(job)
		job.HeartbeatAt, job.FinishedAt = s.now(), s.now()
		job.Status = shop.JobDone
		if rep != nil {
			b, err := json.Marshal(rep)
			if err != nil {
				reason = "The import failed: nothing was changed. Try again."
			}
			job.Result = string(b)
		}
		if reason != "" {
			job.Status, job.Result, job.Error = shop.JobFailed, "", reason
		}
		if ok, err := s.store.FinishImportJob(context.WithoutCancel(ctx), job); err != nil || !ok {
			s.log.ErrorContext(ctx, "import job could not be finished", "job", job.ID, "recorded", ok, "err", err)
		}
	}

	if err := ticket.Start(ctx); err != nil {
		finish(nil, "Many imports were waiting: nothing was changed. Try again shortly.")
		return
	}
	run.status.Store(shop.JobRunning)
	rep, err := s.importFile(ctx, job.StoreID, bytes.NewReader(data), job.DryRun, run)
	var se *shop.Error
	switch {
	case errors.As(err, &se) && se.Kind != shop.KindUnavailable && se.Kind != shop.KindInternal:
		finish(nil, se.Detail)
	case err != nil:
		s.log.ErrorContext(ctx, "import job failed", "job", job.ID, "err", err)
		finish(nil, "The import failed: nothing was changed. Try again.")
	default:
		finish(rep, "")
	}
}

// ImportJob answers a job of the caller's store: its progress, and once
// done its report. A live job whose heartbeat is stale lost its instance
// and is answered (and recorded) as failed.
func (s *Service) ImportJob(ctx context.Context, u *shop.User, id int64) (*ImportJobView, error) {
	st, err := s.ownStore(ctx, u)
	if err != nil {
		return nil, err
	}
	j, err := s.store.ImportJob(ctx, st.ID, id)
	if err != nil {
		return nil, err
	}
	if j == nil {
		return nil, shop.NotFound("Import")
	}
	if live(j) && j.HeartbeatAt.Before(s.now().Add(-jobStale)) {
		if _, err := s.FailLostImports(ctx); err != nil {
			return nil, err
		}
		if j, err = s.store.ImportJob(ctx, st.ID, id); err != nil || j == nil {
			return nil, cmpErr(err, shop.NotFound("Import"))
		}
	}
	v := &ImportJobView{Job: *j}
	if j.Status == shop.JobDone && j.Result != "" {
		v.Report = &ImportReport{}
		if err := json.Unmarshal([]byte(j.Result), v.Report); err != nil {
			return nil, errors.New("import job " + strconv.FormatInt(id, 10) + ": bad result: " + err.Error())
		}
	}
	return v, nil
}

func live(j *shop.ImportJob) bool { return j.Status == shop.JobQueued || j.Status == shop.JobRunning }

// FailLostImports ends as failed the jobs whose instance stopped (their
// heartbeat is stale): at start-up, and when such a job is read. It
// answers how many.
func (s *Service) FailLostImports(ctx context.Context) (int, error) {
	now := s.now()
	return s.store.FailStaleImportJobs(ctx, now.Add(-jobStale), msgJobLost, now)
}
