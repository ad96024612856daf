package service

import (
	"strings"
	"testing"
	"time"

	"dwa/internal/gateway/testpay"
)

// TestProductionHasherIsOWASP proves the parameters every real hash uses:
// the default of New and of OWASPHasher.
func TestProductionHasherIsOWASP(t *testing.T) {
	s, err := New(Deps{Payments: testpay.New(time.Now), OrderExpiry: time.Hour, MobileMoneyTimeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if h := s.hasher; h.MemoryKiB != 19*1024 || h.Time != 2 || h.Threads != 1 {
		t.Fatalf("default hasher = %+v", h)
	}
	hash, err := OWASPHasher().Hash("correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash = %s", hash)
	}
	if ok, rehash := OWASPHasher().Verify(hash, "correct horse battery staple"); !ok || rehash {
		t.Errorf("Verify = %v, %v", ok, rehash)
	}
}

func TestHasherVerify(t *testing.T) {
	cheap := &Hasher{MemoryKiB: 64, Time: 1, Threads: 1}
	own, err := cheap.Hash("Akwaaba-2026")
	if err != nil {
		t.Fatal(err)
	}
	// Computed with Python's hashlib.pbkdf2_hmac, as Django does.
	const django = "pbkdf2_sha256$260000$kZ3vQq1Xo9cS$LR6a0uHJF09X1aoUeyF0giZmKZR6DU5vnkCWJ1ZN3Dk="
	tests := []struct {
		name, hash, password string
		ok, rehash           bool
	}{
		{"own hash", own, "Akwaaba-2026", true, false},
		{"own hash, wrong password", own, "akwaaba-2026", false, false},
		{"Django hash is upgraded", django, "Legacy-Pa55word", true, true},
		{"Django hash, wrong password", django, "legacy-pa55word", false, true},
		{"other parameters are upgraded", mustHash(t, &Hasher{MemoryKiB: 32, Time: 1, Threads: 1}, "x"), "x", true, true},
		{"garbage", "$argon2id$v=19$m=1,t=1,p=1$$", "x", false, false},
		{"unknown algorithm", "bcrypt$2b$12$abc", "x", false, false},
		{"absurd iterations", "pbkdf2_sha256$99999999999$salt$AAAA", "x", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ok, rehash := cheap.Verify(tc.hash, tc.password)
			if ok != tc.ok || (ok && rehash != tc.rehash) {
				t.Errorf("Verify = %v, %v; want %v, %v", ok, rehash, tc.ok, tc.rehash)
			}
		})
	}
}

func mustHash(t *testing.T, h *Hasher, pw string) string {
	t.Helper()
	s, err := h.Hash(pw)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSequenceRatio matches Python's difflib.SequenceMatcher(a, b).ratio().
func TestSequenceRatio(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"kofi_m2026", "kofi_m", 0.75},
		{"kofi@example", "kofi@example.com", 0.8571428571428571},
		{"password", "kofi", 0.16666666666666666},
		{"abcxyzabc", "xyzabcxyz", 0.6666666666666666},
		{"ama12345", "ama", 0.5454545454545454},
	}
	for _, tc := range tests {
		if got := sequenceRatio([]rune(tc.a), []rune(tc.b)); got != tc.want {
			t.Errorf("ratio(%q, %q) = %v; want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestPasswordProblems(t *testing.T) {
	tests := []struct {
		password, username, email string
		want                      []string
	}{
		{"Tro-tro to Kaneshie 7", "kofi_m", "kofi@example.com", nil},
		{"kofi_m2026", "kofi_m", "mensah@example.com", []string{"The password is too similar to the username."}},
		{"kofi@example", "mensah", "kofi@example.com", []string{"The password is too similar to the email address."}},
		{"12345", "kofi_m", "kofi@example.com", []string{"This password is too short. It must contain at least 8 characters.",
			"This password is too common.", "This password is entirely numeric."}},
		{"Password1", "kofi_m", "kofi@example.com", []string{"This password is too common."}},
		{"83920174665", "kofi_m", "kofi@example.com", []string{"This password is entirely numeric."}},
		{"kéntè", "kofi_m", "kofi@example.com", []string{"This password is too short. It must contain at least 8 characters."}},
	}
	for _, tc := range tests {
		got := passwordProblems(tc.password, tc.username, tc.email)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("passwordProblems(%q) = %q; want %q", tc.password, got, tc.want)
		}
	}
}

func TestCommonPasswordList(t *testing.T) {
	list := commonPasswords()
	if len(list) < 10_000 {
		t.Fatalf("%d common passwords; the contract asks for at least 10,000", len(list))
	}
	for _, pw := range []string{"password", "qwerty123", "12345678", "iloveyou", "kofi1990", "accra123", " Welcome1 "} {
		if !isCommonPassword(pw) {
			t.Errorf("%q is not in the list", pw)
		}
	}
	if isCommonPassword("Tro-tro to Kaneshie 7") {
		t.Error("a long passphrase counts as common")
	}
}

func TestValidEmail(t *testing.T) {
	for _, ok := range []string{"kofi@example.com", "a.b+c@sub.example.gh", "ama@localhost", "yaw@ghana.xn--p1ai", "kwame@accrá.com"} {
		if !validEmail(ok) {
			t.Errorf("%q rejected", ok)
		}
	}
	for _, bad := range []string{"", "kofi", "kofi@", "@example.com", "kofi@example", "kofi @example.com", "a..b@example.com",
		"kofi@-example.com", "Kofi <kofi@example.com>", strings.Repeat("a", 65) + "@example.com"} {
		if validEmail(bad) {
			t.Errorf("%q accepted", bad)
		}
	}
}
