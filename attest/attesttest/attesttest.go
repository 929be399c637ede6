// Package attesttest is test support for receipts: fresh ed25519 keys in
// the PEM forms operators use.
package attesttest

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpgauge/mcpgauge/attest"
)

// KeyPEMs returns a fresh key pair as openssl writes it: the PKCS#8
// private key and the PKIX public key, both PEM.
func KeyPEMs(tb testing.TB) (private, public []byte) {
	tb.Helper()
	pk, sk, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	skDER, err := x509.MarshalPKCS8PrivateKey(sk)
	if err != nil {
		tb.Fatal(err)
	}
	pkDER, err := x509.MarshalPKIXPublicKey(pk)
	if err != nil {
		tb.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: skDER}),
		pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pkDER})
}

// Signer returns a signer over a fresh key.
func Signer(tb testing.TB) *attest.Signer {
	tb.Helper()
	priv, _ := KeyPEMs(tb)
	s, err := attest.ParseSigner(priv)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// WriteKeyPair writes a fresh key pair into dir as key.pem and pub.pem and
// returns the two paths.
func WriteKeyPair(tb testing.TB, dir string) (priv, pub string) {
	tb.Helper()
	sk, pk := KeyPEMs(tb)
	priv, pub = filepath.Join(dir, "key.pem"), filepath.Join(dir, "pub.pem")
	if err := os.WriteFile(priv, sk, 0o600); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(pub, pk, 0o644); err != nil {
		tb.Fatal(err)
	}
	return priv, pub
}
