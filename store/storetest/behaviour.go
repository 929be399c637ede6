package storetest

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

func behaviourTests() []suiteCase {
	return []suiteCase{{"BehaviourRoundTrip", testBehaviour}}
}

// testBehaviour: a result's behaviour section comes back whole from
// Result, and History reads which hosts each scan contacted (none
// watched: not Watched; watched with no contact: Watched, no hosts).
func testBehaviour(t *testing.T, s store.Store) {
	b := &schema.Behaviour{Schema: schema.BehaviourVersion,
		Lookups:     []schema.Lookup{{Name: "telemetry.example.net", Types: []string{"A", "AAAA"}, Count: 2}},
		Connections: []schema.Connection{{Protocol: "tcp", Address: "192.0.2.10", Port: 443, SNI: "Update.Example.org", Count: 1}},
		Files:       []schema.FileWrite{{Path: "/home/sam/.config/x/state.json", Size: 19}},
		Processes:   []schema.ProcessRun{{Path: "/home/sam/.cache/helper", Argv0: "helper", Count: 1, Written: true}},
	}
	unwatched := Result(Spec{SweepID: "s1", Name: "b/srv", Version: "1.0.0", FinishedAt: at(1)})
	quiet := Result(Spec{SweepID: "s2", Name: "b/srv", Version: "1.1.0", FinishedAt: at(2)})
	quiet.Behaviour = &schema.Behaviour{Schema: schema.BehaviourVersion}
	busy := Result(Spec{SweepID: "s3", Name: "b/srv", Version: "1.2.0", FinishedAt: at(3)})
	busy.Behaviour = b
	insert(t, s, unwatched, quiet, busy)
	got, err := s.Result(ctx(t), busy.JobID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Behaviour, b) {
		t.Errorf("behaviour read back as %+v, want %+v", got.Behaviour, b)
	}
	hist, err := s.History(ctx(t), "b/srv")
	if err != nil || len(hist) != 3 {
		t.Fatalf("History = %d scans, %v", len(hist), err)
	}
	want := []struct {
		version string
		watched bool
		hosts   []string
	}{{"1.2.0", true, []string{"telemetry.example.net", "update.example.org"}}, {"1.1.0", true, nil}, {"1.0.0", false, nil}}
	for i, w := range want {
		h := hist[i]
		if h.Version != w.version || h.Watched != w.watched || !slices.Equal(h.BehaviourHosts, w.hosts) {
			t.Errorf("scan %d: version %s watched %v hosts %q; want %s %v %q", i, h.Version, h.Watched, h.BehaviourHosts, w.version, w.watched, w.hosts)
		}
	}
}
