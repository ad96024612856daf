// Package wiring builds the shop from a configuration and an opened,
// migrated store: the concrete adapters (realtime fan-out, media store,
// payment provider, readiness probes, rate counter), the service and the
// HTTP API. The binary and the tests both start here, so a new dependency
// is wired once; the tests replace only what Options lets them.
package wiring

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"dwa/api"
	"dwa/internal/config"
	"dwa/internal/gateway/dirprobe"
	"dwa/internal/gateway/mediafs"
	"dwa/internal/gateway/paystack"
	"dwa/internal/gateway/realtime"
	"dwa/internal/gateway/s3media"
	"dwa/internal/gateway/testpay"
	"dwa/internal/httpapi"
	"dwa/internal/service"
	"dwa/internal/store/sqldb"
)

// Options are what the shop is built from. Config and Store are required;
// the rest default to what `dwa serve` uses, and tests set them.
type Options struct {
	Config config.Config
	Store  *sqldb.Store
	// Log defaults to slog.Default().
	Log *slog.Logger
	// Web is the built storefront the API serves.
	Web fs.FS
	// MediaDir holds the media files (uploads unless a bucket is
	// configured); defaults to the data directory's media/.
	MediaDir string

	// Now, Sleep, Hasher and Background replace the service's clock, its
	// sign-in slow-down, its password hasher and how it runs work after
	// answering (service.Deps, service.AccountOptions).
	Now        func() time.Time
	Sleep      func(context.Context, time.Duration) error
	Hasher     *service.Hasher
	Background func(work func())
	// ListenerRetryWait replaces the PostgreSQL listener's pause before a
	// reconnect attempt (realtime.WithRetryWait).
	ListenerRetryWait func(ctx context.Context, attempt int) error
}

// Shop is the wired shop. Close ends what New started; the store stays
// open for its owner to close.
type Shop struct {
	Service *service.Service
	API     *httpapi.API
	// Hub holds this instance's open message streams.
	Hub *realtime.Hub
	// Listener is the PostgreSQL LISTEN/NOTIFY fan-out; nil on SQLite.
	Listener *realtime.Postgres
	// Uploads is the bucket uploaded images go to; nil when they stay in
	// MediaDir. New does not reach it: `dwa serve` checks it before
	// listening.
	Uploads  *s3media.Bucket
	MediaDir string
	// HashPool and ImagePool bound password hashing and image decoding;
	// ImportPool bounds CSV imports, QueryPool uncached catalogue queries.
	HashPool, ImagePool, ImportPool, QueryPool *service.WorkPool

	fanout fanout
}

// fanout is a service.Fanout whose streams can be ended at shutdown.
type fanout interface {
	service.Fanout
	Close()
}

// New builds the shop on o.Store.
func New(ctx context.Context, o Options) (*Shop, error) {
	cfg, st := o.Config, o.Store
	if o.Log == nil {
		o.Log = slog.Default()
	}
	s := &Shop{MediaDir: o.MediaDir,
		HashPool:   service.NewWorkPool(service.DefaultHashPool()),
		ImagePool:  service.NewWorkPool(service.DefaultImagePool()),
		ImportPool: service.NewWorkPool(service.DefaultImportPool()),
		QueryPool:  service.NewWorkPool(service.DefaultQueryPool())}
	if s.MediaDir == "" {
		s.MediaDir = filepath.Join(cfg.DataDir, "media")
	}
	if err := s.openFanout(ctx, st, o.Log, o.ListenerRetryWait); err != nil {
		return nil, err
	}
	var media service.MediaStore = mediafs.Dir(s.MediaDir)
	if cfg.S3.Enabled() {
		b, err := openUploads(cfg.S3)
		if err != nil {
			s.Close()
			return nil, err
		}
		s.Uploads, media = b, b
	}
	accounts := accountOptions(cfg, st)
	accounts.Hasher = o.Hasher
	svc, err := service.New(service.Deps{Store: st, Log: o.Log, Now: o.Now, Sleep: o.Sleep, Background: o.Background,
		Fanout: s.fanout, Accounts: accounts, Payments: paymentGateway(cfg, o.Now), OrderExpiry: cfg.OrderExpiry,
		MobileMoneyTimeout: cfg.MobileMoneyTimeout,
		Media:              media, Probes: s.readinessProbes(cfg, st), HashPool: s.HashPool, ImagePool: s.ImagePool,
		ImportPool: s.ImportPool, QueryPool: s.QueryPool})
	if err != nil {
		s.Close()
		return nil, err
	}
	s.Service = svc
	// Imports whose instance stopped (this one before its restart, or
	// another) end as failed with a reason instead of "running" for ever.
	lost, err := svc.FailLostImports(ctx)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("import jobs: %w", err)
	}
	if lost > 0 {
		o.Log.Warn("import jobs of a stopped instance failed", "jobs", lost)
	}
	opts := httpapi.Options{Config: cfg, Service: svc, Web: o.Web, Media: os.DirFS(s.MediaDir),
		OpenAPI: api.OpenAPIYAML, Log: o.Log, PoolStats: func() map[string]sql.DBStats { return poolStats(st) }}
	if s.Uploads != nil { // a nil *Bucket would make a non-nil interface
		opts.Uploads = s.Uploads
	}
	if s.API, err = httpapi.New(opts); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Close ends the open message streams and stops the PostgreSQL listener.
// It may be called more than once.
func (s *Shop) Close() { s.fanout.Close() }

// openFanout picks the realtime adapter: PostgreSQL LISTEN/NOTIFY, so that
// several instances deliver each other's messages, or an in-process hub
// for the single SQLite instance.
func (s *Shop) openFanout(ctx context.Context, st *sqldb.Store, log *slog.Logger,
	retryWait func(context.Context, int) error) error {
	s.Hub = realtime.NewHub(service.StreamBuffer)
	if st.Engine() != "postgres" {
		s.fanout = s.Hub
		return nil
	}
	var opts []realtime.Option
	if retryWait != nil {
		opts = append(opts, realtime.WithRetryWait(retryWait))
	}
	pg, err := realtime.NewPostgres(ctx, st.DB().W, s.Hub, log, opts...)
	if err != nil {
		return fmt.Errorf("realtime: %w", err)
	}
	s.Listener, s.fanout = pg, pg
	return nil
}

// readinessProbes are what /readyz checks besides the database: the
// catalogue index (built once at start), the PostgreSQL listener, and the
// data directory when serving writes to it.
func (s *Shop) readinessProbes(cfg config.Config, st *sqldb.Store) []service.Probe {
	probes := []service.Probe{{Name: "catalogue", Check: st.CatalogueReady}}
	if s.Listener != nil {
		probes = append(probes, service.Probe{Name: "realtime", Check: s.Listener.Check})
	}
	if cfg.WritesDataDir() {
		probes = append(probes, service.Probe{Name: "data_dir", Check: dirprobe.New(cfg.DataDir, time.Second).Check})
	}
	return probes
}

// openUploads makes the client of the configured bucket.
func openUploads(c config.S3) (*s3media.Bucket, error) {
	b, err := s3media.New(s3media.Options{Endpoint: c.Endpoint, Region: c.Region, Bucket: c.Bucket,
		AccessKey: c.AccessKey, SecretKey: c.SecretKey, Prefix: c.Prefix, PathStyle: c.PathStyle})
	if err != nil {
		return nil, fmt.Errorf("S3 media storage: %w", err)
	}
	return b, nil
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

// paymentGateway picks Paystack when its keys are configured, else the
// built-in test provider (config refuses that in production unless allowed).
func paymentGateway(cfg config.Config, now func() time.Time) service.PaymentGateway {
	if cfg.TestPayments() {
		if now == nil {
			now = time.Now
		}
		return testpay.New(now)
	}
	return paystack.New(cfg.PaystackBaseURL, cfg.PaystackSecretKey, cfg.PaystackPublicKey)
}

// poolStats names the pools for /metrics.
func poolStats(st *sqldb.Store) map[string]sql.DBStats {
	db := st.DB()
	if db.W == db.R {
		return map[string]sql.DBStats{"main": db.W.Stats()}
	}
	return map[string]sql.DBStats{"writer": db.W.Stats(), "readers": db.R.Stats()}
}
