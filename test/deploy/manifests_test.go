package deploy

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
)

// manifests is one `helm template` output, decoded.
type manifests struct {
	Deployments  map[string]*appsv1.Deployment
	Services     map[string]*corev1.Service
	Accounts     map[string]*corev1.ServiceAccount
	PDBs         map[string]*policyv1.PodDisruptionBudget
	HPAs         map[string]*autoscalingv2.HorizontalPodAutoscaler
	PodMonitors  map[string]*monitoringv1.PodMonitor
	ScaledObject map[string]map[string]any
	ConfigMaps   map[string]*corev1.ConfigMap
	// Objects lists every object's metadata, in output order.
	Objects []metav1.ObjectMeta
	Kinds   []string
}

// decodeManifests splits a multi-document YAML stream and decodes each
// document strictly (unknown or duplicate fields are errors) into its
// Kubernetes API type; ScaledObjects are checked against KEDA's CRD schema.
func decodeManifests(t testing.TB, out string) *manifests {
	t.Helper()
	m := &manifests{Deployments: map[string]*appsv1.Deployment{}, Services: map[string]*corev1.Service{},
		Accounts: map[string]*corev1.ServiceAccount{}, PDBs: map[string]*policyv1.PodDisruptionBudget{},
		HPAs: map[string]*autoscalingv2.HorizontalPodAutoscaler{}, PodMonitors: map[string]*monitoringv1.PodMonitor{},
		ScaledObject: map[string]map[string]any{}, ConfigMaps: map[string]*corev1.ConfigMap{}}
	for i, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(out, -1) {
		if strings.TrimSpace(stripComments(doc)) == "" {
			continue
		}
		var tm metav1.TypeMeta
		if err := yaml.Unmarshal([]byte(doc), &tm); err != nil {
			t.Fatalf("document %d: %v\n%s", i, err, doc)
		}
		var meta struct {
			Metadata metav1.ObjectMeta `json:"metadata"`
		}
		if err := yaml.Unmarshal([]byte(doc), &meta); err != nil {
			t.Fatalf("document %d metadata: %v", i, err)
		}
		strict := func(obj any) {
			if err := yaml.UnmarshalStrict([]byte(doc), obj); err != nil {
				t.Fatalf("%s %s does not decode strictly as %T: %v\n%s", tm.Kind, meta.Metadata.Name, obj, err, doc)
			}
		}
		name := meta.Metadata.Name
		switch tm.APIVersion + "/" + tm.Kind {
		case "apps/v1/Deployment":
			o := &appsv1.Deployment{}
			strict(o)
			m.Deployments[name] = o
		case "v1/Service":
			o := &corev1.Service{}
			strict(o)
			m.Services[name] = o
		case "v1/ServiceAccount":
			o := &corev1.ServiceAccount{}
			strict(o)
			m.Accounts[name] = o
		case "v1/ConfigMap":
			o := &corev1.ConfigMap{}
			strict(o)
			m.ConfigMaps[name] = o
		case "policy/v1/PodDisruptionBudget":
			o := &policyv1.PodDisruptionBudget{}
			strict(o)
			m.PDBs[name] = o
		case "autoscaling/v2/HorizontalPodAutoscaler":
			o := &autoscalingv2.HorizontalPodAutoscaler{}
			strict(o)
			m.HPAs[name] = o
		case "monitoring.coreos.com/v1/PodMonitor":
			o := &monitoringv1.PodMonitor{}
			strict(o)
			m.PodMonitors[name] = o
		case "keda.sh/v1alpha1/ScaledObject":
			var full struct {
				metav1.TypeMeta `json:",inline"`
				Metadata        metav1.ObjectMeta `json:"metadata"`
				Spec            json.RawMessage   `json:"spec"`
			}
			strict(&full)
			var obj map[string]any
			js, err := yaml.YAMLToJSON([]byte(doc))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(js, &obj); err != nil {
				t.Fatal(err)
			}
			if err := kedaSchema(t).Validate(obj); err != nil {
				t.Fatalf("ScaledObject %s does not validate against KEDA's CRD schema (%s): %v\n%s", name, kedaModule, err, doc)
			}
			m.ScaledObject[name] = obj
		default:
			t.Fatalf("document %d: no API type known for %s %s; add one to decodeManifests", i, tm.APIVersion, tm.Kind)
		}
		m.Objects = append(m.Objects, meta.Metadata)
		m.Kinds = append(m.Kinds, tm.Kind)
	}
	return m
}

func stripComments(doc string) string {
	var b strings.Builder
	for _, l := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

var (
	kedaOnce   sync.Once
	kedaDir    string
	kedaErr    error
	kedaCompOn sync.Once
	kedaSch    *jsonschema.Schema
	kedaSchErr error
)

// kedaModuleDir downloads the pinned KEDA module (source only; nothing of
// it is built) and returns its directory in the module cache.
func kedaModuleDir(t testing.TB) string {
	t.Helper()
	kedaOnce.Do(func() {
		cmd := exec.Command("go", "mod", "download", "-json", kedaModule)
		cmd.Dir = os.TempDir()
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.Output()
		if err != nil {
			kedaErr = fmt.Errorf("go mod download %s: %w", kedaModule, err)
			return
		}
		var info struct{ Dir, Error string }
		if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
			kedaErr = fmt.Errorf("go mod download %s: %v %s", kedaModule, err, info.Error)
			return
		}
		kedaDir = info.Dir
	})
	if kedaErr != nil {
		t.Fatal(kedaErr)
	}
	return kedaDir
}

// kedaSchema compiles the openAPIV3Schema of KEDA's ScaledObject CRD. The
// API server rejects unknown fields under strict field validation (kubectl
// apply's default); JSON Schema allows them unless told, so every object
// schema that lists properties and does not preserve unknown fields gets
// additionalProperties: false, as the API server would apply it.
func kedaSchema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	dir := kedaModuleDir(t)
	kedaCompOn.Do(func() {
		b, err := os.ReadFile(filepath.Join(dir, "config", "crd", "bases", "keda.sh_scaledobjects.yaml"))
		if err != nil {
			kedaSchErr = err
			return
		}
		var crd struct {
			Spec struct {
				Versions []struct {
					Name   string `json:"name"`
					Schema struct {
						OpenAPIV3Schema map[string]any `json:"openAPIV3Schema"`
					} `json:"schema"`
				} `json:"versions"`
			} `json:"spec"`
		}
		if err := yaml.Unmarshal(b, &crd); err != nil {
			kedaSchErr = err
			return
		}
		var sch map[string]any
		for _, v := range crd.Spec.Versions {
			if v.Name == "v1alpha1" {
				sch = v.Schema.OpenAPIV3Schema
			}
		}
		if sch == nil {
			kedaSchErr = fmt.Errorf("%s: no v1alpha1 schema in keda.sh_scaledobjects.yaml", kedaModule)
			return
		}
		closeObjects(sch)
		c := jsonschema.NewCompiler()
		if err := c.AddResource("keda-scaledobject.json", sch); err != nil {
			kedaSchErr = err
			return
		}
		kedaSch, kedaSchErr = c.Compile("keda-scaledobject.json")
	})
	if kedaSchErr != nil {
		t.Fatal(kedaSchErr)
	}
	return kedaSch
}

func closeObjects(s map[string]any) {
	if _, ok := s["properties"]; ok {
		if _, has := s["additionalProperties"]; !has && s["x-kubernetes-preserve-unknown-fields"] != true {
			s["additionalProperties"] = false
		}
	}
	for _, v := range s {
		switch v := v.(type) {
		case map[string]any:
			closeObjects(v)
		case []any:
			for _, e := range v {
				if m, ok := e.(map[string]any); ok {
					closeObjects(m)
				}
			}
		}
	}
}

// kedaTriggerKeys lists the metadata keys KEDA's nats-jetstream scaler reads,
// from the scaler's own source in the pinned module.
func kedaTriggerKeys(t testing.TB) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(kedaModuleDir(t), "pkg", "scalers", "nats_jetstream_scaler.go"))
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, m := range regexp.MustCompile(`keda:"name=([A-Za-z]+)`).FindAllSubmatch(b, -1) {
		keys[string(m[1])] = true
	}
	if len(keys) == 0 {
		t.Fatal("no keda:\"name=...\" tags found in the nats-jetstream scaler")
	}
	return keys
}
