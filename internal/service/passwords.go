package service

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/crypto/argon2"
)

// Hasher hashes passwords with argon2id and verifies both its own hashes and
// Django's pbkdf2_sha256 hashes of imported accounts.
type Hasher struct {
	MemoryKiB uint32
	Time      uint32
	Threads   uint8

	dummyOnce sync.Once
	dummy     string
	// work adds up memory × passes of every argon2id derivation: what a
	// sign-in cost, counted rather than timed (see derive).
	work atomic.Uint64
}

// OWASPHasher uses OWASP's argon2id recommendation (m = 19 MiB, t = 2,
// p = 1), the contract's parameters; every production hash uses it.
func OWASPHasher() *Hasher { return &Hasher{MemoryKiB: 19 * 1024, Time: 2, Threads: 1} }

const (
	argonKeyLen  = 32
	argonSaltLen = 16
	// maxPBKDF2Iterations bounds the work a stored legacy hash can demand.
	maxPBKDF2Iterations = 10_000_000
)

// Hash returns a PHC-format argon2id hash of password.
func (h *Hasher) Hash(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := h.derive([]byte(password), salt, h.Time, h.MemoryKiB, h.Threads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, h.MemoryKiB, h.Time, h.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify checks password against an encoded hash in constant time. rehash
// is true when the password matched but the hash is legacy or uses other
// parameters than h, so the caller should store a fresh one.
func (h *Hasher) Verify(encoded, password string) (ok, rehash bool) {
	if strings.HasPrefix(encoded, "pbkdf2_sha256$") {
		return verifyDjango(encoded, password), true
	}
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, false
	}
	var version int
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, false
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 {
		return false, false
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, false
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, false
	}
	got := h.derive([]byte(password), salt, t, m, p, uint32(len(want)))
	ok = subtle.ConstantTimeCompare(got, want) == 1
	return ok, ok && (m != h.MemoryKiB || t != h.Time || p != h.Threads)
}

// derive runs one argon2id derivation and counts its work, so that a test
// can check without a stopwatch that signing in as nobody costs what a
// wrong password for a real account does.
func (h *Hasher) derive(password, salt []byte, t, m uint32, p uint8, keyLen uint32) []byte {
	h.work.Add(uint64(m) * uint64(t))
	return argon2.IDKey(password, salt, t, m, p, keyLen)
}

// verifyDjango checks Django's "pbkdf2_sha256$<iterations>$<salt>$<base64>".
func verifyDjango(encoded, password string) bool {
	parts := strings.Split(encoded, "$")
	if len(parts) != 4 {
		return false
	}
	iter, err := strconv.Atoi(parts[1])
	if err != nil || iter < 1 || iter > maxPBKDF2Iterations {
		return false
	}
	want, err := base64.StdEncoding.DecodeString(parts[3])
	if err != nil || len(want) == 0 {
		return false
	}
	got, err := pbkdf2.Key(sha256.New, password, []byte(parts[2]), iter, len(want))
	return err == nil && subtle.ConstantTimeCompare(got, want) == 1
}

// VerifyDummy spends the time of one verification on a hash nobody owns, so
// that a sign-in for an unknown account takes as long as a wrong password.
func (h *Hasher) VerifyDummy(password string) {
	h.dummyOnce.Do(func() {
		random := make([]byte, 16)
		_, _ = rand.Read(random)
		h.dummy, _ = h.Hash(base64.RawStdEncoding.EncodeToString(random))
	})
	h.Verify(h.dummy, password)
}
