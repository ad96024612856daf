package service

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"dwa/internal/shop"
)

// Standard field messages (contract §1.4).
const (
	msgRequired     = "This field is required."
	msgBlank        = "This field may not be blank."
	msgInvalidEmail = "Enter a valid email address."
	msgMismatch     = "The two password fields didn't match."
)

// requiredText applies "required", "not blank" and "at most maxLen code
// points" to a decoded field (nil = absent) and returns its value; it adds
// at most one message. maxLen 0 means no limit.
func requiredText(fe shop.FieldErrors, name string, v *string, maxLen int) string {
	switch {
	case v == nil:
		fe.Add(name, msgRequired)
		return ""
	case *v == "":
		fe.Add(name, msgBlank)
	case maxLen > 0 && utf8.RuneCountInString(*v) > maxLen:
		fe.Add(name, "Ensure this field has no more than "+strconv.Itoa(maxLen)+" characters.")
	}
	return *v
}

// invalidChoice is the field error for a value outside a fixed set.
func invalidChoice(field, value string) error {
	return shop.Invalid(map[string][]string{field: {`Select a valid choice. "` + value +
		`" is not one of the available choices.`}})
}

var (
	emailLocal  = regexp.MustCompile("^[-!#$%&'*+/=?^_`{}|~0-9\\pL]+(\\.[-!#$%&'*+/=?^_`{}|~0-9\\pL]+)*$")
	emailDomain = regexp.MustCompile(`^((?:[\pL0-9](?:[\pL0-9-]{0,61}[\pL0-9])?\.)+)(?:[\pL]{2,63}|xn--[a-z0-9]{1,59})$`)
)

// validEmail follows Django's EmailValidator: a dot-atom local part and a
// domain of dotted labels ending in an alphabetic (or punycode) TLD.
func validEmail(s string) bool {
	if len(s) > 254 {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return false
	}
	local, domain := s[:at], strings.ToLower(s[at+1:])
	return len(local) <= 64 && emailLocal.MatchString(local) && (domain == "localhost" || emailDomain.MatchString(domain))
}
