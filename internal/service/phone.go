package service

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"dwa/internal/shop"
)

// One-time codes sent by SMS (decision 0018): six digits, five minutes,
// five guesses each, a new one at most once a minute per number.
const (
	codeTTL      = 5 * time.Minute
	codeMaxTries = 5
)

var (
	errBadPhone = shop.Invalid(map[string][]string{"phone": {"Enter a Ghanaian mobile number, like 024 123 4567."}})
	// errBadCode is every refusal of a code — wrong, expired, used, the
	// sixth guess, or a number nobody asked a code for — so that the
	// answer never tells whether the number has an account.
	errBadCode    = shop.Invalid(map[string][]string{"code": {"This code is wrong or has expired. Ask for a new one."}})
	errBadPurpose = shop.Invalid(map[string][]string{"purpose": {"Choose signin, verify or reset."}})
	errPhoneTaken = shop.Invalid(map[string][]string{"phone": {"This number belongs to another account."}})
)

// CodeRequest is the body of POST /auth/phone/code/ and who sent it: User
// is the signed-in caller (required to verify a number), Client the HTTP
// layer's per-address or per-user key.
type CodeRequest struct {
	Phone, Purpose *string
	User           *shop.User
	Client         string
}

// RequestCode texts a one-time code to a number. The answer is the same
// whether or not the number has an account: a sign-in code goes to every
// number (it signs a new one up), a reset code only to an account's
// verified number but after the same checks and the same answer.
//
// Every request counts against the SMS caps, which stop SMS pumping
// (someone making the shop text premium or random numbers): one code a
// minute per number and purpose, a few per number an hour and a day, a
// daily cap per block of 1,000 numbers, per client address or account,
// and per account for verification. Refusals show in /metrics by bucket.
func (s *Service) RequestCode(ctx context.Context, in CodeRequest) error {
	fe := shop.FieldErrors{}
	raw := requiredText(fe, "phone", in.Phone, 32)
	purpose := requiredText(fe, "purpose", in.Purpose, 0)
	if err := fe.Err(); err != nil {
		return err
	}
	phone, ok := shop.GhanaMobile(raw)
	if !ok {
		return errBadPhone
	}
	if purpose != shop.CodeSignIn && purpose != shop.CodeVerify && purpose != shop.CodeReset {
		return errBadPurpose
	}
	if purpose == shop.CodeVerify && in.User == nil {
		return ErrNotAuthenticated
	}
	if err := s.smsCaps(ctx, phone, purpose, in); err != nil {
		return err
	}
	var userID int64
	switch purpose {
	case shop.CodeVerify:
		userID = in.User.ID
	case shop.CodeReset:
		u, err := s.store.UserByPhone(ctx, phone)
		if err != nil {
			return err
		}
		if u == nil || !u.IsActive {
			return nil
		}
		userID = u.ID
	}
	return s.sendCode(ctx, phone, purpose, userID)
}

// smsCaps counts one code request in every bucket that applies and
// refuses it (429) when any is full.
func (s *Service) smsCaps(ctx context.Context, phone, purpose string, in CodeRequest) error {
	caps := [][2]string{
		{"sms-code", purpose + " " + phone},
		{"sms-number", phone},
		{"sms-range", shop.PhoneRange(phone)},
		{"sms-client", in.Client},
	}
	if in.User != nil {
		caps = append(caps, [2]string{"sms-account", strconv.FormatInt(in.User.ID, 10)})
	}
	for _, c := range caps {
		if err := s.limits.hit(ctx, c[0], c[1]); err != nil {
			return err
		}
	}
	return nil
}

// sendCode stores a fresh code for the number and queues its text.
func (s *Service) sendCode(ctx context.Context, phone, purpose string, userID int64) error {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return err
	}
	code := fmt.Sprintf("%06d", n.Int64())
	now := s.now()
	pc := &shop.PhoneCode{Phone: phone, Purpose: purpose, UserID: userID, Hash: s.codeHash(phone, purpose, code),
		CreatedAt: now, ExpiresAt: now.Add(codeTTL)}
	text := codeText(purpose, code)
	if err := s.store.CreatePhoneCode(ctx, pc, shop.SMS(phone, text, now)); err != nil {
		return err
	}
	s.wakeMailer()
	return nil
}

func codeText(purpose, code string) string {
	what := "sign-in"
	switch purpose {
	case shop.CodeVerify:
		what = "confirmation"
	case shop.CodeReset:
		what = "password reset"
	}
	return fmt.Sprintf("Your Dwa %s code is %s. It expires in 5 minutes. Never share it; Dwa staff will never ask for it.", what, code)
}

// codeHash keys the hash with the server secret: six digits are a million
// guesses, which a stolen table would give up in a moment to a plain hash.
func (s *Service) codeHash(phone, purpose, code string) string {
	m := hmac.New(sha256.New, s.accounts.Secret)
	m.Write([]byte("phone-code\x00" + purpose + "\x00" + phone + "\x00" + code))
	return hex.EncodeToString(m.Sum(nil))
}

// useCode consumes the number's live code for purpose if code is it and
// it was sent for forUser (0: sign-in codes, sent for no account). Each
// guess is counted before it is compared, so the sixth is refused even
// when it is right, and concurrent guesses cannot get more than five.
// Another account's code is refused without a guess being counted, so
// that nobody can use up a code they were not sent.
func (s *Service) useCode(ctx context.Context, phone, purpose, code string, forUser int64) (*shop.PhoneCode, error) {
	pc, err := s.store.LivePhoneCode(ctx, phone, purpose, s.now())
	if err != nil || pc == nil || pc.UserID != forUser {
		return nil, cmpErr(err, errBadCode)
	}
	counted, err := s.store.TryPhoneCode(ctx, pc.ID, codeMaxTries)
	if err != nil || !counted {
		return nil, cmpErr(err, errBadCode)
	}
	if !hmac.Equal([]byte(s.codeHash(phone, purpose, code)), []byte(pc.Hash)) {
		return nil, errBadCode
	}
	used, err := s.store.UsePhoneCode(ctx, pc.ID, s.now())
	if err != nil || !used {
		return nil, cmpErr(err, errBadCode)
	}
	return pc, nil
}

// cmpErr is err when there is one, else the refusal.
func cmpErr(err, refusal error) error {
	if err != nil {
		return err
	}
	return refusal
}

// phoneAndCode validates the two fields every code confirmation has.
func phoneAndCode(fe shop.FieldErrors, phone, code *string) (string, string) {
	raw := requiredText(fe, "phone", phone, 32)
	c := requiredText(fe, "code", code, 16)
	if fe.Has("phone") {
		return "", c
	}
	e164, ok := shop.GhanaMobile(raw)
	if !ok {
		fe.Add("phone", "Enter a Ghanaian mobile number, like 024 123 4567.")
	}
	return e164, c
}

// PhoneSignIn is the body of POST /auth/phone/signin/: Username and Email
// are used only when the number has no account yet, and are optional.
type PhoneSignIn struct{ Phone, Code, Username, Email *string }

// SignInByCode signs in the account of a number with a code sent to it,
// creating the account when the number has none (created reports which).
func (s *Service) SignInByCode(ctx context.Context, in PhoneSignIn) (t Tokens, created bool, err error) {
	fe := shop.FieldErrors{}
	phone, code := phoneAndCode(fe, in.Phone, in.Code)
	username, email, err := s.newAccountFields(ctx, fe, in.Username, in.Email)
	if err != nil {
		return Tokens{}, false, err
	}
	if err := fe.Err(); err != nil {
		return Tokens{}, false, err
	}
	if _, err := s.useCode(ctx, phone, shop.CodeSignIn, code, 0); err != nil {
		return Tokens{}, false, err
	}
	u, err := s.store.UserByPhone(ctx, phone)
	if err != nil {
		return Tokens{}, false, err
	}
	if u == nil {
		if u, err = s.createPhoneAccount(ctx, phone, username, email); err != nil {
			return Tokens{}, false, err
		}
		created = true
	} else if !u.IsActive {
		return Tokens{}, false, errLoginFailed
	}
	if err := s.store.RecordLogin(ctx, u.ID, s.now(), u.PasswordHash, ""); err != nil {
		return Tokens{}, false, err
	}
	t, err = s.IssueTokens(ctx, u)
	return t, created, err
}

// newAccountFields checks the optional username and e-mail of a sign-up
// by phone, each by the rules of the username/e-mail registration.
func (s *Service) newAccountFields(ctx context.Context, fe shop.FieldErrors, username, email *string) (string, string, error) {
	var name, addr string
	if username != nil && *username != "" {
		name = usernameRules(fe, username)
	}
	if email != nil && *email != "" {
		addr = requiredText(fe, "email", email, 254)
		if !fe.Has("email") && !validEmail(addr) {
			fe.Add("email", msgInvalidEmail)
		}
	}
	return name, addr, s.uniqueAccount(ctx, fe, name, addr)
}

// createPhoneAccount makes the account of a verified number, without a
// password (it signs in by code until one is set by a reset code) and
// with a generated username when none was chosen.
func (s *Service) createPhoneAccount(ctx context.Context, phone, username, email string) (*shop.User, error) {
	now := s.now()
	for attempt := 0; ; attempt++ {
		u := &shop.User{Username: username, Email: email, Phone: phone, IsActive: true, DateJoined: now,
			PasswordChangedAt: now}
		if username == "" {
			n, err := rand.Int(rand.Reader, big.NewInt(100_000_000))
			if err != nil {
				return nil, err
			}
			u.Username = fmt.Sprintf("shopper%08d", n.Int64())
		}
		err := s.store.CreateUser(ctx, u, s.welcomeMail(u)...)
		if shop.KindOf(err) == shop.KindConflict && username == "" && attempt < 5 {
			continue // a generated name that was taken: draw another
		}
		if shop.KindOf(err) == shop.KindConflict {
			return nil, shop.Invalid(map[string][]string{"non_field_errors": {
				"A user with that username, email or phone number already exists."}})
		}
		if err != nil {
			return nil, err
		}
		s.wakeMailer()
		return u, nil
	}
}

// PhoneVerify is the body of POST /auth/phone/verify/.
type PhoneVerify struct{ Phone, Code *string }

// VerifyPhone adds a number to u's account with the code sent to it.
func (s *Service) VerifyPhone(ctx context.Context, u *shop.User, in PhoneVerify) (*shop.User, error) {
	fe := shop.FieldErrors{}
	phone, code := phoneAndCode(fe, in.Phone, in.Code)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if _, err := s.useCode(ctx, phone, shop.CodeVerify, code, u.ID); err != nil {
		return nil, err
	}
	err := s.store.SetPhone(ctx, u.ID, phone)
	if shop.KindOf(err) == shop.KindConflict {
		return nil, errPhoneTaken
	}
	if err != nil {
		return nil, err
	}
	out := *u
	out.Phone = phone
	return &out, nil
}

// PhoneReset is the body of POST /auth/phone/reset/.
type PhoneReset struct{ Phone, Code, NewPassword, ReNewPassword *string }

// ResetPasswordByCode sets a new password on the account of a verified
// number with a reset code sent to it, and signs out every session.
func (s *Service) ResetPasswordByCode(ctx context.Context, in PhoneReset) error {
	fe := shop.FieldErrors{}
	phone, code := phoneAndCode(fe, in.Phone, in.Code)
	requiredText(fe, "new_password", in.NewPassword, 128)
	requiredText(fe, "re_new_password", in.ReNewPassword, 0)
	if err := fe.Err(); err != nil {
		return err
	}
	// The rules that need no account first, so that a weak password does
	// not use up the code (and the answer is the same for any number).
	if problems := passwordProblems(*in.NewPassword, "", ""); len(problems) > 0 {
		return shop.Invalid(map[string][]string{"new_password": problems})
	}
	u, err := s.store.UserByPhone(ctx, phone)
	if err != nil {
		return err
	}
	if u == nil || !u.IsActive {
		return errBadCode // no reset code was sent to this number
	}
	if _, err := s.useCode(ctx, phone, shop.CodeReset, code, u.ID); err != nil {
		return err
	}
	hash, err := s.newPassword(ctx, u, *in.NewPassword, *in.ReNewPassword)
	if err != nil {
		return err
	}
	_, err = s.store.ChangePassword(ctx, u.ID, hash, s.now(), "")
	return err
}
