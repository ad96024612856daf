package main

import "testing"

func TestParseCPU(t *testing.T) {
	tests := []struct {
		name, stat string
		want       int64
		wantErr    bool
	}{
		// Fields after the name: state ppid pgrp session tty tpgid flags
		// minflt cminflt majflt cmajflt utime stime …
		{"plain", "123 (dwa) S 1 2 3 4 5 6 7 8 9 10 250 50 0 0", 300, false},
		{"name with spaces and parens", "123 (d) w a) R 1 2 3 4 5 6 7 8 9 10 7 5 0", 12, false},
		{"short", "123 (dwa) S 1 2", 0, true},
		{"not a number", "123 (dwa) S 1 2 3 4 5 6 7 8 9 10 x 5 0", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseCPU(tt.stat)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Fatalf("parseCPU = %d, %v; want %d, error %v", got, err, tt.want, tt.wantErr)
			}
		})
	}
}
