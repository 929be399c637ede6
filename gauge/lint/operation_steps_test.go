package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

func TestStepArrowItem(t *testing.T) {
	for _, c := range []struct {
		desc, name string
		want       bool
	}{
		{"(get_upload_url -> upload to S3)", "get_upload_url", true},
		{"upload -> register_file).", "register_file", true},
		{"list_a → get_b", "get_b", true},
		{"`list_a` ⟶ done", "list_a", true},
		{"$obj->get_b()", "get_b", false},
		{"x => get_b", "get_b", false},
		{"call get_b first", "get_b", false},
		{"get_b then, much later on ->", "get_b", false},
		{"agency-hosting_create_site -> poll", "hosting_create_site", false},
		{"get_b-> x", "get_b", false},
		{"obj.get_b → x", "get_b", false},
	} {
		from := strings.Index(c.desc, c.name)
		if got := stepArrowItem(c.desc, from, from+len(c.name)); got != c.want {
			t.Errorf("stepArrowItem(%q, %q) = %v, want %v", c.desc, c.name, got, c.want)
		}
	}
}

func TestStepRunTool(t *testing.T) {
	ctx := &Context{cache: map[string]any{}, Tools: []model.Tool{
		{Name: "knowledge-get-upload-url"}, {Name: "knowledge-register-file-upload"},
		{Name: "spans-list"}, {Name: "traces-list"}, {Name: "knowledge-list-files"}, {Name: "datasets-list-files"},
	}}
	for _, c := range []struct{ name, want string }{
		{"get_upload_url", "knowledge-get-upload-url"},
		{"register_file", "knowledge-register-file-upload"},
		{"registerFileUpload", "knowledge-register-file-upload"},
		{"list_files", ""},  // a run of two tools
		{"spans_list", ""},  // a whole tool re-separated: resolve's work
		{"upload", ""},      // one word
		{"upload_file", ""}, // the words in another order
	} {
		got, _ := stepRunTool(ctx, c.name)
		if got != c.want {
			t.Errorf("stepRunTool(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestStepEndpointRefs(t *testing.T) {
	ctx := &Context{cache: map[string]any{}, Tools: []model.Tool{{Name: "kb-get-upload-url"}, {Name: "kb-register-file-upload"}}}
	steps := "1. Get upload URL (GET /v2/kb/{id}/upload_url)\n2. Upload file to the URL\n3. Register file (POST /v2/kb/{id}/register_file)"
	for _, c := range []struct{ tool, desc, want string }{
		{"kb-get-upload-url", steps, "/v2/kb/{id}/register_file"},
		{"kb-register-file-upload", steps, "/v2/kb/{id}/upload_url"},
		{"kb-get-upload-url", "Step 2: Call POST /v1/commit to finish.", "/v1/commit"},
		{"kb-get-upload-url", "Then GET /v1/jobs/{id} → POST /v1/jobs/{id}/ack.", "/v1/jobs/{id}"},
		{"kb-get-upload-url", "1. Fetches a ticket from POST /api/ticket\n2. The hash is submitted via POST /api/launch", ""},
		{"kb-get-upload-url", "1. Get upload URL (get /v2/kb/x)", ""},
		{"kb-get-upload-url", "This tool calls GET /v1/x. Wraps the /y endpoint.", ""},
		{"kb-get-upload-url", "1. Open https://x.io/v1/setup in a browser.", ""},
	} {
		got := ""
		if refs := stepEndpointRefs(ctx, c.tool, c.desc); len(refs) > 0 {
			got = refs[0]
		}
		if got != c.want {
			t.Errorf("stepEndpointRefs(%q, %q) = %q, want %q", c.tool, c.desc, got, c.want)
		}
	}
}

// TestStepReadingsLinear: the runs of the tool names are indexed once per
// run and the steps of a text are read in one pass, so twice the tools
// and twice the text allocate about twice as much.
func TestStepReadingsLinear(t *testing.T) {
	bytes := func(n int) uint64 {
		ctx := &Context{cache: map[string]any{}}
		for i := range n {
			ctx.Tools = append(ctx.Tools, model.Tool{Name: fmt.Sprintf("kb-get-upload-url%d-part", i)})
		}
		desc := ""
		for i := range n {
			desc += fmt.Sprintf("%d. Register file (POST /v2/kb/{id}/file%d) -> get_upload_url%d\n", i%50, i, i)
		}
		return allocatedBy(func() {
			stepEndpointRefs(ctx, "kb-x", desc)
			for i := range n {
				stepRunTool(ctx, fmt.Sprintf("get_upload_url%d", i))
			}
		})
	}
	n, n2 := bytes(1000), bytes(2000)
	if float64(n2) > 3*float64(n) {
		t.Errorf("the step readings allocate faster than the input grows: %d for 1000, %d for 2000", n, n2)
	}
}
