package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"
)

// machineDefault matches a default that depends on the machine.
var machineDefault = regexp.MustCompile(`(available memory\) \(default )\d+\)`)

var updateHelp = flag.Bool("update-help", false, "rewrite testdata/help.golden from the current commands")

// TestHelpTextUnchanged holds every command's help text to the golden file
// recorded before the command bodies moved out of cmd: moving code must not
// change what a user reads. Rewrite it with -update-help only for a change
// of meaning that is intended.
func TestHelpTextUnchanged(t *testing.T) {
	t.Parallel()
	var got bytes.Buffer
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		var b bytes.Buffer
		c.SetOut(&b)
		c.SetErr(&b)
		if err := c.Help(); err != nil {
			t.Fatalf("%s: help: %v", c.CommandPath(), err)
		}
		got.WriteString("=== " + c.CommandPath() + "\n")
		got.Write(b.Bytes())
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd())
	// The slot defaults follow the machine's CPUs and memory.
	text := machineDefault.ReplaceAll(got.Bytes(), []byte("${1}N)"))
	file := filepath.Join("testdata", "help.golden")
	if *updateHelp {
		if err := os.WriteFile(file, text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (record it with go test ./cmd/mcpgauge -run TestHelpTextUnchanged -update-help)", err)
	}
	if d := cmp.Diff(string(want), string(text)); d != "" {
		t.Errorf("help text changed (-golden +now):\n%s", d)
	}
}
