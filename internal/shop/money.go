package shop

import (
	"errors"
	"strconv"
	"strings"
)

// Money is an amount in pesewas (1/100 of a Ghana cedi). Floats never touch it.
type Money int64

// ErrBadAmount is returned by ParseCedis for text that is not a decimal amount.
var ErrBadAmount = errors.New("not a decimal amount")

// String renders the stored-price form: two decimals, no grouping ("1250.00").
func (m Money) String() string {
	neg := m < 0
	// The magnitude as unsigned: -m overflows for the most negative int64.
	v := uint64(m)
	if neg {
		v = -v
	}
	s := strconv.FormatUint(v/100, 10) + "." + twoDigits(v%100)
	if neg {
		return "-" + s
	}
	return s
}

// Grouped renders a price as people read it: thousands grouped with commas
// and two decimals ("1,234.50"), as the storefront shows prices.
func (m Money) Grouped() string {
	s := m.String()
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "," + whole[i:]
	}
	return sign + whole + "." + frac
}

// Number renders the computed-total form: a JSON number with trailing zeros
// dropped (3750 → "37.5", 125000 → "1250", 0 → "0").
func (m Money) Number() string {
	s := m.String()
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

func twoDigits(v uint64) string {
	if v < 10 {
		return "0" + strconv.FormatUint(v, 10)
	}
	return strconv.FormatUint(v, 10)
}

// ParseCedis parses decimal cedi text ("37.5", "1250", "-3.10") exactly into
// pesewas. More than two decimals are accepted only when the extra digits are
// zeros, so no amount is ever rounded silently.
func ParseCedis(s string) (Money, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, ErrBadAmount
	}
	neg := false
	switch s[0] {
	case '-':
		neg, s = true, s[1:]
	case '+':
		s = s[1:]
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" && (!hasDot || frac == "") {
		return 0, ErrBadAmount
	}
	if !allDigits(whole) || !allDigits(frac) {
		return 0, ErrBadAmount
	}
	if len(frac) > 2 {
		if strings.Trim(frac[2:], "0") != "" {
			return 0, ErrBadAmount
		}
		frac = frac[:2]
	}
	for len(frac) < 2 {
		frac += "0"
	}
	whole = strings.TrimLeft(whole, "0")
	if whole == "" {
		whole = "0"
	}
	if len(whole) > 15 {
		return 0, ErrBadAmount
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, ErrBadAmount
	}
	f, _ := strconv.ParseInt(frac, 10, 64)
	v := w*100 + f
	if neg {
		v = -v
	}
	return Money(v), nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
