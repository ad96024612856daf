package postgres_test

import (
	"os"
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/storetest"
)

func TestConformance(t *testing.T) {
	if os.Getenv("DWA_TEST_DATABASE_URL") == "" {
		if os.Getenv("DWA_REQUIRE_POSTGRES") == "1" {
			t.Fatal("DWA_REQUIRE_POSTGRES=1 but DWA_TEST_DATABASE_URL is not set")
		}
		t.Skip("DWA_TEST_DATABASE_URL not set; PostgreSQL conformance skipped")
	}
	storetest.Run(t, shoptest.OpenPostgres)
}
