package benchkit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

var client = &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 200}}

// Call sends one request (JSON body when body is not empty, bearer token
// when token is not empty) and returns the status and body; status 0 is a
// transport failure.
func Call(method, url, token, body string) (int, []byte) {
	req, _ := http.NewRequest(method, url, bytes.NewBufferString(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// SignIn returns an access token. api is the base URL ending in /api.
func SignIn(api, username, password string) (string, error) {
	code, b := Call("POST", api+"/auth/jwt/create/", "", fmt.Sprintf(`{"username":%q,"password":%q}`, username, password))
	var t struct{ Access string }
	if code != 200 || json.Unmarshal(b, &t) != nil {
		return "", fmt.Errorf("login %s: %d %s", username, code, b)
	}
	return t.Access, nil
}

// SignUp registers a shopper and signs them in.
func SignUp(api, name string) (string, error) {
	const password = "Bench-Kente-2026!"
	body := fmt.Sprintf(`{"username":%q,"email":"%s@bench.example","password":%q,"re_password":%q}`, name, name, password, password)
	if code, b := Call("POST", api+"/auth/users/", "", body); code != 201 {
		return "", fmt.Errorf("register %s: %d %s (run the server with DWA_RATE_LIMITS=register=off,login=off,order=off)", name, code, b)
	}
	return SignIn(api, name, password)
}

// Inventory reads a product's stock from the public API.
func Inventory(api string, id int) (int, error) {
	code, b := Call("GET", fmt.Sprintf("%s/store/products/%d/?fields=inventory", api, id), "", "")
	var p struct{ Inventory int }
	if code != 200 || json.Unmarshal(b, &p) != nil {
		return 0, fmt.Errorf("product %d: %d %s", id, code, b)
	}
	return p.Inventory, nil
}

// ClearBag empties the shopper's bag after a refused order, so the next
// order does not carry the refused line.
func ClearBag(api, token string) {
	_, b := Call("GET", api+"/store/cart-items/", token, "")
	var lines []struct{ ID int64 }
	_ = json.Unmarshal(b, &lines)
	for _, l := range lines {
		Call("DELETE", fmt.Sprintf("%s/store/cart-items/%d/", api, l.ID), token, "")
	}
}
