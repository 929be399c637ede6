package registry

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// File reads official-registry JSON from disk: one file, or every *.json
// file under a directory (sorted by path), each in any of the three
// historical shapes (see ParseOfficial). It is for offline use and tests.
type File struct {
	path string
}

// NewFile returns a file source for path.
func NewFile(path string) *File { return &File{path: path} }

// Name implements Source.
func (f *File) Name() string { return "file:" + f.path }

// Pull implements Source. Query filters (UpdatedSince, Search, deleted
// entries) are applied locally; Latest is left to Normalise.
func (f *File) Pull(ctx context.Context, q Query, fn func(Server) error) error {
	files, err := f.files()
	if err != nil {
		return &SourceError{Source: f.Name(), Err: err}
	}
	lc := &limitCounter{limit: q.Limit, fn: fn}
	for i, path := range files {
		if err := ctx.Err(); err != nil {
			return &SourceError{Source: f.Name(), Page: i + 1, Err: err}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return &SourceError{Source: f.Name(), Page: i + 1, Err: err}
		}
		doc, err := ParseOfficial(data, f.Name())
		if err != nil {
			return &SourceError{Source: f.Name(), Page: i + 1, Err: fmt.Errorf("%s: %w", path, err)}
		}
		for _, s := range doc.Servers {
			if err := ctx.Err(); err != nil {
				return &SourceError{Source: f.Name(), Page: i + 1, Err: err}
			}
			if !matchesLocal(s, q) {
				continue
			}
			if err := lc.send(s); err != nil {
				return endErr(err)
			}
		}
		if q.Progress != nil {
			q.Progress(Progress{Source: f.Name(), Page: i + 1, Entries: lc.n, Total: -1})
		}
	}
	return nil
}

func (f *File) files() ([]string, error) {
	st, err := os.Stat(f.path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{f.path}, nil
	}
	var out []string
	err = filepath.WalkDir(f.path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".json") {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("directory %s holds no .json files", f.path)
	}
	sort.Strings(out)
	return out, nil
}
