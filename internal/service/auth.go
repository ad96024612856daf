package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"dwa/internal/names"
	"dwa/internal/shop"
)

// AccountOptions configure sign-in, tokens, password reset, mail and rate
// limits.
type AccountOptions struct {
	Secret     []byte // HS256 key of every JWT
	AccessTTL  time.Duration
	RefreshTTL time.Duration
	// PublicURL is the base of every link in an e-mail (never the request's Host).
	PublicURL    string
	SupportEmail string // where complaints go; empty sends none
	Hasher       *Hasher
	RateLimits   map[string][]shop.Rate
	RateCounter  RateCounter
}

// resetTokenTTL is how long a password-reset link works.
const resetTokenTTL = time.Hour

// Errors of contract §1.3 and §2.1. Each 401 carries its exact body.
var (
	errLoginFailed = &shop.Error{Kind: shop.KindUnauthenticated,
		Detail: "No active account found with the given credentials"}
	errNotAuthenticated = &shop.Error{Kind: shop.KindUnauthenticated, Code: "not_authenticated",
		Detail: "Authentication credentials were not provided."}
	errGivenTokenInvalid = &shop.Error{Kind: shop.KindUnauthenticated, Code: "token_not_valid",
		Detail: "Given token not valid for any token type"}
	errUserNotFound = &shop.Error{Kind: shop.KindUnauthenticated, Code: "user_not_found", Detail: "User not found"}
	errUserInactive = &shop.Error{Kind: shop.KindUnauthenticated, Code: "user_inactive", Detail: "User is inactive"}
	errTokenInvalid = &shop.Error{Kind: shop.KindUnauthenticated, Code: "token_not_valid",
		Detail: "Token is invalid or expired"}
	errTokenWrongType = &shop.Error{Kind: shop.KindUnauthenticated, Code: "token_not_valid",
		Detail: "Token has wrong type"}
	errNoActiveAccount = &shop.Error{Kind: shop.KindUnauthenticated, Code: "no_active_account",
		Detail: "No active account found for the given token."}
)

// ErrNotAuthenticated is the 401 for a User endpoint called without a token.
var ErrNotAuthenticated error = errNotAuthenticated

// Tokens is a signed-in session: the client keeps both.
type Tokens struct{ Access, Refresh string }

// Registration is the body of POST /auth/users/; nil fields were absent.
type Registration struct{ Email, Username, Password, RePassword *string }

// Register creates an active account and queues the welcome mail, checking
// in the contract's order: field rules, then password validators, then the
// retyped password.
func (s *Service) Register(ctx context.Context, in Registration) (*shop.User, error) {
	fe := shop.FieldErrors{}
	email := requiredText(fe, "email", in.Email, 254)
	if !fe.Has("email") && !validEmail(email) {
		fe.Add("email", msgInvalidEmail)
	}
	username := usernameRules(fe, in.Username)
	password := requiredText(fe, "password", in.Password, 128)
	requiredText(fe, "re_password", in.RePassword, 0)
	if err := s.uniqueAccount(ctx, fe, username, email); err != nil {
		return nil, err
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if problems := passwordProblems(password, username, email); len(problems) > 0 {
		return nil, shop.Invalid(map[string][]string{"password": problems})
	}
	if password != *in.RePassword {
		return nil, shop.Invalid(map[string][]string{"non_field_errors": {msgMismatch}})
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return nil, err
	}
	now := s.now()
	u := &shop.User{Username: username, Email: email, PasswordHash: hash, IsActive: true, DateJoined: now,
		PasswordChangedAt: now}
	err = s.store.CreateUser(ctx, u, s.welcomeMail(u)...)
	if shop.KindOf(err) == shop.KindConflict {
		// A concurrent registration took the name or address since the
		// check above; report which, as the check would have.
		fe := shop.FieldErrors{}
		if err := s.uniqueAccount(ctx, fe, username, email); err != nil {
			return nil, err
		}
		if len(fe) == 0 {
			fe.Add("username", "A user with that username already exists.")
		}
		return nil, fe.Err()
	}
	if err != nil {
		return nil, err
	}
	s.wakeMailer()
	return u, nil
}

// uniqueAccount adds "already exists" for a taken username or e-mail, each
// checked only when its field is given and otherwise valid.
func (s *Service) uniqueAccount(ctx context.Context, fe shop.FieldErrors, username, email string) error {
	if !fe.Has("email") && email != "" {
		u, err := s.store.UserByEmail(ctx, email)
		if err != nil {
			return err
		}
		if u != nil {
			fe.Add("email", "A user with that email already exists.")
		}
	}
	if !fe.Has("username") && username != "" {
		u, err := s.store.UserByUsername(ctx, username)
		if err == nil && u == nil {
			// A name that looks like a taken one ("ѕtaff" for "staff") would
			// let its holder pass for the other: it is taken too.
			u, err = s.store.UserLookingLike(ctx, username)
		}
		if err != nil {
			return err
		}
		if u != nil {
			fe.Add("username", "A user with that username already exists.")
		}
	}
	return nil
}

// Credentials is the body of POST /auth/jwt/create/ and the client that
// sent it: the HTTP layer's per-address key (see Throttle), which failed
// sign-ins are counted against together with the account.
type Credentials struct {
	Username, Password *string
	Client             string
}

// Login signs in by username or e-mail. Every failure is the same error
// after the same work: unknown accounts are checked against a dummy hash.
//
// Failures are counted per account (username and e-mail alike) and client:
// a client over login-fail for an account gets 429 for that account only,
// so guessing from elsewhere never locks the owner out. Over login-account,
// the account's failures from every client, each attempt on it is slowed
// down, never refused (loginSlowDown).
func (s *Service) Login(ctx context.Context, in Credentials) (Tokens, error) {
	fe := shop.FieldErrors{}
	ident := requiredText(fe, "username", in.Username, 0)
	password := requiredText(fe, "password", in.Password, 0)
	if err := fe.Err(); err != nil {
		return Tokens{}, err
	}
	ident = names.Normalize(ident) // as usernames are stored: "ａｍａ" signs in as "ama"
	u, err := s.store.UserByUsername(ctx, ident)
	if err == nil && u == nil && strings.Contains(ident, "@") {
		u, err = s.store.UserByEmail(ctx, ident)
	}
	if err != nil {
		return Tokens{}, err
	}
	account := loginAccountKey(u, ident)
	pair := account + " client:" + in.Client
	if err := s.limits.exceeded(ctx, "login-fail", pair); err != nil {
		return Tokens{}, err
	}
	if err := s.loginSlowDown(ctx, account); err != nil {
		return Tokens{}, err
	}
	ok, rehash, err := s.checkPassword(ctx, u, password)
	if err != nil {
		return Tokens{}, err // the hashing pool is full: 503, not a failed sign-in
	}
	if !ok || !u.IsActive {
		if err := s.countLoginFailure(ctx, account, pair); err != nil {
			return Tokens{}, err
		}
		return Tokens{}, errLoginFailed
	}
	newHash := ""
	if rehash {
		if newHash, err = s.hashPassword(ctx, password); err != nil {
			return Tokens{}, err
		}
	}
	if err := s.store.RecordLogin(ctx, u.ID, s.now(), u.PasswordHash, newHash); err != nil {
		return Tokens{}, err
	}
	return s.IssueTokens(ctx, u)
}

// IssueTokens signs a new access and refresh token for u and records the
// refresh token's jti. Login uses it; so do test builders.
func (s *Service) IssueTokens(ctx context.Context, u *shop.User) (Tokens, error) {
	now := s.now()
	rt := shop.RefreshToken{JTI: newJTI(), UserID: u.ID, IssuedAt: now, ExpiresAt: now.Add(s.accounts.RefreshTTL)}
	refresh, err := signJWT(s.accounts.Secret, claims{TokenType: refreshToken, Exp: rt.ExpiresAt.Unix(),
		Iat: now.Unix(), JTI: rt.JTI, UserID: u.ID})
	if err != nil {
		return Tokens{}, err
	}
	access, err := s.accessToken(u.ID, now)
	if err != nil {
		return Tokens{}, err
	}
	if err := s.store.AddRefreshToken(ctx, rt); err != nil {
		return Tokens{}, err
	}
	return Tokens{Access: access, Refresh: refresh}, nil
}

func (s *Service) accessToken(userID int64, now time.Time) (string, error) {
	return signJWT(s.accounts.Secret, claims{TokenType: accessToken, Exp: now.Add(s.accounts.AccessTTL).Unix(),
		Iat: now.Unix(), JTI: newJTI(), UserID: userID})
}

// Authenticate resolves the access token of an Authorization header to its
// active user, with the contract's 401 errors.
func (s *Service) Authenticate(ctx context.Context, token string) (*shop.User, error) {
	c, err := parseJWT(s.accounts.Secret, token, s.now(), false)
	if err != nil || c.TokenType != accessToken {
		return nil, errGivenTokenInvalid
	}
	u, err := s.store.UserByID(ctx, c.UserID)
	switch {
	case err != nil:
		return nil, err
	case u == nil:
		return nil, errUserNotFound
	case !u.IsActive:
		return nil, errUserInactive
	case issuedBeforePasswordChange(c, u):
		return nil, errGivenTokenInvalid
	}
	return u, nil
}

// issuedBeforePasswordChange compares in whole seconds, the resolution of
// iat: a token issued in the second of the change still counts as after it.
func issuedBeforePasswordChange(c claims, u *shop.User) bool {
	return c.Iat < u.PasswordChangedAt.Unix()
}

// Refresh returns a new access token for a valid refresh token; the refresh
// token itself stays valid (no rotation).
func (s *Service) Refresh(ctx context.Context, refresh *string) (string, error) {
	fe := shop.FieldErrors{}
	token := requiredText(fe, "refresh", refresh, 0)
	if err := fe.Err(); err != nil {
		return "", err
	}
	c, err := parseJWT(s.accounts.Secret, token, s.now(), false)
	if err != nil {
		return "", errTokenInvalid
	}
	if c.TokenType != refreshToken {
		return "", errTokenWrongType
	}
	if _, err := s.checkToken(ctx, c); err != nil {
		return "", err
	}
	return s.accessToken(c.UserID, s.now())
}

// checkToken applies the server-side checks to a signed, unexpired token:
// a refresh token must be recorded and not revoked; the user must be active
// and the token newer than the last password change.
func (s *Service) checkToken(ctx context.Context, c claims) (*shop.User, error) {
	if c.TokenType == refreshToken {
		active, err := s.store.RefreshTokenActive(ctx, c.JTI, c.UserID)
		if err != nil {
			return nil, err
		}
		if !active {
			return nil, errTokenInvalid
		}
	}
	u, err := s.store.UserByID(ctx, c.UserID)
	switch {
	case err != nil:
		return nil, err
	case u == nil || !u.IsActive:
		return nil, errNoActiveAccount
	case issuedBeforePasswordChange(c, u):
		return nil, errTokenInvalid
	}
	return u, nil
}

// VerifyToken accepts a valid, unrevoked access or refresh token.
func (s *Service) VerifyToken(ctx context.Context, token *string) error {
	fe := shop.FieldErrors{}
	t := requiredText(fe, "token", token, 0)
	if err := fe.Err(); err != nil {
		return err
	}
	c, err := parseJWT(s.accounts.Secret, t, s.now(), false)
	if err != nil || (c.TokenType != accessToken && c.TokenType != refreshToken) {
		return errTokenInvalid
	}
	_, err = s.checkToken(ctx, c)
	return err
}

// Logout revokes a refresh token. Revoking twice, or an expired token, is
// fine; a forged token or an access token is not.
func (s *Service) Logout(ctx context.Context, refresh *string) error {
	fe := shop.FieldErrors{}
	t := requiredText(fe, "refresh", refresh, 0)
	if err := fe.Err(); err != nil {
		return err
	}
	c, err := parseJWT(s.accounts.Secret, t, s.now(), true)
	if err != nil {
		return errTokenInvalid
	}
	if c.TokenType != refreshToken {
		return errTokenWrongType
	}
	return s.store.RevokeRefreshToken(ctx, c.JTI, s.now())
}

// Me returns the store u owns, or nil.
func (s *Service) Me(ctx context.Context, u *shop.User) (*shop.Store, error) {
	return s.store.OwnedStore(ctx, u.ID)
}

// PasswordChange is the body of POST /auth/users/set_password/.
type PasswordChange struct{ CurrentPassword, NewPassword, ReNewPassword *string }

// SetPassword changes u's password and signs out every other session
// (refresh tokens revoked, older access tokens refused).
func (s *Service) SetPassword(ctx context.Context, u *shop.User, in PasswordChange) error {
	fe := shop.FieldErrors{}
	current := requiredText(fe, "current_password", in.CurrentPassword, 0)
	requiredText(fe, "new_password", in.NewPassword, 128)
	requiredText(fe, "re_new_password", in.ReNewPassword, 0)
	if err := fe.Err(); err != nil {
		return err
	}
	if ok, _, err := s.checkPassword(ctx, u, current); err != nil {
		return err
	} else if !ok {
		return shop.Invalid(map[string][]string{"current_password": {"Invalid password."}})
	}
	hash, err := s.newPassword(ctx, u, *in.NewPassword, *in.ReNewPassword)
	if err != nil {
		return err
	}
	_, err = s.store.ChangePassword(ctx, u.ID, hash, s.now(), "")
	return err
}

// newPassword validates a new password for u and hashes it.
func (s *Service) newPassword(ctx context.Context, u *shop.User, password, retyped string) (string, error) {
	if problems := passwordProblems(password, u.Username, u.Email); len(problems) > 0 {
		return "", shop.Invalid(map[string][]string{"new_password": problems})
	}
	if password != retyped {
		return "", shop.Invalid(map[string][]string{"non_field_errors": {msgMismatch}})
	}
	return s.hashPassword(ctx, password)
}

// ResetPassword mails a reset link to the active account with that address,
// if there is one and the address is under its reset-mail limit. The answer
// is the same either way, so that it reveals nothing; it is given before the
// address is even looked up (afterAnswer), so that its timing reveals
// nothing either: a known address costs a token and a queued mail, about
// 0.6 ms more on this machine.
func (s *Service) ResetPassword(ctx context.Context, email *string) error {
	fe := shop.FieldErrors{}
	addr := requiredText(fe, "email", email, 254)
	if !fe.Has("email") && !validEmail(addr) {
		fe.Add("email", msgInvalidEmail)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	if err := s.limits.hit(ctx, "reset-mail", shop.FoldKey(addr)); err != nil {
		if shop.KindOf(err) == shop.KindRateLimited {
			return nil
		}
		return err
	}
	s.afterAnswer(ctx, "password reset", func(ctx context.Context) error { return s.sendResetLink(ctx, addr) })
	return nil
}

// sendResetLink queues a reset link for the active account with that
// address, if there is one.
func (s *Service) sendResetLink(ctx context.Context, addr string) error {
	u, err := s.store.UserByEmail(ctx, addr)
	if err != nil || u == nil || !u.IsActive {
		return err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := s.now()
	t := shop.ResetToken{UserID: u.ID, Hash: hashResetToken(token), CreatedAt: now, ExpiresAt: now.Add(resetTokenTTL)}
	link := s.accounts.PublicURL + "/password/reset/confirm/" + encodeUID(u.ID) + "/" + token
	if err := s.store.CreateResetToken(ctx, t, s.resetMail(u, link)...); err != nil {
		return err
	}
	s.wakeMailer()
	return nil
}

// ResetConfirm is the body of POST /auth/users/reset_password_confirm/.
type ResetConfirm struct{ UID, Token, NewPassword, ReNewPassword *string }

var (
	errBadUID        = shop.Invalid(map[string][]string{"uid": {"Invalid user id or user doesn't exist."}})
	errBadResetToken = shop.Invalid(map[string][]string{"token": {"Invalid token for given user."}})
)

// ResetPasswordConfirm sets a new password with a reset link's uid and
// token; the token is consumed and every session signed out.
func (s *Service) ResetPasswordConfirm(ctx context.Context, in ResetConfirm) error {
	fe := shop.FieldErrors{}
	uid := requiredText(fe, "uid", in.UID, 0)
	token := requiredText(fe, "token", in.Token, 0)
	requiredText(fe, "new_password", in.NewPassword, 128)
	requiredText(fe, "re_new_password", in.ReNewPassword, 0)
	if err := fe.Err(); err != nil {
		return err
	}
	id, ok := decodeUID(uid)
	if !ok {
		return errBadUID
	}
	u, err := s.store.UserByID(ctx, id)
	if err != nil {
		return err
	}
	if u == nil || !u.IsActive {
		return errBadUID
	}
	tokenHash := hashResetToken(token)
	valid, err := s.store.ResetTokenValid(ctx, u.ID, tokenHash, s.now())
	if err != nil {
		return err
	}
	if !valid {
		return errBadResetToken
	}
	hash, err := s.newPassword(ctx, u, *in.NewPassword, *in.ReNewPassword)
	if err != nil {
		return err
	}
	changed, err := s.store.ChangePassword(ctx, u.ID, hash, s.now(), tokenHash)
	if err != nil {
		return err
	}
	if !changed {
		return errBadResetToken // used by a concurrent request since the check
	}
	return nil
}

func hashResetToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// encodeUID is djoser's uid: the user id in URL-safe base64.
func encodeUID(id int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(id, 10)))
}

func decodeUID(uid string) (int64, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(uid, "="))
	if err != nil {
		return 0, false
	}
	id, err := strconv.ParseInt(string(raw), 10, 64)
	return id, err == nil && id > 0
}
