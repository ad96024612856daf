package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"dwa/internal/config"
	"dwa/internal/gateway/dirprobe"
	"dwa/internal/gateway/mediafs"
	"dwa/internal/gateway/realtime"
	"dwa/internal/gateway/s3media"
	"dwa/internal/service"
	"dwa/internal/store/postgres"
	"dwa/internal/store/sqldb"
	"dwa/internal/store/sqlite"
)

// app is a configured, migrated shop: what every subcommand starts from.
type app struct {
	cfg   config.Config
	store *sqldb.Store
	svc   *service.Service
	log   *slog.Logger
	// fanout carries new messages to open streams; closing it ends them.
	fanout fanout
	// migrated is how many migrations openApp applied.
	migrated int
	// uploads is the bucket uploaded images go to; nil when they stay in
	// the media directory.
	uploads *s3media.Bucket
}

// openApp loads the configuration, opens the database chosen by it and
// applies pending migrations.
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
	fan, err := openFanout(ctx, st, log)
	if err != nil {
		_ = st.Close()
		return nil, err
	}
	a := &app{cfg: cfg, store: st, log: log, fanout: fan, migrated: n}
	var media service.MediaStore = mediafs.Dir(a.mediaDir())
	if cfg.S3.Enabled() {
		if a.uploads, err = openUploads(cfg.S3); err != nil {
			a.close()
			return nil, err
		}
		media = a.uploads
	}
	if a.svc, err = service.New(service.Deps{Store: st, Log: log, Fanout: fan, Accounts: accountOptions(cfg, st),
		Payments: paymentGateway(cfg), OrderExpiry: cfg.OrderExpiry, Media: media, Probes: readinessProbes(cfg, fan)}); err != nil {
		a.close()
		return nil, err
	}
	return a, nil
}

// readinessProbes are what /readyz checks besides the database: the
// PostgreSQL listener, and the data directory when serving writes to it.
func readinessProbes(cfg config.Config, fan fanout) []service.Probe {
	var probes []service.Probe
	if pg, ok := fan.(*realtime.Postgres); ok {
		probes = append(probes, service.Probe{Name: "realtime", Check: pg.Check})
	}
	if cfg.WritesDataDir() {
		probes = append(probes, service.Probe{Name: "data_dir", Check: dirprobe.New(cfg.DataDir, time.Second).Check})
	}
	return probes
}

// openUploads makes the client of the configured bucket; it does not reach
// the service yet (dwa serve checks it before listening).
func openUploads(c config.S3) (*s3media.Bucket, error) {
	b, err := s3media.New(s3media.Options{Endpoint: c.Endpoint, Region: c.Region, Bucket: c.Bucket,
		AccessKey: c.AccessKey, SecretKey: c.SecretKey, Prefix: c.Prefix, PathStyle: c.PathStyle})
	if err != nil {
		return nil, fmt.Errorf("S3 media storage: %w", err)
	}
	return b, nil
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

// poolStats names the pools for /metrics.
func (a *app) poolStats() map[string]sql.DBStats {
	db := a.store.DB()
	if db.W == db.R {
		return map[string]sql.DBStats{"main": db.W.Stats()}
	}
	return map[string]sql.DBStats{"writer": db.W.Stats(), "readers": db.R.Stats()}
}

func (a *app) mediaDir() string { return filepath.Join(a.cfg.DataDir, "media") }

func (a *app) close() {
	a.fanout.Close()
	if err := a.store.Close(); err != nil {
		a.log.Error("close database", "err", err)
	}
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

// accountOptions wires tokens, mail links and rate limits from the
// configuration.
func accountOptions(cfg config.Config, st *sqldb.Store) service.AccountOptions {
	var counter service.RateCounter = service.NewMemoryCounter()
	if cfg.RateLimitsInDatabase(st.Engine()) {
		counter = st
	}
	return service.AccountOptions{
		Secret: []byte(cfg.SecretKey), AccessTTL: cfg.AccessTokenTTL, RefreshTTL: cfg.RefreshTokenTTL,
		PublicURL: cfg.PublicURL, SupportEmail: cfg.SupportEmail,
		RateLimits: cfg.RateLimits, RateCounter: counter,
	}
}

// fanout is a service.Fanout whose streams can be ended at shutdown.
type fanout interface {
	service.Fanout
	Close()
}

// openFanout picks the realtime adapter: PostgreSQL LISTEN/NOTIFY, so that
// several instances deliver each other's messages, or an in-process hub
// for the single SQLite instance.
func openFanout(ctx context.Context, st *sqldb.Store, log *slog.Logger) (fanout, error) {
	hub := realtime.NewHub(service.StreamBuffer)
	if st.Engine() != "postgres" {
		return hub, nil
	}
	pg, err := realtime.NewPostgres(ctx, st.DB().W, hub, log)
	if err != nil {
		return nil, fmt.Errorf("realtime: %w", err)
	}
	return pg, nil
}
