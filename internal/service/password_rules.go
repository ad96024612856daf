package service

import (
	_ "embed"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

//go:generate go run gen_common_passwords.go

//go:embed common_passwords.txt
var commonPasswordsFile string

var commonPasswords = sync.OnceValue(func() []string {
	var out []string
	for _, line := range strings.Split(commonPasswordsFile, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	slices.Sort(out)
	return out
})

func isCommonPassword(password string) bool {
	_, found := slices.BinarySearch(commonPasswords(), strings.ToLower(strings.TrimSpace(password)))
	return found
}

const (
	minPasswordLength = 8
	maxSimilarity     = 0.7
)

// passwordProblems applies Django's four default validators, in Django's
// order, and returns every message that applies.
func passwordProblems(password, username, email string) []string {
	var out []string
	if similar(password, username) {
		out = append(out, "The password is too similar to the username.")
	} else if similar(password, email) {
		out = append(out, "The password is too similar to the email address.")
	}
	if utf8.RuneCountInString(password) < minPasswordLength {
		out = append(out, "This password is too short. It must contain at least 8 characters.")
	}
	if isCommonPassword(password) {
		out = append(out, "This password is too common.")
	}
	if isAllDigits(password) {
		out = append(out, "This password is entirely numeric.")
	}
	return out
}

func isAllDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

var nonWord = regexp.MustCompile(`[^\p{L}\p{N}_]+`)

// similar is Django's UserAttributeSimilarityValidator for one attribute:
// the password is compared with the whole value and with each of its word
// parts (for an e-mail: the local part and the domain labels).
func similar(password, value string) bool {
	if value == "" {
		return false
	}
	pw := []rune(strings.ToLower(password))
	value = strings.ToLower(value)
	for _, part := range append(nonWord.Split(value, -1), value) {
		p := []rune(part)
		if len(p) == 0 || exceedsLengthRatio(len(pw), len(p)) {
			continue
		}
		if sequenceRatio(pw, p) >= maxSimilarity {
			return true
		}
	}
	return false
}

// exceedsLengthRatio skips parts so much shorter than the password that
// they cannot reach the similarity threshold (Django does the same).
func exceedsLengthRatio(pwLen, valueLen int) bool {
	return pwLen >= 10*valueLen && float64(valueLen) < maxSimilarity/2*float64(pwLen)
}

// sequenceRatio is Python's difflib.SequenceMatcher(a, b).ratio():
// 2·M / (len(a)+len(b)), M being the characters of the longest common
// blocks found recursively (Ratcliff/Obershelp), with difflib's tie-breaks.
func sequenceRatio(a, b []rune) float64 {
	total := len(a) + len(b)
	if total == 0 {
		return 1
	}
	return 2 * float64(matchingChars(a, b, 0, len(a), 0, len(b))) / float64(total)
}

func matchingChars(a, b []rune, alo, ahi, blo, bhi int) int {
	i, j, k := longestMatch(a, b, alo, ahi, blo, bhi)
	if k == 0 {
		return 0
	}
	n := k
	if alo < i && blo < j {
		n += matchingChars(a, b, alo, i, blo, j)
	}
	if i+k < ahi && j+k < bhi {
		n += matchingChars(a, b, i+k, ahi, j+k, bhi)
	}
	return n
}

// longestMatch finds the longest common block of a[alo:ahi] and b[blo:bhi];
// of equally long ones the earliest in a, then in b.
func longestMatch(a, b []rune, alo, ahi, blo, bhi int) (besti, bestj, bestk int) {
	besti, bestj = alo, blo
	prev := make([]int, bhi-blo+1)
	cur := make([]int, bhi-blo+1)
	for i := alo; i < ahi; i++ {
		for j := blo; j < bhi; j++ {
			if a[i] != b[j] {
				cur[j-blo+1] = 0
				continue
			}
			k := prev[j-blo] + 1
			cur[j-blo+1] = k
			if k > bestk {
				besti, bestj, bestk = i-k+1, j-k+1, k
			}
		}
		prev, cur = cur, prev
	}
	return besti, bestj, bestk
}
