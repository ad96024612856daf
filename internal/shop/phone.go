package shop

import (
	"strings"
	"unicode"
)

// Ghana's country code and the length of its national significant numbers
// (the digits after the trunk 0: "024 123 4567" → 241234567).
const (
	ghanaCode     = "233"
	ghanaNSNWidth = 9
)

// ParsePhone reads a phone number as people write it and returns its one
// canonical E.164 form ("+233241234567"), or false. Ghanaian numbers come in
// every usual form: "0241234567", "024 123 4567", "024-123-4567",
// "(024) 123.4567", "233241234567", "+233 24 123 4567", "+233 (0) 24 123 4567",
// "00233 24 123 4567" and the nine digits alone; they must start with a
// mobile (2x, 5x) or fixed-line (3x) prefix. Other countries' numbers need
// their "+" or "00" and are kept when E.164 allows their length.
//
// Spaces, dashes, dots and brackets may separate digits; a "(0)" after the
// country code is the trunk prefix and is dropped. Anything else — letters,
// a "+" inside the number, too few or too many digits — is refused.
func ParsePhone(s string) (string, bool) {
	s = strings.TrimSpace(s)
	international := false
	if rest, ok := strings.CutPrefix(s, "+"); ok {
		international, s = true, rest
	}
	s = strings.Replace(s, "(0)", "", 1)
	digits := make([]byte, 0, len(s))
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits = append(digits, byte(r))
		case r == '(' || r == ')' || r == '.' || unicode.Is(unicode.Pd, r) || unicode.IsSpace(r):
			// separators
		default:
			return "", false
		}
	}
	d := string(digits)
	if !international {
		if rest, ok := strings.CutPrefix(d, "00"); ok {
			international, d = true, rest
		}
	}
	if international && !strings.HasPrefix(d, ghanaCode) {
		// E.164: a country code (no leading 0) and at most 15 digits in all;
		// fewer than 8 is no one's full number.
		if len(d) < 8 || len(d) > 15 || d[0] == '0' {
			return "", false
		}
		return "+" + d, true
	}
	nsn, ok := ghanaNSN(d, international)
	if !ok {
		return "", false
	}
	return "+" + ghanaCode + nsn, true
}

// ghanaNSN finds the nine national digits in a Ghanaian number written
// with the country code (233…, 2330…), the trunk 0 (0…) or neither.
func ghanaNSN(d string, international bool) (string, bool) {
	var nsn string
	switch {
	case len(d) == len(ghanaCode)+ghanaNSNWidth && strings.HasPrefix(d, ghanaCode):
		nsn = d[len(ghanaCode):]
	case len(d) == len(ghanaCode)+1+ghanaNSNWidth && strings.HasPrefix(d, ghanaCode+"0"):
		nsn = d[len(ghanaCode)+1:]
	case international:
		return "", false
	case len(d) == 1+ghanaNSNWidth && d[0] == '0':
		nsn = d[1:]
	case len(d) == ghanaNSNWidth:
		nsn = d
	default:
		return "", false
	}
	// Mobile networks use 2x and 5x, fixed lines 3x (Ghana's numbering plan).
	switch nsn[0] {
	case '2', '3', '5':
		return nsn, true
	}
	return "", false
}
