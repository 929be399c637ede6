package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Names are the files discovery looks for, in order, at each level.
// mcp-toolgauge.toml is read too, so a toolgauge user's [lint] table
// carries over.
func Names() []string {
	return []string{"mcpgauge.yaml", "mcpgauge.yml", "mcpgauge.toml", "mcp-toolgauge.toml"}
}

// discoveryLevels bounds how far up discovery walks.
const discoveryLevels = 40

// Find walks up from start (a directory, or a file's directory) looking
// for a config file; it returns "" when there is none.
func Find(start string) string {
	dir, err := filepath.Abs(start)
	if err != nil {
		return ""
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		dir = filepath.Dir(dir)
	}
	for range discoveryLevels {
		for _, n := range Names() {
			p := filepath.Join(dir, n)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return p
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return ""
}

// Locate picks the config file: named (--config) always wins and must
// exist (explicit is then true), off (--no-config) disables discovery,
// else discovery from the target's directory (the working directory for
// URLs, commands and no target).
func Locate(named string, off bool, target string) (path string, explicit bool, err error) {
	if named != "" {
		if _, err := os.Stat(named); err != nil {
			return "", false, fmt.Errorf("--config %s: %w", named, err)
		}
		return named, true, nil
	}
	if off {
		return "", false, nil
	}
	start := "."
	if target != "" && !strings.Contains(target, "://") {
		if _, err := os.Stat(target); err == nil {
			start = target
		}
	}
	return Find(start), false, nil
}

// Load reads the config file at path into settings: bounded in size and,
// unless explicit, restricted to the keys a discovered file may set
// (Parse). Errors name the file and the key.
func Load(path string, explicit bool) (map[string]any, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	if fi.Size() > MaxSize {
		return nil, fmt.Errorf("config %s: %d bytes is over the %d KiB limit of a config file", path, fi.Size(), MaxSize>>10)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	settings, err := Parse(data, Format(path), !explicit)
	var dk *DiscoveredKeysError
	switch {
	case errors.As(err, &dk):
		return nil, fmt.Errorf("config %s %w", path, err)
	case err != nil:
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	return settings, nil
}

// Describe names where settings came from in an error: the file, or
// "(flags and environment)" when there is none.
func Describe(path string) string {
	if path == "" {
		return "(flags and environment)"
	}
	return path
}
