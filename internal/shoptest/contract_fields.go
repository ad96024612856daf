package shoptest

import (
	"slices"
	"strconv"

	"github.com/pb33f/libopenapi/datamodel/high/base"
)

// undeclaredFields lists the keys of a response body that its schema does
// not declare ("$.items[0].colour"), at any depth.
//
// JSON Schema lets an object carry keys its `properties` leave out; the
// description's schemas rely on that default rather than repeat
// `additionalProperties: false` everywhere, but the contract is closed:
// an answer holds the documented keys and no others. An object schema that
// declares properties is therefore read as closed, unless it says
// otherwise with `additionalProperties` (a map such as ValidationError),
// and one that declares none (a free-form `type: object`) as open.
// (The validator's own strict mode also flags the keys of such maps.)
func undeclaredFields(s *base.Schema, v any) []string {
	var out []string
	walkDeclared([]*base.Schema{s}, v, "$", &out)
	return out
}

// walkDeclared checks v against the schemas that apply to it together
// (allOf members, and the oneOf/anyOf branches of v's JSON type).
func walkDeclared(schemas []*base.Schema, v any, at string, out *[]string) {
	set := applicable(schemas, v, nil)
	switch v := v.(type) {
	case map[string]any:
		// Only members that declare properties close the object: a oneOf
		// wrapper or a required-only allOf member declares none.
		free := !slices.ContainsFunc(set, func(s *base.Schema) bool { return s.Properties != nil && s.Properties.Len() > 0 })
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			var sub []*base.Schema
			declared, open := false, free
			for _, s := range set {
				if s.Properties != nil {
					if p, ok := s.Properties.Get(k); ok {
						declared = true
						sub = appendSchema(sub, p)
						continue
					}
				}
				if ap := s.AdditionalProperties; ap != nil && ap.IsA() {
					open = true
					sub = appendSchema(sub, ap.A)
				} else if ap != nil && ap.IsB() && ap.B {
					open = true
				}
			}
			if !declared && !open {
				*out = append(*out, at+"."+k)
				continue
			}
			if len(sub) > 0 {
				walkDeclared(sub, v[k], at+"."+k, out)
			}
		}
	case []any:
		var items []*base.Schema
		for _, s := range set {
			if s.Items != nil && s.Items.IsA() {
				items = appendSchema(items, s.Items.A)
			}
		}
		if len(items) == 0 {
			return
		}
		for i, e := range v {
			walkDeclared(items, e, at+"["+strconv.Itoa(i)+"]", out)
		}
	}
}

// applicable flattens allOf, and keeps the oneOf/anyOf branches whose type
// admits v (untyped branches too).
func applicable(schemas []*base.Schema, v any, into []*base.Schema) []*base.Schema {
	for _, s := range schemas {
		if s == nil || slices.Contains(into, s) {
			continue
		}
		into = append(into, s)
		for _, p := range s.AllOf {
			into = applicable([]*base.Schema{p.Schema()}, v, into)
		}
		for _, p := range append(slices.Clip(s.OneOf), s.AnyOf...) {
			if b := p.Schema(); b != nil && admits(b, v) {
				into = applicable([]*base.Schema{b}, v, into)
			}
		}
	}
	return into
}

// admits reports whether a schema's type allows v's JSON type.
func admits(s *base.Schema, v any) bool {
	if len(s.Type) == 0 {
		return true
	}
	var t string
	switch v.(type) {
	case map[string]any:
		t = "object"
	case []any:
		t = "array"
	case string:
		t = "string"
	case bool:
		t = "boolean"
	case nil:
		t = "null"
	default:
		return slices.Contains(s.Type, "number") || slices.Contains(s.Type, "integer")
	}
	return slices.Contains(s.Type, t)
}

func appendSchema(list []*base.Schema, p *base.SchemaProxy) []*base.Schema {
	if s := p.Schema(); s != nil {
		list = append(list, s)
	}
	return list
}
