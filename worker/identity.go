package worker

import (
	"fmt"
	"math/rand/v2"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// identity is what one sandbox looks like from inside: a host name, a user
// with a home, locale and terminal settings, a PATH, and the address of its
// one network interface. Every value is drawn per sandbox from lists of
// ordinary values, so a server cannot tell a scan from a developer's
// machine by a fixed name, and no value names mcpgauge.
type identity struct {
	Hostname string
	User     string
	UID      int
	Home     string
	Locale   string
	Term     string
	Shell    string
	// Path is the PATH after any Spec.Path entries.
	Path string
	// Addr is the interface's address and prefix; Gateway is the first
	// address of the prefix, the default route's next hop (the sinkhole).
	Addr    netip.Prefix
	Gateway netip.Addr
	// Iface is the interface's name.
	Iface string
}

var (
	identityUsers = []string{"alex", "sam", "jordan", "maria", "chen", "priya", "lucas", "emma", "noah", "dev",
		"ubuntu", "jmiller", "akim", "sofia", "daniel", "olivia", "mateo", "hana", "ravi", "tom"}
	identityHostWords = []string{"laptop", "desktop", "workstation", "dev", "thinkpad", "xps", "box", "pc", "build", "nuc"}
	identityLocales   = []string{"en_US.UTF-8", "en_US.UTF-8", "en_GB.UTF-8", "C.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8", "en_CA.UTF-8"}
	identityTerms     = []string{"xterm-256color", "xterm-256color", "screen-256color", "tmux-256color", "xterm", "alacritty"}
	identityShells    = []string{"/bin/bash", "/bin/bash", "/usr/bin/zsh", "/bin/sh"}
	identityIfaces    = []string{"eth0", "eth0", "ens3", "enp0s3", "ens33"}
)

// uidSpread is how far above SandboxUID a sandbox's user ID may be.
const uidSpread = 900

// isSandboxUID reports whether n is a user ID a sandbox may draw.
func isSandboxUID(n int) bool { return n >= SandboxUID && n < SandboxUID+uidSpread }

// drawIdentity draws an identity from r.
func drawIdentity(r *rand.Rand) identity {
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	id := identity{User: pick(identityUsers), Locale: pick(identityLocales), Term: pick(identityTerms),
		Shell: pick(identityShells), Iface: pick(identityIfaces)}
	id.UID = SandboxUID + r.IntN(4)
	if r.IntN(5) == 0 {
		id.UID = SandboxUID + r.IntN(uidSpread)
	}
	id.Home = "/home/" + id.User
	switch r.IntN(4) {
	case 0:
		id.Hostname = id.User + "-" + pick(identityHostWords)
	case 1:
		id.Hostname = fmt.Sprintf("%s-%04x", pick(identityHostWords), r.IntN(1<<16))
	case 2:
		id.Hostname = fmt.Sprintf("ip-10-%d-%d-%d", r.IntN(256), r.IntN(256), 2+r.IntN(250))
	default:
		id.Hostname = strings.ToUpper(id.User[:1]) + id.User[1:] + "s-" + pick(identityHostWords)
	}
	id.Hostname = strings.ToLower(id.Hostname)
	path := "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
	if r.IntN(2) == 0 {
		path = id.Home + "/.local/bin:" + path
	}
	id.Path = path
	// A private /24 from the ranges home and office networks use.
	var a [4]byte
	switch r.IntN(3) {
	case 0:
		a = [4]byte{192, 168, byte(r.IntN(256)), 0}
	case 1:
		a = [4]byte{10, byte(r.IntN(256)), byte(r.IntN(256)), 0}
	default:
		a = [4]byte{172, byte(16 + r.IntN(16)), byte(r.IntN(256)), 0}
	}
	a[3] = 1
	id.Gateway = netip.AddrFrom4(a)
	a[3] = byte(10 + r.IntN(240))
	id.Addr = netip.PrefixFrom(netip.AddrFrom4(a), 24)
	return id
}

// newIdentity draws an identity: from seed when it is not zero (the same
// seed gives the same identity), else from a fresh random source.
func newIdentity(seed uint64) identity {
	if seed == 0 {
		return drawIdentity(rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())))
	}
	return drawIdentity(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
}

// env is the identity's part of the server's environment.
func (id identity) env() map[string]string {
	return map[string]string{
		"HOME": id.Home, "USER": id.User, "LOGNAME": id.User, "LANG": id.Locale, "TERM": id.Term,
		"SHELL": id.Shell, "TMPDIR": "/tmp", "PATH": id.Path,
	}
}

// etcFiles writes the identity's /etc files (passwd, group, hostname,
// hosts, resolv.conf) into dir and returns sandbox path → host file.
// Nothing of the host's user database or resolver reaches the sandbox;
// the resolver is the sinkhole at the gateway address.
func (id identity) etcFiles(dir string) (map[string]string, error) {
	u := strconv.Itoa(id.UID)
	files := map[string]string{
		"passwd": "root:x:0:0:root:/root:/bin/bash\n" +
			"daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n" +
			"bin:x:2:2:bin:/bin:/usr/sbin/nologin\n" +
			"sys:x:3:3:sys:/dev:/usr/sbin/nologin\n" +
			"nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n" +
			id.User + ":x:" + u + ":" + u + "::" + id.Home + ":" + id.Shell + "\n",
		"group": "root:x:0:\nadm:x:4:" + id.User + "\nsudo:x:27:" + id.User + "\nusers:x:100:\nnogroup:x:65534:\n" +
			id.User + ":x:" + u + ":\n",
		"hostname":    id.Hostname + "\n",
		"hosts":       "127.0.0.1\tlocalhost\n127.0.1.1\t" + id.Hostname + "\n::1\tlocalhost ip6-localhost ip6-loopback\n",
		"resolv.conf": "nameserver " + id.Gateway.String() + "\noptions edns0 trust-ad\n",
	}
	out := map[string]string{}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return nil, fmt.Errorf("sandbox identity: %w", err)
		}
		out["/etc/"+name] = p
	}
	return out, nil
}
