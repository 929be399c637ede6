package registry

import (
	"fmt"
	"regexp"
	"strings"
)

// envNamePattern is what an environment variable name from a registry may
// look like: a letter or underscore, then letters, digits, underscores or
// hyphens (real entries use names such as X-API-Key), at most 128 bytes.
var envNamePattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]{0,127}$`)

// EnvError says why an environment variable is refused.
type EnvError struct {
	// Name is the variable (quoted in the message).
	Name string
	// Reason is why it is refused.
	Reason string
}

func (e *EnvError) Error() string {
	return fmt.Sprintf("environment variable %q refused: %s", e.Name, e.Reason)
}

// loaderHook says why name is a hook that makes a program load code (or
// change how it loads code) it was not started with, or "".
//
// Refused: the dynamic loader's variables (LD_*, and DYLD_* for macOS),
// glibc's GCONV_PATH, GLIBC_TUNABLES, MALLOC_*, LOCPATH and NLSPATH, bash's
// BASH_ENV, Perl's PERL5OPT/PERL5LIB/PERLLIB, Python's PYTHONSTARTUP,
// Ruby's RUBYOPT/RUBYLIB and the JVM's JAVA_TOOL_OPTIONS, _JAVA_OPTIONS and
// JDK_JAVA_OPTIONS. NODE_OPTIONS is refused only when it loads code
// (nodeOptionsLoad); memory flags such as --max-old-space-size stay.
//
// Allowed on purpose: ENV (the POSIX shell reads it only when interactive,
// and real entries use the name for "production"), NODE_PATH and
// PYTHONPATH (module search paths: they change which of the package's own
// imports resolve, which its code can do anyway).
func loaderHook(name string) string {
	up := strings.ToUpper(name)
	switch {
	case strings.HasPrefix(up, "LD_"):
		return "the dynamic loader's variables could load code into every program the sandbox starts"
	case strings.HasPrefix(up, "DYLD_"):
		return "the macOS dynamic loader's variables could load code into every program"
	case strings.HasPrefix(up, "MALLOC_") || up == "GLIBC_TUNABLES":
		return "glibc's allocator and tunables variables change how every program runs"
	}
	switch up {
	case "GCONV_PATH", "LOCPATH", "NLSPATH":
		return "glibc would load conversion modules or locale data from a path the entry chooses"
	case "BASH_ENV":
		return "bash runs the file it names before every script"
	case "PERL5OPT", "PERL5LIB", "PERLLIB":
		return "perl would load modules the entry chooses before every script"
	case "PYTHONSTARTUP":
		return "python runs the file it names at start-up"
	case "RUBYOPT", "RUBYLIB":
		return "ruby would load code the entry chooses before every script"
	case "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS":
		return "the JVM would load agents or options the entry chooses into every Java program"
	}
	return ""
}

// nodeOptionsLoad reports the NODE_OPTIONS flag in v that makes node load
// code before the program (--require, -r, --import, --loader,
// --experimental-loader), or "".
func nodeOptionsLoad(v string) string {
	for _, f := range strings.Fields(v) {
		flag, _, _ := strings.Cut(strings.Trim(f, `"'`), "=")
		switch flag {
		case "-r", "--require", "--import", "--loader", "--experimental-loader":
			return flag
		}
	}
	return ""
}

// CheckEnv reports why an environment variable from a registry entry may
// not be passed to a server: a name outside envNamePattern, a loader or
// start-up hook (loaderHook), NODE_OPTIONS that loads code, or a value
// holding a NUL byte.
func CheckEnv(name, value string) error {
	if !envNamePattern.MatchString(name) {
		return &EnvError{Name: name, Reason: "not a valid variable name (letters, digits, _ and -, starting with a letter or _)"}
	}
	if why := loaderHook(name); why != "" {
		return &EnvError{Name: name, Reason: why}
	}
	if strings.EqualFold(name, "NODE_OPTIONS") {
		if flag := nodeOptionsLoad(value); flag != "" {
			return &EnvError{Name: name, Reason: fmt.Sprintf("%s makes node load code before the server", flag)}
		}
	}
	if strings.ContainsRune(value, 0) {
		return &EnvError{Name: name, Reason: "the value holds a NUL byte"}
	}
	return nil
}

// refusedEnv checks every variable of a plan's environment and says why
// the first refused one (in name order) stops the plan, or "".
func refusedEnv(what string, env map[string]string) string {
	for _, k := range sortedKeys(env) {
		if err := CheckEnv(k, env[k]); err != nil {
			return fmt.Sprintf("%s: %v", what, err)
		}
	}
	return ""
}
