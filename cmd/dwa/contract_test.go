package main

import (
	"os"
	"testing"

	"dwa/internal/shoptest"
)

// TestMain checks every exchange these tests have with a real `dwa serve`
// (through http.Get, http.Post and http.DefaultClient) against
// api/openapi.yaml; a disagreement fails the run.
func TestMain(m *testing.M) { os.Exit(shoptest.RunCheckingContract(m)) }
