package config

import (
	"maps"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

func load(env map[string]string) (Config, error) {
	return Load(func(k string) string { return env[k] })
}

func TestDefaults(t *testing.T) {
	c, err := load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "localhost:8080" || c.PublicURL != "http://localhost:8080" || c.DataDir != "./data" ||
		c.APIPrefix != "/api" || !c.Demo || !c.TestPayments() || c.AccessTokenTTL != 15*time.Minute ||
		c.RefreshTokenTTL != 14*24*time.Hour || c.OrderExpiry != 48*time.Hour || c.ListMax != 100 ||
		c.SQLitePath() != "./data/dwa.db" || len(c.CORSOrigins) != 0 || len(c.MetricsNetworks) != 2 || c.S3.Enabled() {
		t.Errorf("defaults = %+v", c)
	}
}

func TestOverrides(t *testing.T) {
	c, err := load(map[string]string{
		"DWA_ADDR": "0.0.0.0:9000", "DWA_DEMO": "0", "DWA_CORS_ORIGINS": "https://a.example, https://b.example",
		"DWA_TRUSTED_PROXIES": "10.0.0.0/8,192.168.1.1", "DWA_ORDER_EXPIRY": "2h", "DATABASE_URL": "postgres://u:secretpw@db/dwa",
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.PublicURL != "http://localhost:9000" || c.Demo || len(c.CORSOrigins) != 2 || len(c.TrustedProxies) != 2 ||
		c.TrustedProxies[1].String() != "192.168.1.1/32" || c.OrderExpiry != 2*time.Hour {
		t.Errorf("config = %+v", c)
	}
	if s := c.String(); strings.Contains(s, "secretpw") {
		t.Errorf("String() leaks the database password: %s", s)
	}
}

// TestDemoDefault: development seeds the demo catalogue unless told not
// to; production only when told to.
func TestDemoDefault(t *testing.T) {
	production := map[string]string{"DWA_ENV": "production", "DWA_PUBLIC_URL": "https://dwa.shop", "DWA_ALLOW_TEST_PAYMENTS": "1"}
	for _, tc := range []struct {
		name string
		env  map[string]string
		demo string
		want bool
	}{
		{"development", nil, "", true},
		{"development, DWA_DEMO=0", nil, "0", false},
		{"production", production, "", false},
		{"production, DWA_DEMO=0", production, "0", false},
		{"production, DWA_DEMO=1", production, "1", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := map[string]string{"DWA_DEMO": tc.demo}
			for k, v := range tc.env {
				env[k] = v
			}
			c, err := load(env)
			if err != nil || c.Demo != tc.want {
				t.Errorf("Demo = %t, %v; want %t", c.Demo, err, tc.want)
			}
		})
	}
}

func TestValidation(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string // part of the error
	}{
		{"bad env", map[string]string{"DWA_ENV": "staging"}, "DWA_ENV"},
		{"bad addr", map[string]string{"DWA_ADDR": "8080"}, "DWA_ADDR"},
		{"relative public URL", map[string]string{"DWA_PUBLIC_URL": "shop.example"}, "DWA_PUBLIC_URL"},
		{"prefix with trailing slash", map[string]string{"DWA_API_PREFIX": "/api/"}, "DWA_API_PREFIX"},
		{"mysql URL", map[string]string{"DATABASE_URL": "mysql://x"}, "DATABASE_URL"},
		{"short secret", map[string]string{"DWA_SECRET_KEY": "short"}, "DWA_SECRET_KEY"},
		{"half the Paystack keys", map[string]string{"PAYSTACK_SECRET_KEY": "sk_test_x"}, "PAYSTACK"},
		{"bad SMTP URL", map[string]string{"SMTP_URL": "http://mail"}, "SMTP_URL"},
		{"Hubtel ID without secret", map[string]string{"HUBTEL_SMS_CLIENT_ID": "abc"}, "HUBTEL_SMS_CLIENT_ID and HUBTEL_SMS_CLIENT_SECRET must be set together"},
		{"Hubtel secret without ID", map[string]string{"HUBTEL_SMS_CLIENT_SECRET": "abc"}, "HUBTEL_SMS_CLIENT_ID and HUBTEL_SMS_CLIENT_SECRET must be set together"},
		{"long sender ID", map[string]string{"DWA_SMS_SENDER": "DwaMallGhana"}, "DWA_SMS_SENDER"},
		{"sender ID with punctuation", map[string]string{"DWA_SMS_SENDER": "Dwa!"}, "DWA_SMS_SENDER"},
		{"relative Hubtel URL", map[string]string{"HUBTEL_SMS_URL": "sms.hubtel.com/v1"}, "HUBTEL_SMS_URL"},
		{"Hubtel over http in production", map[string]string{"DWA_ENV": "production", "DWA_PUBLIC_URL": "https://dwa.shop", "DWA_ALLOW_TEST_PAYMENTS": "1",
			"HUBTEL_SMS_CLIENT_ID": "id", "HUBTEL_SMS_CLIENT_SECRET": "secret", "HUBTEL_SMS_URL": "http://sms.hubtel.com/v1/messages/send"}, "HUBTEL_SMS_URL must be https in production"},
		{"bad CORS origin", map[string]string{"DWA_CORS_ORIGINS": "shop.example"}, "DWA_CORS_ORIGINS"},
		{"bad proxy", map[string]string{"DWA_TRUSTED_PROXIES": "not-an-ip"}, "DWA_TRUSTED_PROXIES"},
		{"bad duration", map[string]string{"DWA_ORDER_EXPIRY": "two days"}, "DWA_ORDER_EXPIRY"},
		{"bad number", map[string]string{"DWA_LIST_MAX": "lots"}, "DWA_LIST_MAX"},
		{"mobile money timeout too short", map[string]string{"DWA_MOMO_TIMEOUT": "5s"}, "DWA_MOMO_TIMEOUT must be between 10s and 30m"},
		{"retired store refunds flag", map[string]string{"DWA_STORE_REFUNDS": "1"}, "DWA_STORE_REFUNDS is gone: staff now let stores refund on the staff Refunds page"},
		{"bad bool", map[string]string{"DWA_DEMO": "maybe"}, "DWA_DEMO"},
		{"bad log level", map[string]string{"DWA_LOG_LEVEL": "loud"}, "DWA_LOG_LEVEL"},
		{"production in test payment mode", map[string]string{"DWA_ENV": "production", "DWA_PUBLIC_URL": "https://dwa.shop"}, "test payment provider"},
		{"production over http", map[string]string{"DWA_ENV": "production", "DWA_ALLOW_TEST_PAYMENTS": "1"}, "https"},
		{"short demo staff password", map[string]string{"DWA_DEMO_STAFF_PASSWORD": "Kente-2031"}, "DWA_DEMO_STAFF_PASSWORD must be at least 12 characters"},
		{"published demo staff password", map[string]string{"DWA_DEMO_STAFF_PASSWORD": "akwaaba-staff-2026"}, "DWA_DEMO_STAFF_PASSWORD is one of the demo passwords published"},
		{"published demo password of another account", map[string]string{"DWA_DEMO_STAFF_PASSWORD": "akwaaba-shopper-2026"}, "DWA_DEMO_STAFF_PASSWORD is one of the demo passwords published"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := load(tc.env)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v; want one mentioning %q", err, tc.want)
			}
		})
	}
	if _, err := load(map[string]string{"DWA_ENV": "production", "DWA_PUBLIC_URL": "https://dwa.shop", "DWA_ALLOW_TEST_PAYMENTS": "1"}); err != nil {
		t.Errorf("production with explicit test payments: %v", err)
	}
}

func TestS3(t *testing.T) {
	complete := map[string]string{"DWA_S3_ENDPOINT": "https://s3.eu-west-1.amazonaws.com/", "DWA_S3_BUCKET": "dwa-media",
		"DWA_S3_ACCESS_KEY": "AKIAEXAMPLE", "DWA_S3_SECRET_KEY": "s3-secret-value"}
	production := map[string]string{"DWA_ENV": "production", "DWA_PUBLIC_URL": "https://dwa.shop", "DWA_ALLOW_TEST_PAYMENTS": "1"}
	with := func(sets ...map[string]string) map[string]string {
		env := map[string]string{}
		for _, s := range sets {
			for k, v := range s {
				env[k] = v
			}
		}
		return env
	}
	tests := []struct {
		name string
		env  map[string]string
		want string // part of the error; "" when the configuration is accepted
	}{
		{"complete", complete, ""},
		{"prefix and path style", with(complete, map[string]string{"DWA_S3_PREFIX": "/shops/accra/", "DWA_S3_PATH_STYLE": "1"}), ""},
		{"MinIO over http in development", with(complete, map[string]string{"DWA_S3_ENDPOINT": "http://minio.internal:9000"}), ""},
		{"production over https", with(production, complete), ""},
		{"production over http to localhost", with(production, complete, map[string]string{"DWA_S3_ENDPOINT": "http://localhost:9000"}), ""},
		{"production over http to 127.0.0.1", with(production, complete, map[string]string{"DWA_S3_ENDPOINT": "http://127.0.0.1:9000"}), ""},
		{"production over http to ::1", with(production, complete, map[string]string{"DWA_S3_ENDPOINT": "http://[::1]:9000"}), ""},
		{"production over http to another host", with(production, complete, map[string]string{"DWA_S3_ENDPOINT": "http://minio.internal:9000"}), "DWA_S3_ENDPOINT must be https in production"},
		{"endpoint without keys", map[string]string{"DWA_S3_ENDPOINT": "https://s3.example", "DWA_S3_BUCKET": "dwa-media"}, "missing DWA_S3_ACCESS_KEY, DWA_S3_SECRET_KEY"},
		{"keys without endpoint", map[string]string{"DWA_S3_ACCESS_KEY": "AKIAEXAMPLE", "DWA_S3_SECRET_KEY": "x"}, "missing DWA_S3_BUCKET, DWA_S3_ENDPOINT"},
		{"prefix alone", map[string]string{"DWA_S3_PREFIX": "shop1"}, "missing DWA_S3_ACCESS_KEY, DWA_S3_BUCKET, DWA_S3_ENDPOINT, DWA_S3_SECRET_KEY"},
		{"path style alone", map[string]string{"DWA_S3_PATH_STYLE": "1"}, "missing DWA_S3_ACCESS_KEY"},
		{"endpoint without scheme", with(complete, map[string]string{"DWA_S3_ENDPOINT": "minio:9000"}), "DWA_S3_ENDPOINT"},
		{"endpoint over ftp", with(complete, map[string]string{"DWA_S3_ENDPOINT": "ftp://s3.example"}), "DWA_S3_ENDPOINT"},
		{"endpoint with a path", with(complete, map[string]string{"DWA_S3_ENDPOINT": "https://s3.example/dwa-media"}), "DWA_S3_ENDPOINT"},
		{"endpoint with credentials", with(complete, map[string]string{"DWA_S3_ENDPOINT": "https://key:secret@s3.example"}), "DWA_S3_ENDPOINT"},
		{"bucket with capitals", with(complete, map[string]string{"DWA_S3_BUCKET": "Dwa_Media"}), "DWA_S3_BUCKET"},
		{"bucket too short", with(complete, map[string]string{"DWA_S3_BUCKET": "dw"}), "DWA_S3_BUCKET"},
		{"prefix climbing out", with(complete, map[string]string{"DWA_S3_PREFIX": "shops/../other"}), "DWA_S3_PREFIX"},
		{"bad path style", with(complete, map[string]string{"DWA_S3_PATH_STYLE": "virtual"}), "DWA_S3_PATH_STYLE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := load(tc.env)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want == "":
				if !c.S3.Enabled() {
					t.Errorf("S3 not enabled by %v", tc.env)
				}
				if strings.Contains(c.String(), "s3-secret-value") {
					t.Errorf("String() leaks the S3 secret key: %s", c)
				}
			case err == nil || !strings.Contains(err.Error(), tc.want):
				t.Errorf("error = %v; want one mentioning %q", err, tc.want)
			}
		})
	}
	c, err := load(with(complete, map[string]string{"DWA_S3_PREFIX": "/shops/accra/", "DWA_S3_PATH_STYLE": "1"}))
	if err != nil {
		t.Fatal(err)
	}
	want := S3{Endpoint: "https://s3.eu-west-1.amazonaws.com", Bucket: "dwa-media", AccessKey: "AKIAEXAMPLE",
		SecretKey: "s3-secret-value", Prefix: "shops/accra", PathStyle: true}
	if c.S3 != want {
		t.Errorf("S3 = %+v; want %+v", c.S3, want)
	}
	if s := c.String(); !strings.Contains(s, "media=s3:https://s3.eu-west-1.amazonaws.com/dwa-media/shops/accra") {
		t.Errorf("String() does not name the bucket: %s", s)
	}
}

// TestDocumentedVariables keeps .env.example and the README's configuration
// table in step with what Load reads.
func TestDocumentedVariables(t *testing.T) {
	example, err := os.ReadFile("../../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^#?\s*([A-Z][A-Z0-9_]+)=`).FindAllStringSubmatch(string(example), -1) {
		documented[m[1]] = true
	}
	for _, v := range Vars {
		if !documented[v.Name] {
			t.Errorf(".env.example lacks %s", v.Name)
		}
		if !strings.Contains(string(readme), "`"+v.Name+"`") {
			t.Errorf("README.md's configuration table lacks %s", v.Name)
		}
		delete(documented, v.Name)
	}
	for name := range documented {
		t.Errorf(".env.example documents %s, which Load does not read", name)
	}
	var source []byte
	for _, file := range []string{"config.go", "sms.go"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		source = append(source, b...)
	}
	for _, m := range regexp.MustCompile(`p\.\w+\("([A-Z0-9_]+)"|getenv\("([A-Z0-9_]+)"\)`).FindAllStringSubmatch(string(source), -1) {
		name := m[1] + m[2]
		found := false
		for _, v := range Vars {
			found = found || v.Name == name
		}
		if !found {
			t.Errorf("Load reads %s, which Vars does not list", name)
		}
	}
}

// TestWritesDataDir: the data directory is probed by /readyz only while
// something is written there.
func TestWritesDataDir(t *testing.T) {
	external := map[string]string{"DATABASE_URL": "postgres://db/dwa", "SMTP_URL": "smtp://mail:25",
		"HUBTEL_SMS_CLIENT_ID": "id", "HUBTEL_SMS_CLIENT_SECRET": "secret",
		"DWA_S3_ENDPOINT": "https://s3.example", "DWA_S3_BUCKET": "dwa-media",
		"DWA_S3_ACCESS_KEY": "AKIAEXAMPLE", "DWA_S3_SECRET_KEY": "s3-secret-value"}
	for _, tc := range []struct {
		name  string
		unset string // the one variable of external left out
		want  bool
	}{
		{"PostgreSQL, SMTP, Hubtel and S3", "", false},
		{"text message files", "HUBTEL_SMS_CLIENT_ID", true},
		{"SQLite", "DATABASE_URL", true},
		{"mail files", "SMTP_URL", true},
		{"local media", "DWA_S3_ENDPOINT", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := maps.Clone(external)
			delete(env, tc.unset)
			if tc.unset == "HUBTEL_SMS_CLIENT_ID" {
				delete(env, "HUBTEL_SMS_CLIENT_SECRET")
			}
			if tc.unset == "DWA_S3_ENDPOINT" {
				for k := range env {
					if strings.HasPrefix(k, "DWA_S3_") {
						delete(env, k)
					}
				}
			}
			c, err := load(env)
			if err != nil || c.WritesDataDir() != tc.want {
				t.Errorf("WritesDataDir = %t, %v; want %t", c.WritesDataDir(), err, tc.want)
			}
		})
	}
}

// TestAccessLog: production logs errors and slow requests only; the modes
// parse, and a malformed one stops the start naming the variable.
func TestAccessLog(t *testing.T) {
	production := map[string]string{"DWA_ENV": "production", "DWA_PUBLIC_URL": "https://dwa.shop", "DWA_ALLOW_TEST_PAYMENTS": "1"}
	for _, tc := range []struct {
		name string
		env  map[string]string
		want AccessLog
	}{
		{"development", nil, AccessLog{Mode: "all", Slow: time.Second}},
		{"production", production, AccessLog{Mode: "errors", Slow: time.Second}},
		{"off", map[string]string{"DWA_ACCESS_LOG": "off"}, AccessLog{Mode: "off", Slow: time.Second}},
		{"sampled", map[string]string{"DWA_ACCESS_LOG": "sampled:100", "DWA_SLOW_REQUEST": "250ms"}, AccessLog{Mode: "sampled", Every: 100, Slow: 250 * time.Millisecond}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := load(tc.env)
			if err != nil || c.AccessLog != tc.want {
				t.Errorf("AccessLog = %+v, %v; want %+v", c.AccessLog, err, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"DWA_ACCESS_LOG": "some"}, `DWA_ACCESS_LOG must be off, errors, sampled:N or all, not "some"`},
		{map[string]string{"DWA_ACCESS_LOG": "sampled:1"}, `DWA_ACCESS_LOG: "sampled:1" needs a whole number of at least 2`},
		{map[string]string{"DWA_ACCESS_LOG": "sampled:x"}, `DWA_ACCESS_LOG: "sampled:x" needs a whole number of at least 2`},
		{map[string]string{"DWA_SLOW_REQUEST": "0s"}, "DWA_SLOW_REQUEST must be a positive duration"},
	} {
		if _, err := load(tc.env); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v; want %q", tc.env, err, tc.want)
		}
	}
}

// TestDrainDelay: none by default; at most five minutes, never negative.
func TestDrainDelay(t *testing.T) {
	if c, err := load(nil); err != nil || c.DrainDelay != 0 {
		t.Errorf("default DrainDelay = %s, %v; want 0", c.DrainDelay, err)
	}
	if c, err := load(map[string]string{"DWA_DRAIN_DELAY": "5s"}); err != nil || c.DrainDelay != 5*time.Second {
		t.Errorf("DrainDelay = %s, %v; want 5s", c.DrainDelay, err)
	}
	for _, v := range []string{"-1s", "6m"} {
		if _, err := load(map[string]string{"DWA_DRAIN_DELAY": v}); err == nil || !strings.Contains(err.Error(), "DWA_DRAIN_DELAY must be between 0s and 5m") {
			t.Errorf("DWA_DRAIN_DELAY=%s: %v; want refused", v, err)
		}
	}
}
