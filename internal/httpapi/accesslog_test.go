package httpapi_test

import (
	"testing"

	"dwa/internal/shoptest"
)

// TestAccessLogModes: DWA_ACCESS_LOG picks which requests get a line;
// errors and slow requests are logged in every mode but off.
func TestAccessLogModes(t *testing.T) {
	st := shoptest.OpenSQLite(t)
	for _, tc := range []struct {
		name      string
		env       map[string]string
		ok, fails int // requests answered 200 and 404
		wantLines int
		wantSlow  bool
	}{
		{"all", map[string]string{"DWA_ACCESS_LOG": "all"}, 4, 1, 5, false},
		{"off", map[string]string{"DWA_ACCESS_LOG": "off", "DWA_SLOW_REQUEST": "1ns"}, 4, 1, 0, false},
		{"errors", map[string]string{"DWA_ACCESS_LOG": "errors"}, 4, 1, 1, false},
		{"errors and slow requests", map[string]string{"DWA_ACCESS_LOG": "errors", "DWA_SLOW_REQUEST": "1ns"}, 4, 1, 5, true},
		{"one in three, and every error", map[string]string{"DWA_ACCESS_LOG": "sampled:3"}, 6, 1, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := shoptest.NewApp(t, st, tc.env)
			for range tc.ok {
				assertStatus(t, a.Do("GET", "/healthz", "").Code, 200)
			}
			for range tc.fails {
				assertStatus(t, a.Do("GET", "/api/nope/", "", "X-Request-ID", "nope-1").Code, 404)
			}
			lines, errorLogged := 0, false
			for _, rec := range a.Logs.Lines() {
				if rec["msg"] != "request" {
					continue
				}
				lines++
				if slow, _ := rec["slow"].(bool); slow != tc.wantSlow {
					t.Errorf("slow = %v; want %t: %v", rec["slow"], tc.wantSlow, rec)
				}
				if rec["status"] == float64(404) {
					errorLogged = rec["request_id"] == "nope-1"
				}
			}
			if lines != tc.wantLines {
				t.Errorf("%d access lines; want %d", lines, tc.wantLines)
			}
			if tc.wantLines > 0 && !errorLogged {
				t.Error("the 404 was not logged with its request id")
			}
		})
	}
}
