package main

import (
	"io"
	"log/slog"

	"dwa/internal/httpapi"
)

// newLogger writes JSON lines at the given level; every line logged while
// a request is served carries its request id.
func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level))
	return slog.New(httpapi.LogRequestIDs(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l})))
}
