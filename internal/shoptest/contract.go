package shoptest

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	liberrors "github.com/pb33f/libopenapi-validator/errors"
	"github.com/pb33f/libopenapi-validator/helpers"
	"github.com/pb33f/libopenapi-validator/radix"
	"github.com/pb33f/libopenapi/datamodel"
	v3 "github.com/pb33f/libopenapi/datamodel/high/v3"

	"dwa/api"
)

// The contract check: every request a Go test sends through the shared
// harness (App.Do, App.API, CheckContract, ContractTransport) and the
// server's answer are checked against api/openapi.yaml, so that the
// description cannot drift from the server without a failing test.
//
// The rule, chosen so that a drift cannot hide behind a test that sends
// bad input on purpose:
//   - Every response is checked, whatever the test expected: its status must
//     be documented for the operation, its content type must be one the
//     operation declares for that status, a JSON body must match the
//     schema (undeclared properties fail too), declared response headers
//     must be present and valid, a documented body must not be missing and
//     an undocumented one must not appear.
//   - A request is checked only when the server accepted it (2xx): a
//     request the server serves must be one the contract allows, but tests
//     of bad input (malformed JSON, unknown methods, wrong types, missing
//     fields, oversize bodies) send invalid requests on purpose and are
//     judged by the documented error response instead. A test that sends
//     an invalid request the server tolerates (2xx) by a documented
//     leniency marks it with OffContract, so that exemption is explicit.
//   - The conventions the description states once for all paths are
//     checked as such: an undocumented path under /api answers the plain
//     404, an undocumented method 405 with Allow, OPTIONS 204 with Allow,
//     HEAD like GET without a body; every answer carries X-Request-ID and
//     X-Content-Type-Options: nosniff.
//   - Paths outside the description (the single-page app, /media/, the
//     sitemap) are not the API's and are not checked.
//
// The description is parsed, and its schemas compiled, once per test
// process.

// apiPrefix is where the description's default server lives.
const apiPrefix = "/api"

// contract is api/openapi.yaml, ready to check exchanges.
type contract struct {
	// resp checks answers, formats (date-time, uri, email) included; req
	// checks requests with the leniency the contract grants them (Conventions,
	// Bodies): integers and booleans may come as strings, strings are
	// trimmed before their format is judged.
	resp, req validator.Validator
	doc       *v3.Document
	paths     *radix.PathTree
	// root holds the spec paths served at the site root (the operations
	// endpoints, whose path-level server is "/").
	root map[string]bool
}

var loadContract = sync.OnceValues(func() (*contract, error) {
	// Category embeds its subcategories: a recursion through an array,
	// which ends with an empty one.
	doc, err := libopenapi.NewDocumentWithConfiguration(api.OpenAPIYAML,
		&datamodel.DocumentConfiguration{IgnoreArrayCircularReferences: true})
	if err != nil {
		return nil, fmt.Errorf("api/openapi.yaml: %w", err)
	}
	model, err := doc.BuildV3Model()
	if err != nil {
		return nil, fmt.Errorf("api/openapi.yaml: %w", err)
	}
	m := &model.Model
	c := &contract{doc: m, paths: radix.BuildPathTree(m), root: map[string]bool{},
		// The validator's strict mode would flag every key of a map schema
		// (ValidationError); undeclaredFields closes objects instead.
		resp: validator.NewValidatorFromV3Model(m, config.WithFormatAssertions()),
		req:  validator.NewValidatorFromV3Model(m, config.WithScalarCoercion())}
	for pair := m.Paths.PathItems.First(); pair != nil; pair = pair.Next() {
		for _, s := range pair.Value().Servers {
			if s.URL == "/" {
				c.root[pair.Key()] = true
			}
		}
	}
	return c, nil
})

// exchange is one request and its answer as the client saw them.
type exchange struct {
	method string
	url    *url.URL
	header http.Header // request
	body   []byte      // request
	status int
	rh     http.Header // response
	rbody  []byte      // response, decoded from gzip
	// streamed is true for an event stream, checked before its first byte.
	streamed bool
	// offContract marks a request a test sends outside the request schema
	// on purpose (see OffContract).
	offContract bool
}

// OffContract marks a request that a test sends outside the description's
// request schema on purpose, to show the server tolerates it as the
// contract says (an empty filter, a repeated parameter, an invalid
// page_size, a junk webhook body): pass it with the request's headers,
// e.g. a.Do("GET", path, "", shoptest.OffContract...). The harness removes
// it before the server sees the request and skips the request's check
// even when the answer is 2xx; the answer is checked as always.
var OffContract = []string{offContractHeader, "on purpose"}

const offContractHeader = "X-Test-Off-Contract"

func (x *exchange) String() string {
	return x.method + " " + x.url.RequestURI() + " → " + fmt.Sprint(x.status)
}

// check returns what in x disagrees with the description.
func (c *contract) check(x *exchange) []string {
	spec, item, ok := c.find(x.url.Path)
	if !ok {
		if !c.inDomain(x.url.Path) {
			return nil
		}
		return c.checkUnknownPath(x)
	}
	probs := c.checkCommonHeaders(x)
	if x.status == http.StatusBadRequest && badQueryText(x.url.RawQuery) {
		return append(probs, checkFieldErrors(x)...)
	}
	req := x.request(spec, c.root[spec])
	if helpers.ExtractOperation(req, item) == nil {
		return append(probs, c.checkUnknownMethod(x)...)
	}
	resp := &http.Response{StatusCode: x.status, Header: x.rh, Body: io.NopCloser(bytes.NewReader(x.rbody)),
		Request: req}
	if x.streamed || len(x.rbody) == 0 {
		resp.Body = http.NoBody
	}
	probs = append(probs, c.checkBodyPresence(x, req, item)...)
	probs = append(probs, c.checkDeclared(x, req, item)...)
	if ok, errs := c.resp.GetResponseBodyValidator().ValidateResponseBodyWithPathItem(req, resp, item, spec); !ok {
		probs = append(probs, describe("response", errs)...)
	}
	if x.status >= 200 && x.status < 300 && !x.offContract {
		req = x.request(spec, c.root[spec]) // the response check may have read the body
		if ok, errs := c.req.ValidateHttpRequestWithPathItem(req, item, spec); !ok {
			probs = append(probs, describe("request", errs)...)
		}
	}
	return probs
}

// find maps a request path to the description's path (template) and item.
// The trailing slash is optional on the wire, so both spellings are tried.
func (c *contract) find(path string) (string, *v3.PathItem, bool) {
	rel, underAPI := strings.CutPrefix(path, apiPrefix)
	if !underAPI || (rel != "" && rel[0] != '/') {
		rel, underAPI = path, false
	}
	for _, p := range []string{rel, toggleSlash(rel)} {
		if p == "" {
			continue
		}
		item, spec, found := c.paths.Lookup(p)
		// A root path is not served under /api, nor an API path at the root.
		if found && c.root[spec] != underAPI && (spec == p || strings.Contains(spec, "{")) {
			return spec, item, true
		}
	}
	return "", nil, false
}

func toggleSlash(p string) string {
	if strings.HasSuffix(p, "/") {
		return strings.TrimSuffix(p, "/")
	}
	return p + "/"
}

// inDomain reports whether path belongs to the API (all of /api/, and the
// root operations endpoints) rather than to the single-page app.
func (c *contract) inDomain(path string) bool {
	return path == apiPrefix || strings.HasPrefix(path, apiPrefix+"/")
}

// request rebuilds the exchange's request for the validator, on the
// description's spelling of the path (trailing slash included). HEAD is
// checked as the GET it mirrors.
func (x *exchange) request(spec string, root bool) *http.Request {
	u := *x.url
	prefix := apiPrefix
	if root {
		prefix = ""
	}
	rel := strings.TrimPrefix(x.url.Path, prefix)
	if strings.HasSuffix(spec, "/") != strings.HasSuffix(rel, "/") {
		rel = toggleSlash(rel)
	}
	u.Path, u.RawPath = prefix+rel, ""
	r := &http.Request{Method: x.method, URL: &u, Header: x.header.Clone(), Host: "dwa.test",
		Body: io.NopCloser(bytes.NewReader(x.body)), ContentLength: int64(len(x.body))}
	if len(x.body) == 0 {
		r.Body = http.NoBody
	}
	return r
}

// checkCommonHeaders: every answer carries a request id and nosniff.
func (c *contract) checkCommonHeaders(x *exchange) []string {
	var probs []string
	if x.rh.Get("X-Request-ID") == "" {
		probs = append(probs, "response lacks X-Request-ID")
	}
	if x.rh.Get("X-Content-Type-Options") != "nosniff" {
		probs = append(probs, "response lacks X-Content-Type-Options: nosniff")
	}
	return probs
}

// checkBodyPresence: a documented body is sent (except to HEAD), and a
// response documented without content has no body. The validator only
// checks bodies that are there.
func (c *contract) checkBodyPresence(x *exchange, req *http.Request, item *v3.PathItem) []string {
	op := helpers.ExtractOperation(req, item)
	if op.Responses == nil {
		return nil
	}
	resp := op.Responses.FindResponseByCode(x.status)
	if resp == nil {
		return nil // an undocumented status: the validator says so
	}
	declared := resp.Content != nil && resp.Content.Len() > 0
	switch {
	case x.method == http.MethodHead && len(x.rbody) > 0:
		return []string{"HEAD answered with a body"}
	case declared && len(x.rbody) == 0 && !x.streamed && x.method != http.MethodHead:
		return []string{fmt.Sprintf("%d is documented with content but the body is empty", x.status)}
	case !declared && len(x.rbody) > 0:
		return []string{fmt.Sprintf("%d is documented without content but has a body: %.200s", x.status, x.rbody)}
	}
	return nil
}

// checkDeclared: a JSON answer holds no key its schema leaves out.
func (c *contract) checkDeclared(x *exchange, req *http.Request, item *v3.PathItem) []string {
	op := helpers.ExtractOperation(req, item)
	if op.Responses == nil || len(x.rbody) == 0 {
		return nil
	}
	resp := op.Responses.FindResponseByCode(x.status)
	if resp == nil || resp.Content == nil {
		return nil
	}
	mt, ok := helpers.FindMediaType(resp.Content, x.rh.Get("Content-Type"))
	if !ok || mt.Schema == nil || !strings.Contains(x.rh.Get("Content-Type"), "json") {
		return nil
	}
	var v any
	if json.Unmarshal(x.rbody, &v) != nil {
		return nil // the validator reports it
	}
	var probs []string
	for _, f := range undeclaredFields(mt.Schema.Schema(), v) {
		probs = append(probs, "response: "+f+" is not in the schema")
	}
	return probs
}

// checkUnknownPath: an undocumented path under the prefix answers the
// contract's plain 404 (Conventions, Paths).
func (c *contract) checkUnknownPath(x *exchange) []string {
	probs := c.checkCommonHeaders(x)
	if x.status != http.StatusNotFound {
		return append(probs, fmt.Sprintf("undocumented path answered %d, not 404", x.status))
	}
	return append(probs, checkErrorBody(x, `{"detail":"Not found.","code":"not_found"}`)...)
}

// checkUnknownMethod: OPTIONS answers 204 with Allow (or the CORS
// preflight); other undocumented methods 405 with Allow and the contract's
// error.
func (c *contract) checkUnknownMethod(x *exchange) []string {
	var probs []string
	if x.rh.Get("Allow") == "" && x.rh.Get("Access-Control-Allow-Methods") == "" {
		probs = append(probs, "answer to an undocumented method lacks Allow")
	}
	if x.method == http.MethodOptions {
		if x.status != http.StatusNoContent || len(x.rbody) > 0 {
			probs = append(probs, fmt.Sprintf("OPTIONS answered %d with %d bytes, not an empty 204", x.status, len(x.rbody)))
		}
		return probs
	}
	if x.status != http.StatusMethodNotAllowed {
		return append(probs, fmt.Sprintf("undocumented method answered %d, not 405", x.status))
	}
	return append(probs, checkErrorBody(x, `{"detail":"Method \"`+x.method+`\" not allowed.","code":"method_not_allowed"}`)...)
}

// badQueryText reports a query parameter no operation accepts (a NUL or
// text that is not UTF-8): the conventions answer it with 400 everywhere.
func badQueryText(raw string) bool {
	values, _ := url.ParseQuery(raw)
	for name, vs := range values {
		for _, s := range append(vs, name) {
			if strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s) {
				return true
			}
		}
	}
	return false
}

// checkFieldErrors checks that a conventional 400 is a ValidationError: an
// object of arrays of strings.
func checkFieldErrors(x *exchange) []string {
	var fe map[string][]string
	if ct, _, _ := mime.ParseMediaType(x.rh.Get("Content-Type")); ct != "application/json" {
		return []string{fmt.Sprintf("error answer has Content-Type %q", x.rh.Get("Content-Type"))}
	}
	if err := json.Unmarshal(x.rbody, &fe); err != nil || len(fe) == 0 {
		return []string{"a 400 for query text is not a ValidationError"}
	}
	return nil
}

// checkErrorBody compares a conventional error answer with the one the
// description's conventions give, as JSON.
func checkErrorBody(x *exchange, want string) []string {
	if x.method == http.MethodHead {
		if len(x.rbody) > 0 {
			return []string{"HEAD answered with a body"}
		}
		return nil
	}
	if ct, _, _ := mime.ParseMediaType(x.rh.Get("Content-Type")); ct != "application/json" {
		return []string{fmt.Sprintf("error answer has Content-Type %q", x.rh.Get("Content-Type"))}
	}
	var got, exp any
	if json.Unmarshal(x.rbody, &got) != nil || json.Unmarshal([]byte(want), &exp) != nil || !jsonEqual(got, exp) {
		return []string{fmt.Sprintf("error body %.200s; want %s", x.rbody, want)}
	}
	return nil
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// describe flattens the validator's findings into one line each.
func describe(side string, errs []*liberrors.ValidationError) []string {
	out := make([]string, 0, len(errs))
	for _, e := range errs {
		s := side + ": " + e.Message
		if e.Reason != "" && e.Reason != e.Message {
			s += " (" + e.Reason + ")"
		}
		for i, f := range e.SchemaValidationErrors {
			if i == 5 {
				s += fmt.Sprintf("\n\t\t… and %d more", len(e.SchemaValidationErrors)-i)
				break
			}
			where := f.FieldPath
			if where == "" {
				where = f.KeywordLocation
			}
			s += "\n\t\t" + where + ": " + f.Reason
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// decodeBody returns a response body as the client reads it.
func decodeBody(h http.Header, b []byte) ([]byte, error) {
	if !strings.EqualFold(h.Get("Content-Encoding"), "gzip") || len(b) == 0 {
		return b, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// isEventStream reports whether a response is a Server-Sent Events stream,
// which is checked on its headers: its body does not end.
func isEventStream(h http.Header) bool {
	ct, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	return ct == "text/event-stream"
}
