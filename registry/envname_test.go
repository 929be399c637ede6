package registry

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckEnv: real names pass (X-API-Key-style ones too); loader and
// start-up hooks, bad names, code-loading NODE_OPTIONS and NUL values are
// refused with a reason.
func TestCheckEnv(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, value string
		refused     string // "" = allowed; else a word of the reason
	}{
		{"GITHUB_TOKEN", "x", ""},
		{"X-API-Key", "x", ""},
		{"ENV", "production", ""},
		{"NODE_ENV", "production", ""},
		{"NODE_OPTIONS", "--max-old-space-size=4096", ""},
		{"PYTHONPATH", "/app", ""},
		{"LD_PRELOAD", "/x.so", "dynamic loader"},
		{"ld_library_path", "/x", "dynamic loader"},
		{"LD_AUDIT", "/x.so", "dynamic loader"},
		{"DYLD_INSERT_LIBRARIES", "/x", "macOS"},
		{"GCONV_PATH", "/x", "conversion"},
		{"GLIBC_TUNABLES", "glibc.malloc.x=1", "tunables"},
		{"MALLOC_CHECK_", "3", "allocator"},
		{"BASH_ENV", "/x", "bash"},
		{"PERL5OPT", "-Mx", "perl"},
		{"PYTHONSTARTUP", "/x.py", "python"},
		{"RUBYOPT", "-rx", "ruby"},
		{"JAVA_TOOL_OPTIONS", "-javaagent:x", "JVM"},
		{"NODE_OPTIONS", "--require /x.js", "--require"},
		{"NODE_OPTIONS", "-r ./x", "-r"},
		{"NODE_OPTIONS", "--import=data:text/javascript,x", "--import"},
		{"NODE_OPTIONS", "--experimental-loader ./l.mjs", "--experimental-loader"},
		{"BASH_FUNC_x%%", "() { :; }", "valid variable name"},
		{"A=B", "x", "valid variable name"},
		{"1ABC", "x", "valid variable name"},
		{"", "x", "valid variable name"},
		{strings.Repeat("A", 129), "x", "valid variable name"},
		{"OK", "a\x00b", "NUL"},
	}
	for _, c := range cases {
		err := CheckEnv(c.name, c.value)
		var ee *EnvError
		switch {
		case c.refused == "" && err != nil:
			t.Errorf("CheckEnv(%q, %q) = %v, want allowed", c.name, c.value, err)
		case c.refused != "" && (!errors.As(err, &ee) || !strings.Contains(err.Error(), c.refused)):
			t.Errorf("CheckEnv(%q, %q) = %v, want refused with %q", c.name, c.value, err, c.refused)
		}
	}
}

// TestPlanRefusesLoaderEnv: a package whose env sets a loader variable is
// no launch candidate; the reason names the variable, and another
// package of the same entry still wins.
func TestPlanRefusesLoaderEnv(t *testing.T) {
	t.Parallel()
	evil := Package{RegistryType: "npm", Identifier: "evil", Version: "1.0.0", Transport: Transport{Type: "stdio"},
		EnvironmentVariables: []Input{{Name: "LD_PRELOAD", Value: "./evil.so"}}}
	s := Server{Name: "x/y", Version: "1", Packages: []Package{evil}}
	if pl := PlanFor(s, PlanOptions{}); pl.Kind != KindUnsupported || !strings.Contains(pl.Reason, `"LD_PRELOAD" refused`) {
		t.Errorf("plan = %s %q, want unsupported naming LD_PRELOAD", pl.Kind, pl.Reason)
	}
	good := Package{RegistryType: "npm", Identifier: "good", Version: "1.0.0", Transport: Transport{Type: "stdio"}}
	s.Packages = append(s.Packages, good)
	if pl := PlanFor(s, PlanOptions{}); pl.Kind != KindNPMStdio || pl.Package == nil || pl.Package.Identifier != "good" {
		t.Errorf("plan = %s %+v, want the good package", pl.Kind, pl.Package)
	}
}
