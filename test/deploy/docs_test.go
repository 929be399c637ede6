package deploy

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/shlex"
)

const deployDoc = "docs/deploy.md"

// docBlocks returns the fenced code blocks of docs/deploy.md in the given
// language, in order.
func docBlocks(t testing.TB, lang string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), deployDoc))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range regexp.MustCompile("(?s)```"+lang+"\n(.*?)```").FindAllStringSubmatch(string(b), -1) {
		out = append(out, m[1])
	}
	return out
}

// docCommands returns every command line of the doc's sh blocks, split
// into words as a shell would (variables are left as written).
func docCommands(t testing.TB) [][]string {
	t.Helper()
	var cmds [][]string
	for _, blk := range docBlocks(t, "sh") {
		for _, line := range strings.Split(blk, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			for _, part := range strings.Split(line, " | ") {
				w, err := shlex.Split(part)
				if err != nil {
					t.Fatalf("%s: %q: %v", deployDoc, part, err)
				}
				cmds = append(cmds, w)
			}
		}
	}
	return cmds
}

// docValues writes the doc's values file (its first yaml block) to a
// temporary gauge-values.yaml and returns the path.
func docValues(t testing.TB) string {
	t.Helper()
	blocks := docBlocks(t, "yaml")
	if len(blocks) == 0 {
		t.Fatalf("%s has no yaml block (the values for helm install)", deployDoc)
	}
	p := filepath.Join(t.TempDir(), "gauge-values.yaml")
	if err := os.WriteFile(p, []byte(blocks[0]), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// docHelm returns the doc's helm commands whose subcommand is sub, each
// with gauge-values.yaml pointing at the doc's values file.
func docHelm(t testing.TB, sub string) [][]string {
	t.Helper()
	values := docValues(t)
	var out [][]string
	for _, c := range docCommands(t) {
		if len(c) > 1 && c[0] == "helm" && c[1] == sub {
			var args []string
			for _, a := range c[1:] {
				if a == "gauge-values.yaml" {
					a = values
				}
				args = append(args, a)
			}
			out = append(out, args)
		}
	}
	return out
}

// TestDeployDocCommands runs (or, for kubectl and docker, which need a
// cluster or a Docker daemon, checks against the chart and compose file)
// every command docs/deploy.md shows. helm install and helm upgrade are
// rendered with helm template and the same arguments, decoded strictly.
// curl commands are run against real processes by TestDistributedChartSweep.
func TestDeployDocCommands(t *testing.T) {
	t.Parallel()
	cmds := docCommands(t)
	if len(cmds) < 8 {
		t.Fatalf("%s shows only %d commands", deployDoc, len(cmds))
	}
	compose, err := loadCompose(t, composeEnv("x")...)
	if err != nil {
		t.Fatal(err)
	}
	defaults, err := helm(t, "template", release, chartDir, "--kube-version", kubeVersion)
	if err != nil {
		t.Fatal(err)
	}
	m := decodeManifests(t, defaults)
	values := docValues(t)
	fix := func(args []string) []string {
		var out []string
		for _, a := range args {
			if a == "gauge-values.yaml" {
				a = values
			}
			out = append(out, a)
		}
		return out
	}
	for _, c := range cmds {
		line := strings.Join(c, " ")
		switch {
		case c[0] == "nats-server":
			want := append([]string{"nats-server"}, compose.Services["nats"].Command...)
			for i, a := range want {
				if a == "/etc/nats/nats.conf" {
					want[i] = "deploy/nats.conf"
				}
			}
			if line != strings.Join(want, " ") {
				t.Errorf("doc runs %q; the compose file (run by TestComposeNATSCommand) runs %q", line, strings.Join(want, " "))
			}
		case c[0] == "kubectl" && len(c) > 5 && c[1] == "create" && c[2] == "secret" && c[3] == "generic":
			key, _, _ := strings.Cut(strings.TrimPrefix(c[5], "--from-literal="), "=")
			if !readsSecret(m, c[4], key) || !strings.HasPrefix(c[5], "--from-literal=") {
				t.Errorf("%q: neither of the chart's deployments reads Secret %s key %s (as env or a mounted file a flag names)", line, c[4], key)
			}
		case c[0] == "kubectl" && len(c) == 4 && c[1] == "port-forward":
			name := strings.TrimPrefix(c[2], "svc/")
			local, remote, _ := strings.Cut(c[3], ":")
			s := m.Services[name]
			if s == nil || len(s.Spec.Ports) == 0 || s.Spec.Ports[0].Port != int32(atoi(t, remote)) || local != remote {
				t.Errorf("%q: no Service %s with port %s (services: %v)", line, name, remote, keys(m.Services))
			}
		case c[0] == "go" && len(c) == 3 && c[1] == "install":
			// The pinned versions the tests (and so .ci/run) build.
			if want := toolPins(t); !slices.Contains(want, c[2]) {
				t.Errorf("%q: installs %s; the tests build %v", line, c[2], want)
			}
		case c[0] == "helm" && c[1] == "template":
			// Run as written: no cluster, a helm built by go install.
			if i := slices.Index(c, "--kube-version"); i < 0 || i+1 >= len(c) || c[i+1] != kubeVersion {
				t.Errorf("%q: without --kube-version %s a helm built from source renders for Kubernetes 1.20, which the chart refuses", line, kubeVersion)
			}
			out, err := helm(t, fix(c[1:])...)
			if err != nil {
				t.Errorf("%q: %v", line, err)
				continue
			}
			checkCommon(t, decodeManifests(t, out))
		case c[0] == "helm" && c[1] == "lint":
			if out, err := helm(t, fix(c[1:])...); err != nil || !strings.Contains(out, "0 chart(s) failed") {
				t.Errorf("%q: %v\n%s", line, err, out)
			}
		case c[0] == "helm" && (c[1] == "install" || c[1] == "upgrade"):
			args := append([]string{"template"}, fix(c[2:])...)
			args = append(args, "--kube-version", kubeVersion)
			variants := [][]string{args}
			if strings.Contains(line, "keda.enabled=true") {
				// With and without KEDA's API on the cluster.
				variants = append(variants, append(append([]string{}, args...), "--api-versions", "keda.sh/v1alpha1/ScaledObject"))
			}
			for _, v := range variants {
				out, err := helm(t, v...)
				if err != nil {
					t.Errorf("%q: %v", line, err)
					continue
				}
				checkCommon(t, decodeManifests(t, out))
			}
		case c[0] == "curl":
			if !regexp.MustCompile(`^localhost:9090/`).MatchString(c[len(c)-1]) {
				t.Errorf("%q: curl of something other than the port-forwarded coordinator", line)
			}
		case c[0] == "grep" && len(c) == 2:
			// the filter of a curl above; TestDistributedChartSweep greps the same.
		case c[0] == "export" && slices.ContainsFunc(composeEnv(""), func(kv string) bool {
			name, _, _ := strings.Cut(kv, "=")
			return strings.HasPrefix(c[1], name+"=")
		}):
			// TestComposeFile: the compose file refuses to load without each.
		case c[0] == "mcpgauge" && len(c) > 1 && c[1] == "serve":
			// The flags are serve's (the help golden, which TestHelpTextUnchanged
			// keeps in step with the code); TestServeReadOnly serves an
			// ?immutable=1 store the way the doc shows.
			checkServeFlags(t, line, c[2:])
		case c[0] == "docker" && line == "docker compose -f "+composeFile+" up -d --build":
			// TestComposeFile loads the same file with the compose-spec loader.
		default:
			t.Errorf("%s shows %q, which no test runs or checks", deployDoc, line)
		}
	}
}

// toolPins are the go install arguments of the tools the tests build:
// helm at its pin, nats-server at the version go.mod requires.
func toolPins(t testing.TB) []string {
	t.Helper()
	nats, err := natsServerModule(repoRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	return []string{helmModule, nats}
}

// TestQuickStartToolPins: the README and docs/deploy.md tell a reader
// how to install helm and nats-server (go install pkg@version), at the
// versions the tests build; and the minimum Kubernetes version the chart
// states (Chart.yaml kubeVersion) is the one the docs state and the tests
// render for.
func TestQuickStartToolPins(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	want := toolPins(t)
	for _, doc := range []string{"README.md", deployDoc} {
		b, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, m := range regexp.MustCompile(`go install (\S+)`).FindAllStringSubmatch(string(b), -1) {
			if strings.Contains(m[1], "helm") || strings.Contains(m[1], "nats-server") {
				got[m[1]] = true
				if !slices.Contains(want, m[1]) {
					t.Errorf("%s: go install %s; the tests build %v", doc, m[1], want)
				}
			}
		}
		for _, w := range want {
			if !got[w] {
				t.Errorf("%s does not say how to install %s (go install %s)", doc, w[:strings.Index(w, "@")], w)
			}
		}
	}
	chart, err := os.ReadFile(filepath.Join(root, chartDir, "Chart.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(chart), "\nkubeVersion: \">="+kubeVersion+"-0\"\n") {
		t.Errorf("Chart.yaml does not state kubeVersion >=%s-0 (the version the tests render for)", kubeVersion)
	}
	minor := kubeVersion[:strings.LastIndex(kubeVersion, ".")]
	doc, _ := os.ReadFile(filepath.Join(root, deployDoc))
	for _, s := range []string{"| Kubernetes | " + minor + "+ |", "--kube-version " + kubeVersion} {
		if !strings.Contains(string(doc), s) {
			t.Errorf("%s does not state %q", deployDoc, s)
		}
	}
}

// checkServeFlags fails unless every --flag of args is one `mcpgauge serve`
// takes.
func checkServeFlags(t *testing.T, line string, args []string) {
	t.Helper()
	golden, err := os.ReadFile(filepath.Join(repoRoot(t), "cmd", "mcpgauge", "testdata", "help.golden"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(golden), "=== mcpgauge serve\n")
	if !ok {
		t.Fatal("help.golden has no serve section")
	}
	section, _, _ = strings.Cut(section, "\n=== ")
	for _, a := range args {
		flag, _, _ := strings.Cut(a, "=")
		if strings.HasPrefix(flag, "--") && !strings.Contains(section, "      "+flag+" ") {
			t.Errorf("%q: serve has no flag %s", line, flag)
		}
	}
}

// docCurls returns the paths and grep filters of the doc's curl commands.
func docCurls(t testing.TB) (paths []string, greps map[string]string) {
	t.Helper()
	greps = map[string]string{}
	for _, blk := range docBlocks(t, "sh") {
		for _, line := range strings.Split(blk, "\n") {
			m := regexp.MustCompile(`^curl -s localhost:9090(/\S*)(?: \| grep (\S+))?$`).FindStringSubmatch(strings.TrimSpace(line))
			if m != nil {
				paths = append(paths, m[1])
				if m[2] != "" {
					greps[m[1]] = m[2]
				}
			}
		}
	}
	if len(paths) == 0 {
		t.Fatalf("%s has no curl of the coordinator", deployDoc)
	}
	return paths, greps
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			t.Fatalf("%q is not a port", s)
		}
		n = n*10 + int(r-'0')
	}
	return n
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// readsSecret reports whether the coordinator or the worker reads key of
// Secret name: as an env var, or as a file of a mounted Secret volume that
// one of its flags names.
func readsSecret(m *manifests, name, key string) bool {
	for _, d := range m.Deployments {
		ps := d.Spec.Template.Spec
		for _, c := range ps.Containers {
			for _, e := range c.Env {
				if r := e.ValueFrom; r != nil && r.SecretKeyRef != nil && r.SecretKeyRef.Name == name && r.SecretKeyRef.Key == key {
					return true
				}
			}
			for _, vm := range c.VolumeMounts {
				for _, v := range ps.Volumes {
					if v.Name == vm.Name && v.Secret != nil && v.Secret.SecretName == name &&
						slices.ContainsFunc(c.Args, func(a string) bool { return strings.HasSuffix(a, "="+vm.MountPath+"/"+key) }) {
						return true
					}
				}
			}
		}
	}
	return false
}
