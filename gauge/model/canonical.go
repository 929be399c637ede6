package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"unicode/utf16"

	"github.com/mcpgauge/mcpgauge/internal/compat"
)

// Style selects the separators of Python's json.dumps.
type Style int

const (
	// Compact uses separators (",", ":") and no indent: the form hashed by toolgauge.
	Compact Style = iota
	// PyDefault uses Python's default separators (", ", ": ") and no indent.
	PyDefault
	// Indent2 uses indent=2 with separators (",", ": "), as in toolgauge reports.
	Indent2
)

// Canonical encodes v the way Python's json.dumps(v, sort_keys=True,
// ensure_ascii=True) does, with the given separator style. v must be built of
// map[string]any, []any, string, json.Number, float64, int, int64, bool and
// nil (the shapes encoding/json produces with UseNumber), or of values that
// marshal to JSON, which are first round-tripped through encoding/json.
func Canonical(v any, style Style) ([]byte, error) {
	var b bytes.Buffer
	if err := writeCanonical(&b, v, style, 0); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// MustCanonical is Canonical for values known to be encodable; it panics otherwise.
func MustCanonical(v any, style Style) []byte {
	b, err := Canonical(v, style)
	if err != nil {
		panic(err)
	}
	return b
}

func writeCanonical(b *bytes.Buffer, v any, style Style, depth int) error {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case string:
		writePyString(b, x)
	case json.Number:
		b.WriteString(compat.PyNumber(x.String()))
	case float64:
		b.WriteString(compat.PyFloatRepr(x))
	case int:
		fmt.Fprintf(b, "%d", x)
	case int64:
		fmt.Fprintf(b, "%d", x)
	case []string:
		arr := make([]any, len(x))
		for i, s := range x {
			arr[i] = s
		}
		return writeCanonical(b, arr, style, depth)
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return nil
		}
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(itemSep(style))
			}
			newline(b, style, depth+1)
			if err := writeCanonical(b, e, style, depth+1); err != nil {
				return err
			}
		}
		newline(b, style, depth)
		b.WriteByte(']')
	case map[string]any:
		if len(x) == 0 {
			b.WriteString("{}")
			return nil
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteString(itemSep(style))
			}
			newline(b, style, depth+1)
			writePyString(b, k)
			if style == Compact {
				b.WriteByte(':')
			} else {
				b.WriteString(": ")
			}
			if err := writeCanonical(b, x[k], style, depth+1); err != nil {
				return err
			}
		}
		newline(b, style, depth)
		b.WriteByte('}')
	default:
		raw, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("canonical json: %w", err)
		}
		generic, err := DecodeJSON(raw)
		if err != nil {
			return err
		}
		return writeCanonical(b, generic, style, depth)
	}
	return nil
}

func itemSep(style Style) string {
	switch style {
	case Compact, Indent2:
		return ","
	default:
		return ", "
	}
}

func newline(b *bytes.Buffer, style Style, depth int) {
	if style != Indent2 {
		return
	}
	b.WriteByte('\n')
	for i := 0; i < depth; i++ {
		b.WriteString("  ")
	}
}

// writePyString writes s as Python's json.dumps with ensure_ascii=True would.
func writePyString(b *bytes.Buffer, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r >= 0x20 && r <= 0x7e:
			b.WriteRune(r)
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			for _, u := range []rune{r1, r2} {
				b.WriteString(`\u`)
				b.WriteByte(hex[u>>12&0xf])
				b.WriteByte(hex[u>>8&0xf])
				b.WriteByte(hex[u>>4&0xf])
				b.WriteByte(hex[u&0xf])
			}
		default:
			b.WriteString(`\u`)
			b.WriteByte(hex[r>>12&0xf])
			b.WriteByte(hex[r>>8&0xf])
			b.WriteByte(hex[r>>4&0xf])
			b.WriteByte(hex[r&0xf])
		}
	}
	b.WriteByte('"')
}

// DecodeJSON decodes data into generic values using json.Number for numbers.
func DecodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("decode json: %w", err)
	}
	return v, nil
}
