package text

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestPythonDifferential replays testdata/differential.jsonl.gz: 2,000
// generated strings mixing the vocabularies' trigger phrases with non-ASCII
// letters and digits, Unicode spaces, combining marks, dotless i, long s,
// the Kelvin sign and underscores, each with a tool name, plus what Python
// (re with IGNORECASE, str.lower, str.split, str.isupper) answered for them
// through a transcription of mcp-toolgauge's text module.
func TestPythonDifferential(t *testing.T) {
	t.Parallel()
	f, err := os.Open(filepath.Join("testdata", "differential.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		Vocab    map[string]*string `json:"-"`
		Mentions bool               `json:"mentions"`
		Subset   bool               `json:"subset"`
		IDTok    []string           `json:"idtok"`
		Style    string             `json:"style"`
		Content  []string           `json:"content"`
		Collapse string             `json:"collapse"`
		Tokens   int                `json:"tokens"`
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	n, matched := 0, 0
	for sc.Scan() {
		n++
		var row struct {
			In struct {
				S    string `json:"s"`
				Name string `json:"name"`
			} `json:"in"`
			Out json.RawMessage `json:"out"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("row %d: %v", n, err)
		}
		var w want
		if err := json.Unmarshal(row.Out, &w); err != nil {
			t.Fatalf("row %d: %v", n, err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(row.Out, &raw); err != nil {
			t.Fatalf("row %d: %v", n, err)
		}
		w.Vocab = map[string]*string{}
		for v := Placeholder; v <= ReadOpening; v++ {
			var m *string
			if err := json.Unmarshal(raw[v.String()], &m); err != nil {
				t.Fatalf("row %d %s: %v", n, v, err)
			}
			w.Vocab[v.String()] = m
		}
		s, name := row.In.S, row.In.Name
		mapped := Map(s)
		for v := Placeholder; v <= ReadOpening; v++ {
			exp := w.Vocab[v.String()]
			got, ok := v.Find(s)
			if ok != (exp != nil) || (ok && got != *exp) {
				t.Errorf("row %d: %s.Find(%q) = %q,%v; Python %v", n, v, s, got, ok, pyMatch(exp))
			}
			if gotIn, okIn := v.FindIn(mapped); gotIn != got || okIn != ok {
				t.Errorf("row %d: %s.FindIn(Map(%q)) = %q,%v; Find gave %q,%v", n, v, s, gotIn, okIn, got, ok)
			}
			if m, mIn := v.Match(s), v.MatchIn(mapped); m != ok || mIn != ok {
				t.Errorf("row %d: %s.Match = %v, MatchIn = %v; Python matched: %v", n, v, m, mIn, ok)
			}
			if ok {
				matched++
			}
		}
		check := func(what string, got, exp any) {
			if !reflect.DeepEqual(got, exp) {
				t.Errorf("row %d: %s(%q, %q) = %#v; Python %#v", n, what, s, name, got, exp)
			}
		}
		check("Mentions", Mentions(s, name), w.Mentions)
		check("IsSubsetOfName", IsSubsetOfName(s, name), w.Subset)
		check("IdentifierTokens", nonNil(IdentifierTokens(name)), nonNil(w.IDTok))
		check("NamingStyle", NamingStyle(name), w.Style)
		check("ContentWords", nonNil(ContentWords(s)), nonNil(w.Content))
		check("CollapseSpace", CollapseSpace(s), w.Collapse)
		check("EstimateTokens", EstimateTokens(s), w.Tokens)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 2000 || matched < 500 {
		t.Fatalf("read %d rows with %d vocabulary matches; the corpus is truncated", n, matched)
	}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func pyMatch(p *string) string {
	if p == nil {
		return "None"
	}
	return *p
}
