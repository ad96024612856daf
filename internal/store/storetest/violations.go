package storetest

import (
	"errors"

	sqlite3 "modernc.org/sqlite/lib"
)

// violation names the database rule a statement broke, read from the
// engine's own error code, so a test can tell "the rule held" from "the
// statement was wrong".
type violation string

const (
	noViolation         violation = "no error"
	otherError          violation = "other error"
	uniqueViolation     violation = "unique"
	checkViolation      violation = "check"
	foreignKeyViolation violation = "foreign-key"
)

// violationOf classifies err by PostgreSQL's SQLSTATE (class 23) or
// SQLite's extended result code. Both drivers' errors are matched by
// method, so this package needs neither driver.
func violationOf(err error) violation {
	if err == nil {
		return noViolation
	}
	var pg interface{ SQLState() string }
	if errors.As(err, &pg) {
		switch pg.SQLState() {
		case "23505":
			return uniqueViolation
		case "23514":
			return checkViolation
		case "23503":
			return foreignKeyViolation
		}
		return otherError
	}
	var lite interface{ Code() int }
	if errors.As(err, &lite) {
		switch lite.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return uniqueViolation
		case sqlite3.SQLITE_CONSTRAINT_CHECK:
			return checkViolation
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return foreignKeyViolation
		}
	}
	return otherError
}
