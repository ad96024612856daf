// Package config loads Dwa's settings from environment variables into one
// typed Config, applies defaults and validates it at start-up.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"dwa/internal/demo"
	"dwa/internal/shop"
)

// Config is every setting of a dwa process. It is passed explicitly; there
// are no globals.
type Config struct {
	Env       string // "development" or "production"
	Addr      string // listen address
	PublicURL string // absolute base URL used in links and e-mails, no trailing slash
	APIPrefix string
	DataDir   string
	// DatabaseURL selects PostgreSQL when set; SQLite in DataDir otherwise.
	DatabaseURL string
	DBMaxConns  int
	Demo        bool // seed the demo catalogue into an empty database
	// DemoStaffPassword is the demo staff account's password instead of
	// the published one; in production the account exists only with it.
	DemoStaffPassword string

	SecretKey string // HS256 key; generated into DataDir when empty

	PaystackSecretKey string
	PaystackPublicKey string
	PaystackBaseURL   string
	AllowTestPayments bool // lets a production server run the test provider

	SMTPURL      string
	MailFrom     string
	SupportEmail string

	// S3 holds uploaded images in a bucket instead of DataDir/media when
	// its endpoint is set.
	S3 S3

	// SMS sends text messages (issue 22).
	SMS SMS

	CORSOrigins     []string
	TrustedProxies  []netip.Prefix
	MetricsNetworks []netip.Prefix

	// RateLimits holds every bucket of contract §1.7: the defaults with
	// DWA_RATE_LIMITS applied on top.
	RateLimits map[string][]shop.Rate
	// RateLimitStore is "memory" or "database"; "auto" (the default) means
	// memory on SQLite and the database on PostgreSQL.
	RateLimitStore string

	AccessTokenTTL  time.Duration
	RefreshTokenTTL time.Duration
	OrderExpiry     time.Duration
	// MobileMoneyTimeout bounds how long a mobile money prompt waits.
	MobileMoneyTimeout time.Duration
	ListMax            int
	ShutdownTimeout    time.Duration
	// DrainDelay is how long a stopping server keeps accepting requests
	// after /readyz turned 503, so load balancers stop sending first.
	DrainDelay time.Duration
	LogLevel   string
	AccessLog  AccessLog
}

// AccessLog says which requests get a line in the log. Errors (4xx, 5xx,
// 499) and requests slower than Slow are logged in every mode but off.
type AccessLog struct {
	Mode  string        // "off", "errors", "sampled" or "all"
	Every int           // sampled: one line per Every other requests
	Slow  time.Duration // a request taking at least this long is logged
}

// S3 locates the S3-compatible bucket that keeps uploaded images.
type S3 struct {
	Endpoint  string // http(s)://host[:port], no trailing slash
	Region    string // empty: the client asks the service
	Bucket    string
	AccessKey string
	SecretKey string
	Prefix    string // key prefix without leading or trailing slashes
	PathStyle bool   // always <endpoint>/<bucket>, even where <bucket>.<host> would do
}

// Enabled reports whether uploads go to a bucket; validation makes sure
// the endpoint never comes without the rest.
func (s S3) Enabled() bool { return s.Endpoint != "" }

// TestPayments reports whether the built-in test payment provider is active:
// it is when no Paystack keys are configured.
func (c Config) TestPayments() bool { return c.PaystackSecretKey == "" }

// WritesDataDir reports whether serving writes to DataDir: the SQLite
// database, mail files without SMTP_URL, text messages without an SMS
// provider, uploaded images without S3.
func (c Config) WritesDataDir() bool {
	return c.DatabaseURL == "" || c.SMTPURL == "" || !c.SMS.Enabled() || !c.S3.Enabled()
}

// SQLitePath is the database file used when DatabaseURL is empty.
func (c Config) SQLitePath() string { return strings.TrimSuffix(c.DataDir, "/") + "/dwa.db" }

// Var documents one environment variable; Vars is the table the README and
// .env.example are checked against.
type Var struct {
	Name, Default, Help string
	Secret              bool
}

// Vars lists every variable Load reads, with its default.
var Vars = []Var{
	{"DWA_ENV", "development", "development or production (production refuses unsafe defaults)", false},
	{"DWA_ADDR", "localhost:8080", "listen address (host:port)", false},
	{"DWA_PUBLIC_URL", "http://<DWA_ADDR>", "public base URL for links in e-mails, API pages and image URLs", false},
	{"DWA_API_PREFIX", "/api", "path prefix of the JSON API", false},
	{"DWA_DATA_DIR", "./data", "SQLite database, generated secret, mail files, media", false},
	{"DATABASE_URL", "", "postgres://… to use PostgreSQL instead of SQLite", true},
	{"DWA_DB_MAX_CONNS", "16", "PostgreSQL connection pool size", false},
	{"DWA_DEMO", "1 (0 in production)", "seed the demo catalogue into an empty database; in production only when set to 1, with random unprinted passwords", false},
	{"DWA_DEMO_STAFF_PASSWORD", "", "password of the demo staff account (≥ 12 characters, not a published demo password); in production the demo staff account is created only when it is set", true},
	{"DWA_SECRET_KEY", "", "token signing key (≥ 32 bytes); generated into the data directory when empty", true},
	{"PAYSTACK_SECRET_KEY", "", "Paystack secret key; empty runs the built-in test payment provider", true},
	{"PAYSTACK_PUBLIC_KEY", "", "Paystack public key for the payment popup", false},
	{"PAYSTACK_BASE_URL", "https://api.paystack.co", "Paystack API base URL", false},
	{"DWA_ALLOW_TEST_PAYMENTS", "0", "allow the test payment provider when DWA_ENV=production", false},
	{"SMTP_URL", "", "smtps://user:pass@host:465, or smtp://…:587 with STARTTLS required except to localhost (?tls=none: plain text, no password allowed); empty writes mail to <data dir>/mail", true},
	{"DWA_MAIL_FROM", "Dwa <no-reply@dwa.shop>", "sender of outgoing mail", false},
	{"DWA_SUPPORT_EMAIL", "support@dwa.shop", "where complaints are sent", false},
	// Text messages (config/sms.go).
	{"HUBTEL_SMS_CLIENT_ID", "", "Hubtel SMS API client ID; empty writes text messages to <data dir>/sms", false},
	{"HUBTEL_SMS_CLIENT_SECRET", "", "Hubtel SMS API client secret (required with the client ID)", true},
	{"HUBTEL_SMS_URL", "https://sms.hubtel.com/v1/messages/send", "Hubtel send-message endpoint", false},
	{"DWA_SMS_SENDER", "Dwa", "sender ID on text messages (1–11 letters or digits, approved by the provider)", false},
	{"DWA_S3_ENDPOINT", "", "http(s):// URL of an S3-compatible service for uploaded images; empty keeps them in <data dir>/media", false},
	{"DWA_S3_REGION", "", "the bucket's region; empty asks the service", false},
	{"DWA_S3_BUCKET", "", "bucket for uploaded images (required with DWA_S3_ENDPOINT)", false},
	{"DWA_S3_ACCESS_KEY", "", "access key id (required with DWA_S3_ENDPOINT)", false},
	{"DWA_S3_SECRET_KEY", "", "secret access key (required with DWA_S3_ENDPOINT)", true},
	{"DWA_S3_PREFIX", "", "key prefix inside the bucket, e.g. shop1", false},
	{"DWA_S3_PATH_STYLE", "0", "1 always addresses the bucket as <endpoint>/<bucket>; 0 lets the client choose (<bucket>.<host> on AWS, path style elsewhere)", false},
	{"DWA_CORS_ORIGINS", "", "comma-separated allowed origins; none by default", false},
	{"DWA_TRUSTED_PROXIES", "", "comma-separated CIDRs whose X-Forwarded-For is trusted", false},
	{"DWA_METRICS_NETWORKS", "127.0.0.0/8,::1/128", "CIDRs allowed to read /metrics", false},
	{"DWA_RATE_LIMITS", "", "overrides of the rate limits, e.g. login=10/1m,message=20/1m+500/24h (see docs/operations.md)", false},
	{"DWA_RATE_LIMIT_STORE", "auto", "where rate-limit counters live: memory, database, or auto (memory on SQLite, database on PostgreSQL)", false},
	{"DWA_ACCESS_TOKEN_TTL", "15m", "access token lifetime", false},
	{"DWA_REFRESH_TOKEN_TTL", "336h", "refresh token lifetime", false},
	{"DWA_ORDER_EXPIRY", "48h", "unpaid pending orders are cancelled after this", false},
	{"DWA_MOMO_TIMEOUT", "5m", "a mobile money prompt not approved within this fails (the shopper may retry)", false},
	{"DWA_LIST_MAX", "100", "most items in one plain-array list", false},
	{"DWA_SHUTDOWN_TIMEOUT", "15s", "how long in-flight requests get on shutdown", false},
	{"DWA_DRAIN_DELAY", "0s", "on SIGTERM, keep serving this long with /readyz failing before refusing connections; set it above the load balancer's health-check interval × fall count", false},
	{"DWA_LOG_LEVEL", "info", "debug, info, warn or error", false},
	{"DWA_ACCESS_LOG", "all (errors in production)", "which requests are logged: off, errors (4xx, 5xx and slow ones), sampled:N (errors, slow ones and one in N of the rest) or all", false},
	{"DWA_SLOW_REQUEST", "1s", "a request taking at least this long is logged as slow whatever DWA_ACCESS_LOG says (unless off)", false},
}

// Load reads the environment through getenv, applies defaults and validates.
func Load(getenv func(string) string) (Config, error) {
	p := parser{getenv: getenv}
	// Production seeds no demo data unless asked (DWA_DEMO=1): the demo
	// accounts' passwords are published.
	env := p.str("DWA_ENV", "development")
	c := Config{
		Env:                env,
		Addr:               p.str("DWA_ADDR", "localhost:8080"),
		APIPrefix:          p.str("DWA_API_PREFIX", "/api"),
		DataDir:            p.str("DWA_DATA_DIR", "./data"),
		DatabaseURL:        p.str("DATABASE_URL", ""),
		DBMaxConns:         p.int("DWA_DB_MAX_CONNS", 16),
		Demo:               p.bool("DWA_DEMO", env != "production"),
		DemoStaffPassword:  getenv("DWA_DEMO_STAFF_PASSWORD"),
		SecretKey:          getenv("DWA_SECRET_KEY"),
		PaystackSecretKey:  p.str("PAYSTACK_SECRET_KEY", ""),
		PaystackPublicKey:  p.str("PAYSTACK_PUBLIC_KEY", ""),
		PaystackBaseURL:    strings.TrimSuffix(p.str("PAYSTACK_BASE_URL", "https://api.paystack.co"), "/"),
		AllowTestPayments:  p.bool("DWA_ALLOW_TEST_PAYMENTS", false),
		SMTPURL:            p.str("SMTP_URL", ""),
		MailFrom:           p.str("DWA_MAIL_FROM", "Dwa <no-reply@dwa.shop>"),
		SupportEmail:       p.str("DWA_SUPPORT_EMAIL", "support@dwa.shop"),
		CORSOrigins:        p.list("DWA_CORS_ORIGINS"),
		TrustedProxies:     p.prefixes("DWA_TRUSTED_PROXIES", ""),
		MetricsNetworks:    p.prefixes("DWA_METRICS_NETWORKS", "127.0.0.0/8,::1/128"),
		RateLimits:         p.rateLimits("DWA_RATE_LIMITS"),
		RateLimitStore:     p.str("DWA_RATE_LIMIT_STORE", "auto"),
		AccessTokenTTL:     p.duration("DWA_ACCESS_TOKEN_TTL", 15*time.Minute),
		RefreshTokenTTL:    p.duration("DWA_REFRESH_TOKEN_TTL", 14*24*time.Hour),
		OrderExpiry:        p.duration("DWA_ORDER_EXPIRY", 48*time.Hour),
		ListMax:            p.int("DWA_LIST_MAX", 100),
		ShutdownTimeout:    p.duration("DWA_SHUTDOWN_TIMEOUT", 15*time.Second),
		DrainDelay:         p.duration("DWA_DRAIN_DELAY", 0),
		LogLevel:           p.str("DWA_LOG_LEVEL", "info"),
		AccessLog:          p.accessLog("DWA_ACCESS_LOG", env),
		MobileMoneyTimeout: p.duration("DWA_MOMO_TIMEOUT", 5*time.Minute),
		S3: S3{
			Endpoint:  strings.TrimSuffix(p.str("DWA_S3_ENDPOINT", ""), "/"),
			Region:    p.str("DWA_S3_REGION", ""),
			Bucket:    p.str("DWA_S3_BUCKET", ""),
			AccessKey: p.str("DWA_S3_ACCESS_KEY", ""),
			SecretKey: p.str("DWA_S3_SECRET_KEY", ""),
			Prefix:    strings.Trim(p.str("DWA_S3_PREFIX", ""), "/"),
			PathStyle: p.bool("DWA_S3_PATH_STYLE", false),
		},
	}
	c.SMS = loadSMS(&p)
	if getenv(retiredStoreRefunds) != "" {
		// Silently ignoring it would take store refunds away unannounced.
		p.errs = append(p.errs, errors.New(retiredStoreRefunds+" is gone: staff now let stores refund on the staff Refunds page (docs/decisions/0019); remove the variable"))
	}
	c.PublicURL = strings.TrimSuffix(p.str("DWA_PUBLIC_URL", defaultPublicURL(c.Addr)), "/")
	if err := errors.Join(append(p.errs, c.validate()...)...); err != nil {
		return Config{}, err
	}
	return c, nil
}

// retiredStoreRefunds was the switch of store refunds before staff had one
// in the staff area; a deployment that still sets it is told so at start.
const retiredStoreRefunds = "DWA_STORE_REFUNDS"

func defaultPublicURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://localhost:8080"
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

func (c Config) validate() []error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if c.Env != "development" && c.Env != "production" {
		bad("DWA_ENV must be development or production, not %q", c.Env)
	}
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		bad("DWA_ADDR %q is not host:port", c.Addr)
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad("DWA_PUBLIC_URL %q must be an absolute http(s) URL", c.PublicURL)
	}
	if !strings.HasPrefix(c.APIPrefix, "/") || strings.HasSuffix(c.APIPrefix, "/") || len(c.APIPrefix) < 2 {
		bad("DWA_API_PREFIX %q must start with / and not end with /", c.APIPrefix)
	}
	if c.DataDir == "" {
		bad("DWA_DATA_DIR must not be empty")
	}
	if c.DatabaseURL != "" {
		if u, err := url.Parse(c.DatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
			bad("DATABASE_URL must be a postgres:// URL")
		}
	}
	if c.DBMaxConns < 1 || c.DBMaxConns > 1000 {
		bad("DWA_DB_MAX_CONNS must be between 1 and 1000")
	}
	if c.SecretKey != "" && len(c.SecretKey) < 32 {
		bad("DWA_SECRET_KEY must be at least 32 bytes")
	}
	if c.DemoStaffPassword != "" {
		if utf8.RuneCountInString(c.DemoStaffPassword) < minDemoStaffPassword {
			bad("DWA_DEMO_STAFF_PASSWORD must be at least %d characters", minDemoStaffPassword)
		} else if demo.PublishedPassword(c.DemoStaffPassword) {
			bad("DWA_DEMO_STAFF_PASSWORD is one of the demo passwords published with Dwa's source; choose another")
		}
	}
	if (c.PaystackSecretKey == "") != (c.PaystackPublicKey == "") {
		bad("PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY must be set together")
	}
	if u, err := url.Parse(c.PaystackBaseURL); err != nil || u.Host == "" {
		bad("PAYSTACK_BASE_URL %q must be an absolute URL", c.PaystackBaseURL)
	}
	if c.SMTPURL != "" {
		if u, err := url.Parse(c.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Host == "" {
			bad("SMTP_URL must be smtp://… or smtps://…")
		}
	}
	errs = append(errs, c.S3.validate(c.Env == "production")...)
	errs = append(errs, c.SMS.validate(c.Env == "production")...)
	for _, o := range c.CORSOrigins {
		if u, err := url.Parse(o); err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" {
			bad("DWA_CORS_ORIGINS entry %q must be an origin like https://shop.example", o)
		}
	}
	if c.AccessTokenTTL < time.Minute || c.RefreshTokenTTL < c.AccessTokenTTL {
		bad("token lifetimes: access ≥ 1m and refresh ≥ access")
	}
	switch c.RateLimitStore {
	case "auto", "memory", "database":
	default:
		bad("DWA_RATE_LIMIT_STORE must be auto, memory or database")
	}
	if c.OrderExpiry < time.Minute {
		bad("DWA_ORDER_EXPIRY must be at least 1m")
	}
	if c.MobileMoneyTimeout < 10*time.Second || c.MobileMoneyTimeout > 30*time.Minute {
		bad("DWA_MOMO_TIMEOUT must be between 10s and 30m")
	}
	if c.ListMax < 1 || c.ListMax > 1000 {
		bad("DWA_LIST_MAX must be between 1 and 1000")
	}
	if c.DrainDelay < 0 || c.DrainDelay > 5*time.Minute {
		bad("DWA_DRAIN_DELAY must be between 0s and 5m")
	}
	if c.AccessLog.Slow <= 0 {
		bad("DWA_SLOW_REQUEST must be a positive duration like 500ms or 2s")
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		bad("DWA_LOG_LEVEL must be debug, info, warn or error")
	}
	if c.Env == "production" {
		if c.TestPayments() && !c.AllowTestPayments {
			bad("production without PAYSTACK keys would run the test payment provider; set the keys or DWA_ALLOW_TEST_PAYMENTS=1")
		}
		if strings.HasPrefix(c.PublicURL, "http://") {
			bad("DWA_PUBLIC_URL must be https in production")
		}
	}
	return errs
}

// minDemoStaffPassword is the shortest demo staff password accepted: the
// account has staff rights on a shop that may be public.
const minDemoStaffPassword = 12

// bucketName is S3's naming rule for new buckets, which every service
// accepts: 3–63 lower-case letters, digits, dots and hyphens.
var bucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)

func (s S3) validate(production bool) []error {
	if s == (S3{}) {
		return nil
	}
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	var missing []string
	for name, v := range map[string]string{"DWA_S3_ENDPOINT": s.Endpoint, "DWA_S3_BUCKET": s.Bucket,
		"DWA_S3_ACCESS_KEY": s.AccessKey, "DWA_S3_SECRET_KEY": s.SecretKey} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		bad("S3 media storage needs DWA_S3_ENDPOINT, DWA_S3_BUCKET, DWA_S3_ACCESS_KEY and DWA_S3_SECRET_KEY together; missing %s",
			strings.Join(missing, ", "))
	}
	if s.Endpoint != "" {
		u, err := url.Parse(s.Endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
			u.Path != "" || u.RawQuery != "" || u.Fragment != "" {
			bad("DWA_S3_ENDPOINT %q must be an http(s) URL of a host, like https://s3.eu-west-1.amazonaws.com", s.Endpoint)
		} else if production && u.Scheme == "http" && !isLoopback(u.Hostname()) {
			// Images and signed requests would cross the network in clear;
			// a service on the same machine is the one exception.
			bad("DWA_S3_ENDPOINT must be https in production (http only to localhost)")
		}
	}
	if s.Bucket != "" && !bucketName.MatchString(s.Bucket) {
		bad("DWA_S3_BUCKET %q must be 3–63 lower-case letters, digits, dots or hyphens", s.Bucket)
	}
	if s.Prefix != "" && !fs.ValidPath(s.Prefix) {
		bad("DWA_S3_PREFIX %q must be a path like shop1 or shops/accra", s.Prefix)
	}
	return errs
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

// String renders the configuration for the start-up log with secrets masked.
func (c Config) String() string {
	mask := func(s string) string {
		if s == "" {
			return "(unset)"
		}
		return "(set)"
	}
	db := "sqlite:" + c.SQLitePath()
	if c.DatabaseURL != "" {
		db = "postgres:" + redactURL(c.DatabaseURL)
	}
	mail := "files in " + c.DataDir + "/mail"
	if c.SMTPURL != "" {
		mail = "smtp:" + redactURL(c.SMTPURL)
	}
	sms := "files in " + c.DataDir + "/sms"
	if c.SMS.Enabled() {
		sms = "hubtel:" + redactURL(c.SMS.HubtelURL)
	}
	pay := "test provider"
	if !c.TestPayments() {
		pay = "paystack"
	}
	media := "files in " + c.DataDir + "/media"
	if c.S3.Enabled() {
		media = "s3:" + c.S3.Endpoint + "/" + c.S3.Bucket
		if c.S3.Prefix != "" {
			media += "/" + c.S3.Prefix
		}
	}
	return fmt.Sprintf("env=%s addr=%s public_url=%s db=%s payments=%s mail=%s sms=%s media=%s secret_key=%s paystack_secret=%s s3_secret=%s hubtel_secret=%s",
		c.Env, c.Addr, c.PublicURL, db, pay, mail, sms, media, mask(c.SecretKey), mask(c.PaystackSecretKey), mask(c.S3.SecretKey),
		mask(c.SMS.HubtelClientSecret))
}

func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(invalid)"
	}
	return u.Redacted()
}

type parser struct {
	getenv func(string) string
	errs   []error
}

func (p *parser) str(name, def string) string {
	if v := strings.TrimSpace(p.getenv(name)); v != "" {
		return v
	}
	return def
}

func (p *parser) int(name string, def int) int {
	v := p.str(name, "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		p.errs = append(p.errs, fmt.Errorf("%s: %q is not a whole number", name, v))
	}
	return n
}

func (p *parser) bool(name string, def bool) bool {
	switch strings.ToLower(p.str(name, "")) {
	case "":
		return def
	case "1", "true", "yes", "on":
		return true
	case "0", "false", "no", "off":
		return false
	}
	p.errs = append(p.errs, fmt.Errorf("%s: use 1 or 0", name))
	return def
}

func (p *parser) duration(name string, def time.Duration) time.Duration {
	v := p.str(name, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		p.errs = append(p.errs, fmt.Errorf("%s: %q is not a duration like 15m or 48h", name, v))
	}
	return d
}

// accessLog reads DWA_ACCESS_LOG and DWA_SLOW_REQUEST. Production logs
// errors and slow requests only: one line per request made 1.7 GB in one
// load test, and the lines that matter there are the failures.
func (p *parser) accessLog(name, env string) AccessLog {
	def := "all"
	if env == "production" {
		def = "errors"
	}
	a := AccessLog{Mode: p.str(name, def), Slow: p.duration("DWA_SLOW_REQUEST", time.Second)}
	if n, ok := strings.CutPrefix(a.Mode, "sampled:"); ok {
		every, err := strconv.Atoi(n)
		if err != nil || every < 2 {
			p.errs = append(p.errs, fmt.Errorf("%s: %q needs a whole number of at least 2 after sampled:", name, a.Mode))
		}
		a.Mode, a.Every = "sampled", every
		return a
	}
	switch a.Mode {
	case "off", "errors", "all":
	default:
		p.errs = append(p.errs, fmt.Errorf("%s must be off, errors, sampled:N or all, not %q", name, a.Mode))
	}
	return a
}

func (p *parser) list(name string) []string {
	var out []string
	for _, s := range strings.Split(p.str(name, ""), ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func (p *parser) prefixes(name, def string) []netip.Prefix {
	var out []netip.Prefix
	for _, s := range strings.Split(p.str(name, def), ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		pr, err := netip.ParsePrefix(s)
		if err != nil {
			if a, aerr := netip.ParseAddr(s); aerr == nil {
				pr = netip.PrefixFrom(a, a.BitLen())
			} else {
				p.errs = append(p.errs, fmt.Errorf("%s: %q is not a CIDR or address", name, s))
				continue
			}
		}
		out = append(out, pr.Masked())
	}
	return out
}
