// Package backup copies a SQLite shop (database, media, signing key) while
// it serves, and puts such a copy back into an empty data directory. With
// PostgreSQL the database is backed up with pg_dump instead
// (docs/operations.md); the media directory is copied the same way.
package backup

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// The names inside a data directory (config.Config.SQLitePath and
// cmd/dwa) and inside a backup, which has the same layout.
const (
	DBFile     = "dwa.db"
	MediaDir   = "media"
	SecretFile = "secret.key"
)

// Take writes a consistent copy of the shop in dataDir into dest, which
// must not exist or be empty: the database with VACUUM INTO (one read
// transaction, so writers go on and the copy is the database as of one
// moment), the media directory, and the generated signing key if there is
// one. Media is copied once before the database and once after, adding
// what appeared meanwhile: every image the copied database names is
// copied unless it was deleted between the snapshot and the second pass.
func Take(ctx context.Context, dataDir, dest string) error {
	src := filepath.Join(dataDir, DBFile)
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("no SQLite database to back up: %w", err)
	}
	if err := emptyOrAbsent(dest); err != nil {
		return err
	}
	// A backup holds password hashes and the signing key: owner only.
	if err := os.MkdirAll(dest, 0o700); err != nil {
		return err
	}
	media := filepath.Join(dataDir, MediaDir)
	if err := copyTree(media, filepath.Join(dest, MediaDir)); err != nil {
		return fmt.Errorf("copy media: %w", err)
	}
	if err := snapshot(ctx, src, filepath.Join(dest, DBFile)); err != nil {
		return fmt.Errorf("copy database: %w", err)
	}
	if err := copyTree(media, filepath.Join(dest, MediaDir)); err != nil {
		return fmt.Errorf("copy media: %w", err)
	}
	if err := copyFile(filepath.Join(dataDir, SecretFile), filepath.Join(dest, SecretFile), 0o600); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("copy %s: %w", SecretFile, err)
	}
	return nil
}

// snapshot runs VACUUM INTO on a read-only connection of its own: it reads
// one consistent state of the database under WAL while the server keeps
// writing, and the copy is compact and needs no -wal file.
func snapshot(ctx context.Context, src, dst string) error {
	q := url.Values{}
	q.Set("mode", "ro")
	q.Add("_pragma", "busy_timeout(10000)")
	db, err := sql.Open("sqlite", "file:"+src+"?"+q.Encode())
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return err
	}
	// SQLite creates the file readable by everyone (umask permitting).
	if err := os.Chmod(dst, 0o600); err != nil {
		return err
	}
	return check(ctx, dst)
}

// check runs SQLite's integrity check on the database file at path.
func check(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	var result string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&result); err != nil {
		return err
	}
	if result != "ok" {
		return fmt.Errorf("%s fails SQLite's integrity check: %s", path, result)
	}
	return nil
}

// Restore puts the backup in src into dataDir. A data directory that holds
// a database or media is refused unless force is set; then its database
// (with -wal and -shm), media and signing key are replaced. The caller
// makes sure no dwa process uses dataDir (LockExclusive).
func Restore(ctx context.Context, src, dataDir string, force bool) error {
	if err := check(ctx, filepath.Join(src, DBFile)); err != nil {
		return fmt.Errorf("%s is not a backup: %w", src, err)
	}
	if !force {
		if used, what := inUse(dataDir); used {
			return fmt.Errorf("%s already holds %s; restore over it only with --force", dataDir, what)
		}
	}
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return err
	}
	db := filepath.Join(dataDir, DBFile)
	// The new file is complete before it takes the database's name, and
	// the old -wal must go with the old database: SQLite would replay it
	// into the restored one.
	tmp := db + ".restoring"
	if err := copyFile(filepath.Join(src, DBFile), tmp, 0o640); err != nil {
		return err
	}
	for _, suffix := range []string{"-wal", "-shm", ""} {
		if err := os.Remove(db + suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	if err := os.Rename(tmp, db); err != nil {
		return err
	}
	media := filepath.Join(dataDir, MediaDir)
	if err := os.RemoveAll(media); err != nil {
		return err
	}
	if err := copyTree(filepath.Join(src, MediaDir), media); err != nil {
		return fmt.Errorf("restore media: %w", err)
	}
	err := copyFile(filepath.Join(src, SecretFile), filepath.Join(dataDir, SecretFile), 0o600)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// inUse reports whether dataDir holds a database or any media file.
func inUse(dataDir string) (bool, string) {
	if _, err := os.Stat(filepath.Join(dataDir, DBFile)); err == nil {
		return true, "a database"
	}
	found := false
	_ = filepath.WalkDir(filepath.Join(dataDir, MediaDir), func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			found = true
			return fs.SkipAll
		}
		return nil
	})
	return found, "media files"
}

func emptyOrAbsent(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("%s is not empty: back up into a new directory", dir)
	}
	return nil
}

// copyTree copies the regular files under src to dst, keeping the paths
// below it and skipping files dst already has (uploads are never
// rewritten in place: each has a random name of its own). A missing src
// copies nothing.
func copyTree(src, dst string) error {
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == src && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			if errors.Is(err, fs.ErrNotExist) { // deleted while we walked
				return nil
			}
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o750)
		case !d.Type().IsRegular():
			return nil
		}
		if _, err := os.Stat(target); err == nil {
			return nil
		}
		if err := copyFile(path, target, 0o640); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err // (a file deleted while we walked is not copied)
		}
		return nil
	})
	return err
}

// copyFile copies src to dst through a temporary name, so that dst either
// does not exist or is complete.
func copyFile(src, dst string, mode fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp := dst + ".part"
	out, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		os.Remove(tmp)
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		os.Remove(tmp)
		return err
	}
	if err := out.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, dst)
}
