package compat

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
)

// JSRound is JavaScript's Math.round: halves round up (towards +Inf). It
// compares x with its floor instead of computing floor(x+0.5), which rounds
// 0.49999999999999994 to 1 because the sum is not exact.
func JSRound(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	f := math.Floor(x)
	if x-f >= 0.5 {
		return f + 1
	}
	return f
}

// JSNumber is ECMAScript Number::toString(10) for a finite number, as
// JSON.stringify writes it; NaN and infinities stringify as null.
func JSNumber(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "null"
	}
	if f == 0 {
		return "0"
	}
	sign := ""
	if f < 0 {
		sign = "-"
		f = -f
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // d.ddde±XX
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	k, n := len(digits), x+1
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	es := "+"
	ev := n - 1
	if ev < 0 {
		es, ev = "-", -ev
	}
	if k == 1 {
		return sign + digits + "e" + es + strconv.Itoa(ev)
	}
	return sign + digits[:1] + "." + digits[1:] + "e" + es + strconv.Itoa(ev)
}

// JSLength is JavaScript's s.length: the number of UTF-16 code units.
func JSLength(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// JSLowerASCII lowercases ASCII letters only, which is what a JavaScript
// /i regex (without the u flag) folds for ASCII patterns; Go's (?i) would
// also fold U+017F and U+212A.
func JSLowerASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' {
			return r + 32
		}
		return r
	}, s)
}
