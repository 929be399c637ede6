package local

import (
	"os"
	"path/filepath"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
	"github.com/mcpgauge/mcpgauge/gauge/report"
)

// locator says where SARIF results point for the target: the sources of
// a directory target (or of the directory a command runs in), falling back
// to the manifest, entry file, --tools-json file or URL. Paths are written
// relative to the working directory, as code scanning resolves them. entry
// and name are a registry entry's file and name (a target of none).
func (t Target) locator(entry, name string) *report.Locator {
	base, _ := os.Getwd()
	if t.ToolsJSON != "" {
		return report.NewLocator("", t.ToolsJSON, base)
	}
	if t.Arg == "" {
		// A registry entry: the entry file, else the server's name.
		if entry != "" {
			return report.NewLocator("", entry, base)
		}
		return report.NewLocator("", name, base)
	}
	ct, err := t.Resolve()
	if err != nil || ct == nil {
		return report.NewLocator("", t.Arg, base)
	}
	return locatorFor(ct, t.Arg, base)
}

// locator is the SARIF locator of the scanned target or entry.
func (o ScanOptions) locator() *report.Locator { return o.Target.locator(o.Entry, o.Name) }

// locatorFor is locator for a resolved target.
func locatorFor(t *connect.Target, target, base string) *report.Locator {
	if t.Transport == "http" {
		return report.NewLocator("", t.URL, base)
	}
	root := t.Dir
	if st, err := os.Stat(target); err == nil && st.IsDir() {
		root = target
	} else if root == "" {
		root = base
	}
	fallback := ""
	if isFile(t.Source) {
		fallback = t.Source
	} else {
		for _, a := range append([]string{t.Command}, t.Args...) {
			p := a
			if !filepath.IsAbs(p) && t.Dir != "" {
				p = filepath.Join(t.Dir, a)
			}
			if isFile(p) && filepath.Dir(absOr(p)) != "/usr/bin" {
				fallback = p
				break
			}
		}
	}
	if fallback == "" {
		fallback = filepath.Join(root, "package.json")
		if !isFile(fallback) {
			fallback = t.Display
		}
	}
	return report.NewLocator(root, fallback, base)
}

// isFile says p is a regular file.
func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// absOr is p made absolute, or p.
func absOr(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}
