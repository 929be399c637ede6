package deploy

import (
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"

	"github.com/mcpgauge/mcpgauge/schema"
)

const (
	chartDir = "helm/mcpgauge"
	release  = "gauge"
	// fullname is the chart's object prefix for release "gauge".
	fullname = "gauge-mcpgauge"
	// kubeVersion is the oldest Kubernetes the chart supports (Chart.yaml
	// kubeVersion): pod user namespaces and procMount for the workers.
	kubeVersion = "1.33.0"
)

// chartCase is one set of values: the defaults, or one optional feature on.
type chartCase struct {
	name string
	args []string // --set arguments for lint and template
	// apis are API versions the cluster serves (helm template --api-versions).
	apis []string
	// kinds that must (or must not) be rendered.
	want, wantNot []string
	check         func(t *testing.T, m *manifests)
}

func chartCases() []chartCase {
	return []chartCase{
		{name: "defaults", want: []string{"PodDisruptionBudget"}, wantNot: []string{"ScaledObject", "HorizontalPodAutoscaler", "PodMonitor", "ConfigMap"},
			check: func(t *testing.T, m *manifests) {
				if sp := worker(t, m).Spec.Template.Spec.Containers[0].SecurityContext.SeccompProfile; sp == nil || sp.Type != corev1.SeccompProfileTypeUnconfined {
					t.Errorf("worker seccompProfile %+v, want Unconfined by default (worker.seccompProfile)", sp)
				}
				if r := worker(t, m).Spec.Replicas; r == nil || *r != 2 {
					t.Errorf("worker replicas = %v, want 2 (worker.replicas)", r)
				}
				if got := argValue(t, worker(t, m).Spec.Template.Spec.Containers[0].Args, "--sandbox"); got != "bwrap" {
					t.Errorf("worker --sandbox=%s, want bwrap by default", got)
				}
			}},
		{name: "keda", args: []string{"--set", "keda.enabled=true", "--set", "keda.minReplicas=0", "--set", "keda.maxReplicas=12"},
			apis: []string{"keda.sh/v1alpha1/ScaledObject"},
			want: []string{"ScaledObject"}, wantNot: []string{"HorizontalPodAutoscaler"}, check: checkKEDA},
		{name: "keda-absent-falls-back-to-hpa", args: []string{"--set", "keda.enabled=true"},
			want: []string{"HorizontalPodAutoscaler"}, wantNot: []string{"ScaledObject"}, check: checkHPA},
		{name: "hpa", args: []string{"--set", "hpa.enabled=true", "--set", "hpa.maxReplicas=7"},
			want: []string{"HorizontalPodAutoscaler"}, wantNot: []string{"ScaledObject"}, check: checkHPA},
		{name: "podmonitor", args: []string{"--set", "podMonitor.enabled=true"}, want: []string{"PodMonitor"},
			check: func(t *testing.T, m *manifests) {
				pm := m.PodMonitors[fullname]
				if pm == nil {
					t.Fatalf("no PodMonitor %s", fullname)
				}
				for _, d := range m.Deployments {
					if !selects(pm.Spec.Selector.MatchLabels, d.Spec.Template.Labels) {
						t.Errorf("PodMonitor does not select %s's pods", d.Name)
					}
				}
			}},
		{name: "eval", args: []string{"--set", "eval.model=openai/gpt-4o-mini", "--set", "eval.keySecret=llm-keys",
			"--set", "eval.ecosystemArgs={--ecosystem-max-pool=128}"},
			check: func(t *testing.T, m *manifests) {
				for _, d := range []*appsv1.Deployment{coordinator(t, m), worker(t, m)} {
					c := d.Spec.Template.Spec.Containers[0]
					if !hasArg(c.Args, "--eval-model=openai/gpt-4o-mini") {
						t.Errorf("%s has no --eval-model: %v", d.Name, c.Args)
					}
					if len(c.EnvFrom) != 1 || c.EnvFrom[0].SecretRef == nil || c.EnvFrom[0].SecretRef.Name != "llm-keys" {
						t.Errorf("%s does not read the key Secret: %+v", d.Name, c.EnvFrom)
					}
				}
				if !hasArg(coordinator(t, m).Spec.Template.Spec.Containers[0].Args, "--ecosystem-max-pool=128") {
					t.Error("coordinator lacks the ecosystem args")
				}
			}},
		{name: "receipts", args: []string{"--set", "receipts.existingSecret=mcpgauge-receipts"},
			check: func(t *testing.T, m *manifests) {
				c := coordinator(t, m)
				args := c.Spec.Template.Spec.Containers[0].Args
				if got := argValue(t, args, "--signing-key"); got != "/etc/mcpgauge/receipts/signing-key.pem" {
					t.Errorf("coordinator --signing-key=%q", got)
				}
				mounted := false
				for _, v := range c.Spec.Template.Spec.Volumes {
					if v.Secret != nil && v.Secret.SecretName == "mcpgauge-receipts" {
						mounted = true
					}
				}
				if !mounted {
					t.Error("the receipts Secret is not mounted in the coordinator")
				}
				for _, a := range worker(t, m).Spec.Template.Spec.Containers[0].Args {
					if strings.HasPrefix(a, "--signing-key") {
						t.Error("workers must never get the signing key")
					}
				}
			}},
		{name: "nats-creds-tls", args: []string{"--set", "nats.auth.type=creds", "--set", "nats.tls.existingSecret=nats-ca",
			"--set", "nats.tls.clientCert=true", "--set", "nats.tls.serverName=nats.internal", "--set", "nats.url=tls://nats:4222"},
			check: func(t *testing.T, m *manifests) {
				for _, d := range []*appsv1.Deployment{coordinator(t, m), worker(t, m)} {
					args := d.Spec.Template.Spec.Containers[0].Args
					for flag, want := range map[string]string{"--nats-creds": "/etc/mcpgauge/nats/nats.creds", "--nats-tls-ca": "/etc/mcpgauge/nats-tls/ca.crt",
						"--nats-tls-cert": "/etc/mcpgauge/nats-tls/tls.crt", "--nats-tls-key": "/etc/mcpgauge/nats-tls/tls.key", "--nats-tls-server-name": "nats.internal",
						"--nats-user": "", "--nats-password-file": ""} {
						if got := argOf(args, flag); got != want {
							t.Errorf("%s %s=%q, want %q", d.Name, flag, got, want)
						}
					}
					if !readsSecret(m, "nats-ca", "ca.crt") {
						t.Errorf("%s does not mount the TLS Secret", d.Name)
					}
				}
			}},
		{name: "sandbox-none", args: []string{"--set", "worker.sandbox=none"}, wantNot: []string{"ConfigMap"}},
		{name: "seccomp-localhost", args: []string{"--set", "worker.seccompProfile=localhost"}, want: []string{"ConfigMap"}, check: checkSeccompLocalhost},
		{name: "seccomp-localhost-sandbox-none", args: []string{"--set", "worker.seccompProfile=localhost", "--set", "worker.sandbox=none"},
			wantNot: []string{"ConfigMap"}},
		{name: "no-pdb", args: []string{"--set", "worker.podDisruptionBudget.enabled=false"}, wantNot: []string{"PodDisruptionBudget"}},
		{name: "run-now", args: []string{"--set", "coordinator.runNow=true"},
			check: func(t *testing.T, m *manifests) {
				if !hasArg(coordinator(t, m).Spec.Template.Spec.Containers[0].Args, "--run-now") {
					t.Error("coordinator.runNow=true does not add --run-now")
				}
			}},
	}
}

// TestChartLintAndTemplate lints the chart strictly and renders it for the
// default values and each optional feature, with an empty helm home and no
// kubeconfig (no network, no repositories), then decodes every manifest
// strictly and checks what an operator relies on.
func TestChartLintAndTemplate(t *testing.T) {
	t.Parallel()
	for _, tc := range chartCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if out, err := helm(t, append([]string{"lint", "--strict", chartDir}, tc.args...)...); err != nil {
				t.Fatal(err)
			} else if !strings.Contains(out, "0 chart(s) failed") {
				t.Fatalf("helm lint --strict:\n%s", out)
			}
			args := append([]string{"template", release, chartDir, "--namespace", "mcp", "--kube-version", kubeVersion}, tc.args...)
			for _, a := range tc.apis {
				args = append(args, "--api-versions", a)
			}
			out, err := helm(t, args...)
			if err != nil {
				t.Fatal(err)
			}
			m := decodeManifests(t, out)
			for _, k := range tc.want {
				if !contains(m.Kinds, k) {
					t.Errorf("no %s rendered (kinds: %v)", k, m.Kinds)
				}
			}
			for _, k := range tc.wantNot {
				if contains(m.Kinds, k) {
					t.Errorf("%s rendered, want none (kinds: %v)", k, m.Kinds)
				}
			}
			checkCommon(t, m)
			if tc.check != nil {
				tc.check(t, m)
			}
		})
	}
}

// TestChartRejectsBadValues: values.schema.json turns typos and a store
// password given as a value into errors before anything renders.
func TestChartRejectsBadValues(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ set, want string }{
		{"store.password=hunter2", "password"},
		{"storeURL=clickhouse://u:p@h:9000/db", "storeURL"},
		{"worker.sandbox=nsjail", "sandbox"},
		{"worker.slots=0", "slots"},
		{"nats.url=http://nats:4222", "url"},
		{"coordinator.rescanAfter=a week", "rescanAfter"},
		{"keda.lagThreshold=0", "lagThreshold"},
		{"worker.seccompProfile=runtimedefault", "seccompProfile"},
		{"worker.seccompLocalhostProfile=../../etc/x", "seccompLocalhostProfile"},
	} {
		t.Run(tc.set, func(t *testing.T) {
			t.Parallel()
			out, err := helm(t, "template", release, chartDir, "--kube-version", kubeVersion, "--set", tc.set)
			if err == nil {
				t.Fatalf("--set %s rendered; want a schema error", tc.set)
			}
			if !strings.Contains(out, "values don't meet the specifications of the schema") || !strings.Contains(out, tc.want) {
				t.Errorf("--set %s: error does not come from the schema or does not name %q:\n%s", tc.set, tc.want, out)
			}
		})
	}
}

// TestChartRefusesOldKubernetes: the workers' securityContext needs 1.33.
func TestChartRefusesOldKubernetes(t *testing.T) {
	t.Parallel()
	out, err := helm(t, "template", release, chartDir, "--kube-version", "1.32.9")
	if err == nil || !strings.Contains(out, "kubeVersion") {
		t.Fatalf("rendered for Kubernetes 1.32 (err %v):\n%s", err, out)
	}
}

func checkCommon(t *testing.T, m *manifests) {
	t.Helper()
	for _, o := range m.Objects {
		for _, l := range []string{"app.kubernetes.io/name", "app.kubernetes.io/instance", "app.kubernetes.io/version",
			"app.kubernetes.io/managed-by", "helm.sh/chart"} {
			if o.Labels[l] == "" {
				t.Errorf("%s has no %s label", o.Name, l)
			}
		}
		if o.Labels["app.kubernetes.io/instance"] != release {
			t.Errorf("%s: instance label %q", o.Name, o.Labels["app.kubernetes.io/instance"])
		}
	}
	co, wk := coordinator(t, m), worker(t, m)
	for _, d := range []*appsv1.Deployment{co, wk} {
		ps := d.Spec.Template.Spec
		if !selects(d.Spec.Selector.MatchLabels, d.Spec.Template.Labels) {
			t.Errorf("%s's selector does not match its pods", d.Name)
		}
		if ps.AutomountServiceAccountToken == nil || *ps.AutomountServiceAccountToken {
			t.Errorf("%s mounts a service account token", d.Name)
		}
		if len(ps.Containers) != 1 {
			t.Fatalf("%s has %d containers", d.Name, len(ps.Containers))
		}
		c := ps.Containers[0]
		if c.LivenessProbe == nil || c.ReadinessProbe == nil || c.StartupProbe == nil {
			t.Errorf("%s lacks a liveness, readiness or startup probe", d.Name)
		}
		for _, p := range []*corev1.Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe} {
			if p != nil && (p.HTTPGet == nil || p.HTTPGet.Path != "/healthz" || p.HTTPGet.Port.String() != "http") {
				t.Errorf("%s probe is not GET /healthz on port http: %+v", d.Name, p.ProbeHandler)
			}
		}
		if c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() {
			t.Errorf("%s has no cpu/memory requests or memory limit: %+v", d.Name, c.Resources)
		}
		// No secret in a plain environment variable or argument.
		for _, e := range c.Env {
			if strings.Contains(e.Value, "://") || strings.Contains(strings.ToLower(e.Name), "password") {
				t.Errorf("%s: env %s carries a URL or password in plain text (%q)", d.Name, e.Name, e.Value)
			}
		}
		for _, a := range c.Args {
			if strings.Contains(a, "clickhouse://") || strings.Contains(a, "@") {
				t.Errorf("%s: argument %q carries store credentials", d.Name, a)
			}
		}
		sc := c.SecurityContext
		if sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation ||
			sc.Capabilities == nil || len(sc.Capabilities.Drop) != 1 || sc.Capabilities.Drop[0] != "ALL" || len(sc.Capabilities.Add) != 0 {
			t.Errorf("%s container may escalate or keeps capabilities: %+v", d.Name, sc)
		}
		if pc := ps.SecurityContext; pc == nil || pc.RunAsNonRoot == nil || !*pc.RunAsNonRoot || pc.RunAsUser == nil || *pc.RunAsUser != 10001 {
			t.Errorf("%s does not run as the image's user 10001: %+v", d.Name, ps.SecurityContext)
		}
	}
	// The coordinator reads the store URL from the Secret only, as the
	// environment variable mcpgauge reads: never on its command line.
	cc := co.Spec.Template.Spec.Containers[0]
	for _, a := range cc.Args {
		if strings.HasPrefix(a, "--store") || strings.Contains(a, "$(") {
			t.Errorf("coordinator argument %q puts the store URL on the command line", a)
		}
	}
	var fromSecret bool
	for _, e := range cc.Env {
		if e.Name == "MCPGAUGE_STORE" && e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil &&
			e.ValueFrom.SecretKeyRef.Name == "mcpgauge-store" && e.ValueFrom.SecretKeyRef.Key == "STORE_URL" {
			fromSecret = true
		}
	}
	if !fromSecret {
		t.Errorf("coordinator MCPGAUGE_STORE does not come from Secret mcpgauge-store: %+v", cc.Env)
	}
	checkNATSAuth(t, co, "mcpgauge-coordinator", "mcpgauge-nats-coordinator")
	checkNATSAuth(t, wk, "mcpgauge-worker", "mcpgauge-nats-worker")
	if !hasArg(cc.Args, "--schedule=0 3 * * *") {
		t.Errorf("coordinator has no nightly --schedule: %v", cc.Args)
	}
	// Workers: graceful termination longer than --grace, and exactly
	// what bubblewrap needs.
	wps := wk.Spec.Template.Spec
	wc := wps.Containers[0]
	for _, e := range wc.Env {
		if strings.Contains(e.Name, "STORE") {
			t.Error("workers get the store URL; they must hold no store credentials")
		}
	}
	grace, err := time.ParseDuration(argValue(t, wc.Args, "--grace"))
	if err != nil {
		t.Fatal(err)
	}
	if wps.TerminationGracePeriodSeconds == nil || time.Duration(*wps.TerminationGracePeriodSeconds)*time.Second < grace+10*time.Second {
		t.Errorf("worker terminationGracePeriodSeconds %v leaves no margin over --grace %v", wps.TerminationGracePeriodSeconds, grace)
	}
	wsc := wc.SecurityContext
	switch argValue(t, wc.Args, "--sandbox") {
	case "bwrap":
		if wsc.SeccompProfile == nil || (wsc.SeccompProfile.Type != corev1.SeccompProfileTypeUnconfined && wsc.SeccompProfile.Type != corev1.SeccompProfileTypeLocalhost) ||
			wsc.AppArmorProfile == nil || wsc.AppArmorProfile.Type != corev1.AppArmorProfileTypeUnconfined ||
			wsc.ProcMount == nil || *wsc.ProcMount != corev1.UnmaskedProcMount {
			t.Errorf("worker securityContext does not give bubblewrap namespaces, mount and /proc: %+v", wsc)
		}
	case "none":
		if wsc.SeccompProfile == nil || wsc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault ||
			wsc.AppArmorProfile != nil || wsc.ProcMount != nil {
			t.Errorf("worker without a sandbox keeps the sandbox's exceptions: %+v", wsc)
		}
	default:
		t.Errorf("worker --sandbox=%s", argValue(t, wc.Args, "--sandbox"))
	}
	if wsc.Privileged != nil && *wsc.Privileged {
		t.Error("worker is privileged")
	}
	if wps.HostUsers == nil || *wps.HostUsers {
		t.Error("worker pod does not run in its own user namespace (hostUsers: false)")
	}
	if pdb := m.PDBs[fullname+"-worker"]; pdb != nil && !selects(pdb.Spec.Selector.MatchLabels, wk.Spec.Template.Labels) {
		t.Error("the PodDisruptionBudget does not select the workers")
	}
	for _, s := range m.Services {
		if !selects(s.Spec.Selector, co.Spec.Template.Labels) {
			t.Errorf("Service %s does not select the coordinator", s.Name)
		}
	}
	if m.Accounts[fullname] == nil || m.Accounts[fullname].AutomountServiceAccountToken == nil || *m.Accounts[fullname].AutomountServiceAccountToken {
		t.Error("no ServiceAccount with automountServiceAccountToken: false")
	}
}

func checkKEDA(t *testing.T, m *manifests) {
	so := m.ScaledObject[fullname+"-worker"]
	if so == nil {
		t.Fatalf("no ScaledObject %s-worker", fullname)
	}
	spec := so["spec"].(map[string]any)
	if ref := spec["scaleTargetRef"].(map[string]any); ref["name"] != worker(t, m).Name {
		t.Errorf("ScaledObject targets %v", ref)
	}
	if spec["minReplicaCount"] != float64(0) || spec["maxReplicaCount"] != float64(12) {
		t.Errorf("min/max replicas = %v/%v, want 0/12", spec["minReplicaCount"], spec["maxReplicaCount"])
	}
	if worker(t, m).Spec.Replicas != nil {
		t.Error("the worker Deployment sets replicas while KEDA manages them")
	}
	trig := spec["triggers"].([]any)
	if len(trig) != 1 {
		t.Fatalf("%d triggers", len(trig))
	}
	tr := trig[0].(map[string]any)
	md := tr["metadata"].(map[string]any)
	if tr["type"] != "nats-jetstream" || md["stream"] != schema.JobsStream || md["consumer"] != schema.WorkersConsumer {
		t.Errorf("trigger %v does not read the lag of %s/%s", tr, schema.JobsStream, schema.WorkersConsumer)
	}
	keys := kedaTriggerKeys(t)
	for k := range md {
		if !keys[k] {
			t.Errorf("trigger metadata key %q is not one KEDA's nats-jetstream scaler reads (%v)", k, keys)
		}
	}
	for _, k := range []string{"natsServerMonitoringEndpoint", "account", "stream", "consumer", "lagThreshold"} {
		if md[k] == nil {
			t.Errorf("trigger metadata lacks %s", k)
		}
	}
}

func checkHPA(t *testing.T, m *manifests) {
	h := m.HPAs[fullname+"-worker"]
	if h == nil {
		t.Fatalf("no HorizontalPodAutoscaler %s-worker", fullname)
	}
	if h.Spec.ScaleTargetRef.Name != worker(t, m).Name || h.Spec.ScaleTargetRef.Kind != "Deployment" {
		t.Errorf("HPA targets %+v", h.Spec.ScaleTargetRef)
	}
	if h.Spec.MinReplicas == nil || *h.Spec.MinReplicas < 1 || h.Spec.MaxReplicas < *h.Spec.MinReplicas {
		t.Errorf("HPA min/max %v/%d", h.Spec.MinReplicas, h.Spec.MaxReplicas)
	}
	if worker(t, m).Spec.Replicas != nil {
		t.Error("the worker Deployment sets replicas while the HPA manages them")
	}
	c := worker(t, m).Spec.Template.Spec.Containers[0]
	if c.Resources.Requests.Cpu().IsZero() {
		t.Error("CPU autoscaling needs a CPU request on the worker")
	}
}

func coordinator(t testing.TB, m *manifests) *appsv1.Deployment {
	t.Helper()
	d := m.Deployments[fullname+"-coordinator"]
	if d == nil {
		t.Fatalf("no Deployment %s-coordinator", fullname)
	}
	return d
}

func worker(t testing.TB, m *manifests) *appsv1.Deployment {
	t.Helper()
	d := m.Deployments[fullname+"-worker"]
	if d == nil {
		t.Fatalf("no Deployment %s-worker", fullname)
	}
	return d
}

func selects(sel, labels map[string]string) bool {
	if len(sel) == 0 {
		return false
	}
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}

func hasArg(args []string, a string) bool { return contains(args, a) }

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// argValue returns the value of --flag=value in args (failing when absent).
func argValue(t testing.TB, args []string, flag string) string {
	t.Helper()
	for _, a := range args {
		if v, ok := strings.CutPrefix(a, flag+"="); ok {
			return v
		}
	}
	t.Fatalf("no %s= in %v", flag, args)
	return ""
}

// checkNATSAuth: the deployment authenticates to NATS with a file of its
// own Secret (mounted read-only, no other role's): a password file with
// user, a creds file or an nkey seed; and no argument or plain env var
// carries a NATS secret.
func checkNATSAuth(t *testing.T, d *appsv1.Deployment, user, secret string) {
	t.Helper()
	ps := d.Spec.Template.Spec
	c := ps.Containers[0]
	var pwFile string
	for _, f := range []string{"--nats-password-file", "--nats-creds", "--nats-nkey"} {
		if v := argOf(c.Args, f); v != "" {
			pwFile = v
			if got := argOf(c.Args, "--nats-user"); f == "--nats-password-file" && got != user {
				t.Errorf("%s --nats-user=%q, want %s", d.Name, got, user)
			}
		}
	}
	var mounted bool
	for _, vm := range c.VolumeMounts {
		for _, v := range ps.Volumes {
			if v.Name != vm.Name || v.Secret == nil || !strings.HasPrefix(pwFile, vm.MountPath+"/") {
				continue
			}
			if v.Secret.SecretName != secret || !vm.ReadOnly {
				t.Errorf("%s reads its NATS password from Secret %s (read-only %v), want its own Secret %s read-only", d.Name, v.Secret.SecretName, vm.ReadOnly, secret)
			}
			if m := v.Secret.DefaultMode; m == nil || *m&0o007 != 0 {
				t.Errorf("%s: the NATS Secret is readable by others (mode %v)", d.Name, m)
			}
			mounted = true
		}
	}
	if !mounted {
		t.Errorf("%s: --nats-password-file=%s is not in a mounted Secret", d.Name, pwFile)
	}
	for _, e := range c.Env {
		if strings.Contains(e.Name, "NATS") && e.ValueFrom == nil {
			t.Errorf("%s: env %s in plain text", d.Name, e.Name)
		}
	}
}
