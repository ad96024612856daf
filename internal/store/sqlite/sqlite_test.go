package sqlite_test

import (
	"testing"

	"dwa/internal/shoptest"
	"dwa/internal/store/storetest"
)

func TestConformance(t *testing.T) { storetest.Run(t, shoptest.OpenSQLite) }
