package main

import (
	"context"
	"errors"
	"fmt"

	"dwa/internal/backup"
	"dwa/internal/config"
)

// errPostgresBackup points PostgreSQL shops at the database's own tools:
// pg_dump is online and consistent already, and restores across versions.
var errPostgresBackup = errors.New("DATABASE_URL is PostgreSQL: back it up with pg_dump and restore with pg_restore, and copy <data dir>/media yourself (see docs/operations.md, Backup and restore)")

func runBackup(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "backup", "backup --to DIR   (a consistent copy of the SQLite database, media and signing key, taken while serving)")
	to := fs.String("to", "", "directory to write the backup into; must not exist or be empty")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *to == "" {
		return errors.New("backup: --to DIR is required")
	}
	cfg, err := config.Load(e.getenv)
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	if cfg.DatabaseURL != "" {
		return errPostgresBackup
	}
	if err := backup.Take(ctx, cfg.DataDir, *to); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(e.stdout, "Backed up %s into %s.\n", cfg.DataDir, *to)
	return nil
}

func runRestore(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "restore", "restore --from DIR [--force]   (into DWA_DATA_DIR; no dwa may be serving from it)")
	from := fs.String("from", "", "a directory written by dwa backup")
	force := fs.Bool("force", false, "replace the database, media and signing key already in the data directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" {
		return errors.New("restore: --from DIR is required")
	}
	cfg, err := config.Load(e.getenv)
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	if cfg.DatabaseURL != "" {
		return errPostgresBackup
	}
	unlock, err := backup.LockExclusive(cfg.DataDir)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer unlock()
	if err := backup.Restore(ctx, *from, cfg.DataDir, *force); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	fmt.Fprintf(e.stdout, "Restored %s into %s. Start dwa serve: it applies any newer migrations.\n", *from, cfg.DataDir)
	return nil
}
