package compat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// PyRound is Python 3's round(x) for a float: halves go to the even
// neighbour.
func PyRound(x float64) int { return int(math.RoundToEven(x)) }

// PyNumber respells JSON number text the way Python's json.dumps writes
// the value json.loads makes of it: integers exactly (with -0 as 0), other
// numbers as repr(float).
func PyNumber(s string) string {
	if !strings.ContainsAny(s, ".eE") {
		if s == "-0" {
			return "0"
		}
		return s
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return s
	}
	return PyFloatRepr(f)
}

// PyFloatRepr is Python's repr(float) (and json.dumps of a float): the
// shortest round-tripping digits, in fixed notation when the decimal exponent
// is in (-4, 16], else as d.ddde+XX.
func PyFloatRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case math.IsNaN(f):
		return "NaN"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // [-]d[.ddd]e±XX
	sign := ""
	if e[0] == '-' {
		sign, e = "-", e[1:]
	}
	mant, expText, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(expText)
	decpt := exp + 1
	if decpt > -4 && decpt <= 16 {
		switch {
		case decpt <= 0:
			return sign + "0." + strings.Repeat("0", -decpt) + digits
		case decpt < len(digits):
			return sign + digits[:decpt] + "." + digits[decpt:]
		default:
			return sign + digits + strings.Repeat("0", decpt-len(digits)) + ".0"
		}
	}
	out := sign + digits[:1]
	if len(digits) > 1 {
		out += "." + digits[1:]
	}
	x := decpt - 1
	es := "+"
	if x < 0 {
		es, x = "-", -x
	}
	return fmt.Sprintf("%se%s%02d", out, es, x)
}

// PyRepr quotes s the way Python's repr() quotes a str: single quotes unless
// the string contains a single quote and no double quote; non-printable
// characters escaped as \xXX, \uXXXX or \UXXXXXXXX.
func PyRepr(s string) string {
	quote := '\''
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		quote = '"'
	}
	var b strings.Builder
	b.WriteRune(quote)
	for _, r := range s {
		switch {
		case r == quote || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == ' ' || (r > ' ' && r < 0x7f):
			b.WriteRune(r)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteRune(quote)
	return b.String()
}

// PyStrJSON is Python's str(json.loads(raw)): a string as it is, anything
// else in repr form (None, True, 1.0, [..], {..}) with object keys in
// document order, as Python's json keeps them (a repeated key keeps its
// first position and takes its last value). It is "" when raw is not JSON.
func PyStrJSON(raw json.RawMessage) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return ""
	}
	if s, ok := tok.(string); ok {
		return s
	}
	var b strings.Builder
	if writeReprJSON(&b, dec, tok) != nil {
		return ""
	}
	return b.String()
}

// writeReprJSON writes the value that starts with tok, reading the rest from dec.
func writeReprJSON(b *strings.Builder, dec *json.Decoder, tok json.Token) error {
	switch x := tok.(type) {
	case json.Delim:
		switch x {
		case '[':
			b.WriteByte('[')
			for i := 0; dec.More(); i++ {
				if i > 0 {
					b.WriteString(", ")
				}
				t, err := dec.Token()
				if err != nil {
					return err
				}
				if err := writeReprJSON(b, dec, t); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			b.WriteByte(']')
		case '{':
			var keys []string
			vals := map[string]string{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				k, _ := kt.(string)
				vt, err := dec.Token()
				if err != nil {
					return err
				}
				var vb strings.Builder
				if err := writeReprJSON(&vb, dec, vt); err != nil {
					return err
				}
				if _, seen := vals[k]; !seen {
					keys = append(keys, k)
				}
				vals[k] = vb.String()
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			b.WriteByte('{')
			for i, k := range keys {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(PyRepr(k))
				b.WriteString(": ")
				b.WriteString(vals[k])
			}
			b.WriteByte('}')
		}
	default:
		b.WriteString(pyReprScalar(x))
	}
	return nil
}

// PyStr is Python's str() of a decoded JSON value (nil, bool, string,
// json.Number, float64, int, []any, map[string]any). A Go map has no key
// order, so a map's keys come sorted; use PyStrJSON where the document
// order matters.
func PyStr(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return pyReprValue(v)
}

func pyReprValue(v any) string {
	switch x := v.(type) {
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = pyReprValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = PyRepr(k) + ": " + pyReprValue(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return pyReprScalar(v)
}

func pyReprScalar(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case bool:
		if x {
			return "True"
		}
		return "False"
	case string:
		return PyRepr(x)
	case json.Number:
		return PyNumber(x.String())
	case float64:
		return PyFloatRepr(x)
	}
	return fmt.Sprint(v)
}
