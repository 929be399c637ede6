package compat

import "testing"

// TestPyTruthyDifferential compares PyTruthy on values decoded both ways
// with python3's bool(json.loads(text)), over JSTruthy's cases (where the
// two languages part on empty containers).
func TestPyTruthyDifferential(t *testing.T) {
	t.Parallel()
	const script = `import json,sys
print(json.dumps([str(bool(json.loads(j))).lower() for j in json.load(sys.stdin)]))`
	truthyDifferential(t, "python3", []string{"-c", script}, PyTruthy)
}
