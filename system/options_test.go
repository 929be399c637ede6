package system

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/internal/errkind"
)

// TestValidateNamesTheFlag: every option struct's Validate turns a bad
// value into a usage error that names the flag the user typed, and the
// defaults pass.
func TestValidateNamesTheFlag(t *testing.T) {
	t.Parallel()
	plan := func(f func(*Plan)) Plan { p := DefaultPlan(); f(&p); return p }
	eco := func(f func(*Ecosystem)) Ecosystem { e := DefaultEcosystem(); f(&e); return e }
	sweep := func(f func(*SweepOptions)) SweepOptions {
		o := SweepOptions{Workers: 1, Plan: DefaultPlan(), Ecosystem: DefaultEcosystem()}
		f(&o)
		return o
	}
	coord := func(f func(*CoordinatorOptions)) CoordinatorOptions {
		o := CoordinatorOptions{NATS: "nats://127.0.0.1:4222", DataDir: t.TempDir(), Plan: DefaultPlan(), Ecosystem: DefaultEcosystem()}
		f(&o)
		return o
	}
	worker := func(f func(*WorkerOptions)) WorkerOptions {
		o := WorkerOptions{NATS: "nats://127.0.0.1:4222", Slots: 1, ScanDeadline: time.Minute, Heartbeat: time.Second}
		f(&o)
		return o
	}
	pull := func(f func(*PullOptions)) PullOptions {
		o := PullOptions{Source: DefaultRegistry, Timeout: time.Minute, Rate: 2}
		f(&o)
		return o
	}
	lb := func(f func(*LeaderboardOptions)) LeaderboardOptions {
		o := LeaderboardOptions{By: "mcpgauge", Limit: 20}
		f(&o)
		return o
	}
	for _, tc := range []struct {
		name string
		opts interface{ Validate() error }
		flag string // "" when the options are valid
	}{
		{"default plan", DefaultPlan(), ""},
		{"plan limit", plan(func(p *Plan) { p.Limit = -1 }), "--limit"},
		{"plan rescan", plan(func(p *Plan) { p.RescanAfter = -time.Second }), "--rescan-after"},
		{"plan deadline", plan(func(p *Plan) { p.Deadline = 0 }), "--deadline"},
		{"plan scan deadline", plan(func(p *Plan) { p.ScanDeadline = 0 }), "--scan-deadline"},
		{"plan receipt ttl", plan(func(p *Plan) { p.ReceiptTTL = 0 }), "--receipt-ttl"},
		{"plan sweep id", plan(func(p *Plan) { p.SweepID = "not a sweep" }), "--sweep-id"},
		{"plan unknown registry", plan(func(p *Plan) { p.Registries = []string{"mcp.so"} }), "--registry mcp.so"},
		{"plan smithery without key", plan(func(p *Plan) { p.Registries = []string{"smithery"} }), "--registry smithery"},
		{"plan smithery with key", plan(func(p *Plan) { p.Registries, p.Keys.Smithery = []string{"smithery"}, "k" }), ""},
		{"default ecosystem", DefaultEcosystem(), ""},
		{"eco distractors", eco(func(e *Ecosystem) { e.Distractors = -3 }), "--ecosystem-distractors"},
		{"eco max pool", eco(func(e *Ecosystem) { e.MaxPool = -1 }), "--ecosystem-max-pool"},
		{"eco max cost", eco(func(e *Ecosystem) { e.MaxCost = -1 }), "--ecosystem-max-cost"},
		{"eco concurrency", eco(func(e *Ecosystem) { e.Concurrency = 0 }), "--ecosystem-concurrency"},
		{"eco seed", eco(func(e *Ecosystem) { e.Seed = 0 }), "--ecosystem-seed"},
		{"eco sample", eco(func(e *Ecosystem) { e.Sample = -2 }), "--ecosystem-model-sample"},
		{"eco pool sizes", eco(func(e *Ecosystem) { e.Sizes = []int{10, 0} }), "--ecosystem-pool-sizes"},
		{"remote cidr", Scanning{Remote: Remote{AllowCIDRs: []string{"nonsense"}}}, "--allow-remote-cidr"},
		{"remote concurrency", Scanning{Remote: Remote{HostConcurrency: -1}}, "--host-concurrency"},
		{"remote rate", Scanning{Remote: Remote{HostRate: -1}}, "--host-rate"},
		{"scanning sandbox", Scanning{Sandbox: "docker"}, "--sandbox"},
		{"scanning grace", Scanning{Grace: -time.Second}, "--grace"},
		{"scanning remote", Scanning{Remote: Remote{HostRate: -1}}, "--host-rate"},
		{"sweep ok", sweep(func(*SweepOptions) {}), ""},
		{"sweep workers", sweep(func(o *SweepOptions) { o.Workers = 0 }), "--workers"},
		{"sweep store", sweep(func(o *SweepOptions) { o.Store = "postgres://x" }), "--store"},
		{"sweep plan", sweep(func(o *SweepOptions) { o.Plan.Limit = -1 }), "--limit"},
		{"sweep ecosystem", sweep(func(o *SweepOptions) { o.Ecosystem.Seed = 0 }), "--ecosystem-seed"},
		{"sweep scanning", sweep(func(o *SweepOptions) { o.Scanning.Sandbox = "docker" }), "--sandbox"},
		{"coordinator ok", coord(func(*CoordinatorOptions) {}), ""},
		{"coordinator nats", coord(func(o *CoordinatorOptions) { o.NATS = "" }), "--nats"},
		{"coordinator schedule", coord(func(o *CoordinatorOptions) { o.Schedule = "every night" }), "--schedule"},
		{"coordinator ecosystem", coord(func(o *CoordinatorOptions) { o.Ecosystem.Distractors = -1 }), "--ecosystem-distractors"},
		{"worker ok", worker(func(*WorkerOptions) {}), ""},
		{"worker nats", worker(func(o *WorkerOptions) { o.NATS = "" }), "--nats"},
		{"worker slots", worker(func(o *WorkerOptions) { o.Slots = 0 }), "--slots"},
		{"worker heartbeat", worker(func(o *WorkerOptions) { o.Heartbeat = 0 }), "--heartbeat"},
		{"worker scanning", worker(func(o *WorkerOptions) { o.Scanning.Remote.AllowCIDRs = []string{"x"} }), "--allow-remote-cidr"},
		{"serve ok", ServeOptions{}, ""},
		{"serve read timeout", ServeOptions{ReadTimeout: -time.Second}, "--read-timeout"},
		{"serve ttl", ServeOptions{LeaderboardTTL: -time.Second}, "--leaderboard-ttl"},
		{"pull ok", pull(func(*PullOptions) {}), ""},
		{"pull limit", pull(func(o *PullOptions) { o.Limit = -1 }), "--limit"},
		{"pull rate", pull(func(o *PullOptions) { o.Rate = 0 }), "--rate"},
		{"pull timeout", pull(func(o *PullOptions) { o.Timeout = 0 }), "--timeout"},
		{"pull updated since", pull(func(o *PullOptions) { o.UpdatedSince = "yesterday" }), "--updated-since"},
		{"pull url", pull(func(o *PullOptions) { o.URL = "ftp://example.com" }), "--url"},
		{"pull smithery", pull(func(o *PullOptions) { o.Source = "smithery" }), "--api-key"},
		{"history name", HistoryOptions{Name: "  "}, "NAME"},
		{"history ok", HistoryOptions{Name: "io.github.x/y"}, ""},
		{"ecosystem sweep", EcosystemOptions{SweepID: "not a sweep"}, "--sweep"},
		{"ecosystem limit", EcosystemOptions{Limit: -1}, "--limit"},
		{"leaderboard ok", lb(func(*LeaderboardOptions) {}), ""},
		{"leaderboard by", lb(func(o *LeaderboardOptions) { o.By = "fame" }), "--by"},
		{"leaderboard status", lb(func(o *LeaderboardOptions) { o.Status = "happy" }), "--status"},
		{"leaderboard limit", lb(func(o *LeaderboardOptions) { o.Limit = 0 }), "--limit"},
		{"leaderboard store", lb(func(o *LeaderboardOptions) { o.Store.URL = "postgres://x" }), "postgres"},
	} {
		err := tc.opts.Validate()
		switch {
		case tc.flag == "" && err != nil:
			t.Errorf("%s: %v, want valid", tc.name, err)
		case tc.flag == "":
		case err == nil:
			t.Errorf("%s: valid, want a usage error naming %s", tc.name, tc.flag)
		case errkind.Of(err) != errkind.Usage || !strings.Contains(err.Error(), tc.flag):
			t.Errorf("%s: %v (kind %v), want a usage error naming %s", tc.name, err, errkind.Of(err), tc.flag)
		}
	}
}
