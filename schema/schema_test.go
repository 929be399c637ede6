package schema

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"
)

func validJob(t *testing.T) Job {
	t.Helper()
	plan := json.RawMessage(`{"type":"npm","package":"@scope/pkg","version":"1.2.3"}`)
	key, err := ScanKey(plan, "1.2.3", "mcpgauge/0.1.0", "rules-abc")
	if err != nil {
		t.Fatal(err)
	}
	return Job{
		SchemaVersion: Version, SweepID: "sw-20261129", JobID: JobID("sw-20261129", "io.github.a/b", "1.2.3"),
		Name: "io.github.a/b", Version: "1.2.3", Sources: []string{"official"}, PackageType: "npm",
		PackageVersion: "1.2.3", Server: json.RawMessage(`{"name":"io.github.a/b"}`), Plan: plan,
		ScannerVersion: "mcpgauge/0.1.0", RuleSetDigest: "rules-abc", ScanKey: key,
		CreatedAt: time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC),
	}
}

func validResult() Result {
	sel := 80.0
	digest := strings.Repeat("a", 64)
	return Result{
		SchemaVersion: Version, SweepID: "sw-1", JobID: JobID("sw-1", "srv", "1.0.0"), Name: "srv", Version: "1.0.0",
		Sources: []string{"official"}, Status: StatusOK,
		Snapshot:   &SnapshotSummary{Tools: 1, ServerDigest: digest, ToolList: []ToolSummary{{Name: "t", SHA256: digest, Tokens: 10}}},
		Findings:   []Finding{{Rule: "MG001", Severity: "warning", Tool: "t", Message: "m"}},
		Compliance: []ComplianceResult{{ID: "lifecycle-init-01", Status: "pass"}, {ID: "tools-call-01", Status: "not_testable", Message: "backend unreachable"}},
		Eval:       &EvalSummary{SelectionCorrect: 4, SelectionTotal: 5},
		Scores: &Scores{ScoringVersion: "mcpgauge-score/1", MCPGauge: 90, Compliance: new(100.0), Design: 80, Security: 100,
			Efficiency: 70, Selection: &sel, ToolgaugeHealth: 96, QualityGate: QualityGateScore{Score: new(90.0), Compliance: new(40.0), Quality: 20, Efficiency: 10, Security: 20}},
		ScannerVersion: "mcpgauge/0.1.0", WorkerID: "host-1/0",
		StartedAt: time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC), FinishedAt: time.Date(2026, 11, 29, 0, 1, 0, 0, time.UTC),
	}
}

func TestJobIDDeterministic(t *testing.T) {
	a := JobID("sw", "name", "1.0")
	if a != JobID("sw", "name", "1.0") {
		t.Fatal("JobID is not deterministic")
	}
	if len(a) != JobIDLength || !regexp.MustCompile(`^[0-9a-f]+$`).MatchString(a) {
		t.Fatalf("JobID %q is not %d hex chars", a, JobIDLength)
	}
	for _, other := range [][3]string{{"sw2", "name", "1.0"}, {"sw", "name2", "1.0"}, {"sw", "name", "1.1"}, {"sw", "nam", "e1.0"}} {
		if b := JobID(other[0], other[1], other[2]); b == a {
			t.Errorf("JobID%v collides with JobID(sw,name,1.0)", other)
		}
	}
}

func TestScanKey(t *testing.T) {
	k1, err := ScanKey(json.RawMessage(`{"b":1,"a":{"y":2,"x":[1,2]}}`), "1", "s", "r")
	if err != nil {
		t.Fatal(err)
	}
	k2, err := ScanKey(json.RawMessage("{ \"a\" : {\"x\":[1,2],\"y\":2},\n \"b\":1}"), "1", "s", "r")
	if err != nil {
		t.Fatal(err)
	}
	if k1 != k2 {
		t.Errorf("key order or whitespace changed the scan key: %s vs %s", k1, k2)
	}
	if len(k1) != ScanKeyLength {
		t.Errorf("scan key length %d, want %d", len(k1), ScanKeyLength)
	}
	plan := json.RawMessage(`{"b":1,"a":{"y":2,"x":[1,2]}}`)
	for _, c := range []struct{ name, pv, sv, rd string }{{"pkg", "2", "s", "r"}, {"scanner", "1", "s2", "r"}, {"rules", "1", "s", "r2"}} {
		k, _ := ScanKey(plan, c.pv, c.sv, c.rd)
		if k == k1 {
			t.Errorf("changing %s did not change the scan key", c.name)
		}
	}
	if k, _ := ScanKey(json.RawMessage(`{"b":1,"a":{"y":2,"x":[2,1]}}`), "1", "s", "r"); k == k1 {
		t.Error("changing the plan did not change the scan key")
	}
	for _, bad := range []string{"", "{", `{"a":1} x`} {
		if _, err := ScanKey(json.RawMessage(bad), "1", "s", "r"); err == nil {
			t.Errorf("ScanKey(%q) gave no error", bad)
		}
	}
}

func TestJobValidate(t *testing.T) {
	good := validJob(t)
	if err := good.Validate(); err != nil {
		t.Fatalf("valid job rejected: %v", err)
	}
	cases := []struct {
		name   string
		mutate func(*Job)
		want   string
	}{
		{"version", func(j *Job) { j.SchemaVersion = 2 }, "schema_version is 2"},
		{"sweep", func(j *Job) { j.SweepID = "a.b" }, "may contain only"},
		{"job id", func(j *Job) { j.JobID = "x" }, "job_id is \"x\""},
		{"no server", func(j *Job) { j.Server = nil }, "server is missing"},
		{"plan array", func(j *Job) { j.Plan = json.RawMessage(`[1]`) }, "plan is not a JSON object"},
		{"scan key", func(j *Job) { j.ScanKey = strings.Repeat("0", 64) }, "scan_key is"},
		{"eval model", func(j *Job) { j.Options.Eval = true }, "eval_model is empty"},
		{"deadline", func(j *Job) { j.Options.DeadlineSeconds = -1 }, "deadline_seconds is negative"},
		{"created", func(j *Job) { j.CreatedAt = time.Time{} }, "created_at is missing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			j := validJob(t)
			c.mutate(&j)
			err := j.Validate()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Validate() = %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func TestJobRoundTrip(t *testing.T) {
	j := validJob(t)
	b, err := j.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"schema_version":1`) {
		t.Errorf("encoded job lacks schema_version: %s", b)
	}
	got, err := DecodeJob(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.ScanKey != j.ScanKey || got.JobID != j.JobID || string(got.Plan) != string(j.Plan) {
		t.Errorf("round trip changed the job: %+v", got)
	}
	if _, err := DecodeJob([]byte(`{"schema_version":1,"bogus":true}`)); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Errorf("unknown field not named: %v", err)
	}
	if _, err := DecodeJob([]byte(`not json`)); err == nil {
		t.Error("garbage decoded")
	}
}

func TestResultValidate(t *testing.T) {
	good := validResult()
	if err := good.Validate(); err != nil {
		t.Fatalf("valid result rejected: %v", err)
	}
	cases := []struct {
		name   string
		mutate func(*Result)
		want   string
	}{
		{"status", func(r *Result) { r.Status = "fine" }, "unknown status \"fine\""},
		{"reason", func(r *Result) { r.Status = StatusTimeout; r.Scores = nil }, "needs a reason"},
		{"scored failure", func(r *Result) { r.Status = StatusCrashed; r.Reason = "x" }, "must not carry scores"},
		{"ok without scores", func(r *Result) { r.Scores = nil }, "status ok needs scores"},
		{"ok without snapshot", func(r *Result) { r.Snapshot = nil }, "needs a snapshot"},
		{"tool count", func(r *Result) { r.Snapshot.Tools = 2 }, "tool_list has 1"},
		{"digest", func(r *Result) { r.Snapshot.ServerDigest = "abc" }, "server_digest"},
		{"tool digest", func(r *Result) { r.Snapshot.ToolList[0].SHA256 = "zz" }, "tool_list[0] (t): sha256"},
		{"severity", func(r *Result) { r.Findings[0].Severity = "loud" }, "severity \"loud\""},
		{"compliance", func(r *Result) { r.Compliance[0].Status = "ok" }, "compliance[0]"},
		{"eval", func(r *Result) { r.Eval.SelectionCorrect = 9 }, "9/5 is impossible"},
		{"score range", func(r *Result) { r.Scores.Design = 101 }, "scores.design is 101"},
		{"qg range", func(r *Result) { r.Scores.QualityGate.Compliance = new(41.0) }, "quality_gate.compliance"},
		{"qg half measured", func(r *Result) { r.Scores.QualityGate.Score = nil }, "both present or both absent"},
		{"scoring version", func(r *Result) { r.Scores.ScoringVersion = "" }, "scoring_version is empty"},
		{"timing", func(r *Result) { r.Timings.ListMS = -1 }, "timings.list_ms is negative"},
		{"times", func(r *Result) { r.FinishedAt = r.StartedAt.Add(-time.Second) }, "before started_at"},
		{"worker", func(r *Result) { r.WorkerID = "" }, "worker_id is empty"},
		{"job id", func(r *Result) { r.Version = "2.0.0" }, "job_id is"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := validResult()
			c.mutate(&r)
			err := r.Validate()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Validate() = %v, want an error containing %q", err, c.want)
			}
		})
	}
	// A failure with a reason and no scores is valid.
	r := validResult()
	r.Status, r.Reason, r.Scores, r.Snapshot = StatusNeedsCredentials, "needs API_KEY", nil, nil
	if err := r.Validate(); err != nil {
		t.Errorf("valid failure rejected: %v", err)
	}
}

func TestResultRoundTrip(t *testing.T) {
	r := validResult()
	b, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeResult(b)
	if err != nil {
		t.Fatal(err)
	}
	if *got.Scores.Selection != 80 || got.Snapshot.ToolList[0].Tokens != 10 || !got.FinishedAt.Equal(r.FinishedAt) {
		t.Errorf("round trip lost data: %+v", got)
	}
}

// TestUnmeasuredPartsAreAbsent: a scan without compliance tests encodes
// the compliance part and quality-gate's total as absent, not as 0, is
// valid, and decodes back to absent.
func TestUnmeasuredPartsAreAbsent(t *testing.T) {
	t.Parallel()
	r := validResult()
	r.Compliance = nil
	r.Scores.Compliance, r.Scores.QualityGate.Score, r.Scores.QualityGate.Compliance = nil, nil, nil
	if err := r.Validate(); err != nil {
		t.Fatalf("a result without compliance is rejected: %v", err)
	}
	b, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Scores map[string]json.RawMessage `json:"scores"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if v, ok := doc.Scores["compliance"]; ok {
		t.Errorf("scores.compliance = %s, want absent", v)
	}
	var qg map[string]json.RawMessage
	if err := json.Unmarshal(doc.Scores["quality_gate"], &qg); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"score", "compliance"} {
		if v, ok := qg[k]; ok {
			t.Errorf("scores.quality_gate.%s = %s, want absent", k, v)
		}
	}
	if _, ok := qg["quality"]; !ok {
		t.Error("scores.quality_gate.quality (measured) is missing")
	}
	got, err := DecodeResult(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.Scores.Compliance != nil || got.Scores.QualityGate.Score != nil {
		t.Errorf("decoded unmeasured parts as %v, %v", got.Scores.Compliance, got.Scores.QualityGate.Score)
	}
}

func TestScoreParts(t *testing.T) {
	r := validResult()
	for _, p := range ScoreParts() {
		parsed, err := ParseScorePart(string(p))
		if err != nil || parsed != p {
			t.Errorf("ParseScorePart(%q) = %q, %v", p, parsed, err)
		}
		if _, ok := r.Scores.Part(p); !ok {
			t.Errorf("part %s missing from a full score", p)
		}
	}
	if v, _ := r.Scores.Part(PartQualityGate); v != 90 {
		t.Errorf("quality_gate part = %v, want 90", v)
	}
	r.Scores.Selection = nil
	if _, ok := r.Scores.Part(PartSelection); ok {
		t.Error("selection reported without an eval")
	}
	r.Scores.Compliance, r.Scores.QualityGate.Score, r.Scores.QualityGate.Compliance = nil, nil, nil
	for _, p := range []ScorePart{PartCompliance, PartQualityGate} {
		if v, ok := r.Scores.Part(p); ok {
			t.Errorf("part %s = %v reported though compliance did not run", p, v)
		}
	}
	if _, err := ParseScorePart("speed"); err == nil || !strings.Contains(err.Error(), "mcpgauge") {
		t.Errorf("bad part error does not list the valid ones: %v", err)
	}
}

func TestNATSSpecs(t *testing.T) {
	js := JobsStreamSpec()
	if js.Name != "MCPGAUGE_JOBS" || js.Retention != RetentionWorkQueue || js.Storage != StorageFile || js.Duplicates < time.Hour || js.Subjects[0] != "mcpgauge.jobs.>" {
		t.Errorf("jobs stream spec wrong: %+v", js)
	}
	rs := ResultsStreamSpec()
	if rs.Name != "MCPGAUGE_RESULTS" || rs.Retention != RetentionLimits || rs.Subjects[0] != "mcpgauge.results.>" {
		t.Errorf("results stream spec wrong: %+v", rs)
	}
	// The settings docs/store.md states.
	if js.Duplicates != 2*time.Hour || rs.MaxAge != 7*24*time.Hour || rs.Storage != StorageFile {
		t.Errorf("duplicate window %v, results max age %v, storage %q; want 2h, 168h, file", js.Duplicates, rs.MaxAge, rs.Storage)
	}
	if ic := IngestConsumerSpec(); ic.Durable != "coordinator" || ic.Stream != ResultsStream || ic.AckPolicy != AckExplicit || ic.MaxDeliver != -1 {
		t.Errorf("coordinator consumer = %+v, want explicit ack and unlimited redelivery on %s", ic, ResultsStream)
	}
	c := WorkersConsumerSpec(3 * time.Minute)
	if c.Durable != "workers" || c.AckWait != 6*time.Minute || c.MaxDeliver != 3 || c.AckPolicy != AckExplicit {
		t.Errorf("workers consumer wrong: %+v", c)
	}
	if WorkersConsumerSpec(0).AckWait != 2*DefaultScanDeadline {
		t.Error("default deadline not applied")
	}
	if JobSubject("sw-1") != "mcpgauge.jobs.sw-1" || ResultSubject("sw-1") != "mcpgauge.results.sw-1" {
		t.Error("subject helpers wrong")
	}
	names := map[string]bool{}
	for _, b := range BucketSpecs() {
		names[b.Bucket] = true
	}
	for _, n := range []string{"mcpgauge-evalcache", "mcpgauge-tools", "mcpgauge-scans", "mcpgauge-sweeps", "mcpgauge-sync"} {
		if !names[n] {
			t.Errorf("bucket %s missing", n)
		}
	}
}

func TestMigrations(t *testing.T) {
	for _, d := range []Dialect{ClickHouse, SQLite} {
		ms, err := Migrations(d)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) == 0 || ms[0].Version != 1 {
			t.Fatalf("%s: migrations %+v", d, ms)
		}
		for i, m := range ms {
			if i > 0 && m.Version <= ms[i-1].Version {
				t.Errorf("%s: migrations out of order", d)
			}
			for _, s := range m.Statements {
				if strings.HasSuffix(s, ";") || strings.Contains(s, "\n--") {
					t.Errorf("%s %s: statement not cleaned: %q", d, m.Name, s)
				}
			}
		}
	}
	if _, err := Migrations("postgres"); err == nil {
		t.Error("unknown dialect accepted")
	}
}

// TestClickHouseDDLIsPortable guards the 18.16 constraints.
func TestClickHouseDDLIsPortable(t *testing.T) {
	ms, err := Migrations(ClickHouse)
	if err != nil {
		t.Fatal(err)
	}
	forbidden := regexp.MustCompile(`(?i)\bLowCardinality\b|\bMap\s*\(|\bJSON\b|\bDateTime64\b|\bTTL\b|\bOVER\s*\(|\bObject\s*\(`)
	for _, m := range ms {
		for _, s := range m.Statements {
			if loc := forbidden.FindString(s); loc != "" {
				t.Errorf("%s uses %q, which ClickHouse 18.16 lacks", m.Name, loc)
			}
		}
	}
}

func TestSplitStatements(t *testing.T) {
	got := SplitStatements("-- c\nCREATE TABLE a (x Int8);\n\n-- d\nCREATE TABLE b (\n  y Int8\n);\nSELECT 1")
	want := []string{"CREATE TABLE a (x Int8)", "CREATE TABLE b (\n  y Int8\n)", "SELECT 1"}
	if len(got) != len(want) {
		t.Fatalf("got %q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("statement %d = %q, want %q", i, got[i], want[i])
		}
	}
}
