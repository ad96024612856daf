package service

import (
	"context"

	"dwa/internal/shop"
)

// Every password hash and verification (argon2id: 19 MiB and tens of
// milliseconds of one core each; legacy PBKDF2 likewise CPU-bound) runs in
// the service's hashing pool, so that a burst of sign-ins or registrations
// queues for a few seconds and is then refused with a 503 and Retry-After
// instead of growing memory with the number of requests (issue 17).

// hashPassword hashes a new password in the hashing pool.
func (s *Service) hashPassword(ctx context.Context, password string) (hash string, err error) {
	if perr := s.hashing.Run(ctx, func() { hash, err = s.hasher.Hash(password) }); perr != nil {
		return "", perr
	}
	return hash, err
}

// checkPassword verifies password against u's hash in the hashing pool; for
// a nil u (unknown account) it spends the same work on a dummy hash and
// reports no match. rehash is as for Hasher.Verify.
func (s *Service) checkPassword(ctx context.Context, u *shop.User, password string) (ok, rehash bool, err error) {
	err = s.hashing.Run(ctx, func() {
		if u == nil {
			s.hasher.VerifyDummy(password)
			return
		}
		ok, rehash = s.hasher.Verify(u.PasswordHash, password)
	})
	return ok, rehash, err
}
