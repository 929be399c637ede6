package worker

import "testing"

// TestRemap: host directories map to their sandbox paths as whole path
// elements only, "~/" is below the home, and the longest key wins.
func TestRemap(t *testing.T) {
	t.Parallel()
	r := newRemap(map[string]string{"/c/mcpgauge/npm/k": "~/.npm/_npx/ab", "/c/mcpgauge/npm": "/var/npm", "/c/run-1": "/tmp/npm-1"}, "/home/sam")
	cases := []struct{ in, path, text string }{
		{"/c/mcpgauge/npm/k", "/home/sam/.npm/_npx/ab", "/home/sam/.npm/_npx/ab"},
		{"/c/mcpgauge/npm/k/node_modules/x/bin.js", "/home/sam/.npm/_npx/ab/node_modules/x/bin.js", "/home/sam/.npm/_npx/ab/node_modules/x/bin.js"},
		{"/c/mcpgauge/npm/k2", "/var/npm/k2", "/var/npm/k2"},
		{"/c/run-10", "/c/run-10", "/c/run-10"},
		{"/c/mcpgauge/npmx", "/c/mcpgauge/npmx", "/c/mcpgauge/npmx"},
		{"--prefix=/c/mcpgauge/npm/k:/c/run-1/cache", "--prefix=/c/mcpgauge/npm/k:/c/run-1/cache", "--prefix=/home/sam/.npm/_npx/ab:/tmp/npm-1/cache"},
		{"/usr/bin/node", "/usr/bin/node", "/usr/bin/node"},
	}
	for _, c := range cases {
		if got := r.path(c.in); got != c.path {
			t.Errorf("path(%q) = %q, want %q", c.in, got, c.path)
		}
		if got := r.text(c.in); got != c.text {
			t.Errorf("text(%q) = %q, want %q", c.in, got, c.text)
		}
	}
}
