// Command sweeprate measures a warm embedded sweep: it builds mcpgauge,
// writes a registry file of the first -n npm servers of the precision
// corpus (bench/precision/servers.yaml), runs one sweep to fill the install
// cache, then runs `mcpgauge sweep --rescan-after 0` (bwrap, compliance on)
// -runs times at each slot count of -slots (each invocation with a fresh
// data dir under -dir; the install cache, -dir/cache, is kept) and prints
// servers per minute, the CPU time of the whole process tree (mcpgauge,
// embedded NATS and SQLite, bwrap and every server it started) per scan,
// and the scans' mean phase times (from the sweep's SQLite store).
//
// It needs the npm registry for the first run and bubblewrap; it is not
// part of `go test`. Wall-clock figures depend on the machine's load: the
// load average is printed with each run.
//
//	go run ./bench/sweeprate -n 24 -slots 1,2,3,4 -runs 1
//	go run ./bench/sweeprate -warmup=false -slots 4   # the cache is warm already
//	go run ./bench/sweeprate -slots 2 -cpuprofile /tmp/sweep.pprof
package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"go.yaml.in/yaml/v3"
	_ "modernc.org/sqlite"

	"github.com/mcpgauge/mcpgauge/store"
)

// server is one entry of bench/precision/servers.yaml (the fields used here).
type server struct {
	Name    string            `yaml:"name"`
	Package string            `yaml:"package"`
	Version string            `yaml:"version"`
	Args    []string          `yaml:"args"`
	Env     map[string]string `yaml:"env"`
	Files   map[string]string `yaml:"files"`
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "sweeprate:", err)
		os.Exit(1)
	}
}

func run() error {
	list := flag.String("servers", "bench/precision/servers.yaml", "the corpus list")
	n := flag.Int("n", 24, "servers to sweep (the first N of the list that need no files)")
	slots := flag.String("slots", "2", "comma-separated slot counts (--workers) to measure")
	runs := flag.Int("runs", 1, "warm sweeps per slot count")
	dir := flag.String("dir", filepath.Join(os.TempDir(), "mcpgauge-sweeprate"), "work dir: its cache/ (the install cache) is kept between invocations so it stays warm; each invocation sweeps with a fresh data dir below it")
	profile := flag.String("cpuprofile", "", "pass --cpuprofile FILE to the last warm sweep")
	extra := flag.String("sweep-flags", "", "more flags for every sweep, space-separated (e.g. --compliance=false)")
	warmup := flag.Bool("warmup", true, "run one sweep first to fill the install cache (false: -dir is warm already)")
	flag.Parse()

	counts, err := parseSlots(*slots)
	if err != nil {
		return err
	}
	servers, err := loadServers(*list, *n)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	// A fresh data dir (embedded NATS, SQLite) per invocation: an
	// interrupted earlier run's sweep is not resumed into this one's figures.
	data := filepath.Join(*dir, fmt.Sprintf("run-%d", time.Now().Unix()))
	cache := filepath.Join(*dir, "cache")
	reg := filepath.Join(*dir, "registry.json")
	if err := writeRegistry(reg, servers); err != nil {
		return err
	}
	bin := filepath.Join(*dir, "mcpgauge")
	build := exec.Command("go", "build", "-o", bin, "./cmd/mcpgauge")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("go build: %w", err)
	}
	fmt.Printf("%d servers from %s, data dir %s\n", len(servers), *list, *dir)

	if *warmup {
		warm, err := sweep(bin, data, cache, reg, 2, "", strings.Fields(*extra))
		if err != nil {
			return fmt.Errorf("warm-up sweep: %w", err)
		}
		fmt.Printf("warm-up (2 slots): %s\n", warm)
	}
	for i, k := range counts {
		for r := 0; r < *runs; r++ {
			prof := ""
			if i == len(counts)-1 && r == *runs-1 {
				prof = *profile
			}
			res, err := sweep(bin, data, cache, reg, k, prof, strings.Fields(*extra))
			if err != nil {
				return err
			}
			fmt.Printf("slots %d: %s\n", k, res)
			if ph, err := phases(data); err == nil {
				fmt.Printf("  per scan (ms, mean): %s\n", ph)
			} else {
				fmt.Println("  per-phase times:", err)
			}
		}
	}
	return nil
}

func parseSlots(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k <= 0 {
			return nil, fmt.Errorf("-slots: %q is not a positive number", f)
		}
		out = append(out, k)
	}
	return out, nil
}

func loadServers(path string, n int) ([]server, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var all []server
	if err := yaml.Unmarshal(data, &all); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []server
	for _, s := range all {
		if len(s.Files) > 0 { // a registry entry cannot carry files
			continue
		}
		out = append(out, s)
		if len(out) == n {
			break
		}
	}
	if len(out) < n {
		return nil, fmt.Errorf("%s: only %d usable servers, want %d", path, len(out), n)
	}
	return out, nil
}

// input is the registry file's argument / environment variable shape.
type input struct {
	Type       string `json:"type,omitempty"`
	Name       string `json:"name,omitempty"`
	Format     string `json:"format,omitempty"`
	Value      string `json:"value,omitempty"`
	IsRequired bool   `json:"isRequired,omitempty"`
}

// asInput turns a servers.yaml value into a registry input; "{tmp}" (a
// fresh empty directory) becomes a required file-path input with no value,
// which the worker fills with a directory inside its sandbox.
func asInput(typ, name, v string) input {
	if strings.Contains(v, "{tmp}") {
		return input{Type: typ, Name: name, Format: "filepath", IsRequired: true}
	}
	return input{Type: typ, Name: name, Value: v}
}

func writeRegistry(path string, servers []server) error {
	type pkg struct {
		RegistryType string            `json:"registryType"`
		Identifier   string            `json:"identifier"`
		Version      string            `json:"version"`
		RuntimeHint  string            `json:"runtimeHint"`
		Transport    map[string]string `json:"transport"`
		Args         []input           `json:"packageArguments,omitempty"`
		Env          []input           `json:"environmentVariables,omitempty"`
	}
	type entry struct {
		Server struct {
			Name        string `json:"name"`
			Description string `json:"description"`
			Version     string `json:"version"`
			Packages    []pkg  `json:"packages"`
		} `json:"server"`
	}
	var doc struct {
		Servers []entry `json:"servers"`
	}
	for _, s := range servers {
		p := pkg{RegistryType: "npm", Identifier: s.Package, Version: s.Version, RuntimeHint: "npx",
			Transport: map[string]string{"type": "stdio"}}
		for _, a := range s.Args {
			p.Args = append(p.Args, asInput("positional", "", a))
		}
		for _, k := range slices.Sorted(maps.Keys(s.Env)) {
			p.Env = append(p.Env, asInput("", k, s.Env[k]))
		}
		var e entry
		e.Server.Name = "io.github.mcpgauge-bench/" + s.Name
		e.Server.Description = "precision corpus server " + s.Package
		e.Server.Version = s.Version
		e.Server.Packages = []pkg{p}
		doc.Servers = append(doc.Servers, e)
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// result is one sweep's figures.
type result struct {
	scanned, failed int
	wall, cpu       time.Duration
	load            string
}

func (r result) String() string {
	total := r.scanned + r.failed
	if total == 0 {
		return fmt.Sprintf("nothing scanned in %.1f s (load %s)", r.wall.Seconds(), r.load)
	}
	return fmt.Sprintf("%d scans (%d ok) in %.1f s = %.1f servers/min; CPU %.1f s = %.2f s per scan; load before %s",
		total, r.scanned, r.wall.Seconds(), float64(total)/r.wall.Minutes(), r.cpu.Seconds(),
		r.cpu.Seconds()/float64(total), r.load)
}

var summary = regexp.MustCompile(`(\d+) scanned, (\d+) could not be scanned`)

// sweep runs one embedded sweep and measures it: wall time, and the
// user+system CPU time of the process and every descendant it reaped.
func sweep(bin, dir, cache, reg string, slots int, profile string, extra []string) (result, error) {
	res := result{load: loadAvg()}
	args := []string{"sweep", "--no-config", "--registry", "file://" + reg, "--data-dir", dir, "--cache-dir", cache,
		"--rescan-after", "0", "--workers", strconv.Itoa(slots), "--sandbox", "bwrap"}
	if profile != "" {
		args = append(args, "--cpuprofile", profile)
	}
	args = append(args, extra...)
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	res.wall = time.Since(start)
	if err != nil {
		return res, fmt.Errorf("%s: %w\n%s", strings.Join(args, " "), err, tail(stderr.String()))
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		res.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	m := summary.FindStringSubmatch(stderr.String())
	if m == nil {
		return res, errors.New("no summary line in the sweep's output:\n" + tail(stderr.String()))
	}
	res.scanned, _ = strconv.Atoi(m[1])
	res.failed, _ = strconv.Atoi(m[2])
	return res, nil
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func tail(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > 20 {
		lines = lines[len(lines)-20:]
	}
	return strings.Join(lines, "\n")
}

// phases reads the mean per-phase times of the latest sweep's scans from
// the sweep's SQLite store.
func phases(dir string) (string, error) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, store.SQLiteFile)+"?mode=ro")
	if err != nil {
		return "", err
	}
	defer db.Close()
	var n int
	var install, start, connect, list, lint, compliance, wall float64
	err = db.QueryRow(`SELECT count(*), avg(install_ms), avg(start_ms), avg(connect_ms), avg(list_ms),
		avg(lint_ms), avg(compliance_ms), avg((finished_ns - started_ns) / 1e6) FROM scans
		WHERE sweep_id = (SELECT sweep_id FROM sweeps ORDER BY started_ns DESC LIMIT 1)`).
		Scan(&n, &install, &start, &connect, &list, &lint, &compliance, &wall)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%d scans: install %.0f, sandbox %.0f, connect %.0f, list %.0f, lint %.0f, compliance %.0f; whole scan %.0f",
		n, install, start, connect, list, lint, compliance, wall), nil
}
