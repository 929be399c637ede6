package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/ClickHouse/clickhouse-go/v2/lib/proto"
	"modernc.org/sqlite"
)

// Errors that mean the store itself is in trouble, not one request: a
// caller should stop and tell the operator instead of retrying forever.
var (
	// ErrDamaged: the store's data is damaged (a truncated or overwritten
	// SQLite file). Restore it or move it aside; the next sweep rescans what
	// the store lacks.
	ErrDamaged = errors.New("store is damaged")
	// ErrFull: the store cannot write because its disk is full.
	ErrFull = errors.New("store is out of disk space")
)

// faultError keeps the driver's message and adds a kind callers test with
// errors.Is (ErrDamaged, ErrFull).
type faultError struct {
	kind error
	hint string
	err  error
}

func (e *faultError) Error() string   { return e.kind.Error() + ": " + e.err.Error() + e.hint }
func (e *faultError) Unwrap() []error { return []error{e.kind, e.err} }

// SQLite result codes (the low byte of an extended code).
const (
	sqliteCorrupt = 11
	sqliteFull    = 13
	sqliteNotADB  = 26
)

// classify marks err as ErrDamaged or ErrFull when the driver or the OS
// says so; other errors pass through unchanged. path names the SQLite file
// for the hint ("" for ClickHouse).
func classify(err error, path string) error {
	if err == nil {
		return nil
	}
	var fe *faultError
	if errors.As(err, &fe) {
		return err
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqliteCorrupt, sqliteNotADB:
			return &faultError{kind: ErrDamaged, err: err, hint: damagedHint(path)}
		case sqliteFull:
			return &faultError{kind: ErrFull, err: err, hint: "; free space on the disk holding " + path}
		}
	}
	var ex *proto.Exception
	if errors.As(err, &ex) && ex.Code == clickhouseNotEnoughSpace {
		return &faultError{kind: ErrFull, err: err, hint: "; free space on the ClickHouse server's disk"}
	}
	if errors.Is(err, syscall.ENOSPC) {
		return &faultError{kind: ErrFull, err: err}
	}
	return err
}

// clickhouseNotEnoughSpace is ClickHouse's NOT_ENOUGH_SPACE error code.
const clickhouseNotEnoughSpace = 243

func damagedHint(path string) string {
	return fmt.Sprintf("; the SQLite file %s is damaged: restore it from a backup or move it aside (the next sweep rescans what the store lacks)", path)
}

// checkSQLiteFile refuses a database file whose header promises more pages
// than the file holds (it was truncated): SQLite would otherwise read the
// missing pages as corruption only when a query reaches them. A missing or
// empty file is a new database and passes, and so does a file with a
// non-empty write-ahead log (SQLite checks the pages as it reads them).
func checkSQLiteFile(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	if fi.Size() == 0 {
		return nil
	}
	// With a write-ahead log the file may legitimately lag its header (a
	// checkpoint interrupted by a full disk); SQLite recovers from the log.
	if wal, err := os.Stat(path + "-wal"); err == nil && wal.Size() > 0 {
		return nil
	}
	var h [100]byte
	if _, err := io.ReadFull(f, h[:]); err != nil {
		return &faultError{kind: ErrDamaged, err: fmt.Errorf("%s is %d bytes, shorter than an SQLite header", path, fi.Size()), hint: damagedHint(path)}
	}
	if string(h[:16]) != "SQLite format 3\x00" {
		return &faultError{kind: ErrDamaged, err: fmt.Errorf("%s is not an SQLite database", path), hint: damagedHint(path)}
	}
	pageSize := int64(binary.BigEndian.Uint16(h[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	pages := int64(binary.BigEndian.Uint32(h[28:32]))
	// The page count is valid only when the change counter matches the
	// version-valid-for number (SQLite file format §1.3.7).
	valid := binary.BigEndian.Uint32(h[24:28]) == binary.BigEndian.Uint32(h[92:96])
	if valid && pages > 0 && fi.Size() < pages*pageSize {
		return &faultError{kind: ErrDamaged, err: fmt.Errorf("%s is %d bytes but its header counts %d pages of %d bytes (truncated)",
			path, fi.Size(), pages, pageSize), hint: damagedHint(path)}
	}
	return nil
}
