package httpapi_test

import (
	"log/slog"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	// Access logs of hundreds of test requests drown the failures.
	if os.Getenv("DWA_TEST_LOG") == "" {
		slog.SetDefault(slog.New(slog.DiscardHandler))
	}
	os.Exit(m.Run())
}
