package natsbus_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"

	"github.com/mcpgauge/mcpgauge/natsbus"
)

// plainServer runs an in-process nats-server with opts on a loopback
// port (no JetStream).
func plainServer(t *testing.T, opts *server.Options) string {
	t.Helper()
	opts.Host, opts.Port, opts.NoLog, opts.NoSigs = "127.0.0.1", server.RANDOM_PORT, true, true
	ns, err := server.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(30 * time.Second) {
		t.Fatal("nats-server not ready")
	}
	t.Cleanup(func() { ns.Shutdown(); ns.WaitForShutdown() })
	return ns.ClientURL()
}

// pki writes a CA, a server certificate for the DNS name nats.test only
// and a client certificate, and returns their paths.
type pki struct{ ca, serverCert, serverKey, clientCert, clientKey string }

func newPKI(t *testing.T) (pki, *x509.CertPool) {
	t.Helper()
	dir := t.TempDir()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test CA"}, IsCA: true,
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caCert, _ := x509.ParseCertificate(caDER)
	write := func(name, typ string, der []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	leaf := func(serial int64, usage x509.ExtKeyUsage, dns []string) (string, string) {
		k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		tmpl := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: "leaf"}, DNSNames: dns,
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), ExtKeyUsage: []x509.ExtKeyUsage{usage},
			KeyUsage: x509.KeyUsageDigitalSignature}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, caCert, &k.PublicKey, caKey)
		if err != nil {
			t.Fatal(err)
		}
		kb, _ := x509.MarshalECPrivateKey(k)
		return write(tmpl.Subject.CommonName+big.NewInt(serial).String()+".crt", "CERTIFICATE", der), write(big.NewInt(serial).String()+".key", "EC PRIVATE KEY", kb)
	}
	var p pki
	p.ca = write("ca.crt", "CERTIFICATE", caDER)
	p.serverCert, p.serverKey = leaf(2, x509.ExtKeyUsageServerAuth, []string{"nats.test"})
	p.clientCert, p.clientKey = leaf(3, x509.ExtKeyUsageClientAuth, nil)
	pool := x509.NewCertPool()
	pool.AddCert(caCert)
	return p, pool
}

// Every kind of credential and the TLS options reach a real server: the
// right one connects, a wrong or missing one is refused, and no refusal
// quotes a secret.
func TestAuthKinds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	user, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := user.PublicKey()
	seed, _ := user.Seed()
	other, _ := nkeys.CreateUser()
	otherSeed, _ := other.Seed()

	p, pool := newPKI(t)
	stranger, _ := newPKI(t)
	serverTLS, err := tls.LoadX509KeyPair(p.serverCert, p.serverKey)
	if err != nil {
		t.Fatal(err)
	}
	tokenURL := plainServer(t, &server.Options{Authorization: "t0ken-right"})
	nkeyURL := plainServer(t, &server.Options{Nkeys: []*server.NkeyUser{{Nkey: pub}}})
	tlsURL := plainServer(t, &server.Options{TLS: true, TLSVerify: true, TLSTimeout: 5,
		TLSConfig: &tls.Config{Certificates: []tls.Certificate{serverTLS}, ClientCAs: pool, ClientAuth: tls.RequireAndVerifyClientCert, MinVersion: tls.VersionTLS12}})

	cases := []struct {
		name, url string
		a         natsbus.Auth
		ok        bool
	}{
		{"token", tokenURL, natsbus.Auth{TokenFile: file("token", "t0ken-right")}, true},
		{"wrong token", tokenURL, natsbus.Auth{TokenFile: file("token2", "t0ken-wrong")}, false},
		{"no token", tokenURL, natsbus.Auth{}, false},
		{"nkey", nkeyURL, natsbus.Auth{NKeyFile: file("seed", string(seed))}, true},
		{"another nkey", nkeyURL, natsbus.Auth{NKeyFile: file("seed2", string(otherSeed))}, false},
		{"not a seed", nkeyURL, natsbus.Auth{NKeyFile: file("notseed", "SUnot-a-seed")}, false},
		{"TLS with client certificate and server name", tlsURL, natsbus.Auth{TLSCA: p.ca, TLSCert: p.clientCert, TLSKey: p.clientKey, TLSServerName: "nats.test"}, true},
		{"TLS without the server name (certificate is for nats.test)", tlsURL, natsbus.Auth{TLSCA: p.ca, TLSCert: p.clientCert, TLSKey: p.clientKey}, false},
		{"TLS without a client certificate", tlsURL, natsbus.Auth{TLSCA: p.ca, TLSServerName: "nats.test"}, false},
		{"TLS with another CA", tlsURL, natsbus.Auth{TLSCA: stranger.ca, TLSCert: p.clientCert, TLSKey: p.clientKey, TLSServerName: "nats.test"}, false},
		{"plain client to a TLS server", tlsURL, natsbus.Auth{}, false},
	}
	for _, c := range cases {
		nc, err := natsbus.ConnectAuth(c.url, "mcpgauge-test", c.a)
		if nc != nil {
			if c.a.TLS() && !nc.TLSRequired() {
				t.Errorf("%s: connected without TLS", c.name)
			}
			nc.Close()
		}
		if (err == nil) != c.ok {
			t.Errorf("%s: connect error %v, want ok %v", c.name, err, c.ok)
		}
		for _, secret := range []string{"t0ken-right", "t0ken-wrong", string(seed), string(otherSeed)} {
			if err != nil && strings.Contains(err.Error(), secret) {
				t.Errorf("%s: the error quotes a secret: %v", c.name, err)
			}
		}
	}
}
