package httpapi

import (
	"bytes"
	"encoding/json"
	"strings"

	"dwa/internal/service"
)

// decodeRef reads a primary-key field kept raw by decodeJSON: an integer,
// 2.0 or a numeric string is an id; other values are a type error naming
// their Python type, like the original back end's related fields.
func decodeRef(raw json.RawMessage) service.Ref {
	if raw == nil {
		return service.Ref{}
	}
	r := service.Ref{Present: true}
	v := decodeValue(raw)
	if v == nil {
		r.Null = true
		return r
	}
	switch x := v.(type) {
	case string:
		r.Text = x
	case json.Number:
		r.Text = x.String()
	}
	id, msg := asInt(v)
	if _, isBool := v.(bool); msg == "" && !isBool {
		r.ID = id
		return r
	}
	name := pythonType(v)
	if _, isMap := v.(map[string]any); isMap {
		name = "dict"
	}
	r.TypeErr = "Incorrect type. Expected pk value, received " + name + "."
	return r
}

// decodeField reads a field kept raw for the service to judge later: a
// string (trimmed) or a number keeps its text; booleans become "True" or
// "False" as the original back end printed them; other values are a type
// error.
func decodeField(raw json.RawMessage) service.FieldValue {
	if raw == nil {
		return service.FieldValue{}
	}
	f := service.FieldValue{Present: true}
	v := decodeValue(raw)
	if v == nil {
		f.Null = true
		return f
	}
	switch x := v.(type) {
	case string:
		if strings.ContainsRune(x, 0) {
			f.TypeErr = errNullInBody
		}
		f.Text = strings.TrimSpace(x)
	case json.Number:
		f.Text = x.String()
	case bool:
		f.Text = map[bool]string{true: "True", false: "False"}[x]
	default:
		f.TypeErr = "Not a valid string."
	}
	return f
}

// decodeValue decodes raw JSON that decodeJSON re-encoded, so it is
// always valid; numbers keep their text.
func decodeValue(raw json.RawMessage) any {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	_ = dec.Decode(&v)
	return v
}
