package shop

import "time"

// TimeLayout is the wire form of every timestamp: UTC, 3 fractional digits, Z.
const TimeLayout = "2006-01-02T15:04:05.000Z"

// FormatTime renders t in the contract's timestamp form.
func FormatTime(t time.Time) string { return t.UTC().Format(TimeLayout) }

// Millis converts t to Unix milliseconds, the storage form of every timestamp.
func Millis(t time.Time) int64 { return t.UnixMilli() }

// FromMillis converts stored Unix milliseconds back to a UTC time.
func FromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
