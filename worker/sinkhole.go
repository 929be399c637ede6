package worker

import (
	"bytes"
	"encoding/binary"
	"net/netip"
	"os"
	"strings"

	"golang.org/x/net/dns/dnsmessage"
	"golang.org/x/sys/unix"
)

// The sinkhole is the sandbox's whole network. The sandbox's network
// namespace (bwrap --unshare-net) gets, from the outside and before the
// server starts, one TUN interface with a private address and a default
// route through it; the worker holds the TUN device's other end and is the
// only thing on that "network". It answers DNS queries with addresses of
// its own (sinkAnswers), completes TCP handshakes just far enough to read
// the first segment the client sends (for the TLS SNI or the HTTP Host),
// then resets the connection; UDP datagrams are counted and dropped.
// Every packet ends in the worker: no route leaves the namespace, so
// nothing reaches a real address.

// sinkAnswers is the range DNS answers come from (198.18.0.0/15, set aside
// for benchmarking, RFC 2544): a connection to one of them is mapped back
// to the name that was looked up.
var sinkAnswers = netip.MustParsePrefix("198.18.0.0/15")

// sinkhole answers one sandbox start's packets and records them in rec.
type sinkhole struct {
	f   *os.File
	id  identity
	rec *recorder
	// flows are the TCP connections that got a SYN-ACK and whose first
	// data segment has not come yet (bounded by maxFlows).
	flows map[flowKey]*flow
}

type flowKey struct {
	src, dst   netip.Addr
	sport, dpo uint16
}

type flow struct {
	conn int    // index in the recorder's connections
	isn  uint32 // our initial sequence number
	next uint32 // the client's next sequence number
	buf  []byte // the client's first bytes (at most maxFirstData)
}

// maxFirstData is how much of a connection's first bytes the sinkhole
// reads (a TLS ClientHello with post-quantum key shares spans segments).
const maxFirstData = 8192

// firstDataComplete reports whether b holds all the sinkhole wants to read
// of a connection: a whole TLS record, an HTTP request's headers, or
// enough of anything else to see it is neither.
func firstDataComplete(b []byte) bool {
	if len(b) >= maxFirstData {
		return true
	}
	if len(b) > 0 && b[0] == 22 {
		return len(b) >= 5 && len(b) >= 5+int(binary.BigEndian.Uint16(b[3:5]))
	}
	sp := bytes.IndexByte(b, ' ')
	method := b
	if sp >= 0 {
		method = b[:sp]
	}
	for _, c := range method {
		if c < 'A' || c > 'Z' {
			return true // not an HTTP request line
		}
	}
	if sp < 0 {
		return len(method) > 8
	}
	return bytes.Contains(b, []byte("\r\n\r\n"))
}

// maxFlows bounds the half-open TCP connections one sinkhole tracks.
const maxFlows = 256

// serve reads packets until the file is closed.
func (s *sinkhole) serve() {
	s.flows = map[flowKey]*flow{}
	buf := make([]byte, 65536)
	for {
		n, err := s.f.Read(buf)
		if err != nil {
			return
		}
		if reply := s.packet(buf[:n]); reply != nil {
			_, _ = s.f.Write(reply)
		}
	}
}

// packet handles one IP packet and returns the reply to send, if any.
func (s *sinkhole) packet(p []byte) []byte {
	if len(p) < 20 || p[0]>>4 != 4 {
		return nil // IPv6 or junk: the interface has no IPv6 address
	}
	ihl := int(p[0]&0x0f) * 4
	total := int(binary.BigEndian.Uint16(p[2:4]))
	if ihl < 20 || total < ihl || total > len(p) {
		return nil
	}
	if binary.BigEndian.Uint16(p[6:8])&0x3fff != 0 {
		return nil // a fragment: nothing of ours sends or expects them
	}
	src, dst := netip.AddrFrom4([4]byte(p[12:16])), netip.AddrFrom4([4]byte(p[16:20]))
	body := p[ihl:total]
	switch p[9] {
	case unix.IPPROTO_UDP:
		return s.udp(src, dst, body)
	case unix.IPPROTO_TCP:
		return s.tcp(src, dst, body)
	}
	return nil
}

func (s *sinkhole) udp(src, dst netip.Addr, b []byte) []byte {
	if len(b) < 8 {
		return nil
	}
	sport, dport := binary.BigEndian.Uint16(b[0:2]), binary.BigEndian.Uint16(b[2:4])
	payload := b[8:]
	if dport == 53 {
		answer := s.dns(payload)
		if answer == nil {
			return nil
		}
		u := make([]byte, 8+len(answer))
		binary.BigEndian.PutUint16(u[0:2], 53)
		binary.BigEndian.PutUint16(u[2:4], sport)
		binary.BigEndian.PutUint16(u[4:6], uint16(len(u)))
		copy(u[8:], answer)
		binary.BigEndian.PutUint16(u[6:8], transportChecksum(dst, src, unix.IPPROTO_UDP, u))
		return ipv4Packet(dst, src, unix.IPPROTO_UDP, u)
	}
	s.rec.connection("udp", dst, dport, "")
	return nil
}

// dns records the names a query asks for and answers it: A queries with
// an address from sinkAnswers, every other type with no records.
func (s *sinkhole) dns(q []byte) []byte {
	var p dnsmessage.Parser
	h, err := p.Start(q)
	if err != nil || h.Response {
		return nil
	}
	qs, err := p.AllQuestions()
	if err != nil || len(qs) == 0 {
		return nil
	}
	resp := dnsmessage.Message{Header: dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true,
		RecursionDesired: h.RecursionDesired, RecursionAvailable: true}, Questions: qs}
	for _, qq := range qs {
		name := strings.TrimSuffix(strings.ToLower(qq.Name.String()), ".")
		s.rec.lookup(name, qq.Type.String())
		if qq.Type == dnsmessage.TypeA && qq.Class == dnsmessage.ClassINET {
			a := s.rec.answerFor(name)
			resp.Answers = append(resp.Answers, dnsmessage.Resource{
				Header: dnsmessage.ResourceHeader{Name: qq.Name, Type: dnsmessage.TypeA, Class: dnsmessage.ClassINET, TTL: 300},
				Body:   &dnsmessage.AResource{A: a.As4()},
			})
		}
	}
	out, err := resp.Pack()
	if err != nil {
		return nil
	}
	return out
}

// TCP flags.
const (
	tcpFIN = 0x01
	tcpSYN = 0x02
	tcpRST = 0x04
	tcpPSH = 0x08
	tcpACK = 0x10
)

func (s *sinkhole) tcp(src, dst netip.Addr, b []byte) []byte {
	if len(b) < 20 {
		return nil
	}
	sport, dport := binary.BigEndian.Uint16(b[0:2]), binary.BigEndian.Uint16(b[2:4])
	seq, ack := binary.BigEndian.Uint32(b[4:8]), binary.BigEndian.Uint32(b[8:12])
	off := int(b[12]>>4) * 4
	flags := b[13]
	if off < 20 || off > len(b) || flags&tcpRST != 0 {
		return nil
	}
	data := b[off:]
	key := flowKey{src, dst, sport, dport}
	switch {
	case flags&tcpSYN != 0 && flags&tcpACK == 0:
		fl, ok := s.flows[key]
		if !ok {
			if len(s.flows) >= maxFlows {
				return s.tcpSegment(dst, src, dport, sport, 0, seq+1, tcpRST|tcpACK)
			}
			fl = &flow{conn: s.rec.connection("tcp", dst, dport, ""), isn: seq ^ 0x5a5a1234, next: seq + 1}
			s.flows[key] = fl
		}
		return s.tcpSegment(dst, src, dport, sport, fl.isn, seq+1, tcpSYN|tcpACK)
	case len(data) > 0:
		fl, ok := s.flows[key]
		if !ok {
			return s.tcpSegment(dst, src, dport, sport, ack, seq+uint32(len(data)), tcpRST|tcpACK)
		}
		if seq == fl.next {
			fl.buf = append(fl.buf, data[:min(len(data), maxFirstData-len(fl.buf))]...)
			fl.next += uint32(len(data))
		}
		if !firstDataComplete(fl.buf) {
			return s.tcpSegment(dst, src, dport, sport, fl.isn+1, fl.next, tcpACK)
		}
		s.rec.firstData(fl.conn, fl.buf)
		delete(s.flows, key)
		return s.tcpSegment(dst, src, dport, sport, ack, fl.next, tcpRST|tcpACK)
	case flags&tcpFIN != 0:
		if fl, ok := s.flows[key]; ok {
			s.rec.firstData(fl.conn, fl.buf)
			delete(s.flows, key)
		}
		return s.tcpSegment(dst, src, dport, sport, ack, seq+1, tcpRST|tcpACK)
	}
	return nil // the handshake's ACK: wait for data
}

// tcpSegment builds a TCP segment with no options and no data.
func (s *sinkhole) tcpSegment(src, dst netip.Addr, sport, dport uint16, seq, ack uint32, flags byte) []byte {
	t := make([]byte, 20)
	binary.BigEndian.PutUint16(t[0:2], sport)
	binary.BigEndian.PutUint16(t[2:4], dport)
	binary.BigEndian.PutUint32(t[4:8], seq)
	binary.BigEndian.PutUint32(t[8:12], ack)
	t[12] = 5 << 4
	t[13] = flags
	binary.BigEndian.PutUint16(t[14:16], 65535)
	binary.BigEndian.PutUint16(t[16:18], transportChecksum(src, dst, unix.IPPROTO_TCP, t))
	return ipv4Packet(src, dst, unix.IPPROTO_TCP, t)
}

// ipv4Packet wraps payload in an IPv4 header.
func ipv4Packet(src, dst netip.Addr, proto byte, payload []byte) []byte {
	p := make([]byte, 20+len(payload))
	p[0] = 0x45
	binary.BigEndian.PutUint16(p[2:4], uint16(len(p)))
	p[6] = 0x40 // don't fragment
	p[8] = 64
	p[9] = proto
	s4, d4 := src.As4(), dst.As4()
	copy(p[12:16], s4[:])
	copy(p[16:20], d4[:])
	binary.BigEndian.PutUint16(p[10:12], checksum(0, p[:20]))
	copy(p[20:], payload)
	return p
}

// transportChecksum is the TCP or UDP checksum of seg over the IPv4
// pseudo-header (seg's own checksum field must be zero).
func transportChecksum(src, dst netip.Addr, proto byte, seg []byte) uint16 {
	s4, d4 := src.As4(), dst.As4()
	pseudo := make([]byte, 12)
	copy(pseudo[0:4], s4[:])
	copy(pseudo[4:8], d4[:])
	pseudo[9] = proto
	binary.BigEndian.PutUint16(pseudo[10:12], uint16(len(seg)))
	return checksum(sum(0, pseudo), seg)
}

func sum(acc uint32, b []byte) uint32 {
	for len(b) >= 2 {
		acc += uint32(binary.BigEndian.Uint16(b))
		b = b[2:]
	}
	if len(b) == 1 {
		acc += uint32(b[0]) << 8
	}
	return acc
}

func checksum(acc uint32, b []byte) uint16 {
	acc = sum(acc, b)
	for acc>>16 != 0 {
		acc = acc&0xffff + acc>>16
	}
	return ^uint16(acc)
}

// sniOf returns the server name a TLS ClientHello in b asks for, or "".
func sniOf(b []byte) string {
	// record: type 22, version, length; handshake: type 1, length(3)
	if len(b) < 9 || b[0] != 22 || b[5] != 1 {
		return ""
	}
	b = b[9:]
	skip := func(n int) bool {
		if n > len(b) {
			return false
		}
		b = b[n:]
		return true
	}
	vec := func(lenBytes int) bool {
		if len(b) < lenBytes {
			return false
		}
		n := 0
		for i := range lenBytes {
			n = n<<8 | int(b[i])
		}
		return skip(lenBytes + n)
	}
	if !skip(2+32) || !vec(1) || !vec(2) || !vec(1) || len(b) < 2 {
		return ""
	}
	ext := b[2:]
	if n := int(binary.BigEndian.Uint16(b)); n < len(ext) {
		ext = ext[:n]
	}
	for len(ext) >= 4 {
		typ, n := binary.BigEndian.Uint16(ext), int(binary.BigEndian.Uint16(ext[2:]))
		ext = ext[4:]
		if n > len(ext) {
			return ""
		}
		e := ext[:n]
		ext = ext[n:]
		if typ != 0 || len(e) < 5 || e[2] != 0 {
			continue
		}
		l := int(binary.BigEndian.Uint16(e[3:]))
		if 5+l > len(e) {
			return ""
		}
		return string(e[5 : 5+l])
	}
	return ""
}

// httpHostOf returns the Host header of an HTTP/1 request starting in b,
// or "".
func httpHostOf(b []byte) string {
	s := string(b[:min(len(b), 4096)])
	sp := strings.IndexByte(s, ' ')
	if sp < 3 || sp > 8 || strings.ToUpper(s[:sp]) != s[:sp] {
		return ""
	}
	for _, line := range strings.Split(s, "\r\n")[1:] {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "host") {
			return strings.TrimSpace(v)
		}
		if line == "" {
			break
		}
	}
	return ""
}

// sinkHelperEnv holds the helper's instructions: the interface, address,
// gateway and the descriptor of the socket to the worker.
const sinkHelperEnv = "MCPGAUGE_SINKHOLE_HELPER"

// helperSocketFD is the helper's socket to the worker: the descriptor after
// bwrap's own (fdSeccomp, fdBlock, fdInfo).
const helperSocketFD = fdInfo + 1
