package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"dwa/internal/shop"
)

// maxBody is the largest request body the API reads (contract §1.2).
const maxBody = 1 << 20

// decodeBody reads r's JSON body into dst per contract §1.2; see decodeJSON.
func decodeBody(r *http.Request, dst any) error {
	if r.ContentLength > maxBody {
		return errTooLarge
	}
	return decodeJSON(r.Header.Get("Content-Type"), r.Body, dst)
}

var (
	errTooLarge   = &shop.Error{Kind: shop.KindTooLarge, Code: "request_too_large", Detail: "Request body too large."}
	errParse      = &shop.Error{Kind: shop.KindInvalid, Code: "parse_error", Detail: "JSON parse error."}
	errNullInBody = "Null characters are not allowed."
)

// decodeJSON decodes a JSON object into dst, a pointer to a struct whose
// fields carry `json:"name"` tags and are *string, *int64, *bool or
// json.RawMessage; a nil pointer afterwards means the key was absent.
// Unknown keys are ignored. Strings are trimmed unless the field is tagged
// `trim:"no"` (passwords). A string field also takes a number, as its exact
// decimal text (so money is never a float). Integers accept 2, 2.0 and "2";
// booleans true, false, "true" and "false". Type problems are field errors.
// An empty body is an empty object.
func decodeJSON(contentType string, body io.Reader, dst any) error {
	data, err := io.ReadAll(io.LimitReader(body, maxBody+1))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errTooLarge
		}
		return errParse
	}
	if len(data) > maxBody {
		return errTooLarge
	}
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
	} else if mt, _, err := mime.ParseMediaType(contentType); err != nil || mt != "application/json" {
		return &shop.Error{Kind: shop.KindUnsupportedMedia, Code: "unsupported_media_type",
			Detail: `Unsupported media type "` + contentType + `" in request.`}
	}
	if !utf8.Valid(data) {
		return errParse
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return errParse
	}
	if _, err := dec.Token(); err != io.EOF {
		return errParse
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return shop.Invalid(map[string][]string{"non_field_errors": {
			"Invalid data. Expected a dictionary, but got " + pythonType(v) + "."}})
	}
	return fill(obj, dst)
}

// pythonType names a JSON value the way the original back end did.
func pythonType(v any) string {
	switch n := v.(type) {
	case []any:
		return "list"
	case string:
		return "str"
	case bool:
		return "bool"
	case json.Number:
		if strings.ContainsAny(n.String(), ".eE") {
			return "float"
		}
		return "int"
	}
	return "NoneType"
}

type fieldSpec struct {
	index int
	name  string
	trim  bool
	// nullIsAbsent: the contract gives null the meaning of a missing key
	// (tag `null:"absent"`); elsewhere null is a field error.
	nullIsAbsent bool
}

var specCache sync.Map // reflect.Type → []fieldSpec

func specsOf(t reflect.Type) []fieldSpec {
	if s, ok := specCache.Load(t); ok {
		return s.([]fieldSpec)
	}
	var specs []fieldSpec
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		switch f.Type {
		case reflect.TypeFor[*string](), reflect.TypeFor[*int64](), reflect.TypeFor[*bool](), reflect.TypeFor[json.RawMessage]():
		default:
			panic("decodeJSON: unsupported field type " + f.Type.String() + " for " + name)
		}
		specs = append(specs, fieldSpec{index: i, name: name, trim: f.Tag.Get("trim") != "no",
			nullIsAbsent: f.Tag.Get("null") == "absent"})
	}
	specCache.Store(t, specs)
	return specs
}

func fill(obj map[string]any, dst any) error {
	rv := reflect.ValueOf(dst).Elem()
	fe := shop.FieldErrors{}
	for _, spec := range specsOf(rv.Type()) {
		raw, present := obj[spec.name]
		if !present {
			continue
		}
		field := rv.Field(spec.index)
		if field.Type() == reflect.TypeFor[json.RawMessage]() {
			b, _ := json.Marshal(raw) // re-encoding decoded JSON cannot fail
			field.SetBytes(b)
			continue
		}
		if raw == nil && spec.nullIsAbsent {
			continue
		}
		if raw == nil {
			fe.Add(spec.name, "This field may not be null.")
			continue
		}
		var val any
		var msg string
		switch field.Type().Elem().Kind() {
		case reflect.String:
			val, msg = asString(raw, spec.trim)
		case reflect.Int64:
			val, msg = asInt(raw)
		case reflect.Bool:
			val, msg = asBool(raw)
		}
		if msg != "" {
			fe.Add(spec.name, msg)
			continue
		}
		p := reflect.New(field.Type().Elem())
		p.Elem().Set(reflect.ValueOf(val))
		field.Set(p)
	}
	return fe.Err()
}

func asString(v any, trim bool) (string, string) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case json.Number:
		s = x.String()
	default:
		return "", "Not a valid string."
	}
	if strings.ContainsRune(s, 0) {
		return "", errNullInBody
	}
	if trim {
		s = strings.TrimSpace(s)
	}
	return s, ""
}

var intText = regexp.MustCompile(`^\s*[-+]?[0-9]+(\.0*)?\s*$`)

const msgInvalidInt = "A valid integer is required."

func asInt(v any) (int64, string) {
	var text string
	switch x := v.(type) {
	case json.Number:
		text = x.String()
	case string:
		text = x
	default:
		return 0, msgInvalidInt
	}
	if len(text) > 1000 || !intText.MatchString(text) {
		return 0, msgInvalidInt
	}
	text, _, _ = strings.Cut(strings.TrimSpace(text), ".")
	n, err := strconv.ParseInt(strings.TrimPrefix(text, "+"), 10, 64)
	if err != nil {
		return 0, msgInvalidInt
	}
	return n, ""
}

func asBool(v any) (bool, string) {
	switch x := v.(type) {
	case bool:
		return x, ""
	case string:
		switch x {
		case "true":
			return true, ""
		case "false":
			return false, ""
		}
	}
	return false, "Must be a valid boolean."
}
