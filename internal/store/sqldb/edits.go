package sqldb

import (
	"strings"
)

// Edits write only the columns a request sent (issue 16): setList renders their SET clause.

// setList is the SET list of an UPDATE that writes only the columns a
// change sets: "col = ?, " each, with their arguments.
type setList struct {
	sql  strings.Builder
	args []any
}

// list is the SET list without the trailing separator.
func (l *setList) list() string { return strings.TrimSuffix(l.sql.String(), ", ") }

func (l *setList) add(col string, v any) {
	l.sql.WriteString(col + " = ?, ")
	l.args = append(l.args, v)
}

// setIf adds col when v is set.
func setIf[T any](l *setList, col string, v *T) {
	if v != nil {
		l.add(col, *v)
	}
}
