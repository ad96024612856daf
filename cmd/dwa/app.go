package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"dwa/internal/backup"
	"dwa/internal/config"
	"dwa/internal/store/postgres"
	"dwa/internal/store/sqldb"
	"dwa/internal/store/sqlite"
	"dwa/internal/wiring"
	"dwa/web"
)

// app is a configured, migrated shop: what every subcommand starts from.
type app struct {
	cfg   config.Config
	store *sqldb.Store
	log   *slog.Logger
	shop  *wiring.Shop
	// migrated is how many migrations openApp applied.
	migrated int
	// unlock releases the data directory, which dwa restore will not
	// replace while any command holds it.
	unlock func()
}

// openApp loads the configuration, opens the database chosen by it,
// applies pending migrations and wires the shop on it.
func openApp(ctx context.Context, e env) (*app, error) {
	cfg, err := config.Load(e.getenv)
	if err != nil {
		return nil, fmt.Errorf("configuration: %w", err)
	}
	log := newLogger(e.stderr, cfg.LogLevel)
	slog.SetDefault(log)
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	unlock, err := backup.LockShared(cfg.DataDir)
	if err != nil {
		return nil, fmt.Errorf("lock the data directory %s (is dwa restore running?): %w", cfg.DataDir, err)
	}
	a, err := openLocked(ctx, cfg, log)
	if err != nil {
		unlock()
		return nil, err
	}
	a.unlock = unlock
	return a, nil
}

func openLocked(ctx context.Context, cfg config.Config, log *slog.Logger) (*app, error) {
	var err error
	if cfg.SecretKey == "" {
		if cfg.SecretKey, err = loadOrCreateSecret(cfg.DataDir); err != nil {
			return nil, fmt.Errorf("secret key: %w", err)
		}
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	n, err := st.Migrate(ctx)
	if err != nil {
		_ = st.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	if n > 0 {
		log.Info("applied migrations", "count", n, "engine", st.Engine())
	}
	shop, err := wiring.New(ctx, wiring.Options{Config: cfg, Store: st, Log: log, Web: web.Dist()})
	if err != nil {
		_ = st.Close()
		return nil, err
	}
	return &app{cfg: cfg, store: st, log: log, shop: shop, migrated: n}, nil
}

func openStore(ctx context.Context, cfg config.Config) (*sqldb.Store, error) {
	if cfg.DatabaseURL != "" {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		st, err := postgres.Open(ctx, cfg.DatabaseURL, cfg.DBMaxConns)
		if err != nil {
			return nil, fmt.Errorf("open PostgreSQL: %w", err)
		}
		return st, nil
	}
	st, err := sqlite.Open(cfg.SQLitePath())
	if err != nil {
		return nil, fmt.Errorf("open SQLite: %w", err)
	}
	return st, nil
}

func (a *app) close() {
	a.shop.Close()
	if err := a.store.Close(); err != nil {
		a.log.Error("close database", "err", err)
	}
	a.unlock()
}

// loadOrCreateSecret returns the signing key kept in the data directory,
// generating it (256 random bits, mode 0600) on first use. It is never logged.
func loadOrCreateSecret(dataDir string) (string, error) {
	path := filepath.Join(dataDir, "secret.key")
	if b, err := os.ReadFile(path); err == nil {
		if key := strings.TrimSpace(string(b)); len(key) >= 32 {
			return key, nil
		}
		return "", fmt.Errorf("%s is shorter than 32 bytes; delete it to generate a new one", path)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	key := base64.RawURLEncoding.EncodeToString(raw)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		// Another process created it first: use theirs.
		return loadOrCreateSecret(dataDir)
	}
	if err != nil {
		return "", err
	}
	if _, err := f.WriteString(key + "\n"); err != nil {
		f.Close()
		return "", err
	}
	return key, f.Close()
}
