package leaderboard

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/mcpgauge/mcpgauge/store"
)

// ReceiptKeyPath is where the public key that verifies this board's
// receipts is served (PEM). It answers 404 while no receipt is stored.
const ReceiptKeyPath = "/.well-known/mcpgauge-receipt-key.pem"

// ReceiptPath is the API path of a server's latest receipt.
func ReceiptPath(name string) string { return "/api/servers/" + EscapeName(name) + "/receipt" }

// JobReceiptPath is the API path of one scan's receipt.
func JobReceiptPath(jobID string) string { return "/api/receipts/" + url.PathEscape(jobID) }

// EscapeName escapes each /-separated segment of a server name for a URL
// path.
func EscapeName(name string) string {
	segs := strings.Split(name, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

// receipt answers the DSSE envelope of name's latest scan (404 when the
// scan is unsigned).
func (h *handler) receipt(w http.ResponseWriter, r *http.Request, name string) {
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	scans, err := h.st.History(ctx, name)
	if err == nil && len(scans) == 0 {
		err = noScans(name)
	}
	if err != nil {
		storeFail(w, err)
		return
	}
	h.writeReceipt(ctx, w, scans[0].JobID, fmt.Sprintf("the latest scan of %q", name))
}

// jobReceipt answers the receipt of one scan by job ID.
func (h *handler) jobReceipt(w http.ResponseWriter, r *http.Request) {
	job := r.PathValue("job")
	if job == "" || len(job) > 128 {
		fail(w, http.StatusBadRequest, errors.New("name a job: /api/receipts/{job id}"))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	h.writeReceipt(ctx, w, job, "scan "+job)
}

func (h *handler) writeReceipt(ctx context.Context, w http.ResponseWriter, jobID, what string) {
	rc, err := h.st.Receipt(ctx, jobID)
	if errors.Is(err, store.ErrNotFound) {
		fail(w, http.StatusNotFound, fmt.Errorf("%s is unsigned: this board signs no receipts, or signed none for that scan", what))
		return
	}
	if err != nil {
		storeFail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(CacheSeconds))
	w.Header().Set("X-Receipt-Key-Id", rc.KeyID)
	_, _ = w.Write(rc.Envelope)
}

// receiptKey answers the PEM public key of the newest receipt.
func (h *handler) receiptKey(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	id, pub, err := h.st.SigningKey(ctx)
	if errors.Is(err, store.ErrNotFound) {
		fail(w, http.StatusNotFound, errors.New("this board has signed no receipts"))
		return
	}
	if err != nil {
		storeFail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-pem-file")
	w.Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(CacheSeconds))
	w.Header().Set("X-Receipt-Key-Id", id)
	_, _ = w.Write(pub)
}
