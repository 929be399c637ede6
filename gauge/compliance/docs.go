package compliance

// Docs of quality-gate's 17 tests. Each says what differs from
// mcp-quality-gate 0.1.2, if anything.

const docLifecycleInit01 = `Checks that the server's ` + "`serverInfo`" + ` (from ` + "`initialize`" + `, or from
` + "`server/discover`" + `'s ` + "`_meta`" + ` in the 2026-07-28 revision) has a non-empty ` + "`name`" + ` and ` + "`version`" + `.

**Why:** clients show and log the server by name and version; registries key on them.

**Fix:** pass a name and version to your SDK's server constructor, e.g.
` + "`new McpServer({ name: \"my-server\", version: \"1.2.0\" })`" + `.

Same logic as mcp-quality-gate.`

const docLifecycleInit02 = `Checks that the server sent a ` + "`capabilities`" + ` object. An empty object passes; the
message lists the non-null capability keys.

**Why:** capabilities are how a client learns what it may call; a missing object is a
malformed handshake.

**Fix:** let your SDK build the capabilities (it does when you register tools, resources
or prompts). Same logic as mcp-quality-gate.`

const docLifecycleInit03 = `Sends ` + "`ping`" + ` on the main session; any error fails.

**Why:** the spec says the receiver MUST answer ping promptly; clients use it as a
keep-alive and health check.

**Fix:** use an SDK (they answer ping for you) and never block the message loop.

Skipped when the 2026-07-28 revision was negotiated: that revision removed ` + "`ping`" + `.
mcp-quality-gate does not know that revision.`

const docToolsList01 = `Calls ` + "`tools/list`" + ` (first page) and passes if it succeeds, even with zero tools.
Skipped when the server does not declare the ` + "`tools`" + ` capability.

**Fix:** make ` + "`tools/list`" + ` succeed without arguments or credentials; defer auth
errors to the tool call. Same logic as mcp-quality-gate.`

const docToolsList02 = `Fails when a tool has an empty ` + "`name`" + ` or no ` + "`inputSchema`" + ` (both are required by the
spec). Skipped without the ` + "`tools`" + ` capability or with zero tools.

**Fix:** give every tool a name and an ` + "`inputSchema`" + ` (at least ` + "`{\"type\":\"object\"}`" + `).

Differs from mcp-quality-gate: it checks **every page** of ` + "`tools/list`" + ` (the snapshot),
where quality-gate reads only the first page inside its tests.`

const docToolsList03 = `Fails for any tool name not matching ` + "`^[a-zA-Z0-9_.-]{1,128}$`" + ` (the 2025-11-25 naming
guidance, SEP-986).

**Why:** some clients reject or mangle other names (spaces, slashes, non-ASCII).

**Fix:** rename the tool, e.g. ` + "`get_weather`" + `. Reads every page (quality-gate: first page only).`

const docToolsList04 = `Fails for any tool whose ` + "`inputSchema.type`" + ` is not ` + "`\"object\"`" + `.

**Why:** tool arguments are a JSON object; the spec requires the schema to describe one.

**Fix:** wrap parameters in an object schema. Reads every page (quality-gate: first page only).`

const docToolsCall01 = `Calls real tools and passes when no call fails with a JSON-RPC or transport error.
A result with ` + "`isError: true`" + ` still passes (it is listed in the details), as in
mcp-quality-gate.

**Opt-in.** This is the only quality-gate test that runs server code with possible side
effects, so it follows ` + "`--call-tools`" + `:

- ` + "`none`" + ` (default): skipped with "calling real tools is off; use --call-tools readonly|all";
- ` + "`readonly`" + `: calls every tool annotated ` + "`readOnlyHint: true`" + ` (skipped if there is none);
- ` + "`all`" + `: calls every tool.

Arguments are **generated to satisfy the input schema** (required properties, const/enum
first values, defaults and examples, formats such as email, uri, date-time, date and uuid,
simple patterns, min/max bounds, nested objects and arrays, local ` + "`$ref`" + `, allOf,
anyOf/oneOf) and validated with a JSON Schema 2020-12 validator before the call; a tool
whose schema cannot be satisfied is not called (noted in the details).

Differs from mcp-quality-gate, which always calls only the first tool with naive
arguments (enum, pattern and format ignored). **Scoring note:** quality-gate's compliance
part is passed / ran × 40 and skipped tests do not count, so under ` + "`none`" + ` the denominator
has one test fewer than quality-gate's run would have.

A tool whose call fails only because the server needs a client capability mcpgauge
does not declare (error -32021, or a request for elicitation or sampling) is listed as
"not applicable" and does not count as a failure.

**Fix on failure:** the tool must return a result (with ` + "`isError: true`" + ` for its own
failures) for schema-valid input, never a protocol error.`

const docToolsCall02 = `Calls ` + "`__mcptest_nonexistent_tool_<epoch ms>`" + ` and passes if the server returns a JSON-RPC
error or a result with ` + "`isError: true`" + `; fails on a successful result. Runs even without
the tools capability, as in mcp-quality-gate.

**Fix:** look the tool name up and return error -32602 "Unknown tool" when it is not
registered. The stricter check (protocol error only) is spec-tools-01.`

const docToolsCall03 = `Fails for any tool whose ` + "`description`" + ` is absent or empty.

**Why:** the description is what a model reads to choose a tool.

**Fix:** describe what the tool does, when to use it and what it returns. Reads every
page (quality-gate: first page only).`

const docResourcesList01 = `Calls ` + "`resources/list`" + ` (first page); any error fails. Skipped without the
` + "`resources`" + ` capability.

**Fix:** answer ` + "`resources/list`" + ` (an empty list is fine) or do not declare the capability.`

const docResourcesList02 = `Fails for any resource with an empty ` + "`uri`" + ` or ` + "`name`" + ` (both required by the spec).
Skipped without the capability or with no resources. Reads every page (quality-gate:
first page only).`

const docResourcesList03 = `Fails for any resource without a ` + "`description`" + `.

**Why:** clients and models choose resources by their descriptions.

**Fix:** describe each resource. Reads every page (quality-gate: first page only).`

const docResourcesRead01 = `Reads the first listed resource with ` + "`resources/read`" + `; fails on an error or when
` + "`contents`" + ` is missing or empty.

**Fix:** every listed URI must be readable. Reading a resource is a read, so this runs
regardless of ` + "`--call-tools`" + `. Same logic as mcp-quality-gate.`

const docPromptsList01 = `Calls ` + "`prompts/list`" + ` (first page); any error fails. Skipped without the ` + "`prompts`" + `
capability.

**Fix:** answer ` + "`prompts/list`" + ` or do not declare the capability.`

const docPromptsList02 = `Fails for any prompt with an empty ` + "`name`" + `. Reads every page (quality-gate: first
page only).`

const docPromptsGet01 = `Gets the first listed prompt with every required argument set to ` + "`\"test\"`" + `; fails on
an error or an empty ` + "`messages`" + ` array.

**Fix:** a prompt must render for any string value of its arguments (or return -32602
with a clear message).

Differs from mcp-quality-gate in one case: a prompt that fails only because the server
asks for a client capability mcpgauge does not declare (elicitation or sampling, e.g. a
2026-07-28 multi-round-trip prompt) is not applicable, so the next listed prompt is
tried; if every prompt is like that the test is skipped. The details list them.`

// Docs of mcpgauge's spec tests. Each names its anchors.md §5 source.

const docSpecVersion01 = `Records a **negotiation matrix** in the details and fails when its answers contradict
each other or the spec's rules (2025-11-25 lifecycle: "If the server supports the
requested protocol version, it MUST respond with the same version. Otherwise, the server
MUST respond with another protocol version it supports"). What is offered depends on the
session plan (see the Sessions table below):
- **Initialize era, default:** the main session's own ` + "`initialize`" + ` offer and answer, its
  ` + "`server/discover`" + ` (sent in auto mode; sent on the main connection when a revision was
  forced), and ` + "`initialize`" + ` with the bogus version ` + "`1900-01-01`" + `, which the second client
  identity's session offers (so it costs no extra server start).
- **Stateless era (2026-07-28), default:** the main session's ` + "`server/discover`" + ` and a
  ` + "`server/discover`" + ` whose ` + "`_meta`" + ` carries ` + "`2999-12-31`" + `, a revision no server supports,
  on the main connection: no new process.
- **` + "`--compliance deep`" + `:** every revision in a session of its own, in parallel:
  ` + "`initialize`" + ` with 2024-11-05, 2025-03-26, 2025-06-18 and 2025-11-25; ` + "`server/discover`" + `
  with the 2026-07-28 ` + "`_meta`" + `; ` + "`initialize`" + ` with ` + "`1900-01-01`" + `.

Failures (each judged only from rows the plan offered):
- the bogus version is echoed;
- the server answers an offer of X with Y, but refuses Y when offered it directly;
- the server lists X as supported (in ` + "`server/discover`" + `'s supportedVersions or an error's
  ` + "`data.supported`" + `) but does not accept X on initialize;
- a server that speaks initialize refuses the bogus version with an error other than
  -32602 (or -32022), or does not answer it at all;
- (stateless era, default) the negotiated revision is missing from ` + "`server/discover`" + `'s
  supportedVersions.

**Deep-only findings.** Which initialize revisions a server really accepts is seen only
when each is offered: "answers X with Y but refuses Y", and, in the stateless era, "lists X
but refuses it on initialize", are found by ` + "`--compliance deep`" + ` alone. In the default
plan a stateless server that answers the unsupported ` + "`2999-12-31`" + ` instead of refusing it
with -32022 gets a note, not a failure.

Which revisions a server supports is a **fact, not a failure**: stateless-only and
handshake-only servers both pass. Anchors §5.1 (dual era) and §5.2 (lifecycle tests).
**Fix:** let your SDK negotiate; never echo a version you do not implement.`

const docSpecPing01 = `Sends a raw ` + "`ping`" + ` after the handshake and checks the result is an empty object (only
` + "`_meta`" + ` allowed). Skipped in the 2026-07-28 revision, which removed ping.
Anchors §5.2 (Ping: "MUST answer promptly with an empty result").`

const docSpecMethod01 = `Sends ` + "`mcpgauge/nonexistent`" + ` and expects JSON-RPC error -32601 (method not found).

**Why:** JSON-RPC 2.0 reserves -32601 for this; clients use it to detect unsupported
features. A result, a different code, or a dropped connection all fail.
Anchors §5.2 (Base JSON-RPC; capability honesty).`

const docSpecCaps01 = `Exercises each declared capability on a raw session: ` + "`tools/list`" + `, ` + "`resources/list`" + `,
` + "`prompts/list`" + ` (the result must carry its array), ` + "`logging/setLevel`" + ` (handshake era
only) and ` + "`completion/complete`" + ` (against a listed prompt argument or resource template;
when there is none, against a made-up prompt, where any error but -32601 shows the method
exists). Any other error fails.

**Why:** a declared capability is a promise; clients call what is declared.
Anchors §5.2 ("a declared capability works").`

const docSpecCaps02 = `Calls the method of each capability the server did **not** declare (tools, resources,
prompts, logging in the handshake era, completions). -32601 or another error passes.
A list answer with items fails: the server serves something clients will never ask for,
because they only use negotiated capabilities. An empty answer is tolerated and noted
(the spec's MUST is on the client not to call it; many SDK servers answer empty lists).
Anchors §5.2 ("an undeclared method returns -32601").

**Fix:** declare every capability you serve.`

const docSpecTools01 = `Calls a tool that does not exist and expects a **JSON-RPC error** (the spec lists
unknown tools under protocol errors; its example is -32602 "Unknown tool").

**Decision:** from 2025-11-25, input-validation errors are tool-execution errors
(` + "`isError: true`" + `, SEP-1303), but an unknown tool is not an input error of a tool that
exists: there is no tool to execute. So a result with ` + "`isError: true`" + ` fails here (severity
medium), while quality-gate's tools-call-02 accepts it. A dropped connection fails too.
Anchors §5.2 (Tools error handling).`

const docSpecSchema01 = `Compiles every tool's ` + "`inputSchema`" + ` with a JSON Schema validator
(santhosh-tekuri/jsonschema v6): draft 2020-12 unless the schema's ` + "`$schema`" + ` names another
draft, ECMA-262 patterns, and **no remote ` + "`$ref`" + `** (schemas must be self-contained; nothing
is fetched). Reports each tool whose schema does not compile (bad keyword values,
unresolvable references, invalid patterns, unknown ` + "`$schema`" + `).
Anchors §5.2 (Tools: "inputSchema MUST be a valid JSON Schema object"; 2020-12 default).`

const docSpecSchema02 = `Compiles every declared ` + "`outputSchema`" + ` like spec-schema-01 and checks its root type is
` + "`\"object\"`" + ` (structuredContent is an object). Skipped when no tool declares one.
Anchors §5.2 (Structured output).`

const docSpecOutput01 = `For the tools actually called under ` + "`--call-tools readonly|all`" + ` (the same calls as
tools-call-01), validates each successful result's ` + "`structuredContent`" + ` against the tool's
` + "`outputSchema`" + ` (2020-12). A missing structuredContent fails ("MUST return structured
results that conform"); results with ` + "`isError: true`" + ` are exempt. Skipped when calling is
off or no called tool declares an outputSchema. Anchors §5.2 (Structured output).`

const docSpecStdio01 = `Fails when a stdio server wrote anything to stdout that is not a JSON-RPC message
(banners, logs, progress bars). Lists the first lines seen. Skipped for HTTP servers.

**Why:** the spec says the server MUST NOT write non-MCP bytes to stdout; most clients
drop the connection on the first bad line. This is the most common real-world breakage.

**Fix:** log to stderr (` + "`console.error`" + `, ` + "`logging`" + ` to ` + "`sys.stderr`" + `).
Anchors §5.2 (Transport: stdio).`

const docSpecPagination01 = `Sends ` + "`tools/list`" + ` with a cursor no server can have issued and expects -32602.
The spec says an invalid cursor **SHOULD** return -32602, so this is severity low; a
server that ignores the cursor or uses another code fails with that wording.
Anchors §5.2 (Pagination).`

const docSpecPagination02 = `Reports the problems seen while the snapshot walked every page of ` + "`tools/list`" + `,
` + "`resources/list`" + `, ` + "`resources/templates/list`" + ` and ` + "`prompts/list`" + `: a cursor that repeats
(a cycle), the same name on two pages, the page limit reached, an error after the first
page. The details give the page count of each list. Anchors §5.2 (Pagination: walk every
page, detect cycles and duplicates).`

const docSpecBait01 = `Lists the tools as ` + "`mcpgauge`" + ` and as ` + "`claude-code`" + ` (configurable) and compares the
per-tool digests. Fails with the names of the tools that are hidden from one client or
defined differently.
- **Stateless era:** the identity travels in each request's ` + "`_meta`" + `, so both identities are
  listed on the main connection (over HTTP, in single requests), one after the other, each
  after a ` + "`server/discover`" + ` as that client (a server may key its view on the identity it
  was discovered with); the main identity is restored after. No new process.
- **Initialize era:** one extra session as ` + "`claude-code`" + ` (over stdio its own server
  process; it is compared with the main session's snapshot, read before any tool was
  called). In the default plan its initialize offers the bogus revision (the negotiation
  probe of spec-version-01); in deep mode it offers the main session's revision. When both
  sessions ended on the same revision the whole tool definitions are compared; when not,
  only what a revision does not change (name, description, input schema), and the
  details say so.

**Why:** a server that shows a scanner harmless tools and a real client something else
defeats every static check (a bait-and-switch). Anchors §5.3 ("diff tools/list under two
clientInfo values").`
