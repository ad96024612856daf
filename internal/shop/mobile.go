package shop

import "strings"

// GhanaMobile is ParsePhone narrowed to the numbers a code can be texted
// to: Ghanaian mobile numbers (+2332…, +2335…), not fixed lines (+2333…)
// nor other countries (the SMS provider and the caps are Ghanaian).
func GhanaMobile(s string) (string, bool) {
	e164, ok := ParsePhone(s)
	if !ok || !strings.HasPrefix(e164, "+"+ghanaCode) {
		return "", false
	}
	switch e164[len(ghanaCode)+1] {
	case '2', '5':
		return e164, true
	}
	return "", false
}

// LocalPhone is how a Ghanaian reads an E.164 number: +233241234567 →
// 024 123 4567. Other numbers are returned unchanged.
func LocalPhone(e164 string) string {
	nsn, ok := strings.CutPrefix(e164, "+"+ghanaCode)
	if !ok || len(nsn) != ghanaNSNWidth {
		return e164
	}
	n := "0" + nsn
	return n[:3] + " " + n[3:6] + " " + n[6:]
}

// PhoneRange is the block of 1,000 numbers e164 belongs to: SMS pumping
// fraud cycles through consecutive numbers, so a daily cap counts per range.
func PhoneRange(e164 string) string {
	if len(e164) < 4 {
		return e164
	}
	return e164[:len(e164)-3]
}
