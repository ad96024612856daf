package service

import (
	"context"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"dwa/internal/names"
	"dwa/internal/shop"
)

// NewUser is what an operator or the demo seeder gives to create an account.
type NewUser struct {
	Username, Email, Password string
	Staff                     bool
}

// CreateUser validates and stores an active account with an argon2id hash.
// It is the operator's path (CLI, seeding): no welcome mail, and only the
// length rule for the password, so that demo accounts can have easy ones.
func (s *Service) CreateUser(ctx context.Context, in NewUser) (*shop.User, error) {
	us, err := s.CreateUsers(ctx, []NewUser{in})
	if err != nil {
		return nil, err
	}
	return us[0], nil
}

// CreateUsers creates accounts as CreateUser does, all validated before any
// is stored, hashing each distinct password once (side by side, in the
// hashing pool, at the service's cost): accounts given one password share
// its hash. The seeder gives the accounts nobody signs in to (demo
// shoppers) one random password shown nowhere, so that a dozen of them cost
// one hash; an operator's accounts each have their own.
func (s *Service) CreateUsers(ctx context.Context, in []NewUser) ([]*shop.User, error) {
	hashes := map[string]string{}
	for i := range in {
		if err := checkNewUser(&in[i]); err != nil {
			return nil, err
		}
		hashes[in[i].Password] = ""
	}
	if err := s.hashEach(ctx, hashes); err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]*shop.User, len(in))
	for i, nu := range in {
		u := &shop.User{Username: nu.Username, Email: nu.Email, PasswordHash: hashes[nu.Password], IsStaff: nu.Staff,
			IsActive: true, DateJoined: now, PasswordChangedAt: now}
		if err := s.store.CreateUser(ctx, u); err != nil {
			return nil, err
		}
		out[i] = u
	}
	return out, nil
}

// checkNewUser trims and checks an operator's new account.
func checkNewUser(in *NewUser) error {
	fe := shop.FieldErrors{}
	in.Username = strings.TrimSpace(in.Username)
	in.Email = strings.TrimSpace(in.Email)
	in.Username = usernameRules(fe, &in.Username)
	if !validEmail(in.Email) {
		fe.Add("email", msgInvalidEmail)
	}
	if utf8.RuneCountInString(in.Password) < minPasswordLength {
		fe.Add("password", "This password is too short. It must contain at least 8 characters.")
	}
	return fe.Err()
}

// hashEach fills in the hash of every password (the keys of hashes), side by
// side, but never more at once than the hashing pool has workers: the rest
// wait here rather than in the pool's queue, whose wait is a request's
// (3 s), which a dozen hashes on a loaded machine can outlast.
func (s *Service) hashEach(ctx context.Context, hashes map[string]string) error {
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	lanes := make(chan struct{}, s.hashing.Workers())
	for _, pw := range slices.Collect(maps.Keys(hashes)) {
		wg.Go(func() {
			lanes <- struct{}{}
			defer func() { <-lanes }()
			hash, err := s.hashPassword(ctx, pw)
			mu.Lock()
			defer mu.Unlock()
			hashes[pw] = hash
			if err != nil && first == nil {
				first = err
			}
		})
	}
	wg.Wait()
	return first
}

// usernameRules checks a username's presence, length and characters, in
// the one form it is stored and signed in with (names.Normalize: "ａｍａ" is
// "ama"), which it returns.
func usernameRules(fe shop.FieldErrors, v *string) string {
	if v != nil {
		normal := names.Normalize(*v)
		v = &normal
	}
	name := requiredText(fe, "username", v, 150)
	if !fe.Has("username") && !validUsername(name) {
		fe.Add("username", "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.")
	}
	return name
}

func validUsername(u string) bool {
	for _, r := range u {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("@.+-_", r) {
			return false
		}
	}
	return true
}
