package registry

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// bom is the UTF-8 byte order mark some registry dumps start with.
var bom = []byte("\xef\xbb\xbf")

// StripBOM removes a leading UTF-8 byte order mark.
func StripBOM(b []byte) []byte { return bytes.TrimPrefix(b, bom) }

// flexString decodes a JSON string, number or bool as its text; null is "".
// Registry data holds defaults and values of all three kinds.
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*f = ""
		return nil
	}
	switch b[0] {
	case '"':
		s, err := unquote(b)
		if err != nil {
			return err
		}
		*f = flexString(s)
	case '{', '[':
		// An object or array where a scalar belongs: keep its JSON text
		// rather than failing the whole page.
		*f = flexString(b)
	default:
		*f = flexString(b)
	}
	return nil
}

// unquote decodes a JSON string literal. The decoder has already checked
// that b is valid JSON, so a literal without escapes is its bytes between the
// quotes; only escaped literals go through encoding/json (a 6x saving on
// registry pages, which are mostly strings).
func unquote(b []byte) (string, error) {
	if len(b) >= 2 && b[len(b)-1] == '"' && bytes.IndexByte(b[1:len(b)-1], '\\') < 0 && bytes.IndexByte(b[1:len(b)-1], '"') < 0 && utf8.Valid(b) {
		return string(b[1 : len(b)-1]), nil
	}
	var s string
	err := json.Unmarshal(b, &s)
	return s, err
}

// flexBool decodes true/false, "true"/"false" and 0/1; anything else is false.
type flexBool bool

func (f *flexBool) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	v, err := strconv.ParseBool(s)
	*f = flexBool(err == nil && v)
	return nil
}

// flexStrings decodes a list of scalars, a single scalar or null.
type flexStrings []string

func (f *flexStrings) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*f = nil
		return nil
	}
	if b[0] != '[' {
		var s flexString
		if err := s.UnmarshalJSON(b); err != nil {
			return err
		}
		*f = flexStrings{string(s)}
		return nil
	}
	var raw []flexString
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	out := make(flexStrings, len(raw))
	for i, s := range raw {
		out[i] = string(s)
	}
	*f = out
	return nil
}

// flexTime decodes every time format seen in registry data (see ParseTime).
type flexTime struct{ time.Time }

func (f *flexTime) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" || string(b) == `""` {
		f.Time = time.Time{}
		return nil
	}
	var s string
	if b[0] == '"' {
		var err error
		if s, err = unquote(b); err != nil {
			return err
		}
	} else {
		s = string(b)
	}
	t, err := ParseTime(s)
	if err != nil {
		return err
	}
	f.Time = t
	return nil
}

// timeLayouts are tried in order by ParseTime.
func timeLayouts() []string {
	return []string{
		time.RFC3339Nano,                          // registry: 2025-09-08T23:47:09.452138Z
		"2006-01-02T15:04:05.999999999",           // no zone: taken as UTC
		"2006-01-02 15:04:05.999999999Z07:00",     // space separator
		"2006-01-02 15:04:05.999999999-07",        // PostgreSQL text output
		"2006-01-02 15:04:05.999999999",           // space, no zone
		"2006-01-02 15:04:05.999999999 -0700 MST", // Go time.Time.String()
		time.RFC1123, // HTTP dates
		time.RFC1123Z,
		"2006-01-02",
	}
}

// ParseTime parses a registry timestamp. It accepts RFC 3339 with any
// fractional precision (nanoseconds in the September 2025 crawls,
// microseconds later), the same without a zone (taken as UTC), a space
// instead of the T, PostgreSQL's "-07" zone, Go's time.String form, HTTP
// dates, bare dates, PowerShell's "/Date(ms)/" and Unix seconds or
// milliseconds as a number. The result is in UTC.
func ParseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if strings.HasPrefix(s, "/Date(") && strings.HasSuffix(s, ")/") {
		inner := s[len("/Date(") : len(s)-2]
		// "/Date(1700000000000+0100)/": the offset is informational; the
		// number is UTC milliseconds.
		if i := strings.IndexAny(inner[min(1, len(inner)):], "+-"); i >= 0 {
			inner = inner[:i+min(1, len(inner))]
		}
		ms, err := strconv.ParseInt(inner, 10, 64)
		if err != nil {
			return time.Time{}, fmt.Errorf("time %q: %w", s, err)
		}
		return time.UnixMilli(ms).UTC(), nil
	}
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		if n > 1e11 || n < -1e11 { // milliseconds
			return time.UnixMilli(int64(n)).UTC(), nil
		}
		sec := int64(n)
		return time.Unix(sec, int64((n-float64(sec))*1e9)).UTC(), nil
	}
	for _, layout := range timeLayouts() {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("time %q: not a known timestamp format", s)
}
