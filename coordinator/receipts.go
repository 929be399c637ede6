package coordinator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcpgauge/mcpgauge/attest"
	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// write stores a batch of results and, when the coordinator signs, their
// receipts, so a result is acknowledged only once its receipt is stored
// too. Both inserts are idempotent, so a retry after a half-done write is
// harmless.
func (c *Coordinator) write(ctx context.Context, results []schema.Result, receipts []store.Receipt) error {
	if _, err := c.cfg.Store.InsertResults(ctx, results); err != nil {
		return err
	}
	if len(receipts) == 0 {
		return nil
	}
	if _, err := c.cfg.Store.InsertReceipts(ctx, receipts); err != nil {
		return fmt.Errorf("receipts: %w", err)
	}
	return nil
}

// receipts signs each result that names an artifact (nil without a
// signer). A result with nothing to be about (an install that failed
// before its integrity was known) gets no receipt; that is not an error.
func (c *Coordinator) receipts(ctx context.Context, results []schema.Result) []store.Receipt {
	s := c.cfg.Signer
	if s == nil {
		return nil
	}
	keyID, _ := s.KeyID()
	pub := s.PublicKeyPEM()
	out := make([]store.Receipt, 0, len(results))
	for _, r := range results {
		env, err := attest.Sign(ctx, s, r, c.cfg.ReceiptTTL)
		if errors.Is(err, attest.ErrNoSubject) {
			continue
		}
		var data []byte
		if err == nil {
			data, err = json.Marshal(env)
		}
		if err != nil {
			c.cfg.Log.Warn("ingest: sign receipt", "job", r.JobID, "err", err)
			continue
		}
		p := attest.PredicateOf(r, c.cfg.ReceiptTTL)
		out = append(out, store.Receipt{JobID: r.JobID, Name: r.Name, Version: r.Version, KeyID: keyID, PublicKey: pub,
			Envelope: data, ExpiresAt: p.ExpiresAt, CreatedAt: c.cfg.Now()})
	}
	return out
}

// receiptCache keeps the receipts signed for one batch, so a store retry
// writes the same receipts again instead of signing every result anew.
type receiptCache struct {
	tried    map[string]bool
	receipts map[string]store.Receipt
}

// of returns the receipts of results, signing only those not tried before.
func (rc *receiptCache) of(ctx context.Context, c *Coordinator, results []schema.Result) []store.Receipt {
	if rc.tried == nil {
		rc.tried, rc.receipts = map[string]bool{}, map[string]store.Receipt{}
	}
	var need []schema.Result
	for _, r := range results {
		if !rc.tried[r.JobID] {
			rc.tried[r.JobID] = true
			need = append(need, r)
		}
	}
	for _, r := range c.receipts(ctx, need) {
		rc.receipts[r.JobID] = r
	}
	var out []store.Receipt
	for _, r := range results {
		if got, ok := rc.receipts[r.JobID]; ok {
			out = append(out, got)
		}
	}
	return out
}
