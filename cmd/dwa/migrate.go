package main

import (
	"context"
	"fmt"
)

func runMigrate(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "migrate", "migrate   (applies pending migrations to the configured database)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	a, err := openApp(ctx, e)
	if err != nil {
		return err
	}
	defer a.close()
	fmt.Fprintf(e.stdout, "Applied %d migrations; the %s database is up to date.\n", a.migrated, a.store.Engine())
	return nil
}
