package lint

import (
	"fmt"
	"slices"
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
	ctx := &Context{cache: map[string]any{}, Snap: &model.Snapshot{}, Tools: []model.Tool{
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
	ctx := &Context{cache: map[string]any{}, Snap: &model.Snapshot{}, Tools: []model.Tool{{Name: "kb-get-upload-url"}, {Name: "kb-register-file-upload"}, {Name: "list_users"}, {Name: "create_user"}}}
	steps := "1. Get upload URL (GET /v2/kb/{id}/upload_url)\n2. Upload file to the URL\n3. Register file (POST /v2/kb/{id}/register_file)"
	for _, c := range []struct {
		tool, desc string
		want       []string
	}{
		{"kb-get-upload-url", steps, []string{"/v2/kb/{id}/register_file"}},
		{"kb-register-file-upload", steps, []string{"/v2/kb/{id}/upload_url"}},
		{"kb-get-upload-url", "Step 2: Call POST /v1/commit to finish.", []string{"/v1/commit"}},
		{"kb-get-upload-url", "Then GET /v1/jobs/{id} → POST /v1/jobs/{id}/ack.", []string{"/v1/jobs/{id}", "/v1/jobs/{id}/ack"}},
		{"kb-get-upload-url", "Start: POST /v1/jobs -> poll until done", []string{"/v1/jobs"}},
		// A method and its path parted by a tab or a carriage return
		// (white space the pattern takes; cutting at a space alone
		// panicked on the CR).
		{"kb-get-upload-url", "Then GET\t/v1/jobs/{id} → POST\r/v1/jobs/{id}/ack.", []string{"/v1/jobs/{id}", "/v1/jobs/{id}/ack"}},
		{"kb-get-upload-url", "GET\t/old/users -> GET\r/v2/users (redirect)", nil},
		{"kb-get-upload-url", "1. Call POST /v1/jobs/{id}/state.\n2. Poll GET /v1/jobs/{id}:", []string{"/v1/jobs/{id}/state", "/v1/jobs/{id}"}},
		{"kb-get-upload-url", "1. Fetches a ticket from POST /api/ticket\n2. The hash is submitted via POST /api/launch", nil},
		{"kb-get-upload-url", "1. Get upload URL (get /v2/kb/x)", nil},
		{"kb-get-upload-url", "This tool calls GET /v1/x. Wraps the /y endpoint.", nil},
		{"kb-get-upload-url", "1. Open https://x.io/v1/setup in a browser.", nil},
		// Arrows whose other side is no step: a status, a reply, a
		// tool of the server, the same endpoint renamed.
		{"kb-get-upload-url", "status -> code:\n GET /health -> 200\n POST /items -> 201", nil},
		{"kb-get-upload-url", "GET /old/users -> GET /v2/users (redirect)", nil},
		{"kb-get-upload-url", "we send POST /your/callback -> you reply 200", nil},
		{"kb-get-upload-url", "list_users -> GET /v1/users, create_user -> POST /v1/users.", nil},
		// Numbered lists that are the tool's own process or the user's.
		{"kb-get-upload-url", "Steps performed:\n1. Build the image\n2. Call POST /v1/apps/{id}/deploy\n3. Poll GET /v1/deployments/{id} until ready.", nil},
		{"kb-get-upload-url", "Typical flow a user follows:\n1. Create a token (POST /v1/tokens)\n2. Call GET /v1/me", nil},
		{"kb-get-upload-url", "With curl:\n1. Call POST /v1/tokens", nil},
		{"kb-get-upload-url", "Steps performed:\n1. Build it\n\nThen:\n1. Call POST /v1/apps/{id}/deploy", []string{"/v1/apps/{id}/deploy"}},
	} {
		if got := stepEndpointRefs(ctx, c.tool, c.desc); !slices.Equal(got, c.want) {
			t.Errorf("stepEndpointRefs(%q, %q) = %q, want %q", c.tool, c.desc, got, c.want)
		}
	}
}

func TestStepChainSteps(t *testing.T) {
	ctx := &Context{cache: map[string]any{}, Snap: &model.Snapshot{}, Tools: []model.Tool{
		{Name: "knowledge-get-upload-url"}, {Name: "knowledge-register-file-upload"}, {Name: "order-payment-captured-webhook"},
	}}
	for _, c := range []struct {
		desc, name string
		want       bool
	}{
		{"Flow: get_upload_url -> upload to S3 -> register_file", "register_file", true},
		{"get_upload_url -> upload to S3 -> register_file", "get_upload_url", true},
		{"Internally: get_upload_url -> upload to S3 -> register_file, all in one call", "register_file", false},
		{"Lifecycle: order_created -> payment_captured -> order_shipped", "payment_captured", false},
		{"order_created -> payment_captured -> order_shipped", "payment_captured", false},
		{"States:\norder_created -> payment_captured -> register_file", "payment_captured", false},
		{"Status: draft -> get_upload_url -> register_file", "register_file", false},
	} {
		from := strings.Index(c.desc, c.name)
		if got := stepChainSteps(ctx, c.desc, from, from+len(c.name)); got != c.want {
			t.Errorf("stepChainSteps(%q, %q) = %v, want %v", c.desc, c.name, got, c.want)
		}
	}
}

// TestStepReadingsLinear: the runs and the words of the tool names are
// indexed once per run and the steps of a text are read in one pass, so
// twice the tools (each with its own short description of steps, well
// under endpointScanLimit) allocate about twice as much, the message's
// tool for each path included.
func TestStepReadingsLinear(t *testing.T) {
	run := func(n int) func() {
		ctx := stepReadingsServer(n)
		return func() {
			for i, tl := range ctx.Tools {
				refs := stepEndpointRefs(ctx, tl.Name, tl.RawDescription)
				if len(refs) != 3 {
					t.Fatalf("%s: refs %v, want three (its own path left out)", tl.Name, refs)
				}
				next := ctx.Tools[(i+1)%len(ctx.Tools)].Name
				if msg := endpointPathNames(ctx, tl.Name, refs); !strings.Contains(msg, "`"+next+"`") {
					t.Fatalf("%s: message %q does not name %s", tl.Name, msg, next)
				}
				stepRunTool(ctx, "get_upload_url")
			}
		}
	}
	n, n2 := allocatedBy(run(1000)), allocatedBy(run(2000))
	if float64(n2) > 3*float64(n) {
		t.Errorf("the step readings allocate faster than the tools grow: %d for 1000, %d for 2000", n, n2)
	}
}

// stepReadingsServer is n tools svc<letters>-register-file, each with
// numbered steps that name REST calls: the next tool's own path (whose
// rarest word, the letters, is in one tool, so the message's lookup walks
// its candidates and names that tool), a path of no tool, and its own.
func stepReadingsServer(n int) *Context {
	ctx := &Context{cache: map[string]any{}, Snap: &model.Snapshot{}}
	for i := range n {
		ctx.Tools = append(ctx.Tools, model.Tool{Name: "svc" + stepLetters(i) + "-register-file",
			RawDescription: fmt.Sprintf("1. Get URL (GET /v2/kb/upload_url)\n2. Register file (POST /v2/svc%s/register_file)\n3. Call POST /v2/a/b\n4. Call POST /v2/svc%s/register_file\n",
				stepLetters((i+1)%n), stepLetters(i))})
	}
	return ctx
}

// stepLetters spells i with letters (a for 0 … j for 9), so that each
// tool's name holds one word of its own.
func stepLetters(i int) string {
	return strings.Map(func(r rune) rune { return 'a' + r - '0' }, fmt.Sprint(i))
}

// BenchmarkStepReadings times the step readings over a whole server at
// 1,000 and 4,000 tools (docs/benchmarks.md): small maps that do not
// escape live on the stack, so a scan of every tool per path need not
// allocate, and only time shows it (sixteen times for four times the
// tools; the index keeps it near four).
func BenchmarkStepReadings(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			for b.Loop() {
				ctx := stepReadingsServer(n)
				for _, tl := range ctx.Tools {
					endpointPathNames(ctx, tl.Name, stepEndpointRefs(ctx, tl.Name, tl.RawDescription))
					stepRunTool(ctx, "get_upload_url")
				}
			}
		})
	}
}

// TestEndpointPathNamesCapped: a message names the first five paths and
// how many more there are, however many the text gives.
func TestEndpointPathNamesCapped(t *testing.T) {
	ctx := &Context{cache: map[string]any{}, Snap: &model.Snapshot{}, Tools: []model.Tool{{Name: "kb-register-file"}}}
	var paths []string
	for i := range 1000 {
		paths = append(paths, fmt.Sprintf("/v1/p%d", i))
	}
	got := endpointPathNames(ctx, "x", append([]string{"/v1/register_file"}, paths...))
	want := "`/v1/register_file` (did you mean the tool `kb-register-file`?), `/v1/p0`, `/v1/p1`, `/v1/p2`, `/v1/p3`, and 996 more"
	if got != want {
		t.Errorf("endpointPathNames = %q, want %q", got, want)
	}
}
