package worker

import (
	"crypto/tls"
	"encoding/binary"
	"net"
	"net/netip"
	"testing"

	"golang.org/x/net/dns/dnsmessage"
	"golang.org/x/sys/unix"
)

// clientHello is the first flight of a real TLS client asking for name.
func clientHello(t *testing.T, name string) []byte {
	t.Helper()
	c, s := net.Pipe()
	go func() {
		_ = tls.Client(c, &tls.Config{ServerName: name}).Handshake()
		_ = c.Close()
	}()
	buf := make([]byte, 16384)
	n := 0
	for {
		m, err := s.Read(buf[n:])
		n += m
		if err != nil || firstDataComplete(buf[:n]) {
			break
		}
	}
	_ = s.Close()
	return buf[:n]
}

func TestFirstDataParsers(t *testing.T) {
	t.Parallel()
	hello := clientHello(t, "update.example.org")
	cases := []struct {
		name          string
		data          []byte
		complete      bool
		sni, httpHost string
	}{
		{"tls client hello", hello, true, "update.example.org", ""},
		{"tls half a hello", hello[:len(hello)/2], false, "update.example.org", ""}, // Go sends server_name first
		{"http request", []byte("GET /v1/check HTTP/1.1\r\nUser-Agent: x\r\nhost: Api.Example.com:8080\r\n\r\n"), true, "", "Api.Example.com:8080"},
		{"http request line only", []byte("POST /x HTTP/1.1\r\n"), false, "", ""},
		{"binary protocol", []byte{0, 1, 2, 3}, true, "", ""},
		{"lower-case word", []byte("hello there\r\n\r\n"), true, "", ""},
		{"truncated tls", []byte{22, 3, 1}, false, "", ""},
	}
	for _, tc := range cases {
		if got := firstDataComplete(tc.data); got != tc.complete {
			t.Errorf("%s: complete %v, want %v", tc.name, got, tc.complete)
		}
		if got := sniOf(tc.data); got != tc.sni {
			t.Errorf("%s: SNI %q, want %q", tc.name, got, tc.sni)
		}
		if got := httpHostOf(tc.data); got != tc.httpHost {
			t.Errorf("%s: Host %q, want %q", tc.name, got, tc.httpHost)
		}
	}
}

// segment builds a client TCP segment in an IPv4 packet.
func segment(src, dst netip.Addr, sport, dport uint16, seq, ack uint32, flags byte, data []byte) []byte {
	tcp := make([]byte, 20+len(data))
	binary.BigEndian.PutUint16(tcp[0:2], sport)
	binary.BigEndian.PutUint16(tcp[2:4], dport)
	binary.BigEndian.PutUint32(tcp[4:8], seq)
	binary.BigEndian.PutUint32(tcp[8:12], ack)
	tcp[12], tcp[13] = 5<<4, flags
	copy(tcp[20:], data)
	binary.BigEndian.PutUint16(tcp[16:18], transportChecksum(src, dst, unix.IPPROTO_TCP, tcp))
	return ipv4Packet(src, dst, unix.IPPROTO_TCP, tcp)
}

// TestSinkholePackets drives the sinkhole with the packets a client
// sends: a DNS query is answered from the sinkhole's range, a connection
// to that answer is handshaken, its ClientHello read across two segments
// and the connection reset; every reply carries valid checksums.
func TestSinkholePackets(t *testing.T) {
	t.Parallel()
	id := newIdentity(7)
	rec := newRecorder()
	s := &sinkhole{id: id, rec: rec, flows: map[flowKey]*flow{}}
	client := id.Addr.Addr()
	valid := func(what string, p []byte) (hdr []byte, body []byte) {
		t.Helper()
		if len(p) < 20 {
			t.Fatalf("%s: no reply", what)
		}
		if checksum(0, p[:20]) != 0 {
			t.Errorf("%s: bad IPv4 checksum", what)
		}
		src, dst := netip.AddrFrom4([4]byte(p[12:16])), netip.AddrFrom4([4]byte(p[16:20]))
		if dst != client {
			t.Errorf("%s: reply to %v, want %v", what, dst, client)
		}
		if checksum(sum(0, pseudoHeader(src, dst, p[9], len(p)-20)), p[20:]) != 0 {
			t.Errorf("%s: bad transport checksum", what)
		}
		return p[:20], p[20:]
	}

	q := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: 7, RecursionDesired: true})
	_ = q.StartQuestions()
	_ = q.Question(dnsmessage.Question{Name: dnsmessage.MustNewName("Telemetry.Example.NET."), Type: dnsmessage.TypeA, Class: dnsmessage.ClassINET})
	query, _ := q.Finish()
	udp := make([]byte, 8+len(query))
	binary.BigEndian.PutUint16(udp[0:2], 40000)
	binary.BigEndian.PutUint16(udp[2:4], 53)
	binary.BigEndian.PutUint16(udp[4:6], uint16(len(udp)))
	copy(udp[8:], query)
	_, reply := valid("dns", s.packet(ipv4Packet(client, id.Gateway, unix.IPPROTO_UDP, udp)))
	var m dnsmessage.Message
	if err := m.Unpack(reply[8:]); err != nil || m.ID != 7 || len(m.Answers) != 1 {
		t.Fatalf("dns answer %+v: %v", m, err)
	}
	a := netip.AddrFrom4(m.Answers[0].Body.(*dnsmessage.AResource).A)
	if !sinkAnswers.Contains(a) {
		t.Fatalf("answered %v, outside the sinkhole's range", a)
	}

	hello := clientHello(t, "telemetry.example.net")
	_, synack := valid("syn", s.packet(segment(client, a, 50000, 443, 1000, 0, tcpSYN, nil)))
	if synack[13] != tcpSYN|tcpACK || binary.BigEndian.Uint32(synack[8:12]) != 1001 {
		t.Fatalf("SYN answered with flags %#x ack %d", synack[13], binary.BigEndian.Uint32(synack[8:12]))
	}
	isn := binary.BigEndian.Uint32(synack[4:8])
	if p := s.packet(segment(client, a, 50000, 443, 1001, isn+1, tcpACK, nil)); p != nil {
		t.Errorf("the handshake's ACK was answered")
	}
	half := len(hello) / 2
	_, ack := valid("first half", s.packet(segment(client, a, 50000, 443, 1001, isn+1, tcpACK, hello[:half])))
	if ack[13] != tcpACK || binary.BigEndian.Uint32(ack[8:12]) != uint32(1001+half) {
		t.Errorf("half a ClientHello answered with flags %#x ack %d", ack[13], binary.BigEndian.Uint32(ack[8:12]))
	}
	_, rst := valid("second half", s.packet(segment(client, a, 50000, 443, uint32(1001+half), isn+1, tcpACK|tcpPSH, hello[half:])))
	if rst[13]&tcpRST == 0 {
		t.Errorf("the ClientHello was not answered with a reset (flags %#x)", rst[13])
	}
	b := rec.snapshot()
	if len(b.Lookups) != 1 || b.Lookups[0].Name != "telemetry.example.net" {
		t.Errorf("lookups %+v", b.Lookups)
	}
	if len(b.Connections) != 1 || b.Connections[0].Host != "telemetry.example.net" || b.Connections[0].SNI != "telemetry.example.net" || b.Connections[0].Port != 443 {
		t.Errorf("connections %+v", b.Connections)
	}
}

func pseudoHeader(src, dst netip.Addr, proto byte, n int) []byte {
	s4, d4 := src.As4(), dst.As4()
	p := make([]byte, 12)
	copy(p[0:4], s4[:])
	copy(p[4:8], d4[:])
	p[9] = proto
	binary.BigEndian.PutUint16(p[10:12], uint16(n))
	return p
}
