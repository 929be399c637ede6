package worker

import (
	"net/netip"
	"slices"
	"strings"
	"sync"

	"github.com/mcpgauge/mcpgauge/schema"
)

// recorder collects one scan's behaviour (every start of the server in the
// scan's sandbox) within the bounds of schema.Behaviour. It is safe for
// concurrent use.
type recorder struct {
	mu          sync.Mutex
	b           schema.Behaviour
	lookups     map[string]int
	conns       map[connKey]int
	procs       map[[2]string]int
	firstRun    map[string]int // a program's first entry in Processes
	files       map[string]int
	answers     map[string]netip.Addr
	names       map[netip.Addr]string
	nextAnswer  netip.Addr
	unobservedM map[string]bool
}

type connKey struct {
	proto string
	addr  netip.Addr
	port  uint16
}

func newRecorder() *recorder {
	return &recorder{b: schema.Behaviour{Schema: schema.BehaviourVersion}, lookups: map[string]int{},
		conns: map[connKey]int{}, procs: map[[2]string]int{}, firstRun: map[string]int{}, files: map[string]int{},
		answers: map[string]netip.Addr{}, names: map[netip.Addr]string{},
		nextAnswer: sinkAnswers.Addr(), unobservedM: map[string]bool{}}
}

// clipText bounds a string from the server.
func clipText(s string) string {
	if len(s) > schema.MaxBehaviourString {
		s = s[:schema.MaxBehaviourString]
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// room reports whether a list of n entries may grow; when not, it counts
// the entry as dropped. Called with mu held.
func (r *recorder) room(n int) bool {
	if n < schema.MaxBehaviourItems {
		return true
	}
	r.b.Dropped++
	return false
}

// entry returns the index of k's entry in list, adding mk() when k is
// new; -1 when the list is full (the entry is counted as dropped). Called
// with mu held.
func entry[K comparable, V any](r *recorder, idx map[K]int, list *[]V, k K, mk func() V) int {
	if i, ok := idx[k]; ok {
		return i
	}
	if !r.room(len(*list)) {
		return -1
	}
	idx[k] = len(*list)
	*list = append(*list, mk())
	return idx[k]
}

// lookup records a DNS question.
func (r *recorder) lookup(name, typ string) {
	name, typ = clipText(name), strings.TrimPrefix(typ, "Type")
	r.mu.Lock()
	defer r.mu.Unlock()
	i := entry(r, r.lookups, &r.b.Lookups, name, func() schema.Lookup { return schema.Lookup{Name: name} })
	if i < 0 {
		return
	}
	l := &r.b.Lookups[i]
	l.Count++
	if !slices.Contains(l.Types, typ) && len(l.Types) < 8 {
		l.Types = append(l.Types, typ)
	}
}

// answerFor is the sinkhole address that answers name (the same one every
// time).
func (r *recorder) answerFor(name string) netip.Addr {
	r.mu.Lock()
	defer r.mu.Unlock()
	if a, ok := r.answers[name]; ok {
		return a
	}
	a := r.nextAnswer.Next()
	if !sinkAnswers.Contains(a) {
		return r.nextAnswer // out of answers: share the last one
	}
	r.nextAnswer = a
	r.answers[name], r.names[a] = a, name
	return a
}

// connection records a connection attempt or datagram to addr:port and
// returns its index (-1 when it was dropped).
func (r *recorder) connection(proto string, addr netip.Addr, port uint16, host string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if host == "" {
		host = r.names[addr]
	}
	i := entry(r, r.conns, &r.b.Connections, connKey{proto, addr, port}, func() schema.Connection {
		return schema.Connection{Protocol: proto, Address: addr.String(), Port: int(port), Host: clipText(host)}
	})
	if i >= 0 {
		r.b.Connections[i].Count++
	}
	return i
}

// firstData records what the first data segment of connection i names.
func (r *recorder) firstData(i int, data []byte) {
	if i < 0 {
		return
	}
	sni, host := sniOf(data), httpHostOf(data)
	r.mu.Lock()
	defer r.mu.Unlock()
	c := &r.b.Connections[i]
	if sni != "" && c.SNI == "" {
		c.SNI = clipText(sni)
	}
	if host != "" && c.HTTPHost == "" {
		c.HTTPHost = clipText(host)
	}
}

// process records a program seen running. A run whose argv[0] could not
// be read (it ended first) counts in the program's first entry, and gives
// that entry the argv[0] a later run of the program shows.
func (r *recorder) process(path, argv0 string, written bool) {
	path, argv0 = clipText(path), clipText(argv0)
	r.mu.Lock()
	defer r.mu.Unlock()
	key, anon := [2]string{path, argv0}, [2]string{path, ""}
	i, ok := r.procs[key]
	switch {
	case ok:
	case argv0 == "":
		i, ok = r.firstRun[path]
	default:
		if i, ok = r.procs[anon]; ok {
			delete(r.procs, anon)
			r.procs[key] = i
			r.b.Processes[i].Argv0 = argv0
		}
	}
	if !ok {
		if i = entry(r, r.procs, &r.b.Processes, key, func() schema.ProcessRun { return schema.ProcessRun{Path: path, Argv0: argv0} }); i < 0 {
			return
		}
		if _, seen := r.firstRun[path]; !seen {
			r.firstRun[path] = i
		}
	}
	p := &r.b.Processes[i]
	p.Count++
	p.Written = p.Written || written
}

// file records a file left behind (the last size seen wins).
func (r *recorder) file(w schema.FileWrite) {
	w.Path = clipText(w.Path)
	r.mu.Lock()
	defer r.mu.Unlock()
	if i, ok := r.files[w.Path]; ok {
		r.b.Files[i] = w
		return
	}
	if !r.room(len(r.b.Files)) {
		return
	}
	r.files[w.Path] = len(r.b.Files)
	r.b.Files = append(r.b.Files, w)
}

// unobserved notes, once, something that could not be watched.
func (r *recorder) unobserved(why string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.unobservedM[why] && len(r.b.Unobserved) < 8 {
		r.unobservedM[why] = true
		r.b.Unobserved = append(r.b.Unobserved, clipText(why))
	}
}

// snapshot returns a copy of what was recorded so far.
func (r *recorder) snapshot() *schema.Behaviour {
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.b
	b.Lookups = slices.Clone(b.Lookups)
	for i := range b.Lookups {
		b.Lookups[i].Types = slices.Clone(b.Lookups[i].Types)
	}
	b.Connections = slices.Clone(b.Connections)
	b.Files = slices.Clone(b.Files)
	b.Processes = slices.Clone(b.Processes)
	b.Unobserved = slices.Clone(b.Unobserved)
	return &b
}
