package storetest

import (
	"errors"
	"testing"
	"time"

	"github.com/mcpgauge/mcpgauge/store"
)

func receiptTests() []suiteCase {
	return []suiteCase{
		{"ReceiptsRoundTripAndReplace", testReceipts},
		{"ReceiptsRefuseInvalid", testReceiptsInvalid},
	}
}

func receipt(job string, created time.Time, env string) store.Receipt {
	return store.Receipt{JobID: job, Name: "io.github.acme/" + job, Version: "1.0.0", KeyID: "SHA256:k-" + env,
		PublicKey: []byte("-----BEGIN PUBLIC KEY-----\n" + env + "\n-----END PUBLIC KEY-----\n"),
		Envelope:  []byte(`{"payloadType":"application/vnd.in-toto+json","payload":"` + env + `","signatures":[]}`),
		ExpiresAt: created.Add(30 * 24 * time.Hour), CreatedAt: created}
}

func testReceipts(t *testing.T, s store.Store) {
	if _, _, err := s.SigningKey(ctx(t)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SigningKey on an empty store: %v, want ErrNotFound", err)
	}
	if _, err := s.Receipt(ctx(t), "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Receipt of an unknown job: %v, want ErrNotFound", err)
	}
	first := receipt("j1", at(1), "one")
	if _, err := s.InsertReceipts(ctx(t), []store.Receipt{first, receipt("j2", at(2), "two")}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Receipt(ctx(t), "j1")
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Envelope) != string(first.Envelope) || string(got.PublicKey) != string(first.PublicKey) ||
		!got.CreatedAt.Equal(first.CreatedAt) || !got.ExpiresAt.Equal(first.ExpiresAt) || got.Name != first.Name {
		t.Fatalf("Receipt = %+v, want %+v", got, first)
	}
	// A later receipt of the same job replaces it; an older one does not.
	if _, err := s.InsertReceipts(ctx(t), []store.Receipt{receipt("j1", at(3), "three")}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.InsertReceipts(ctx(t), []store.Receipt{receipt("j1", at(1).Add(-time.Hour), "old")}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Receipt(ctx(t), "j1"); string(got.PublicKey) != string(receipt("j1", at(3), "three").PublicKey) {
		t.Fatalf("after replace, envelope %s", got.Envelope)
	}
	id, pub, err := s.SigningKey(ctx(t))
	if err != nil || id != "SHA256:k-three" || len(pub) == 0 {
		t.Fatalf("SigningKey = %q %q %v, want the newest receipt's key", id, pub, err)
	}
}

func testReceiptsInvalid(t *testing.T, s store.Store) {
	bad := receipt("j1", at(1), "x")
	bad.Envelope = nil
	if _, err := s.InsertReceipts(ctx(t), []store.Receipt{receipt("j0", at(1), "y"), bad}); err == nil {
		t.Fatal("a receipt without an envelope was stored")
	}
	if _, err := s.Receipt(ctx(t), "j0"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a refused batch was partly stored: %v", err)
	}
}
