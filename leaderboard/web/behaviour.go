package web

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpgauge/mcpgauge/schema"
	"github.com/mcpgauge/mcpgauge/store"
)

// behaviourView is a scan's behaviour section as the server page says it:
// one phrase per name looked up, connection, file and program. Every
// phrase holds server-supplied text; the template escapes it.
type behaviourView struct {
	Lookups, Connections, Files, Processes []string
	// Written are the programs that ran from a file written during the run.
	Written    []string
	Dropped    int
	Unobserved []string
	// Install is the install's phase (what a build backend did), seen the
	// same way; InstallNote says why there is none (npm: scripts off).
	Install     *behaviourView
	InstallNote string
}

// maxShown bounds each list on the page.
const maxShown = 20

func viewBehaviour(b *schema.Behaviour) *behaviourView {
	if b == nil {
		return nil
	}
	v := &behaviourView{Dropped: b.Dropped, Unobserved: b.Unobserved, InstallNote: clip(b.InstallNote, 300)}
	if b.Install != nil {
		v.Install = viewBehaviour(b.Install)
	}
	add := func(list *[]string, s string) {
		if len(*list) < maxShown {
			*list = append(*list, clip(s, 200))
		} else {
			v.Dropped++
		}
	}
	for _, l := range b.Lookups {
		add(&v.Lookups, l.Name)
	}
	for _, c := range b.Connections {
		s := fmt.Sprintf("%s %s:%d", c.Protocol, c.Address, c.Port)
		var what []string
		if c.Host != "" {
			what = append(what, "looked up as "+c.Host)
		}
		if c.SNI != "" {
			what = append(what, "TLS for "+c.SNI)
		}
		if c.HTTPHost != "" {
			what = append(what, "HTTP for "+c.HTTPHost)
		}
		if len(what) > 0 {
			s += " (" + strings.Join(what, ", ") + ")"
		}
		add(&v.Connections, s)
	}
	for _, f := range b.Files {
		s := fmt.Sprintf("%s (%d bytes)", f.Path, f.Size)
		if f.Executable {
			s = fmt.Sprintf("%s (%d bytes, executable)", f.Path, f.Size)
		}
		add(&v.Files, s)
	}
	for _, p := range b.Processes {
		s := p.Path
		if p.Argv0 != "" && p.Argv0 != p.Path {
			s += " as " + p.Argv0
		}
		s += fmt.Sprintf(" (%d×)", p.Count)
		if p.Written {
			add(&v.Written, p.Path)
		}
		add(&v.Processes, s)
	}
	return v
}

// newHosts lists the hosts the latest scan (hist[0]) contacted that the
// previous watched scan did not, and that scan.
func newHosts(hist []store.Scan) ([]string, store.Scan) {
	if len(hist) == 0 || !hist[0].Watched {
		return nil, store.Scan{}
	}
	for _, prev := range hist[1:] {
		if !prev.Watched {
			continue
		}
		var out []string
		for _, h := range hist[0].BehaviourHosts {
			if !slices.Contains(prev.BehaviourHosts, h) && len(out) < maxShown {
				out = append(out, clip(h, 200))
			}
		}
		return out, prev
	}
	return nil, store.Scan{}
}
