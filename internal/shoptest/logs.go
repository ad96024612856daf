package shoptest

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"sync"
)

// Logs records an app's log lines as JSON, and passes them on to the
// default logger too (silent in tests unless they ask for it).
type Logs struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *Logs) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *Logs) logger() *slog.Logger {
	own := slog.NewJSONHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug})
	return slog.New(slog.NewMultiHandler(own, slog.Default().Handler()))
}

// Lines returns the records logged so far, each decoded from its JSON line.
func (l *Logs) Lines() []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range bytes.Split(bytes.TrimSpace(l.buf.Bytes()), []byte("\n")) {
		var rec map[string]any
		if json.Unmarshal(line, &rec) == nil {
			out = append(out, rec)
		}
	}
	return out
}
