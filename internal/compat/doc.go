// Package compat holds the Python and JavaScript emulation the reference
// profiles need, in one place: Python's rounding, repr/str and float
// spelling (pyfmt.go), its str methods (isupper, lower, split, isspace,
// `\w`, inspect.cleandoc: pystr.go), and JavaScript's Math.round, Number#toString and
// String#length (jsmath.go), truthiness (jstruthy.go), and JSON.parse
// and JSON.stringify over UTF-16 strings (jsjson.go). Each function
// says which expression it reproduces; differential tests compare them
// against python3 and node.
package compat
