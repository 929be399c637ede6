package action_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/internal/testutil/shareddata"
)

// TestActionScrubsTheServersEnvironment is issue 22 §5: the scanned server
// (run by mcpgauge) never gets the job's environment. Every step that
// starts mcpgauge on the target goes through $MCPGAUGE_RUN; that script,
// made by the action's own step with GITHUB_ENV, GITHUB_PATH, tokens and a
// secret set, hands mcpgauge PATH, a fresh HOME, TMPDIR and LANG only, and
// the sandbox mode the step chose (bwrap when asked, auto picks what works).
func TestActionScrubsTheServersEnvironment(t *testing.T) {
	t.Parallel()
	root := shareddata.RepoRoot(t)
	a := loadAction(t, root)
	if a.Inputs["sandbox"].Default != "auto" {
		t.Errorf("input sandbox defaults to %q, want auto", a.Inputs["sandbox"].Default)
	}
	direct := regexp.MustCompile(`"\$MCPGAUGE_BIN"\s+(scan|lint|check|inspect|eval|ci)\b|\$MCPGAUGE_BIN"\s+"\$\{args`)
	var prepare *step
	for i, s := range a.Runs.Steps {
		if direct.MatchString(s.Run) {
			t.Errorf("step %q starts mcpgauge on the target with the job's environment; use \"$MCPGAUGE_RUN\"", s.Name)
		}
		if strings.Contains(s.Run, "$MCPGAUGE_RUN") && strings.Contains(s.Run, "scan") && s.Env["MCPGAUGE_RUN"] == "" {
			t.Errorf("step %q runs $MCPGAUGE_RUN without it in its env", s.Name)
		}
		if s.ID == "sandbox" {
			prepare = &a.Runs.Steps[i]
		}
	}
	if prepare == nil {
		t.Fatal("no step with id sandbox makes $MCPGAUGE_RUN")
	}
	modes := []string{"none", "auto"}
	if _, err := exec.LookPath("bwrap"); err == nil {
		modes = append(modes, "bwrap")
	}
	for _, mode := range modes {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			temp := t.TempDir()
			bin := filepath.Join(temp, "mcpgauge-bin", "mcpgauge")
			run := filepath.Join(temp, "mcpgauge-bin", "run")
			if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
				t.Fatal(err)
			}
			// A stand-in for mcpgauge that shows what it was given.
			if err := os.WriteFile(bin, []byte("#!/bin/sh\nenv\necho \"ARGS=$*\"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			job := []string{"PATH=" + os.Getenv("PATH"), "RUNNER_TEMP=" + temp, "GITHUB_OUTPUT=" + filepath.Join(temp, "output"),
				"GITHUB_ENV=" + filepath.Join(temp, "set_env"), "GITHUB_PATH=" + filepath.Join(temp, "add_path"),
				"GITHUB_TOKEN=ghs_secret", "ACTIONS_RUNTIME_TOKEN=runtime-secret", "ACTIONS_ID_TOKEN_REQUEST_URL=https://x",
				"GITHUB_WORKSPACE=" + temp, "MY_SECRET=hunter2", "HOME=/home/runner"}
			cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", prepare.Run)
			cmd.Env = append(job, "MCPGAUGE_BIN="+bin, "MCPGAUGE_RUN="+run, "SANDBOX="+mode)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("prepare step: %v\n%s", err, out)
			}
			chosen, _ := os.ReadFile(filepath.Join(temp, "output"))
			want := strings.TrimSpace(strings.TrimPrefix(string(chosen), "mode="))
			if mode != "auto" && want != mode {
				t.Fatalf("sandbox %s: the step chose %q", mode, chosen)
			}
			cmd = exec.Command(run, "scan", "server", "--json")
			cmd.Env = job
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			got := map[string]string{}
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				k, v, _ := strings.Cut(line, "=")
				got[k] = v
			}
			for k := range got {
				switch k {
				case "PATH", "HOME", "TMPDIR", "LANG", "ARGS", "PWD", "SHLVL", "_", "OLDPWD":
				default:
					t.Errorf("mcpgauge got %s from the job's environment", k)
				}
			}
			if got["HOME"] != filepath.Join(temp, "mcpgauge-home") || got["PATH"] != os.Getenv("PATH") {
				t.Errorf("HOME %q PATH %q, want a fresh HOME and the job's PATH", got["HOME"], got["PATH"])
			}
			if got["ARGS"] != "scan server --json --sandbox "+want {
				t.Errorf("mcpgauge ran with %q, want the step's arguments and --sandbox %s", got["ARGS"], want)
			}
		})
	}
}
