package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"dwa/internal/shop"
)

type decodeTarget struct {
	Name     *string         `json:"name"`
	Password *string         `json:"password" trim:"no"`
	Qty      *int64          `json:"qty"`
	Flag     *bool           `json:"flag"`
	Extra    json.RawMessage `json:"extra"`
	Amount   *int64          `json:"amount" null:"absent"`
	Ignored  string
}

func str(s string) *string { return &s }
func i64(n int64) *int64   { return &n }
func boolp(b bool) *bool   { return &b }

// TestDecodeJSON covers every rule of contract §1.2 for request bodies.
func TestDecodeJSON(t *testing.T) {
	const js = "application/json"
	tests := []struct {
		name, ctype, body string
		want              decodeTarget
		err               string // JSON of the expected error body, "" for none
		status            int
	}{
		{"strings are trimmed", js, `{"name":"  Ama  "}`, decodeTarget{Name: str("Ama")}, "", 0},
		{"passwords are not", js, `{"password":"  pw  "}`, decodeTarget{Password: str("  pw  ")}, "", 0},
		{"unknown keys are ignored", js, `{"name":"x","Ignored":"y","other":[1]}`, decodeTarget{Name: str("x")}, "", 0},
		{"absent keys stay nil", js, `{}`, decodeTarget{}, "", 0},
		{"an empty body is an empty object", "", ``, decodeTarget{}, "", 0},
		{"charset parameter is fine", "application/json; charset=utf-8", `{"qty":2}`, decodeTarget{Qty: i64(2)}, "", 0},
		{"integer 2", js, `{"qty":2}`, decodeTarget{Qty: i64(2)}, "", 0},
		{"integer 2.0", js, `{"qty":2.0}`, decodeTarget{Qty: i64(2)}, "", 0},
		{"integer as string", js, `{"qty":" 2 "}`, decodeTarget{Qty: i64(2)}, "", 0},
		{"negative integer", js, `{"qty":-3}`, decodeTarget{Qty: i64(-3)}, "", 0},
		{"fraction is not an integer", js, `{"qty":2.5}`, decodeTarget{}, `{"qty":["A valid integer is required."]}`, 400},
		{"word is not an integer", js, `{"qty":"two"}`, decodeTarget{}, `{"qty":["A valid integer is required."]}`, 400},
		{"bool is not an integer", js, `{"qty":true}`, decodeTarget{}, `{"qty":["A valid integer is required."]}`, 400},
		{"overflow is not an integer", js, `{"qty":99999999999999999999}`, decodeTarget{}, `{"qty":["A valid integer is required."]}`, 400},
		{"boolean true", js, `{"flag":true}`, decodeTarget{Flag: boolp(true)}, "", 0},
		{"boolean \"false\"", js, `{"flag":"false"}`, decodeTarget{Flag: boolp(false)}, "", 0},
		{"boolean 1 is not", js, `{"flag":1}`, decodeTarget{}, `{"flag":["Must be a valid boolean."]}`, 400},
		{"number as string field keeps its text", js, `{"name":12.50}`, decodeTarget{Name: str("12.50")}, "", 0},
		{"list is not a string", js, `{"name":["a"]}`, decodeTarget{}, `{"name":["Not a valid string."]}`, 400},
		{"null is not a value", js, `{"name":null}`, decodeTarget{}, `{"name":["This field may not be null."]}`, 400},
		{"null means absent where the contract says so", js, `{"amount":null,"qty":1}`, decodeTarget{Qty: i64(1)}, "", 0},
		{"NUL characters", js, `{"name":"a\u0000b","password":"\u0000"}`, decodeTarget{},
			`{"name":["Null characters are not allowed."],"password":["Null characters are not allowed."]}`, 400},
		{"raw field keeps JSON", js, `{"extra":{"a":[1,2]}}`, decodeTarget{Extra: json.RawMessage(`{"a":[1,2]}`)}, "", 0},
		{"text/plain", "text/plain", `{"name":"x"}`, decodeTarget{}, `{"detail":"Unsupported media type \"text/plain\" in request.","code":"unsupported_media_type"}`, 415},
		{"no content type with a body", "", `{"name":"x"}`, decodeTarget{}, `{"detail":"Unsupported media type \"\" in request.","code":"unsupported_media_type"}`, 415},
		{"malformed", js, `{"name":`, decodeTarget{}, `{"detail":"JSON parse error.","code":"parse_error"}`, 400},
		{"trailing data", js, `{} {}`, decodeTarget{}, `{"detail":"JSON parse error.","code":"parse_error"}`, 400},
		{"invalid UTF-8", js, "{\"name\":\"\xff\"}", decodeTarget{}, `{"detail":"JSON parse error.","code":"parse_error"}`, 400},
		{"list", js, `[1]`, decodeTarget{}, `{"non_field_errors":["Invalid data. Expected a dictionary, but got list."]}`, 400},
		{"string", js, `"x"`, decodeTarget{}, `{"non_field_errors":["Invalid data. Expected a dictionary, but got str."]}`, 400},
		{"number", js, `3`, decodeTarget{}, `{"non_field_errors":["Invalid data. Expected a dictionary, but got int."]}`, 400},
		{"null", js, `null`, decodeTarget{}, `{"non_field_errors":["Invalid data. Expected a dictionary, but got NoneType."]}`, 400},
		{"over 1 MiB", js, `{"name":"` + strings.Repeat("a", maxBody) + `"}`, decodeTarget{}, `{"detail":"Request body too large.","code":"request_too_large"}`, 413},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got decodeTarget
			err := decodeJSON(tc.ctype, strings.NewReader(tc.body), &got)
			if tc.err == "" {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Errorf("got %+v; want %+v", got, tc.want)
				}
				return
			}
			w := httptest.NewRecorder()
			writeError(w, httptest.NewRequest("POST", "/", nil), err)
			if w.Code != tc.status || w.Body.String() != tc.err {
				t.Errorf("error = %d %s; want %d %s", w.Code, w.Body, tc.status, tc.err)
			}
		})
	}
}

func TestDecodeBodyRefusesLargeDeclaredLength(t *testing.T) {
	r := httptest.NewRequest("POST", "/", strings.NewReader("{}"))
	r.ContentLength = maxBody + 1
	var v decodeTarget
	if err := decodeBody(r, &v); shop.KindOf(err) != shop.KindTooLarge {
		t.Fatalf("err = %v", err)
	}
	// A body cut by http.MaxBytesReader is too large as well.
	r = httptest.NewRequest("POST", "/", strings.NewReader(`{"name":"abcdef"}`))
	r.Header.Set("Content-Type", "application/json")
	r.Body = http.MaxBytesReader(httptest.NewRecorder(), r.Body, 4)
	if err := decodeBody(r, &v); shop.KindOf(err) != shop.KindTooLarge {
		t.Fatalf("err = %v", err)
	}
}

// FuzzDecodeJSON: any body gives either a decoded value or a contract
// error, never a panic, and decoded strings obey the rules.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{`{"name":" x ","qty":"2","flag":"true"}`, `[]`, `{"qty":2.0}`, `{"name":"\u0000"}`, `nul`, `{"extra":[{}]}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var v decodeTarget
		err := decodeJSON("application/json", strings.NewReader(body), &v)
		if err != nil {
			var e *shop.Error
			if !errors.As(err, &e) || e.Kind == shop.KindInternal {
				t.Fatalf("non-contract error %v", err)
			}
			return
		}
		if v.Name != nil && (strings.TrimSpace(*v.Name) != *v.Name || strings.ContainsRune(*v.Name, 0) || !utf8.ValidString(*v.Name)) {
			t.Fatalf("name %q breaks the rules", *v.Name)
		}
	})
}
