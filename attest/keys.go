package attest

import (
	"context"
	"crypto"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"
)

// maxKeyFile bounds what LoadSigner and LoadVerifier read: a PEM ed25519 key
// is about 120 bytes.
const maxKeyFile = 64 << 10

// Signer signs receipts with an ed25519 private key. It implements
// dsse.Signer and dsse.Verifier (for its own public key). Safe for
// concurrent use.
type Signer struct {
	priv  ed25519.PrivateKey
	keyID string
}

// Verifier checks receipts against an ed25519 public key. It implements
// dsse.Verifier.
type Verifier struct {
	pub   ed25519.PublicKey
	keyID string
}

// ParseSigner reads a PKCS#8 PEM ed25519 private key, as
// `openssl genpkey -algorithm ed25519` writes it.
func ParseSigner(data []byte) (*Signer, error) {
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PRIVATE KEY" {
		return nil, errors.New(`signing key: want a PEM "PRIVATE KEY" block (PKCS#8, as openssl genpkey -algorithm ed25519 writes)`)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("signing key: %w", err)
	}
	priv, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("signing key: a %T, want ed25519", k)
	}
	id, err := keyID(priv.Public())
	if err != nil {
		return nil, err
	}
	return &Signer{priv: priv, keyID: id}, nil
}

// ParseVerifier reads a PEM "PUBLIC KEY" block (PKIX) holding an ed25519
// key, as `openssl pkey -pubout` and Signer.PublicKeyPEM write it.
func ParseVerifier(data []byte) (*Verifier, error) {
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PUBLIC KEY" {
		return nil, errors.New(`public key: want a PEM "PUBLIC KEY" block`)
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("public key: %w", err)
	}
	pub, ok := k.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("public key: a %T, want ed25519", k)
	}
	id, err := keyID(pub)
	if err != nil {
		return nil, err
	}
	return &Verifier{pub: pub, keyID: id}, nil
}

// LoadSigner reads ParseSigner's input from a file.
func LoadSigner(path string) (*Signer, error) {
	data, err := readKeyFile(path)
	if err != nil {
		return nil, err
	}
	return ParseSigner(data)
}

// LoadVerifier reads ParseVerifier's input from a file.
func LoadVerifier(path string) (*Verifier, error) {
	data, err := readKeyFile(path)
	if err != nil {
		return nil, err
	}
	return ParseVerifier(data)
}

func readKeyFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("key file: %w", err)
	}
	defer f.Close()
	buf := make([]byte, maxKeyFile+1)
	n, err := f.Read(buf)
	if err != nil {
		return nil, fmt.Errorf("key file %s: %w", path, err)
	}
	if n > maxKeyFile {
		return nil, fmt.Errorf("key file %s: larger than %d bytes, not a PEM key", path, maxKeyFile)
	}
	return buf[:n], nil
}

func keyID(pub crypto.PublicKey) (string, error) {
	id, err := dsse.SHA256KeyID(pub)
	if err != nil {
		return "", fmt.Errorf("key id: %w", err)
	}
	return id, nil
}

// Sign implements dsse.Signer.
func (s *Signer) Sign(_ context.Context, data []byte) ([]byte, error) {
	return ed25519.Sign(s.priv, data), nil
}

// KeyID implements dsse.Signer: the key's SHA256 fingerprint (SSH form).
func (s *Signer) KeyID() (string, error) { return s.keyID, nil }

// Verifier returns the verifier of the signer's own public key.
func (s *Signer) Verifier() *Verifier {
	return &Verifier{pub: s.priv.Public().(ed25519.PublicKey), keyID: s.keyID}
}

// PublicKeyPEM returns the signer's public key as a PEM "PUBLIC KEY" block.
func (s *Signer) PublicKeyPEM() []byte { return s.Verifier().PEM() }

// PEM returns the public key as a PEM "PUBLIC KEY" block.
func (v *Verifier) PEM() []byte {
	der, err := x509.MarshalPKIXPublicKey(v.pub)
	if err != nil { // cannot happen for an ed25519 key
		panic(fmt.Sprintf("attest: marshal ed25519 public key: %v", err))
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
}

// Verify implements dsse.Verifier.
func (v *Verifier) Verify(_ context.Context, data, sig []byte) error {
	if !ed25519.Verify(v.pub, data, sig) {
		return errors.New("ed25519: signature does not match")
	}
	return nil
}

// KeyID implements dsse.Verifier.
func (v *Verifier) KeyID() (string, error) { return v.keyID, nil }

// Public implements dsse.Verifier.
func (v *Verifier) Public() crypto.PublicKey { return v.pub }
