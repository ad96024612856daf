package service

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"
)

func TestJWT(t *testing.T) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	now := time.Unix(1_780_000_000, 0)
	good := claims{TokenType: accessToken, Exp: now.Add(time.Minute).Unix(), Iat: now.Unix(), JTI: "j1", UserID: 7}
	token, err := signJWT(secret, good)
	if err != nil {
		t.Fatal(err)
	}
	c, err := parseJWT(secret, token, now, false)
	if err != nil || c != good {
		t.Fatalf("round trip = %+v, %v", c, err)
	}
	parts := strings.Split(token, ".")
	enc := base64.RawURLEncoding.EncodeToString
	tests := []struct {
		name  string
		token string
		at    time.Time
		want  error
	}{
		{"alg none without signature", enc([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + parts[1] + ".", now, errMalformed},
		{"alg none with the real signature", enc([]byte(`{"alg":"none"}`)) + "." + parts[1] + "." + parts[2], now, errMalformed},
		{"HS512", enc([]byte(`{"alg":"HS512"}`)) + "." + parts[1] + "." + parts[2], now, errMalformed},
		{"tampered claims", parts[0] + "." + enc([]byte(`{"token_type":"access","exp":9999999999,"iat":1,"jti":"x","user_id":1}`)) + "." + parts[2], now, errSignature},
		{"other key", mustSign(t, []byte("another-secret-another-secret-!!"), good), now, errSignature},
		{"two parts", parts[0] + "." + parts[1], now, errMalformed},
		{"expired", token, now.Add(time.Minute), errExpired},
		{"missing claims", mustSign(t, secret, claims{TokenType: accessToken, Exp: now.Add(time.Hour).Unix()}), now, errMalformed},
	}
	for _, tc := range tests {
		if _, err := parseJWT(secret, tc.token, tc.at, false); err != tc.want {
			t.Errorf("%s: err = %v; want %v", tc.name, err, tc.want)
		}
	}
	if _, err := parseJWT(secret, token, now.Add(time.Hour), true); err != nil {
		t.Errorf("allowExpired: %v", err)
	}
}

func mustSign(t *testing.T, secret []byte, c claims) string {
	t.Helper()
	s, err := signJWT(secret, c)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
