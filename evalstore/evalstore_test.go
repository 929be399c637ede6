package evalstore_test

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/mcpgauge/mcpgauge/evalstore"
)

// TestKeyScopes: the unscoped key is the hash of the eval key alone (the
// form earlier versions stored); each scope has its own keys, and a
// scope and key cannot be shifted into one another.
func TestKeyScopes(t *testing.T) {
	t.Parallel()
	sum := sha256.Sum256([]byte("k1"))
	if got := evalstore.Key("", "k1"); got != hex.EncodeToString(sum[:]) {
		t.Errorf("unscoped key %s, want sha256 of the key", got)
	}
	seen := map[string]string{}
	for _, tc := range []struct{ scope, key string }{
		{"", "k1"}, {"io.a/x", "k1"}, {"io.b/y", "k1"}, {"io.a/x", "k2"}, {"io.a/x\x00k", "1"}, {"io.a/", "xk1"},
	} {
		k := evalstore.Key(tc.scope, tc.key)
		if prev, dup := seen[k]; dup {
			t.Errorf("%q/%q and %s share the bucket key %s", tc.scope, tc.key, prev, k)
		}
		seen[k] = tc.scope + "/" + tc.key
		if len(k) != 64 {
			t.Errorf("key %q is not hex SHA-256", k)
		}
	}
}

// TestDecode: only a stored answer naming its model decodes.
func TestDecode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{`{"model":"m","called":true,"tool":"t"}`, true},
		{`{"model":"m"}`, true},
		{`{"called":true}`, false},
		{`[]`, false},
		{`{"model":"m",`, false},
		{`{"model":7}`, false},
	} {
		_, err := evalstore.Decode([]byte(tc.in))
		if (err == nil) != tc.ok {
			t.Errorf("Decode(%s): %v, want ok=%v", tc.in, err, tc.ok)
		}
	}
}
