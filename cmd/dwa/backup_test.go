package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBackupRestoreCommands: dwa backup copies a data directory, dwa
// restore puts it into an empty one, refuses a directory that holds a shop
// without --force and one a dwa command is using even with it, and both
// send PostgreSQL shops to pg_dump.
func TestBackupRestoreCommands(t *testing.T) {
	ctx := context.Background()
	source := map[string]string{"DWA_DATA_DIR": t.TempDir()}
	e, _ := testEnv(t, source, "")
	if err := run(ctx, []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(t.TempDir(), "backup")
	e, out := testEnv(t, source, "")
	if err := run(ctx, []string{"backup", "--to", dest}, e); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Backed up") {
		t.Errorf("backup printed %q", out)
	}

	target := map[string]string{"DWA_DATA_DIR": t.TempDir()}
	e, _ = testEnv(t, target, "")
	if err := run(ctx, []string{"restore", "--from", dest}, e); err != nil {
		t.Fatal(err)
	}
	// The restored shop is the seeded one, with its key and images.
	e, _ = testEnv(t, target, "")
	if err := run(ctx, []string{"reviews", "pending"}, e); err != nil {
		t.Fatalf("a command on the restored shop: %v", err)
	}
	for _, f := range []string{"secret.key", "media/demo"} {
		if _, err := os.Stat(filepath.Join(target["DWA_DATA_DIR"], f)); err != nil {
			t.Errorf("restored data directory lacks %s: %v", f, err)
		}
	}

	e, _ = testEnv(t, target, "")
	err := run(ctx, []string{"restore", "--from", dest}, e)
	if err == nil || !strings.Contains(err.Error(), "already holds a database; restore over it only with --force") {
		t.Errorf("restore over a shop: %v; want refused", err)
	}

	// A command holding the data directory (as dwa serve does) stops even a forced restore.
	e, _ = testEnv(t, target, "")
	a, err := openApp(ctx, e)
	if err != nil {
		t.Fatal(err)
	}
	e, _ = testEnv(t, target, "")
	err = run(ctx, []string{"restore", "--force", "--from", dest}, e)
	if err == nil || !strings.Contains(err.Error(), "a dwa process is serving from") {
		t.Errorf("restore while in use: %v; want refused", err)
	}
	a.close()
	e, _ = testEnv(t, target, "")
	if err := run(ctx, []string{"restore", "--force", "--from", dest}, e); err != nil {
		t.Errorf("forced restore once stopped: %v", err)
	}

	pg := map[string]string{"DATABASE_URL": "postgres://dwa@127.0.0.1:1/dwa"}
	for _, args := range [][]string{{"backup", "--to", t.TempDir()}, {"restore", "--from", dest}} {
		e, _ = testEnv(t, pg, "")
		if err := run(ctx, args, e); err == nil || !strings.Contains(err.Error(), "pg_dump") {
			t.Errorf("%s on PostgreSQL: %v; want pointed to pg_dump", args[0], err)
		}
	}
}
