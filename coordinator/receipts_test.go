package coordinator_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/attest/attesttest"
	"github.com/mcpgauge/mcpgauge/coordinator"
	"github.com/mcpgauge/mcpgauge/coordinator/sweeptest"
	"github.com/mcpgauge/mcpgauge/internal/netguard"
	"github.com/mcpgauge/mcpgauge/internal/testutil/natstest"
	"github.com/mcpgauge/mcpgauge/registry"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/worker"
)

// TestSweepSignsReceipts: a sweep with a signing key stores a receipt for
// every scan, which verifies under the key and names the scanned endpoint;
// the store serves the public key.
func TestSweepSignsReceipts(t *testing.T) {
	t.Parallel()
	signer := attesttest.Signer(t)
	servers := []*sweeptest.Server{sweeptest.Start("good", "1.0.0", sweeptest.Good()), sweeptest.Start("poor", "2.0.0", sweeptest.Poor())}
	var entries []sweeptest.Entry
	for _, s := range servers {
		defer s.Close()
		entries = append(entries, sweeptest.Entry{Name: "io.test/" + s.Name, Version: s.Version, URL: s.URL()})
	}
	dir := t.TempDir()
	reg := filepath.Join(dir, "registry.json")
	if err := sweeptest.WriteRegistry(reg, entries); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	_, js, stopNATS := natstest.Start(t, dir, time.Minute)
	defer stopNATS()
	st, err := store.Open(ctx, store.SQLiteURL(dir))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c, err := coordinator.New(ctx, coordinator.Config{JS: js, Store: st, Sources: []registry.Source{registry.NewFile(reg)},
		ScannerVersion: "test", RuleSetDigest: "r1", SweepDeadline: 2 * time.Minute, Signer: signer, ReceiptTTL: 48 * time.Hour, Log: testLog(t)})
	if err != nil {
		t.Fatal(err)
	}
	sc := worker.EntryScanner{Options: worker.Options{AllowRemote: true, RemoteAllow: netguard.Loopback(), Deadline: time.Minute}}
	if p := runWithWorker(t, ctx, c, js, sc, "s1"); p.Done != 2 {
		t.Fatalf("sweep: %+v, want 2 done", p)
	}
	lb, err := st.Leaderboard(ctx, store.LeaderboardQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lb.Ranked) != 2 {
		t.Fatalf("ranked %d, want 2 (unscored %+v)", len(lb.Ranked), lb.Unscored)
	}
	urls := map[string]string{"io.test/good": servers[0].URL(), "io.test/poor": servers[1].URL()}
	for _, row := range lb.Ranked {
		rc, err := st.Receipt(ctx, row.JobID)
		if err != nil {
			t.Fatalf("%s: %v", row.Name, err)
		}
		v, err := attest.ParseVerifier(rc.PublicKey)
		if err != nil {
			t.Fatal(err)
		}
		want := attest.Artifact{Type: "remote", URL: urls[row.Name]}
		got, err := attest.Verify(ctx, rc.Envelope, v, time.Now(), &want)
		if err != nil {
			t.Fatalf("%s: stored receipt does not verify: %v", row.Name, err)
		}
		if got.Predicate.Scores == nil || got.Predicate.Scores.MCPGauge != row.Scores.MCPGauge || got.Predicate.RuleSetDigest != "r1" ||
			got.Predicate.JobID != row.JobID || got.Predicate.ServerDigest != row.ServerDigest {
			t.Errorf("%s: receipt says %+v, store says score %v digest %s", row.Name, got.Predicate, row.Scores.MCPGauge, row.ServerDigest)
		}
		if _, err := attest.Verify(ctx, rc.Envelope, v, time.Now().Add(49*time.Hour), nil); !errors.Is(err, attest.ErrExpired) {
			t.Errorf("%s: after its TTL the receipt is %v, want expired", row.Name, err)
		}
		other := attest.Artifact{Type: "remote", URL: urls["io.test/good"] + "x"}
		if _, err := attest.Verify(ctx, rc.Envelope, v, time.Now(), &other); !errors.Is(err, attest.ErrSubjectMismatch) {
			t.Errorf("%s: against another URL: %v", row.Name, err)
		}
	}
	id, pub, err := st.SigningKey(ctx)
	want, _ := signer.KeyID()
	if err != nil || id != want || string(pub) != string(signer.PublicKeyPEM()) {
		t.Errorf("SigningKey = %q, %v; want %q", id, err, want)
	}
}
