package service

import (
	"context"
	"strings"
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
	if err := fe.Err(); err != nil {
		return nil, err
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	now := s.now()
	u := &shop.User{Username: in.Username, Email: in.Email, PasswordHash: hash, IsStaff: in.Staff, IsActive: true,
		DateJoined: now, PasswordChangedAt: now}
	if err := s.store.CreateUser(ctx, u); err != nil {
		return nil, err
	}
	return u, nil
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
