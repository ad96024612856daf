package shoptest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	"dwa/internal/httpapi"
)

// CheckedAPI is the shop's handler with every exchange checked against
// api/openapi.yaml (see contract.go). It is App.API, so tests that serve
// it (App.Do, httptest.NewServer(a.API), a.API.ServeHTTP) are all checked.
type CheckedAPI struct {
	*httpapi.API
	checked http.Handler
}

// ServeHTTP serves r through the API and checks the exchange.
func (c *CheckedAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) { c.checked.ServeHTTP(w, r) }

// CheckContract wraps h, a handler built with httpapi.New, so that every
// request it serves and every answer it gives is checked against
// api/openapi.yaml; disagreements fail t. Tests that build their own API
// serve it through this.
func CheckContract(t testing.TB, h http.Handler) http.Handler {
	t.Helper()
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The body is recorded as the handler reads it, never ahead of it:
		// what a refused request costs the server is part of what tests check.
		read := &bytes.Buffer{}
		r.Body = readCloser{io.TeeReader(r.Body, read), r.Body}
		x := &exchange{method: r.Method, url: r.URL, offContract: r.Header.Get(offContractHeader) != ""}
		r.Header.Del(offContractHeader)
		x.header = r.Header.Clone()
		cw := &checkWriter{w: w, header: http.Header{}, x: x, report: func(probs []string) {
			t.Errorf("contract: %s disagrees with api/openapi.yaml:\n\t%s\n\tbody: %.300s", x, strings.Join(probs, "\n\t"), x.rbody)
		}, c: c}
		h.ServeHTTP(cw, r)
		if code := cw.status; code == 0 || code/100 == 2 {
			// An accepted request is checked whole, also what the handler left unread.
			if _, err := io.Copy(io.Discard, r.Body); err != nil {
				t.Errorf("contract: reading the request body: %v", err)
			}
		}
		x.body = read.Bytes()
		if r.Context().Err() != nil {
			// The client went away: the answer reaches nobody, and the
			// contract describes answers, not what a server records then.
			cw.report = func([]string) {}
		}
		cw.finish()
	})
}

// checkWriter holds an answer until the handler is done, checks it, then
// sends it on, so a test never sees an answer before its check has run.
// An event stream is checked on its headers and then passes through.
type checkWriter struct {
	w      http.ResponseWriter
	header http.Header
	x      *exchange
	c      *contract
	report func([]string)

	status    int
	body      bytes.Buffer
	streaming bool
}

func (cw *checkWriter) Header() http.Header { return cw.header }

func (cw *checkWriter) WriteHeader(code int) {
	if cw.status != 0 {
		return
	}
	cw.status = code
	if isEventStream(cw.header) && code == http.StatusOK {
		cw.streaming = true
		cw.x.status, cw.x.rh, cw.x.streamed = code, cw.header.Clone(), true
		if probs := cw.c.check(cw.x); len(probs) > 0 {
			cw.report(probs)
		}
		copyHeader(cw.w.Header(), cw.header)
		cw.w.WriteHeader(code)
	}
}

func (cw *checkWriter) Write(b []byte) (int, error) {
	if cw.status == 0 {
		cw.WriteHeader(http.StatusOK)
	}
	if cw.streaming {
		return cw.w.Write(b)
	}
	return cw.body.Write(b)
}

// Flush passes a stream's events on; a held answer is sent when complete.
func (cw *checkWriter) Flush() {
	if cw.streaming {
		_ = http.NewResponseController(cw.w).Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (deadlines).
func (cw *checkWriter) Unwrap() http.ResponseWriter { return cw.w }

// finish checks a held answer and sends it.
func (cw *checkWriter) finish() {
	if cw.streaming {
		return
	}
	if cw.status == 0 {
		cw.status = http.StatusOK
	}
	x := cw.x
	x.status, x.rh = cw.status, cw.header.Clone()
	body, err := decodeBody(cw.header, cw.body.Bytes())
	if err != nil {
		cw.report([]string{"response body: " + err.Error()})
	}
	x.rbody = body
	if probs := cw.c.check(x); len(probs) > 0 {
		cw.report(probs)
	}
	copyHeader(cw.w.Header(), cw.header)
	cw.w.WriteHeader(cw.status)
	_, _ = cw.w.Write(cw.body.Bytes())
}

// readCloser reads through a tee and closes the original body.
type readCloser struct {
	io.Reader
	io.Closer
}

func copyHeader(dst, src http.Header) {
	for k, v := range src {
		dst[k] = v
	}
}

// ContractTransport checks, like CheckContract, the exchanges a test makes
// with a real `dwa serve` over the network. It has no test to fail, so it
// records what it finds; RunCheckingContract reports it.
type ContractTransport struct {
	Next http.RoundTripper
}

var contractFindings struct {
	sync.Mutex
	list []string
}

// RoundTrip sends r and checks the exchange. Bodies of event streams are
// not read (they do not end); their headers are checked.
func (ct ContractTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c, err := loadContract()
	if err != nil {
		return nil, err
	}
	// A RoundTripper must not change its caller's request: send a copy.
	var body []byte
	if r.Body != nil {
		if body, err = io.ReadAll(r.Body); err != nil {
			return nil, err
		}
		r.Body.Close()
	}
	off := r.Header.Get(offContractHeader) != ""
	r = r.Clone(r.Context())
	r.Header.Del(offContractHeader)
	if r.Body != nil {
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	resp, err := ct.Next.RoundTrip(r)
	if err != nil {
		return resp, err
	}
	x := &exchange{method: r.Method, url: r.URL, header: r.Header.Clone(), body: body, offContract: off,
		status: resp.StatusCode, rh: resp.Header.Clone(), streamed: isEventStream(resp.Header)}
	if !x.streamed {
		raw, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		resp.Body = io.NopCloser(bytes.NewReader(raw))
		// The transport has already undone gzip when it asked for it.
		if x.rbody, err = decodeBody(resp.Header, raw); err != nil {
			return nil, err
		}
	}
	if probs := c.check(x); len(probs) > 0 {
		contractFindings.Lock()
		contractFindings.list = append(contractFindings.list,
			fmt.Sprintf("%s disagrees with api/openapi.yaml:\n\t%s", x, strings.Join(probs, "\n\t")))
		contractFindings.Unlock()
	}
	return resp, nil
}

// RunCheckingContract runs a package's tests (from TestMain) with the
// default HTTP client checking every exchange against api/openapi.yaml,
// and fails the run if any disagreed. For packages whose tests talk to a
// real server with http.Get, http.Post and http.DefaultClient.
func RunCheckingContract(m *testing.M) int {
	http.DefaultTransport = ContractTransport{Next: http.DefaultTransport}
	code := m.Run()
	contractFindings.Lock()
	defer contractFindings.Unlock()
	for _, f := range contractFindings.list {
		fmt.Fprintln(os.Stderr, "contract:", f)
	}
	if len(contractFindings.list) > 0 && code == 0 {
		fmt.Fprintln(os.Stderr, "FAIL: answers disagreed with api/openapi.yaml")
		code = 1
	}
	return code
}
