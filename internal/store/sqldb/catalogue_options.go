package sqldb

import (
	"context"
	"encoding/json"
	"slices"

	"dwa/internal/catindex"
)

// indexOptions reads what the catalogue index keeps of the options of the
// products in the IN list (every product when in is ""): the options'
// names and the values and stock of the active variants, as
// catindex.OptionsDocument encodes them; products without options are
// absent.
func indexOptions(ctx context.Context, c conn, in string, args []any) (map[int64]string, error) {
	where, live := "", ""
	if in != "" {
		where, live = ` WHERE product_id IN (`+in+`)`, ` AND product_id IN (`+in+`)`
		args = append(slices.Clip(args), args...)
	}
	rows, err := c.query(ctx, `SELECT 'o', product_id, position, name, option_values, 0 FROM product_options`+where+`
		UNION ALL
		SELECT 'v', product_id, position, '', option_values, inventory FROM product_variants
		WHERE is_active = TRUE AND retired = FALSE`+live+`
		ORDER BY 2, 1, 3`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]string{}
	var current int64
	var names []string
	var variants []catindex.OptionVariant
	flush := func() {
		if len(names) > 0 {
			out[current] = catindex.OptionsDocument(names, variants)
		}
		names, variants = nil, nil
	}
	for rows.Next() {
		var kind, name, values string
		var id int64
		var pos, stock int
		if err := rows.Scan(&kind, &id, &pos, &name, &values, &stock); err != nil {
			return nil, err
		}
		if id != current {
			flush()
			current = id
		}
		if kind == "o" {
			names = append(names, name)
			continue
		}
		v := catindex.OptionVariant{InStock: stock > 0}
		if err := json.Unmarshal([]byte(values), &v.Values); err != nil {
			return nil, err
		}
		variants = append(variants, v)
	}
	flush()
	return out, rows.Err()
}
