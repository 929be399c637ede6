package lint

// Doc pages of the Quality-gate family.

const qgSeverityNote = "## Severity\n\n" +
	"The family mirrors mcp-quality-gate's levels: its *critical* becomes **error** and its *warning* stays **warning**. " +
	"quality-gate reports these checks once per server; these rules report them per tool, so the author sees which tool " +
	"to fix. The server-level numbers quality-gate would print come from package `gauge/qualitygate`.\n\n"

const docQG001 = "## Why it matters\n\n" +
	"A parameter without a description leaves the model to guess its meaning and format from the name alone. " +
	"quality-gate scores the whole server on the share of described parameters (critical below 50%, warning below 80%).\n\n" +
	"## What triggers it\n\n" +
	"A tool with parameters where fewer than 80% of `inputSchema.properties` have a truthy `description` (as in " +
	"quality-gate, a description that only exists inside an `anyOf` branch does not count). The message lists the " +
	"undescribed parameters.\n\n" + qgSeverityNote +
	"## Example\n\n" +
	"Before: `search(q, type)` with no descriptions.\n\n" +
	"After: `q`: \"Text to match against names and e-mail addresses\"; `type`: \"What to search: user or org (default user)\".\n"

const docQG002 = "## Why it matters\n\n" +
	"A description of a few words does not tell the model when to choose the tool or what it returns.\n\n" +
	"## What triggers it\n\n" +
	"The description as sent (not trimmed) is 1–19 characters long, counted as JavaScript does (UTF-16 code units, so an " +
	"emoji counts 2). A missing or empty description is not reported here (MCP010 covers it).\n\n" + qgSeverityNote +
	"## Example\n\n" +
	"Before: `get_data`: \"Gets data.\"\n\n" +
	"After: `get_invoice`: \"Returns one invoice by ID, with its lines, totals and payment status.\"\n"

const docQG003 = "## Why it matters\n\n" +
	"Every description is sent to the model on every request. Past about 500 characters, a description usually carries " +
	"manuals, examples and caveats that belong elsewhere, and costs context for every conversation.\n\n" +
	"## What triggers it\n\n" +
	"The description is longer than 500 characters (UTF-16 code units, as quality-gate counts).\n\n" + qgSeverityNote +
	"## Example\n\n" +
	"Before: a 1,400-character description with a tutorial.\n\n" +
	"After: two sentences on what the tool does and returns; details moved to parameter descriptions or a resource.\n"

const docQG004 = "## Why it matters\n\n" +
	"A deprecated tool that is still listed competes with its replacement for selection and costs context; a model cannot " +
	"reliably honour \"deprecated\" in prose.\n\n" +
	"## What triggers it\n\n" +
	"The description contains the whole word `deprecated` or `obsolete`, case-insensitive (quality-gate's test).\n\n" +
	qgSeverityNote +
	"## Example\n\n" +
	"Before: `read_file`: \"DEPRECATED: use read_text_file instead.\"\n\n" +
	"After: `read_file` removed from tools/list.\n"

const docQG005 = "## Why it matters\n\n" +
	"Two tools that take exactly the same parameters differ only by name and description, which makes them easy to " +
	"confuse and often means they should be one tool.\n\n" +
	"## What triggers it\n\n" +
	"Two or more tools whose `{properties, required}` are equal as JSON values: key order and the order of `required` do " +
	"not matter. Tools without parameters are never compared. This **fixes two quirks of quality-gate**, which compares " +
	"the exact JSON text (so reordered keys hide a duplicate) and groups every parameterless tool together. One finding " +
	"is reported on each later tool of a group, naming the others.\n\n" +
	"## Severity\n\n**warning**, as in quality-gate.\n\n" +
	"## Example\n\n" +
	"Before: `search_users(query, limit)` and `search_orgs(query, limit)` with near-identical descriptions.\n\n" +
	"After: `search(kind: \"user\"|\"org\", query, limit)`, or descriptions that say when to use which.\n"

const docQG006 = "## Why it matters\n\n" +
	"A default on a required parameter can never apply, because the caller must always send the value. It usually means " +
	"the schema generator or the author meant the parameter to be optional, and the model is forced to invent a value.\n\n" +
	"## What triggers it\n\n" +
	"A name in `inputSchema.required` whose property declares a `default` (any value, including null).\n\n" + qgSeverityNote +
	"## Example\n\n" +
	"Before: `limit: {type: integer, default: 10}` with `required: [\"limit\"]`.\n\n" +
	"After: `limit` not in `required`.\n"

const docQG007 = "## Why it matters\n\n" +
	"This is quality-gate's env-exposure check, kept byte-for-byte for users who want its exact verdicts. It is **off by " +
	"default** because SEC010 does the same job better.\n\n" +
	"## What triggers it\n\n" +
	"The tool name contains `env` anywhere (so `send_envelope` matches), and the description contains returns/prints/" +
	"dumps/gets/lists/shows followed later on the same line by the word env or environment, or the phrase \"environment " +
	"variable\" or \"env var\".\n\n" +
	"## Severity\n\n" +
	"**off** by default; quality-gate itself rates it *critical*. Enable with `QG007: error` for parity.\n\n" +
	"## Example\n\n" +
	"Before: `get-env`: \"Returns all environment variables\".\n\n" +
	"After: see SEC010.\n"

const docQG008 = "## Why it matters\n\n" +
	"This is quality-gate's code-execution check, kept exactly. It is **off by default** because SEC011 does the job " +
	"with fewer misses (camelCase names, SQL) and fewer false alarms.\n\n" +
	"## What triggers it\n\n" +
	"The name contains eval, exec, execute, run_code, run-code or runcode as a segment bounded by the start, the end, " +
	"`_` or `-`; or a parameter is named code, function, script, expression or eval (case-insensitive).\n\n" +
	"## Severity\n\n" +
	"**off** by default; quality-gate rates it *warning*.\n\n" +
	"## Example\n\n" +
	"Before: `browser_run_code(code)`.\n\n" +
	"After: see SEC011.\n"

const docQG009 = "## Why it matters\n\n" +
	"quality-gate's README promises to flag \"destructive operations without proper warning descriptions\", but its code " +
	"flags the opposite: a destructive tool whose description **does** warn (so the filesystem server's well-documented " +
	"`write_file` loses points, and a silently destructive `delete_all_tickets` passes). This rule implements the " +
	"documented intent. The inverted original is reproduced only for score parity, in `gauge/qualitygate`.\n\n" +
	"## What triggers it\n\n" +
	"The tool name has a destructive verb (delete, remove, destroy, drop, purge, wipe, erase, truncate, clear, discard, " +
	"revoke, terminate, kill, uninstall, reset, overwrite), **and** the description does not warn (no \"cannot be " +
	"undone\", \"no undo\", \"permanently\", \"irreversible\", \"unrecoverable\", \"caution\", \"warning\", \"dangerous\", " +
	"\"destructive\", \"without confirmation\", \"be careful\", \"data loss\", \"confirm…\"), **and** the tool does not set " +
	"`annotations.destructiveHint: true`.\n\n" +
	"## Severity\n\n**warning**: the user can lose data without being asked.\n\n" +
	"## Example\n\n" +
	"Before: `delete_all_tickets`: \"Removes tickets.\"\n\n" +
	"After: \"Permanently deletes every ticket in the project. This cannot be undone.\" with `destructiveHint: true`.\n"

const docQG010 = "## Why it matters\n\n" +
	"Tool-selection accuracy falls as the tool list grows, and every tool costs context. quality-gate warns above 20 " +
	"tools.\n\n" +
	"## What triggers it\n\n" +
	"21 to 50 tools (above 50, QG011 reports instead).\n\n" + qgSeverityNote +
	"## Example\n\n" +
	"Before: 24 tools, six of them `export_csv`, `export_json`, … .\n\n" +
	"After: one `export(format)` tool; 19 tools.\n"

const docQG011 = "## Why it matters\n\n" +
	"Past 50 tools, models regularly pick the wrong tool and the definitions alone crowd the context window.\n\n" +
	"## What triggers it\n\n" +
	"More than 50 tools (quality-gate's default critical threshold; its `--max-tools` changes only this one).\n\n" +
	qgSeverityNote +
	"## Example\n\n" +
	"Before: 80 tools in one server.\n\n" +
	"After: the server split by audience, or a small default set with the rest enabled by an option.\n"

const docQG012 = "## Why it matters\n\n" +
	"Tool definitions are sent with every request. Above 10,000 tokens they take a real share of the context window " +
	"and of the bill.\n\n" +
	"## What triggers it\n\n" +
	"The sum over tools of the o200k_base BPE token count of each tool as a client sends it to a model (an OpenAI-style " +
	"function `{name, description, parameters}` in compact JSON) is above 10,000 and at most 30,000. quality-gate uses " +
	"`ceil(JSON.stringify(tools).length / 4)` instead, a rough estimate; this rule counts real tokens. The message names " +
	"the three largest tools.\n\n" + qgSeverityNote +
	"## Example\n\n" +
	"Before: 12,400 tokens, 5,000 of them in one tool's enum of 900 country names.\n\n" +
	"After: the enum replaced by `pattern: ^[A-Z]{2}$` and a description; 7,500 tokens.\n"

const docQG013 = "## Why it matters\n\n" +
	"Above 30,000 tokens the tool definitions dominate small context windows and slow every request.\n\n" +
	"## What triggers it\n\n" +
	"The o200k_base token count of all tool definitions (see QG012) is above 30,000.\n\n" + qgSeverityNote +
	"## Example\n\n" +
	"Before: 41,000 tokens across 120 tools.\n\n" +
	"After: tools loaded on demand, or the server split.\n"
