package registry

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// checkServers runs everything downstream of a parser on its output; none
// of it may panic, and every entry must have a name.
func checkServers(t *testing.T, servers []Server) {
	t.Helper()
	for _, s := range servers {
		if s.Name == "" {
			t.Fatalf("parsed an entry without a name: %+v", s)
		}
		p := PlanFor(s, PlanOptions{})
		if p.Kind == "" || p.ScanID == "" {
			t.Fatalf("empty plan for %+v", s)
		}
		if _, err := json.Marshal(p); err != nil {
			t.Fatalf("plan not serialisable: %v", err)
		}
		if _, err := json.Marshal(s); err != nil {
			t.Fatalf("server not serialisable: %v", err)
		}
	}
	out, _ := Normalise(servers, NormaliseOptions{})
	Dedupe(out)
	ComputeStats(out)
}

func officialSeeds() []string {
	return []string{
		`{"servers":[{"server":{"name":"a/b","version":"1.0.0","packages":[{"registryType":"npm","identifier":"x","version":"1","transport":{"type":"stdio"},"environmentVariables":[{"name":"K","isRequired":true,"isSecret":true}],"packageArguments":[{"type":"positional","valueHint":"dir","isRequired":true}]}],"remotes":[{"type":"sse","url":"https://{t}.x/sse","variables":{"t":{"default":"a"}}}]},"_meta":{"io.modelcontextprotocol.registry/official":{"status":"active","publishedAt":"2025-09-08T23:47:09.452138Z","isLatest":true}}}],"metadata":{"nextCursor":"a/b:1.0.0","count":1}}`,
		`[{"name":"a/b","version":"1","status":"active","packages":[{"registryType":"oci","registryBaseUrl":"https://docker.io","identifier":"o/i","version":"sha256:ab"}],"_meta":{"io.modelcontextprotocol.registry/official":{"serverId":"x","versionId":"y","publishedAt":"2025-09-08T23:47:09.452137971Z","isLatest":false}}}]`,
		`[{"name":"a/b","version":"1","status":"active","packages":[{"registry_type":"npm","identifier":"x","environment_variables":[{"name":"A","is_required":true}]}],"_meta":{"io.modelcontextprotocol.registry/official":{"id":"x","published_at":"2025-09-08T23:47:09Z","is_latest":true}}}]`,
		"\xef\xbb\xbf{\"name\":\"a/b\",\"version\":\"0.0.1-seed\"}",
		`{"servers":[]}`, `[]`, `{}`, `null`, ``,
	}
}

func FuzzParseOfficial(f *testing.F) {
	for _, s := range officialSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := ParseOfficial(data, "fuzz")
		if err != nil {
			return
		}
		checkServers(t, doc.Servers)
	})
}

func addFixture(f *testing.F, name string, wrap func([]byte) []byte) {
	if b, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
		f.Add(wrap(b))
	}
}

func FuzzParsePulseMCP(f *testing.F) {
	addFixture(f, "pulsemcp-v0beta-servers.json", func(b []byte) []byte {
		return append(append([]byte(`{"servers":`), b...), []byte(`,"next":"x","total_count":5}`)...)
	})
	f.Add([]byte(`{"servers":[{"name":"A","url":"https://www.pulsemcp.com/servers/a","package_registry":"npm","package_name":"a"}],"total_count":"1"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		pg, err := ParsePulseMCP(data)
		if err != nil {
			return
		}
		checkServers(t, pg.Servers)
	})
}

func FuzzParseSmithery(f *testing.F) {
	addFixture(f, "smithery-servers.json", func(b []byte) []byte {
		return append(append([]byte(`{"servers":`), b...), []byte(`,"pagination":{"currentPage":1,"pageSize":10,"totalPages":1,"totalCount":5}}`)...)
	})
	f.Add([]byte(`{"servers":[{"qualifiedName":"@a/b","remote":true,"createdAt":"2025-01-01T00:00:00Z"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		pg, err := ParseSmithery(data)
		if err != nil {
			return
		}
		checkServers(t, pg.Servers)
	})
}

func FuzzParseGlama(f *testing.F) {
	addFixture(f, "glama-servers.json", func(b []byte) []byte {
		return append(append([]byte(`{"servers":`), b...), []byte(`,"pageInfo":{"endCursor":"Mw==","hasNextPage":false}}`)...)
	})
	f.Add([]byte(`{"servers":[{"namespace":"a","slug":"b","environmentVariablesJsonSchema":{"properties":{"K":{}},"required":["K"]}}],"pageInfo":{"hasNextPage":true,"endCursor":"x"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		pg, err := ParseGlama(data)
		if err != nil {
			return
		}
		checkServers(t, pg.Servers)
	})
}

func FuzzParseDockerCatalog(f *testing.F) {
	addFixture(f, "docker-catalog.yaml", func(b []byte) []byte { return b })
	f.Add([]byte("registry:\n  a:\n    image: mcp/a\n    secrets: [{env: K}]\n"))
	f.Add([]byte("registry:\n  r:\n    remote: {url: 'https://x/mcp', headers: {A: '${K}'}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		servers, err := ParseDockerCatalog(data)
		if err != nil {
			return
		}
		checkServers(t, servers)
	})
}

func FuzzParseTime(f *testing.F) {
	for _, s := range []string{"2025-09-08T23:47:09.452138Z", "/Date(1757375229452+0100)/", "1757375229", "2025-09-08 23:47:09-07", "Mon, 08 Sep 2025 23:47:09 GMT", "/Date(-)/", "-1e300"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tm, err := ParseTime(s)
		if err == nil && tm.Location() != nil && tm.Location().String() != "UTC" {
			t.Fatalf("ParseTime(%q) not in UTC: %v", s, tm)
		}
	})
}

// splitArray must agree with encoding/json on every valid array.
func FuzzSplitArray(f *testing.F) {
	for _, s := range []string{`[]`, ` [ 1 , "a,]" , {"b":[1,2]} , [[]] ] `, `["\"]",{"a":"}"}]`, `[1,]`, `[{"a":1}`, `[1] x`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		elems, ok := splitArray(data)
		var want []json.RawMessage
		if err := json.Unmarshal(data, &want); err != nil {
			return // invalid arrays: splitArray may say anything; the decoder reports the error
		}
		if !ok || len(elems) != len(want) {
			t.Fatalf("split %q: ok=%v %d elements, want %d", data, ok, len(elems), len(want))
		}
		for i := range want {
			if string(elems[i]) != string(bytes.TrimSpace(want[i])) {
				t.Fatalf("element %d: %q, want %q", i, elems[i], want[i])
			}
		}
	})
}
