package worker

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/connect"
)

// localReadOnly lists what a local stdio target (mcpgauge scan --sandbox
// bwrap) needs to see, read-only: its working directory dir, its command when
// that is a path, and every argument that names an existing file or
// directory (absolute, or relative to the working directory), each
// widened to its project root (projectRoot) so a script finds its
// package.json and node_modules. Nothing else of the host's files is
// visible besides the system directories every sandbox gets.
func localReadOnly(t *connect.Target, dir string) []string {
	var out []string
	add := func(p string) {
		if p == "" {
			return
		}
		if !filepath.IsAbs(p) {
			if dir == "" {
				return
			}
			p = filepath.Join(dir, p)
		}
		p = filepath.Clean(p)
		fi, err := os.Stat(p)
		if err != nil {
			return
		}
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			// Bind the link's target too: node resolves a script's realpath.
			out = append(out, projectRoot(real, fi.IsDir()))
		}
		out = append(out, projectRoot(p, fi.IsDir()))
	}
	add(dir)
	if strings.ContainsRune(t.Command, filepath.Separator) {
		add(t.Command)
	}
	for _, a := range t.Args {
		if strings.HasPrefix(a, "-") {
			// --flag=/path: the value may be a path.
			if _, v, ok := strings.Cut(a, "="); ok {
				add(v)
			}
			continue
		}
		add(a)
	}
	return slices.DeleteFunc(out, func(s string) bool { return s == "" })
}

// projectRoot widens p (a file or directory) to the directory that holds
// what it needs: the nearest ancestor with a package.json (or p's own
// directory); inside a node_modules tree, the directory above the
// outermost node_modules (hoisted dependencies live there); and, for a
// workspace member, the workspace root that holds the hoisted
// node_modules (at most three levels up, and only when it has a lockfile
// or workspace file). It never widens to "/" or to the user's home
// directory or above it: then p alone (or its directory) is bound.
func projectRoot(p string, isDir bool) string {
	dir := p
	if !isDir {
		dir = filepath.Dir(p)
	}
	if tooWide(p) || tooWide(dir) {
		return ""
	}
	root := dir
	for d := dir; !tooWide(d); d = filepath.Dir(d) {
		if isFile(filepath.Join(d, "package.json")) {
			root = d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if i := strings.Index(root+"/", "/node_modules/"); i > 0 && !tooWide(root[:i]) {
		return root[:i]
	}
	d := root
	for range 3 {
		up := filepath.Dir(d)
		if up == d || tooWide(up) {
			break
		}
		d = up
		if isDirPath(filepath.Join(d, "node_modules")) && hasWorkspaceFile(d) {
			return d
		}
	}
	return root
}

// tooWide reports whether binding d would show the sandbox too much: "/",
// the user's home directory, or a directory above it.
func tooWide(d string) bool {
	if d == "/" || d == "." || d == "" {
		return true
	}
	home, err := os.UserHomeDir()
	return err == nil && home != "" && home != "/" && (d == home || strings.HasPrefix(home+"/", d+"/"))
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

func isDirPath(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// hasWorkspaceFile reports whether d looks like the root of a JavaScript
// workspace (a lockfile or a workspace definition).
func hasWorkspaceFile(d string) bool {
	for _, f := range []string{"package-lock.json", "yarn.lock", "pnpm-lock.yaml", "pnpm-workspace.yaml", "bun.lockb", "bun.lock"} {
		if isFile(filepath.Join(d, f)) {
			return true
		}
	}
	return false
}
