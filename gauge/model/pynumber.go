package model

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

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
	expSign := "+"
	if exp < 0 {
		expSign, exp = "-", -exp
	}
	return fmt.Sprintf("%se%s%02d", out, expSign, exp)
}
