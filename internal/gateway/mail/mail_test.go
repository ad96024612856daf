package mail

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/shop"
)

// smtpServer is a minimal SMTP server for tests: EHLO, STARTTLS, AUTH
// PLAIN, MAIL, RCPT, DATA, QUIT. It records what it received.
type smtpServer struct {
	ln        net.Listener
	tls       *tls.Config
	implicit  bool // TLS from the first byte (smtps)
	starttls  bool // offer STARTTLS
	user, pw  string
	rejectTo  string // RCPT TO this address gets 550
	mu        sync.Mutex
	received  []received
	authOverT []bool // per AUTH: was the connection encrypted
}

type received struct {
	from, to  string
	data      string
	encrypted bool // DATA went over TLS
}

func newServer(t *testing.T, cert tls.Certificate, implicit, starttls bool) *smtpServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpServer{ln: ln, tls: &tls.Config{Certificates: []tls.Certificate{cert}}, implicit: implicit,
		starttls: starttls, user: "shop", pw: "s3cret"}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *smtpServer) url(scheme, user, pw string) string {
	return fmt.Sprintf("%s://%s:%s@%s", scheme, user, pw, s.ln.Addr())
}

func (s *smtpServer) serve(c net.Conn) {
	defer c.Close()
	encrypted := false
	if s.implicit {
		c = tls.Server(c, s.tls)
		encrypted = true
	}
	r, w := bufio.NewReader(c), bufio.NewWriter(c)
	say := func(line string) { w.WriteString(line + "\r\n"); w.Flush() }
	say("220 test ESMTP")
	var from, to string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb := strings.ToUpper(strings.SplitN(line, " ", 2)[0])
		switch verb {
		case "EHLO", "HELO":
			if s.starttls && !encrypted {
				say("250-test")
				say("250-STARTTLS")
			} else {
				say("250-test")
			}
			say("250 AUTH PLAIN")
		case "STARTTLS":
			say("220 go ahead")
			tc := tls.Server(c, s.tls)
			if err := tc.Handshake(); err != nil {
				return
			}
			c, encrypted = tc, true
			r, w = bufio.NewReader(c), bufio.NewWriter(c)
		case "AUTH":
			parts := strings.Fields(line)
			raw, _ := base64.StdEncoding.DecodeString(parts[len(parts)-1])
			creds := strings.Split(string(raw), "\x00")
			s.mu.Lock()
			s.authOverT = append(s.authOverT, encrypted)
			s.mu.Unlock()
			if len(creds) == 3 && creds[1] == s.user && creds[2] == s.pw {
				say("235 ok")
			} else {
				say("535 authentication failed")
			}
		case "MAIL":
			from = line
			say("250 ok")
		case "RCPT":
			to = line
			if s.rejectTo != "" && strings.Contains(line, s.rejectTo) {
				say("550 no such user")
				continue
			}
			say("250 ok")
		case "DATA":
			say("354 go on")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(l)
			}
			s.mu.Lock()
			s.received = append(s.received, received{from: from, to: to, data: b.String(), encrypted: encrypted})
			s.mu.Unlock()
			say("250 queued")
		case "QUIT":
			say("221 bye")
			return
		default:
			say("502 not implemented")
		}
	}
}

func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

var testMail = shop.Mail{ID: 7, To: "kofi@example.com", Subject: "Akwaaba! Welcome to Dwa — GH₵ deals",
	Text: "Akwaaba, kofi!\nPrices in GH₵.", HTML: "<p>Akwaaba, <b>kofi</b>!</p>"}

func TestSMTP(t *testing.T) {
	cert, pool := selfSigned(t)
	clientTLS := &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}
	tests := []struct {
		name               string
		implicit, starttls bool
		scheme, pw         string
		rejectTo           string
		wantErr            string
		wantEncrypted      bool
	}{
		{"plain to localhost with AUTH", false, false, "smtp", "s3cret", "", "", false},
		{"STARTTLS before AUTH", false, true, "smtp", "s3cret", "", "", true},
		{"implicit TLS", true, false, "smtps", "s3cret", "", "", true},
		{"wrong password", false, true, "smtp", "nope", "", "535", true},
		{"recipient refused", false, true, "smtp", "s3cret", "kofi@", "550", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, cert, tc.implicit, tc.starttls)
			srv.rejectTo = tc.rejectTo
			s, err := NewSMTP(srv.url(tc.scheme, "shop", tc.pw), "Dwa <no-reply@dwa.shop>")
			if err != nil {
				t.Fatal(err)
			}
			s.TLS = clientTLS
			err = s.Send(context.Background(), testMail)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v; want %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			srv.mu.Lock()
			defer srv.mu.Unlock()
			if len(srv.received) != 1 || len(srv.authOverT) != 1 || srv.authOverT[0] != tc.wantEncrypted {
				t.Fatalf("received %d mails, auth encrypted %v", len(srv.received), srv.authOverT)
			}
			got := srv.received[0]
			if !strings.Contains(got.from, "<no-reply@dwa.shop>") || !strings.Contains(got.to, "<kofi@example.com>") {
				t.Errorf("envelope %q → %q", got.from, got.to)
			}
			checkMessage(t, got.data)
		})
	}
}

// TestSMTPURLPolicy: smtp:// must use STARTTLS except to this machine or
// with ?tls=none, which may not carry a password.
func TestSMTPURLPolicy(t *testing.T) {
	tests := []struct {
		url     string
		want    tlsMode
		wantErr string
	}{
		{"smtps://shop:pw@mail.example.com", tlsImplicit, ""},
		{"smtp://shop:pw@mail.example.com:587", tlsRequired, ""},
		{"smtp://10.0.0.5:25", tlsRequired, ""},
		{"smtp://localhost:25", tlsOpportunistic, ""},
		{"smtp://LOCALHOST:25", tlsOpportunistic, ""},
		{"smtp://shop:pw@127.0.0.1:25", tlsOpportunistic, ""},
		{"smtp://127.9.9.9:25", tlsOpportunistic, ""},
		{"smtp://[::1]:25", tlsOpportunistic, ""},
		{"smtp://[::ffff:127.0.0.1]:25", tlsOpportunistic, ""},
		{"smtp://localhost.example.com:25", tlsRequired, ""},
		{"smtp://relay.internal:25?tls=none", tlsNone, ""},
		{"smtp://shop:pw@relay.internal:25?tls=none", 0, "password in clear"},
		{"smtp://shop@relay.internal:25?tls=none", 0, "password in clear"},
		{"smtps://relay.internal?tls=none", 0, "must be smtp://… or smtps://…"},
		{"smtp://relay.internal?tls=off", 0, `tls="off" is not known`},
		{"http://relay.internal", 0, "must be smtp://… or smtps://…"},
	}
	for _, tc := range tests {
		s, err := NewSMTP(tc.url, "Dwa <no-reply@dwa.shop>")
		switch {
		case tc.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: err = %v; want %q", tc.url, err, tc.wantErr)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.url, err)
		case s.mode != tc.want:
			t.Errorf("%s: mode %d; want %d", tc.url, s.mode, tc.want)
		}
	}
}

// TestSMTPRequiresTLS talks to test servers on 127.0.0.1 as if they were
// remote (the mode loopbackHost would give another host): without
// STARTTLS nothing is sent, not even the password; an offered STARTTLS is
// used; ?tls=none sends in clear without upgrading.
func TestSMTPRequiresTLS(t *testing.T) {
	cert, pool := selfSigned(t)
	clientTLS := &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}
	remote := func(u *url.URL) (tlsMode, error) { return tlsModeFor(u, func(string) bool { return false }) }
	tests := []struct {
		name          string
		starttls      bool
		withUser      bool
		query         string
		wantErr       string
		wantEncrypted bool
	}{
		{"no STARTTLS offered (or stripped): refused", false, true, "", "does not offer STARTTLS", false},
		{"no STARTTLS, no password: still refused", false, false, "", "does not offer STARTTLS", false},
		{"STARTTLS offered: used", true, true, "", "", true},
		{"tls=none: plain text by choice", true, false, "?tls=none", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, cert, false, tc.starttls)
			raw := "smtp://" + srv.ln.Addr().String() + tc.query
			if tc.withUser {
				raw = srv.url("smtp", "shop", "s3cret") + tc.query
			}
			u, _ := url.Parse(raw)
			s, err := NewSMTP(raw, "Dwa <no-reply@dwa.shop>")
			if err != nil {
				t.Fatal(err)
			}
			if s.mode, err = remote(u); err != nil {
				t.Fatal(err)
			}
			s.TLS = clientTLS
			err = s.Send(context.Background(), testMail)
			srv.mu.Lock()
			defer srv.mu.Unlock()
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v; want %s", err, tc.wantErr)
				}
				if len(srv.received) != 0 || len(srv.authOverT) != 0 {
					t.Errorf("sent %d mails and %d AUTH in clear", len(srv.received), len(srv.authOverT))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(srv.received) != 1 || srv.received[0].encrypted != tc.wantEncrypted {
				t.Fatalf("received %+v; want one mail, encrypted %v", srv.received, tc.wantEncrypted)
			}
		})
	}
}

// checkMessage parses a sent message and checks headers and both parts.
func checkMessage(t *testing.T, data string) {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil || subject != testMail.Subject {
		t.Errorf("Subject = %q, %v", subject, err)
	}
	if msg.Header.Get("From") != `"Dwa" <no-reply@dwa.shop>` || msg.Header.Get("To") != "<kofi@example.com>" ||
		msg.Header.Get("Message-ID") == "" || msg.Header.Get("Date") == "" {
		t.Errorf("headers = %v", msg.Header)
	}
	_, params, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	mr := multipart.NewReader(msg.Body, params["boundary"])
	var parts []string
	for {
		p, err := mr.NextPart() // decodes quoted-printable
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		parts = append(parts, p.Header.Get("Content-Type")+"|"+string(b))
	}
	want := []string{"text/plain; charset=utf-8|Akwaaba, kofi!\r\nPrices in GH₵.", "text/html; charset=utf-8|" + testMail.HTML}
	if strings.Join(parts, "\n") != strings.Join(want, "\n") {
		t.Errorf("parts = %q", parts)
	}
}

func TestFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mail")
	f, err := NewFiles(dir, "Dwa <no-reply@dwa.shop>", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Send(context.Background(), testMail); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("files = %v", files)
	}
	st, _ := os.Stat(files[0])
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode().Perm())
	}
	data, _ := os.ReadFile(files[0])
	checkMessage(t, string(data))
	if err := f.Send(context.Background(), shop.Mail{To: "", Subject: "x", Text: "x"}); err == nil {
		t.Error("a mail to nobody was written")
	}
}

// TestFilesAppearWhole: a reader watching the outbox directory (a mail
// program, a test waiting for a mail) never sees a mail file half written.
// Large mails written one after another give it many chances to.
func TestFilesAppearWhole(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mail")
	f, err := NewFiles(dir, "Dwa <no-reply@dwa.shop>", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	const mails = 40
	seen := map[string][]int{} // file → the sizes the watcher read
	stop := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for {
			select {
			case <-stop:
				return
			default:
			}
			files, err := filepath.Glob(filepath.Join(dir, "*.eml"))
			if err != nil {
				t.Error(err)
				return
			}
			// The newest file (names sort by time, then mail id) is the
			// one being written, if any.
			if len(files) > 0 {
				name := files[len(files)-1]
				if data, err := os.ReadFile(name); err == nil {
					seen[name] = append(seen[name], len(data))
				}
			}
		}
	}()
	big := shop.Mail{To: "kofi@example.com", Subject: "Catalogue", Text: strings.Repeat("Akwaaba! ", 20_000)}
	for i := range mails {
		big.ID = int64(i + 1)
		if err := f.Send(context.Background(), big); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	<-watched
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != mails {
		t.Fatalf("%d files in the outbox, %v; want %d mails and nothing else", len(entries), err, mails)
	}
	for name, sizes := range seen {
		st, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range sizes {
			if int64(n) != st.Size() {
				t.Fatalf("%s was read with %d of its %d bytes", filepath.Base(name), n, st.Size())
			}
		}
	}
}
