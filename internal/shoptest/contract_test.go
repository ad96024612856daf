package shoptest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestContractCheck: the check that every Go HTTP test goes through flags
// each kind of drift from api/openapi.yaml, and lets through what the
// contract allows (see contract.go for the rule).
func TestContractCheck(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	const pageView = "/api/analytics/pageviews/"
	for _, tc := range []struct {
		name string
		x    *exchange
		want string // a substring of the one finding; "" for none
	}{
		{"documented answer", answer("GET", "/healthz", "", 200, `{"status":"ok"}`), ""},
		{"renamed field", answer("GET", "/healthz", "", 200, `{"state":"ok"}`), "missing property 'status'"},
		{"extra field", answer("GET", "/healthz", "", 200, `{"status":"ok","uptime":3}`), "$.uptime is not in the schema"},
		{"extra field deep in a list", answer("GET", "/api/store/categories/", "", 200,
			`[{"id":1,"name":"Gaming","slug":"gaming","images":[{"id":4,"image":"https://x.test/g.jpg","alt":""}],"parent":null,"subcategories":[]}]`,
			"X-Total-Count", "1"), "$[0].images[0].alt is not in the schema"},
		{"wrong type", answer("GET", "/healthz", "", 200, `{"status":1}`), "got number, want string"},
		{"undocumented status", answer("GET", "/healthz", "", 418, `{"status":"ok"}`), "response code '418' does not exist"},
		{"undeclared content type", answer("GET", "/healthz", "", 200, `{"status":"ok"}`, "Content-Type", "text/plain"), "content type 'text/plain'"},
		{"documented body missing", answer("GET", "/healthz", "", 200, ""), "documented with content but the body is empty"},
		{"undocumented body", answer("POST", pageView, `{"path":"/"}`, 204, `{}`), "documented without content but has a body"},
		{"no request id", answer("GET", "/healthz", "", 200, `{"status":"ok"}`, "X-Request-ID", ""), "lacks X-Request-ID"},
		{"HEAD like GET", answer("HEAD", "/healthz", "", 200, ""), ""},
		{"HEAD with a body", answer("HEAD", "/healthz", "", 200, `{"status":"ok"}`), "HEAD answered with a body"},
		{"trailing slash optional", answer("GET", "/api/store/categories", "", 200, `[]`, "X-Total-Count", "0"), ""},
		{"documented header of the wrong type", answer("GET", "/api/store/categories/", "", 200, `[]`, "X-Total-Count", "many"), "header 'x-total-count' failed to validate"},
		{"accepted invalid request", answer("POST", pageView, `{"path":7}`, 204, ""), "request: POST request body"},
		{"refused invalid request", answer("POST", pageView, `{"path":7}`, 400, `{"path":["Not a valid string."]}`), ""},
		{"refused malformed body", answer("POST", pageView, `{`, 400, `{"detail":"JSON parse error.","code":"parse_error"}`), ""},
		{"accepted invalid request marked off-contract", offContract(answer("POST", pageView, `{"path":7}`, 204, "")), ""},
		{"integers as strings, as the contract allows", signedIn(answer("POST", "/api/store/products/5/ratings/", `{"rating":"4"}`, 201,
			`{"id":1,"user":2,"username":"ama_k","rating":4,"is_verified":false}`)), ""},
		{"a rating out of range", signedIn(answer("POST", "/api/store/products/5/ratings/", `{"rating":9}`, 201,
			`{"id":1,"user":2,"username":"ama_k","rating":4,"is_verified":false}`)), "request: POST request body"},
		{"a signed-in operation without a token, accepted", answer("POST", "/api/store/products/5/ratings/", `{"rating":4}`, 201,
			`{"id":1,"user":2,"username":"ama_k","rating":4,"is_verified":false}`), "Authorization header was not found"},
		{"NUL in a query, refused by convention", answer("GET", "/api/store/categories/?x=a%00b", "", 400, `{"x":["Null characters are not allowed."]}`), ""},
		{"a 400 the operation does not document", answer("GET", "/api/store/categories/?x=ab", "", 400, `{"x":["No."]}`), "response code '400' does not exist"},
		{"unknown path under the prefix", answer("GET", "/api/nope/", "", 404, `{"detail":"Not found.","code":"not_found"}`), ""},
		{"unknown path served", answer("GET", "/api/nope/", "", 200, `{}`), "undocumented path answered 200"},
		{"root endpoint under the prefix", answer("GET", "/api/healthz", "", 200, `{"status":"ok"}`), "undocumented path answered 200"},
		{"unknown method", answer("PUT", "/api/store/categories/", "", 405, `{"detail":"Method \"PUT\" not allowed.","code":"method_not_allowed"}`,
			"Allow", "GET, HEAD, OPTIONS"), ""},
		{"unknown method served", answer("PUT", "/api/store/categories/", "", 200, `[]`, "Allow", "GET, HEAD, OPTIONS"), "undocumented method answered 200"},
		{"OPTIONS", answer("OPTIONS", "/api/store/categories/", "", 204, "", "Allow", "GET, HEAD, OPTIONS", "Content-Type", ""), ""},
		{"single-page app", answer("GET", "/store/products/1", "", 200, "<!doctype html>", "Content-Type", "text/html"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Join(c.check(tc.x), "\n")
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("findings:\n%s\nwant one with %q", got, tc.want)
			}
		})
	}
}

// answer builds an exchange with a JSON request and answer; headers
// (pairs) override the answer's usual ones, "" removes one.
func answer(method, target, body string, status int, resp string, headers ...string) *exchange {
	u, err := url.Parse(target)
	if err != nil {
		panic(err)
	}
	x := &exchange{method: method, url: u, header: http.Header{}, body: []byte(body), status: status,
		rh:    http.Header{"Content-Type": {"application/json"}, "X-Request-Id": {"t-1"}, "X-Content-Type-Options": {"nosniff"}},
		rbody: []byte(resp)}
	if body != "" {
		x.header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i+1] == "" {
			x.rh.Del(headers[i])
		} else {
			x.rh.Set(headers[i], headers[i+1])
		}
	}
	return x
}

func signedIn(x *exchange) *exchange {
	x.header.Set("Authorization", "Bearer a.b.c")
	return x
}

func offContract(x *exchange) *exchange {
	x.offContract = true
	return x
}
