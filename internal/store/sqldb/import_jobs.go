package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"dwa/internal/shop"
)

// Import jobs (docs/decisions/0030-import-jobs.md): the persisted state of
// the Seller Centre's background CSV imports, so that any instance answers
// their progress and a lost instance's jobs end as failed.

// CreateImportJob stores a new job (queued) and sets its id.
func (s *Store) CreateImportJob(ctx context.Context, j *shop.ImportJob) error {
	id, err := s.db.writer().insertID(ctx, `INSERT INTO import_jobs (store_id, dry_run, status, total_rows, created_at, heartbeat_at)
		VALUES (?, ?, ?, ?, ?, ?)`, j.StoreID, j.DryRun, j.Status, j.Total, shop.Millis(j.CreatedAt), shop.Millis(j.HeartbeatAt))
	if err != nil {
		return fmt.Errorf("create import job: %w", err)
	}
	j.ID = id
	return nil
}

// ImportJobProgress records a live job's state, counts and heartbeat. A
// job that already ended (failed as stale meanwhile) is left as it is:
// false then, and its runner stops.
func (s *Store) ImportJobProgress(ctx context.Context, j *shop.ImportJob) (bool, error) {
	res, err := s.db.writer().exec(ctx, `UPDATE import_jobs SET status = ?, total_rows = ?, rows_checked = ?, rows_applied = ?,
		heartbeat_at = ? WHERE id = ? AND status IN ('queued', 'running')`,
		j.Status, j.Total, j.Checked, j.Applied, shop.Millis(j.HeartbeatAt), j.ID)
	if err != nil {
		return false, fmt.Errorf("import job progress: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// FinishImportJob ends a live job as done (with its result) or failed
// (with the reason); false when it had already ended.
func (s *Store) FinishImportJob(ctx context.Context, j *shop.ImportJob) (bool, error) {
	res, err := s.db.writer().exec(ctx, `UPDATE import_jobs SET status = ?, total_rows = ?, rows_checked = ?, rows_applied = ?,
		result = ?, error = ?, heartbeat_at = ?, finished_at = ? WHERE id = ? AND status IN ('queued', 'running')`,
		j.Status, j.Total, j.Checked, j.Applied, nullString(j.Result), nullString(j.Error), shop.Millis(j.HeartbeatAt),
		shop.Millis(j.FinishedAt), j.ID)
	if err != nil {
		return false, fmt.Errorf("finish import job: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ImportJob reads a job of the store; nil, nil when the store has none of
// that id.
func (s *Store) ImportJob(ctx context.Context, storeID, id int64) (*shop.ImportJob, error) {
	j := &shop.ImportJob{ID: id, StoreID: storeID}
	var result, reason sql.NullString
	var created, beat int64
	var finished sql.NullInt64
	err := s.db.writer().queryRow(ctx, `SELECT dry_run, status, total_rows, rows_checked, rows_applied, result, error,
		created_at, heartbeat_at, finished_at FROM import_jobs WHERE id = ? AND store_id = ?`, id, storeID).
		Scan(&j.DryRun, &j.Status, &j.Total, &j.Checked, &j.Applied, &result, &reason, &created, &beat, &finished)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("import job: %w", err)
	}
	j.Result, j.Error = result.String, reason.String
	j.CreatedAt, j.HeartbeatAt = shop.FromMillis(created), shop.FromMillis(beat)
	if finished.Valid {
		j.FinishedAt = shop.FromMillis(finished.Int64)
	}
	return j, nil
}

// FailStaleImportJobs ends as failed, with reason, every queued or running
// job whose heartbeat is older than before: its instance stopped. It
// answers how many.
func (s *Store) FailStaleImportJobs(ctx context.Context, before time.Time, reason string, at time.Time) (int, error) {
	res, err := s.db.writer().exec(ctx, `UPDATE import_jobs SET status = 'failed', error = ?, finished_at = ?
		WHERE status IN ('queued', 'running') AND heartbeat_at < ?`, reason, shop.Millis(at), shop.Millis(before))
	if err != nil {
		return 0, fmt.Errorf("fail stale import jobs: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// nullString stores "" as NULL.
func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }
