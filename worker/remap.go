package worker

import (
	"path/filepath"
	"sort"
	"strings"
)

// remap shows host directories at other paths inside a sandbox
// (Spec.Remap), so that no host path (a cache below /var/cache/pkgcache, a
// worker's data directory) shows in the sandbox's mounts, command lines,
// environment or working directory.
type remap struct {
	// from are host directories, longest first; to[i] is where from[i]
	// shows inside the sandbox.
	from, to []string
}

// newRemap resolves m (host directory → sandbox path, "~/" meaning below
// home) for a sandbox whose home is home.
func newRemap(m map[string]string, home string) remap {
	var r remap
	keys := make([]string, 0, len(m))
	for k := range m {
		if k != "" && m[k] != "" {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		return len(keys[i]) > len(keys[j]) || (len(keys[i]) == len(keys[j]) && keys[i] < keys[j])
	})
	for _, k := range keys {
		to := m[k]
		if rest, ok := strings.CutPrefix(to, "~/"); ok {
			to = filepath.Join(home, rest)
		}
		r.from = append(r.from, filepath.Clean(k))
		r.to = append(r.to, filepath.Clean(to))
	}
	return r
}

// path is where host path p shows inside the sandbox.
func (r remap) path(p string) string {
	for i, f := range r.from {
		if p == f {
			return r.to[i]
		}
		if rest, ok := strings.CutPrefix(p, f+"/"); ok {
			return r.to[i] + "/" + rest
		}
	}
	return p
}

// text rewrites every host directory named in s (an argument, an
// environment value, a PATH list) to its sandbox path. A name counts only
// as a whole path element: /a/cache does not match /a/cache2.
func (r remap) text(s string) string {
	for i, f := range r.from {
		var b strings.Builder
		rest := s
		for {
			j := strings.Index(rest, f)
			if j < 0 {
				b.WriteString(rest)
				break
			}
			end := j + len(f)
			if end < len(rest) && pathByte(rest[end]) {
				b.WriteString(rest[:end])
				rest = rest[end:]
				continue
			}
			b.WriteString(rest[:j])
			b.WriteString(r.to[i])
			rest = rest[end:]
		}
		s = b.String()
	}
	return s
}

// pathByte reports whether c may continue a file name (so a match that
// ends before it is only a prefix of a longer name).
func pathByte(c byte) bool {
	return c == '.' || c == '-' || c == '_' || c == '~' || c == '@' || c == '+' ||
		(c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}
