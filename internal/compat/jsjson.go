package compat

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// JSValue is a JSON value as JavaScript's JSON.parse holds it: strings as
// UTF-16 code units (lone surrogates survive), numbers as float64, objects
// as ordered keys where a repeated key keeps its first position and its last
// value. It exists so JSON.stringify can be reproduced exactly.
type JSValue struct {
	// Kind is 'o' object, 'a' array, 's' string, 'n' number, 't' true,
	// 'f' false or 'z' null.
	Kind byte
	// Str holds a string; Num a number; Keys and Vals an object's keys
	// and values, or (Vals) an array's elements.
	Str  []uint16
	Num  float64
	Keys [][]uint16
	Vals []*JSValue
}

// Get returns the value of key k in an object, or nil.
func (v *JSValue) Get(k string) *JSValue {
	if v == nil || v.Kind != 'o' {
		return nil
	}
	want := utf16.Encode([]rune(k))
	for i, key := range v.Keys {
		if equal16(key, want) {
			return v.Vals[i]
		}
	}
	return nil
}

func equal16(a, b []uint16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Truthy is JavaScript truthiness; a nil value is undefined (falsy).
func (v *JSValue) Truthy() bool {
	if v == nil {
		return false
	}
	switch v.Kind {
	case 'z', 'f':
		return false
	case 's':
		return len(v.Str) > 0
	case 'n':
		return v.Num != 0 && !math.IsNaN(v.Num)
	}
	return true
}

// JSONParse parses JSON text the way JSON.parse does.
func JSONParse(data []byte) (*JSValue, error) {
	p := &jsParser{s: data}
	p.ws()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.ws()
	if p.i != len(p.s) {
		return nil, fmt.Errorf("json: trailing data at byte %d", p.i)
	}
	return v, nil
}

type jsParser struct {
	s []byte
	i int
}

func (p *jsParser) ws() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsParser) errf(format string, a ...any) error {
	return fmt.Errorf("json: "+format+" at byte %d", append(a, p.i)...)
}

func (p *jsParser) value(depth int) (*JSValue, error) {
	if depth > 10000 {
		return nil, p.errf("nesting too deep")
	}
	if p.i >= len(p.s) {
		return nil, p.errf("unexpected end of input")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		v := &JSValue{Kind: 'o'}
		index := map[string]int{}
		p.ws()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return v, nil
		}
		for {
			p.ws()
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				return nil, p.errf("expected object key")
			}
			k, err := p.str()
			if err != nil {
				return nil, err
			}
			p.ws()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil, p.errf("expected ':'")
			}
			p.i++
			p.ws()
			val, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			ks := string(utf16Bytes(k))
			if at, ok := index[ks]; ok {
				v.Vals[at] = val
			} else {
				index[ks] = len(v.Keys)
				v.Keys = append(v.Keys, k)
				v.Vals = append(v.Vals, val)
			}
			p.ws()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == '}' {
				p.i++
				return v, nil
			}
			return nil, p.errf("expected ',' or '}'")
		}
	case c == '[':
		p.i++
		v := &JSValue{Kind: 'a'}
		p.ws()
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return v, nil
		}
		for {
			p.ws()
			val, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.Vals = append(v.Vals, val)
			p.ws()
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
				continue
			}
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				return v, nil
			}
			return nil, p.errf("expected ',' or ']'")
		}
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &JSValue{Kind: 's', Str: s}, nil
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range [...]struct {
			text string
			kind byte
		}{{"true", 't'}, {"false", 'f'}, {"null", 'z'}} {
			if bytes.HasPrefix(p.s[p.i:], []byte(lit.text)) {
				p.i += len(lit.text)
				return &JSValue{Kind: lit.kind}, nil
			}
		}
		return nil, p.errf("invalid literal")
	case c == '-' || (c >= '0' && c <= '9'):
		start := p.i
		for p.i < len(p.s) && strings.IndexByte("+-0123456789.eE", p.s[p.i]) >= 0 {
			p.i++
		}
		f, err := strconv.ParseFloat(string(p.s[start:p.i]), 64)
		if err != nil && !math.IsInf(f, 0) {
			return nil, fmt.Errorf("json: invalid number %q at byte %d", p.s[start:p.i], start)
		}
		return &JSValue{Kind: 'n', Num: f}, nil
	}
	return nil, p.errf("unexpected character %q", p.s[p.i])
}

// str reads a JSON string into UTF-16 code units. Invalid UTF-8 becomes
// U+FFFD, as a UTF-8 decoder in replacement mode would make it.
func (p *jsParser) str() ([]uint16, error) {
	p.i++ // opening quote
	out := make([]uint16, 0, 16)
	for {
		if p.i >= len(p.s) {
			return nil, p.errf("unterminated string")
		}
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return out, nil
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return nil, p.errf("unterminated escape")
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				out = append(out, uint16(e))
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				if p.i+4 > len(p.s) {
					return nil, p.errf("short \\u escape")
				}
				u, err := strconv.ParseUint(string(p.s[p.i:p.i+4]), 16, 16)
				if err != nil {
					return nil, p.errf("invalid \\u escape")
				}
				out = append(out, uint16(u))
				p.i += 4
			default:
				return nil, p.errf("invalid escape \\%c", e)
			}
		default:
			r, n := utf8.DecodeRune(p.s[p.i:])
			p.i += n
			out = utf16.AppendRune(out, r)
		}
	}
}

func utf16Bytes(u []uint16) []byte {
	b := make([]byte, 2*len(u))
	for i, x := range u {
		b[2*i] = byte(x >> 8)
		b[2*i+1] = byte(x)
	}
	return b
}

// Stringify appends JSON.Stringify(v) (no indentation) to b.
func (v *JSValue) Stringify(b *strings.Builder) {
	switch v.Kind {
	case 'z':
		b.WriteString("null")
	case 't':
		b.WriteString("true")
	case 'f':
		b.WriteString("false")
	case 'n':
		b.WriteString(JSNumber(v.Num))
	case 's':
		JSQuote(b, v.Str)
	case 'a':
		b.WriteByte('[')
		for i, e := range v.Vals {
			if i > 0 {
				b.WriteByte(',')
			}
			e.Stringify(b)
		}
		b.WriteByte(']')
	case 'o':
		b.WriteByte('{')
		for n, i := range JSKeyOrder(v.Keys) {
			if n > 0 {
				b.WriteByte(',')
			}
			JSQuote(b, v.Keys[i])
			b.WriteByte(':')
			v.Vals[i].Stringify(b)
		}
		b.WriteByte('}')
	}
}

// JSKeyOrder is the order JavaScript enumerates own string keys: array-index
// keys (canonical integers below 2^32-1) ascending, then the rest in
// insertion order.
func JSKeyOrder(keys [][]uint16) []int {
	type idx struct {
		pos int
		n   uint64
	}
	var ints []idx
	var rest []int
	for i, k := range keys {
		if n, ok := arrayIndex(k); ok {
			ints = append(ints, idx{i, n})
		} else {
			rest = append(rest, i)
		}
	}
	sort.Slice(ints, func(a, b int) bool { return ints[a].n < ints[b].n })
	out := make([]int, 0, len(keys))
	for _, x := range ints {
		out = append(out, x.pos)
	}
	return append(out, rest...)
}

func arrayIndex(k []uint16) (uint64, bool) {
	if len(k) == 0 || len(k) > 10 || (len(k) > 1 && k[0] == '0') {
		return 0, false
	}
	var n uint64
	for _, c := range k {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, n < 1<<32-1
}

// JSQuote writes a string the way JSON.stringify does (ES2019 well-formed
// stringify): only '"', '\\' and controls are escaped, lone surrogates become
// \uXXXX (lowercase hex), everything else is written as is.
func JSQuote(b *strings.Builder, s []uint16) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		case utf16.IsSurrogate(rune(c)):
			if c < 0xDC00 && i+1 < len(s) && s[i+1] >= 0xDC00 && s[i+1] <= 0xDFFF {
				b.WriteRune(utf16.DecodeRune(rune(c), rune(s[i+1])))
				i++
				continue
			}
			b.WriteString(`\u`)
			for shift := 12; shift >= 0; shift -= 4 {
				b.WriteByte(hex[(c>>shift)&15])
			}
		default:
			b.WriteRune(rune(c))
		}
	}
	b.WriteByte('"')
}
