package service

import "strings"

// CSV formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell
// that begins with =, +, -, @, a tab or a carriage return as a formula,
// and product names and descriptions are typed by sellers (and shown to
// staff who open statements). Every CSV the shop writes passes each cell
// through guardCell, which puts a ' before such a cell so that the
// spreadsheet shows it as text; the import reads cells through
// unguardCell, which takes exactly that ' off again, so export → import
// gives back every cell as it was (docs/decisions/0030-import-jobs.md).

// guardCell is the cell as a CSV file should carry it.
func guardCell(v string) string {
	if guarded(v) {
		return "'" + v
	}
	return v
}

// unguardCell undoes guardCell: a ' before a cell guardCell would guard.
// A cell a seller typed as '=SUM(A1) in a spreadsheet reads =SUM(A1), as
// the spreadsheet showed it.
func unguardCell(v string) string {
	if rest, ok := strings.CutPrefix(v, "'"); ok && guarded(rest) {
		return rest
	}
	return v
}

// guarded reports whether v needs the guard: it begins with a formula
// character (and is not a plain number such as -12.50, which no
// spreadsheet runs and which statements must keep as numbers), or with
// quotes before such a beginning — so that a name that really starts with
// "'=" keeps its quote through a round trip.
func guarded(v string) bool {
	rest := strings.TrimLeft(v, "'")
	if rest == "" || !strings.ContainsRune("=+-@\t\r", rune(rest[0])) {
		return false
	}
	return rest != v || !plainNumber(rest)
}

// plainNumber reports whether v is a decimal number with at most one
// sign: [+-]digits[.digits].
func plainNumber(v string) bool {
	if v != "" && (v[0] == '+' || v[0] == '-') {
		v = v[1:]
	}
	if len(v) == 0 || len(v) > 32 {
		return false
	}
	whole, frac, dot := strings.Cut(v, ".")
	digits := func(s string) bool {
		for _, c := range s {
			if c < '0' || c > '9' {
				return false
			}
		}
		return s != ""
	}
	return digits(whole) && (!dot || digits(frac))
}

// guardRecord guards every cell of a record in place.
func guardRecord(rec []string) []string {
	for i, v := range rec {
		rec[i] = guardCell(v)
	}
	return rec
}
