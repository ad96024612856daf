package shop

import (
	"errors"
	"math"
	"math/big"
	"regexp"
	"strings"
	"testing"
)

func TestParseCedis(t *testing.T) {
	tests := []struct {
		in   string
		want Money
		err  bool
	}{
		{in: "1250", want: 125000},
		{in: "37.5", want: 3750},
		{in: "37.50", want: 3750},
		{in: "0.05", want: 5},
		{in: ".5", want: 50},
		{in: "5.", want: 500},
		{in: "  12.30 ", want: 1230},
		{in: "+7", want: 700},
		{in: "-3.10", want: -310},
		{in: "-0", want: 0},
		{in: "007.00", want: 700},
		{in: "1.2300", want: 123},                                // extra zeros round nothing
		{in: "999999999999999.99", want: 99_999_999_999_999_999}, // the largest amount: 15 digits of cedis
		{in: "-999999999999999.99", want: -99_999_999_999_999_999},
		{in: "0000000000000000001", want: 100}, // leading zeros do not count as digits
		{in: "1000000000000000", err: true},    // 16 digits of cedis
		{in: "1.005", err: true},               // would round
		{in: "0.001", err: true},
		{in: "", err: true},
		{in: " ", err: true},
		{in: ".", err: true},
		{in: "-", err: true},
		{in: "+-1", err: true},
		{in: "--1", err: true},
		{in: "1.2.3", err: true},
		{in: "1,000", err: true},
		{in: "1e3", err: true},
		{in: "GH₵ 5", err: true},
		{in: "١٢", err: true}, // Arabic-Indic digits are not ASCII digits
		{in: "0x10", err: true},
		{in: "NaN", err: true},
		{in: "12 .5", err: true},
	}
	for _, tc := range tests {
		got, err := ParseCedis(tc.in)
		if tc.err {
			if !errors.Is(err, ErrBadAmount) {
				t.Errorf("ParseCedis(%q) = %d, %v; want ErrBadAmount", tc.in, got, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseCedis(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}

func TestMoneyForms(t *testing.T) {
	tests := []struct {
		m                    Money
		str, grouped, number string
	}{
		{0, "0.00", "0.00", "0"},
		{5, "0.05", "0.05", "0.05"},
		{50, "0.50", "0.50", "0.5"},
		{3750, "37.50", "37.50", "37.5"},
		{125000, "1250.00", "1,250.00", "1250"},
		{123450, "1234.50", "1,234.50", "1234.5"},
		{100000000, "1000000.00", "1,000,000.00", "1000000"},
		{-310, "-3.10", "-3.10", "-3.1"},
		{-123456789, "-1234567.89", "-1,234,567.89", "-1234567.89"},
		{math.MaxInt64, "92233720368547758.07", "92,233,720,368,547,758.07", "92233720368547758.07"},
		{math.MinInt64, "-92233720368547758.08", "-92,233,720,368,547,758.08", "-92233720368547758.08"},
	}
	for _, tc := range tests {
		if got := tc.m.String(); got != tc.str {
			t.Errorf("Money(%d).String() = %q; want %q", tc.m, got, tc.str)
		}
		if got := tc.m.Grouped(); got != tc.grouped {
			t.Errorf("Money(%d).Grouped() = %q; want %q", tc.m, got, tc.grouped)
		}
		if got := tc.m.Number(); got != tc.number {
			t.Errorf("Money(%d).Number() = %q; want %q", tc.m, got, tc.number)
		}
	}
}

// maxAmount is the largest amount ParseCedis accepts: 15 digits of cedis.
const maxAmount = Money(99_999_999_999_999_999)

var (
	twoDecimals = regexp.MustCompile(`^-?(0|[1-9][0-9]*)\.[0-9]{2}$`)
	grouped     = regexp.MustCompile(`^-?[0-9]{1,3}(,[0-9]{3})*\.[0-9]{2}$`)
	number      = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]?[1-9])?$`)
)

// FuzzMoneyParse: whatever text is parsed is read exactly (compared with
// arbitrary-precision arithmetic: nothing is rounded), within the bounds,
// and its printed forms parse back to the same amount.
func FuzzMoneyParse(f *testing.F) {
	for _, s := range []string{"1250", "37.5", "-3.10", ".5", "5.", "1.2300", "1.005", "999999999999999.99",
		"1000000000000000", "+0.01", " 7 ", "1e3", "-", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseCedis(s)
		if err != nil {
			if !errors.Is(err, ErrBadAmount) {
				t.Fatalf("ParseCedis(%q): %v; want ErrBadAmount", s, err)
			}
			return
		}
		if m > maxAmount || m < -maxAmount {
			t.Fatalf("ParseCedis(%q) = %d: beyond ±%d", s, m, maxAmount)
		}
		exact, ok := new(big.Rat).SetString(ratText(strings.TrimSpace(s)))
		if !ok {
			t.Fatalf("ParseCedis(%q) = %d, but it is not a decimal number", s, m)
		}
		if pesewas := new(big.Rat).Mul(exact, big.NewRat(100, 1)); pesewas.Cmp(big.NewRat(int64(m), 1)) != 0 {
			t.Fatalf("ParseCedis(%q) = %d pesewas; the text says %s", s, m, pesewas.FloatString(4))
		}
		checkForms(t, m)
	})
}

// ratText makes decimal text that big.Rat reads: it wants a digit after a
// trailing dot.
func ratText(s string) string {
	if strings.HasSuffix(s, ".") {
		return s + "0"
	}
	return s
}

// FuzzMoneyForms: every int64 prints with exactly two decimals, groups
// digits by three, and (within the bounds) prints as text that parses back
// to the same amount.
func FuzzMoneyForms(f *testing.F) {
	for _, v := range []int64{0, 1, -1, 99, 100, 3750, 123450, -310, int64(maxAmount), -int64(maxAmount),
		math.MaxInt64, math.MinInt64} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v int64) {
		checkForms(t, Money(v))
	})
}

func checkForms(t *testing.T, m Money) {
	t.Helper()
	s, g, n := m.String(), m.Grouped(), m.Number()
	if !twoDecimals.MatchString(s) || (m < 0) != strings.HasPrefix(s, "-") {
		t.Fatalf("Money(%d).String() = %q", m, s)
	}
	if !grouped.MatchString(g) || strings.ReplaceAll(g, ",", "") != s {
		t.Fatalf("Money(%d).Grouped() = %q (String %q)", m, g, s)
	}
	if !number.MatchString(n) || n == "-0" {
		t.Fatalf("Money(%d).Number() = %q", m, n)
	}
	if m > maxAmount || m < -maxAmount {
		return // prints, but no price is ever this large
	}
	for _, text := range []string{s, n} {
		if back, err := ParseCedis(text); err != nil || back != m {
			t.Fatalf("Money(%d) printed %q, which parses to %d, %v", m, text, back, err)
		}
	}
}
