package service

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// Token types of the "token_type" claim.
const (
	accessToken  = "access"
	refreshToken = "refresh"
)

// claims are the JWT claims of contract §1.3. Times are NumericDate seconds.
type claims struct {
	TokenType string `json:"token_type"`
	Exp       int64  `json:"exp"`
	Iat       int64  `json:"iat"`
	JTI       string `json:"jti"`
	UserID    int64  `json:"user_id"`
}

// jwtHeader is fixed: tokens are only ever HS256.
var jwtHeader = base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`))

var (
	errMalformed = errors.New("malformed token")
	errSignature = errors.New("bad token signature")
	errExpired   = errors.New("token expired")
)

// signJWT returns header.claims.signature, signed with HMAC-SHA256.
func signJWT(secret []byte, c claims) (string, error) {
	payload, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	signing := jwtHeader + "." + base64.RawURLEncoding.EncodeToString(payload)
	return signing + "." + base64.RawURLEncoding.EncodeToString(mac(secret, signing)), nil
}

func mac(secret []byte, signing string) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(signing))
	return m.Sum(nil)
}

// parseJWT checks the header (HS256 only: "none" and every other algorithm
// are refused before anything else is read), the signature, and, unless
// allowExpired, the expiry. It does not look at the token type.
func parseJWT(secret []byte, token string, now time.Time, allowExpired bool) (claims, error) {
	var c claims
	parts := strings.Split(token, ".")
	if len(parts) != 3 || len(token) > 4096 {
		return c, errMalformed
	}
	rawHeader, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil {
		return c, errMalformed
	}
	var header struct {
		Alg string `json:"alg"`
	}
	if json.Unmarshal(rawHeader, &header) != nil || header.Alg != "HS256" {
		return c, errMalformed
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || !hmac.Equal(sig, mac(secret, parts[0]+"."+parts[1])) {
		return c, errSignature
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return c, errMalformed
	}
	dec := json.NewDecoder(bytes.NewReader(payload))
	if err := dec.Decode(&c); err != nil || c.JTI == "" || c.UserID <= 0 || c.Exp == 0 || c.Iat == 0 {
		return c, errMalformed
	}
	if !allowExpired && now.Unix() >= c.Exp {
		return c, errExpired
	}
	return c, nil
}

// newJTI is 128 random bits in hex, unique per token.
func newJTI() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
