package report

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Bounds on the source walk: a server's repository is read once, and a
// huge tree or file is cut short rather than read whole.
const (
	locateMaxFiles = 4000
	locateMaxFile  = 2 << 20
	locateMaxTotal = 64 << 20
)

// sourceExts are the files a tool's declaration may be in.
var sourceExts = map[string]bool{
	".ts": true, ".mts": true, ".cts": true, ".tsx": true, ".js": true, ".mjs": true, ".cjs": true,
	".py": true, ".go": true, ".rs": true, ".java": true, ".kt": true, ".cs": true, ".rb": true,
	".php": true, ".json": true, ".yaml": true, ".yml": true,
}

// Location is where a SARIF result points: a file (relative to the SARIF
// base, or an absolute URI) and a 1-based line.
type Location struct {
	URI  string
	Line int
}

// Locator finds the file and line that declare a tool, prompt or
// resource, so SARIF results carry a physical location: the first quoted
// occurrence of the name in the server's sources (hand-written sources
// before build output), else the manifest or entry file. The zero value
// locates nothing.
type Locator struct {
	base     string
	files    []string // in preference order, absolute
	fallback Location
	found    map[string]Location
	cache    map[string][]byte
	budget   int
}

// NewLocator prepares a Locator over the sources under root (a directory;
// "" for none). fallback is the file every result without a better place
// points at (a manifest, entry file or --tools-json file; "" for none);
// paths are written relative to base (the working directory a code
// scanner resolves them from).
func NewLocator(root, fallback, base string) *Locator {
	l := &Locator{base: base, found: map[string]Location{}, cache: map[string][]byte{}, budget: locateMaxTotal}
	if fallback != "" {
		l.fallback = Location{URI: l.uri(fallback), Line: 1}
		if !isURL(fallback) {
			l.files = append(l.files, absPath(fallback))
		}
	}
	if root != "" {
		primary, built := walkSources(absPath(root))
		l.files = append(l.files, primary...)
		l.files = append(l.files, built...)
	}
	return l
}

// walkSources lists source files under root: hand-written ones first, then
// those under build-output folders. Dependencies, VCS data and hidden
// folders are skipped.
func walkSources(root string) (primary, built []string) {
	n := 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || n >= locateMaxFiles {
			return filepath.SkipDir
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "vendor" ||
				name == "__pycache__" || name == "target" || name == "coverage") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !sourceExts[filepath.Ext(name)] || name == "package-lock.json" {
			return nil
		}
		n++
		rel, _ := filepath.Rel(root, p)
		first := strings.SplitN(filepath.ToSlash(rel), "/", 2)[0]
		if first == "dist" || first == "build" || first == "out" || first == "lib" {
			built = append(built, p)
		} else {
			primary = append(primary, p)
		}
		return nil
	})
	return primary, built
}

// Locate returns where name is declared, or the fallback (URI "" when the
// locator has neither).
func (l *Locator) Locate(name string) Location {
	if l == nil {
		return Location{}
	}
	if loc, ok := l.found[name]; ok {
		return loc
	}
	loc := l.fallback
	if name != "" {
		for _, f := range l.files {
			if line := quotedLine(l.read(f), name); line > 0 {
				loc = Location{URI: l.uri(f), Line: line}
				break
			}
		}
	}
	l.found[name] = loc
	return loc
}

func (l *Locator) read(path string) []byte {
	if b, ok := l.cache[path]; ok {
		return b
	}
	var b []byte
	if st, err := os.Stat(path); err == nil && st.Size() <= locateMaxFile && int(st.Size()) <= l.budget {
		b, _ = os.ReadFile(path)
		l.budget -= len(b)
	}
	l.cache[path] = b
	return b
}

// quotedLine is the 1-based line of the first occurrence of name between
// matching quotes ("name", 'name' or `name`), 0 when there is none.
func quotedLine(src []byte, name string) int {
	for _, q := range []string{`"`, `'`, "`"} {
		if i := bytes.Index(src, []byte(q+name+q)); i >= 0 {
			return bytes.Count(src[:i], []byte("\n")) + 1
		}
	}
	return 0
}

// uri writes path relative to the locator's base, with forward slashes;
// outside the base it is an absolute file URI.
func (l *Locator) uri(path string) string {
	if isURL(path) {
		return path
	}
	abs := absPath(path)
	if l.base != "" {
		if rel, err := filepath.Rel(absPath(l.base), abs); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return "file://" + filepath.ToSlash(abs)
}

func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
