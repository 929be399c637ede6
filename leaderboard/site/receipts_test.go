package site_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/attest/attesttest"
	"github.com/mcpgauge/mcpgauge/leaderboard"
	"github.com/mcpgauge/mcpgauge/leaderboard/site"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
	"github.com/mcpgauge/mcpgauge/store/storetest"
)

// TestReceiptsServed: with receipts stored, the board serves each scan's
// envelope and the public key, they verify, and the server page says the
// scan is signed; without, each answers 404 and the page says unsigned.
func TestReceiptsServed(t *testing.T) {
	t.Parallel()
	signer := attesttest.Signer(t)
	const name = "io.github.acme/weather"
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			u := b.url(t)
			w := storetest.Open(t, u)
			storetest.LoadSweep(t, w)
			ro, err := store.OpenReadOnly(ctx, u)
			if err != nil {
				t.Fatal(err)
			}
			defer ro.Close()
			h := site.Handler(ro, site.Options{BaseURL: "https://board.example"})

			if rec := get(h, leaderboard.ReceiptPath(name)); rec.Code != 404 || !strings.Contains(rec.Body.String(), "unsigned") {
				t.Errorf("unsigned receipt: %d %s", rec.Code, rec.Body.String())
			}
			if rec := get(h, leaderboard.ReceiptKeyPath); rec.Code != 404 {
				t.Errorf("key of an unsigned board: %d", rec.Code)
			}
			page := get(h, leaderboard.ServerPath(name)).Body.String()
			if !strings.Contains(page, "Unsigned") {
				t.Errorf("server page of an unsigned scan does not say so")
			}
			// The tool list carries each tool's R D I hints.
			if !strings.Contains(page, "<code>R d I</code>") || !strings.Contains(page, "<code>r D -</code>") {
				t.Errorf("server page lacks the tools' R D I hints")
			}

			// Sign every stored scan as the coordinator would.
			hist, err := w.History(ctx, name)
			if err != nil || len(hist) == 0 {
				t.Fatalf("history: %d, %v", len(hist), err)
			}
			var rs []store.Receipt
			for _, sc := range hist {
				res, err := w.Result(ctx, sc.JobID)
				if err != nil {
					t.Fatal(err)
				}
				res.Artifact = &schema.Artifact{Type: "npm", Identifier: "@acme/weather", Version: res.Version}
				env, err := attest.Sign(ctx, signer, res, time.Hour)
				if err != nil {
					t.Fatal(err)
				}
				data, _ := json.Marshal(env)
				id, _ := signer.KeyID()
				rs = append(rs, store.Receipt{JobID: sc.JobID, Name: sc.Name, Version: sc.Version, KeyID: id, PublicKey: signer.PublicKeyPEM(),
					Envelope: data, ExpiresAt: res.FinishedAt.Add(time.Hour), CreatedAt: time.Now()})
			}
			if _, err := w.InsertReceipts(ctx, rs); err != nil {
				t.Fatal(err)
			}

			key := get(h, leaderboard.ReceiptKeyPath)
			if key.Code != 200 || key.Body.String() != string(signer.PublicKeyPEM()) {
				t.Fatalf("key: %d %q", key.Code, key.Body.String())
			}
			v, err := attest.ParseVerifier(key.Body.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			for _, path := range []string{leaderboard.ReceiptPath(name), leaderboard.JobReceiptPath(hist[0].JobID)} {
				rec := get(h, path)
				if rec.Code != 200 {
					t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body.String())
				}
				want := attest.Artifact{Type: "npm", Identifier: "@acme/weather", Version: hist[0].Version}
				got, err := attest.Verify(ctx, rec.Body.Bytes(), v, hist[0].FinishedAt, &want)
				if err != nil {
					t.Fatalf("GET %s: served receipt does not verify: %v", path, err)
				}
				if got.Predicate.JobID != hist[0].JobID {
					t.Errorf("GET %s: receipt of job %s, want the latest %s", path, got.Predicate.JobID, hist[0].JobID)
				}
			}
			if rec := get(h, leaderboard.ServerPath(name)); !strings.Contains(rec.Body.String(), "This scan is signed") {
				t.Errorf("server page of a signed scan does not link its receipt")
			}
			if rec := get(h, "/api/receipts/nope"); rec.Code != 404 {
				t.Errorf("unknown job: %d", rec.Code)
			}
			// The feed links each version's receipt.
			feed := get(h, "/v0.1/servers?limit=100").Body.String()
			if !strings.Contains(feed, `"receipt": "https://board.example/api/receipts/`+hist[0].JobID+`"`) {
				t.Errorf("feed lacks the receipt link of %s", hist[0].JobID)
			}
		})
	}
}
