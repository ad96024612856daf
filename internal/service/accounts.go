package service

import (
	"context"
	"net/mail"
	"strings"
	"unicode"

	"dwa/internal/shop"
)

// NewUser is what an operator or the demo seeder gives to create an account.
type NewUser struct {
	Username, Email, Password string
	Staff                     bool
}

// CreateUser validates and stores an active account with an argon2id hash.
func (s *Service) CreateUser(ctx context.Context, in NewUser) (*shop.User, error) {
	fe := shop.FieldErrors{}
	in.Username = strings.TrimSpace(in.Username)
	in.Email = strings.TrimSpace(in.Email)
	switch {
	case in.Username == "":
		fe.Add("username", "This field may not be blank.")
	case len([]rune(in.Username)) > 150:
		fe.Add("username", "Ensure this field has no more than 150 characters.")
	case !validUsername(in.Username):
		fe.Add("username", "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.")
	}
	if _, err := mail.ParseAddress(in.Email); err != nil || strings.ContainsAny(in.Email, "<> ") || len(in.Email) > 254 {
		fe.Add("email", "Enter a valid email address.")
	}
	if len([]rune(in.Password)) < 8 {
		fe.Add("password", "This password is too short. It must contain at least 8 characters.")
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return nil, err
	}
	u := &shop.User{Username: in.Username, Email: in.Email, PasswordHash: hash, IsStaff: in.Staff, IsActive: true,
		DateJoined: s.now()}
	if err := s.store.CreateUser(ctx, u); err != nil {
		return nil, err
	}
	return u, nil
}

func validUsername(u string) bool {
	for _, r := range u {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("@.+-_", r) {
			return false
		}
	}
	return true
}
