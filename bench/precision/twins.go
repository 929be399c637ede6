package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/pmezard/go-difflib/difflib"

	"github.com/mcpgauge/mcpgauge/internal/precision"
)

// The twin check: an audit of servers nobody looked at must not take a
// twin or fork of a server captured before. A new capture is compared with
// every earlier one by the share of its tool names found among the earlier
// capture's, and by difflib's ratio between its first description and each
// of the earlier capture's descriptions (as Python's difflib computes it).
const (
	// twinPrefix is how many characters (code points, as Python counts
	// them) of a description are compared.
	twinPrefix = 300
	// twinMaxDescriptions bounds the descriptions kept of one earlier
	// capture, so that a hostile capture cannot make the check slow.
	twinMaxDescriptions = 200
	// twinDescription is the description ratio above which a capture is
	// a twin.
	twinDescription = 0.8
	// twinNameShare is the share of tool names from which a capture is a
	// twin, when it has at least twinMinTools distinct tool names.
	twinNameShare = 0.8
	// twinMinTools is the fewest distinct tool names for the name share to
	// count: two generic names (search, get_details) prove nothing.
	twinMinTools = 3
)

// priorCapture is what the twin check keeps of a capture: its distinct
// tool names and the first twinPrefix characters of its non-empty
// descriptions, at most twinMaxDescriptions of them, in list order.
type priorCapture struct {
	// Path is the capture's file.
	Path string
	// Names are the distinct tool names.
	Names []string
	// Descriptions are the non-empty descriptions, cut to twinPrefix
	// characters.
	Descriptions []string
}

// twinFigures are the best figures of a capture against earlier ones, each
// with the earlier capture's file that gave it ("" when none gave more than
// zero).
type twinFigures struct {
	// Tools is the number of distinct tool names of the new capture.
	Tools int
	// NameShare is the best share of the new capture's distinct tool names
	// found among one earlier capture's.
	NameShare float64
	NamePath  string
	// Description is the best difflib ratio between the new capture's first
	// non-empty description and any one description of an earlier capture.
	Description     float64
	DescriptionPath string
}

// twinOf names the earlier capture the new one is a twin of, and says why,
// or returns "" when it is no twin: a description ratio above
// twinDescription, or a name share of at least twinNameShare over at least
// twinMinTools tool names.
func (f twinFigures) twinOf() string {
	if f.Description > twinDescription {
		return f.DescriptionPath
	}
	if f.NameShare >= twinNameShare && f.Tools >= twinMinTools {
		return f.NamePath
	}
	return ""
}

// String prints both figures with their files.
func (f twinFigures) String() string {
	where := func(p string) string {
		if p == "" {
			return "none"
		}
		return p
	}
	return fmt.Sprintf("names %.2f (%s), first description %.2f (%s)", f.NameShare, where(f.NamePath), f.Description, where(f.DescriptionPath))
}

// compareTwins computes c's best figures against the earlier captures
// (slimCapture or loadPriorCaptures keep only non-empty descriptions). The
// description ratio compares c's first non-empty description with every
// kept description of each earlier capture (an empty one never matches,
// not even another empty one). As Python's get_close_matches does, c's
// description is the cached second sequence (difflib's ratio is not
// symmetric), and the cheap upper bounds RealQuickRatio and QuickRatio spare
// Ratio for a pair that cannot beat the best so far. Ties keep the earlier
// capture that comes first in prior.
func compareTwins(c *precision.Capture, prior []priorCapture) twinFigures {
	self := slimCapture("", c)
	f := twinFigures{Tools: len(self.Names)}
	names := make(map[string]bool, len(self.Names))
	for _, n := range self.Names {
		names[n] = true
	}
	var m *difflib.SequenceMatcher
	if len(self.Descriptions) > 0 {
		m = difflib.NewMatcher(nil, codePoints(self.Descriptions[0]))
	}
	for _, p := range prior {
		if len(names) > 0 {
			common := 0
			for _, n := range p.Names {
				if names[n] {
					common++
				}
			}
			if share := float64(common) / float64(len(names)); share > f.NameShare {
				f.NameShare, f.NamePath = share, p.Path
			}
		}
		if m == nil {
			continue
		}
		for _, d := range p.Descriptions {
			m.SetSeq1(codePoints(d))
			if m.RealQuickRatio() <= f.Description || m.QuickRatio() <= f.Description {
				continue
			}
			if r := m.Ratio(); r > f.Description {
				f.Description, f.DescriptionPath = r, p.Path
			}
		}
	}
	return f
}

// codePoints splits s into its characters, the elements Python's difflib
// compares in a string.
func codePoints(s string) []string {
	out := make([]string, 0, len(s))
	for len(s) > 0 {
		_, size := utf8.DecodeRuneInString(s)
		out = append(out, s[:size])
		s = s[size:]
	}
	return out
}

// cutDescription returns the first twinPrefix characters of d.
func cutDescription(d string) string {
	n := 0
	for i := range d {
		if n == twinPrefix {
			return d[:i]
		}
		n++
	}
	return d
}

// wireTool is the part of a listed tool the twin check reads.
type wireTool struct {
	Name        json.RawMessage `json:"name"`
	Description json.RawMessage `json:"description"`
}

// addTool adds one listed tool (raw JSON) to p: its name when not seen
// before, and its description when non-empty and p holds fewer than
// twinMaxDescriptions. A tool that is no object, or whose name or
// description is no string, adds only what is a string.
func (p *priorCapture) addTool(raw json.RawMessage, seen map[string]bool) {
	var t wireTool
	if json.Unmarshal(raw, &t) != nil {
		return
	}
	var name, desc string
	if json.Unmarshal(t.Name, &name) == nil && !seen[name] {
		seen[name] = true
		p.Names = append(p.Names, name)
	}
	if len(p.Descriptions) < twinMaxDescriptions && json.Unmarshal(t.Description, &desc) == nil && strings.TrimSpace(desc) != "" {
		p.Descriptions = append(p.Descriptions, cutDescription(desc))
	}
}

// slimCapture keeps what the twin check reads of c, found at path.
func slimCapture(path string, c *precision.Capture) priorCapture {
	p := priorCapture{Path: path}
	seen := map[string]bool{}
	for _, raw := range c.Tools {
		p.addTool(raw, seen)
	}
	return p
}

// loadPriorCaptures reads every *.json file under dirs (recursively, each
// file once) that parses as a precision.Capture with at least one tool,
// keeping only what the twin check reads; files that do not parse are
// skipped. The captures come in the order of the dirs, and
// by path inside each.
func loadPriorCaptures(dirs []string) ([]priorCapture, error) {
	var out []priorCapture
	done := map[string]bool{}
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !strings.HasSuffix(d.Name(), ".json") {
				return nil
			}
			abs, err := filepath.Abs(path)
			if err != nil {
				return err
			}
			if done[abs] {
				return nil
			}
			done[abs] = true
			p, ok, err := readPriorCapture(path)
			if err != nil {
				return err
			}
			if ok {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("twins %s: %w", dir, err)
		}
	}
	return out, nil
}

// readPriorCapture reads one capture file as a precision.Capture (the
// largest captures are a few MB) and keeps what the twin check reads: ok is
// false when it does not parse as a capture (an object whose tools are a
// list, with string format, server and package) or lists no tool. Only a
// file that cannot be opened is an error.
func readPriorCapture(path string) (priorCapture, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return priorCapture{}, false, err
	}
	defer f.Close()
	var c precision.Capture
	if json.NewDecoder(f).Decode(&c) != nil {
		return priorCapture{}, false, nil
	}
	p := slimCapture(path, &c)
	if len(p.Names) == 0 && len(p.Descriptions) == 0 {
		return priorCapture{}, false, nil
	}
	return p, true, nil
}

// twinCheck is what -twins and -allow-twin ask for, and the earlier
// captures a run compares its new ones with.
type twinCheck struct {
	// Dirs hold the earlier captures; none means no check.
	Dirs []string
	// Allow names the servers written even when they are twins.
	Allow map[string]bool
	// prior are the earlier captures, those of Dirs and those this run
	// has written.
	prior []priorCapture
}

// errTwin marks a capture refused as a twin of an earlier one.
var errTwin = errors.New("twin")

// load reads the earlier captures of Dirs (nothing when there are none).
func (tw *twinCheck) load() error {
	if len(tw.Dirs) == 0 {
		return nil
	}
	prior, err := loadPriorCaptures(tw.Dirs)
	tw.prior = prior
	return err
}

// check compares c, to be written at file for the server name, with the
// earlier captures but file's own: it returns the figures for the capture's
// line, or an error wrapping errTwin when c is a twin that Allow does not
// name. Without Dirs it checks nothing.
func (tw *twinCheck) check(name, file string, c *precision.Capture) (string, error) {
	if len(tw.Dirs) == 0 {
		return "", nil
	}
	f := compareTwins(c, withoutFile(tw.prior, file))
	line := ", " + f.String()
	if of := f.twinOf(); of != "" {
		if !tw.Allow[name] {
			return "", fmt.Errorf("%w of %s: %s", errTwin, of, f)
		}
		line += ", twin of " + of + " allowed by -allow-twin"
	}
	return line, nil
}

// written records c, now stored at file, so that later servers of the run
// are compared with it too.
func (tw *twinCheck) written(file string, c *precision.Capture) {
	if len(tw.Dirs) > 0 {
		tw.prior = append(withoutFile(tw.prior, file), slimCapture(file, c))
	}
}

// withoutFile returns prior without the capture stored at path (the output
// directory's own file for the server being captured).
func withoutFile(prior []priorCapture, path string) []priorCapture {
	own, err := filepath.Abs(path)
	if err != nil {
		return prior
	}
	out := make([]priorCapture, 0, len(prior))
	for _, p := range prior {
		if abs, err := filepath.Abs(p.Path); err == nil && abs == own {
			continue
		}
		out = append(out, p)
	}
	return out
}
