package lint

// Doc pages of the default profile's danger rules (danger.go).

const docSEC013 = "## Why it matters\n\n" +
	"A server's guardrails (the directories it may touch, the commands it refuses, the confirmation it asks for, its " +
	"sandbox) are the user's choice. A tool that sets them hands that choice to the model, and so to any text that " +
	"reaches the model: one injected instruction can set `allowedDirectories` to `[]` and read the whole disk.\n\n" +
	"## What triggers it\n\n" +
	"A tool that is not marked `readOnlyHint: true`, whose name has a setter word (set, update, edit, change, configure, " +
	"modify, unset, disable, enable, toggle, unblock, allow, add, remove, …) and a settings word (config, configuration, " +
	"setting(s), option(s), policy, permission(s), allowlist, denylist, sandbox, confirmation, allowed, blocked, …), and " +
	"whose description, parameter names or parameter texts name a guardrail: allowed directories/paths/commands/hosts/" +
	"domains/tools, blocked commands/paths/hosts, an allow/deny/block list, a read-only or safe mode, sandboxing, " +
	"required confirmation or approval, auto-approval. Text in code spans is skipped. Reading the configuration " +
	"(`get_config`) does not trigger.\n\n" +
	"## Severity\n\n" +
	"**warning**: the tool may be documented and annotated honestly (desktop-commander's `set_config_value` warns " +
	"about itself), but the design lets a prompt injection widen the server's limits.\n\n" +
	"## Example\n\n" +
	"Before: `set_config_value(key, value)`: \"Config keys include blockedCommands, allowedDirectories … Setting " +
	"allowedDirectories to an empty array allows full access to the entire file system.\"\n\n" +
	"After: the allowed directories and blocked commands are read from the server's configuration file or command " +
	"line; `set_config_value` accepts only `fileReadLineLimit`, `fileWriteLineLimit` and `telemetryEnabled`.\n"

const docMCP016 = "## Why it matters\n\n" +
	"Text repeated in every description is paid for on every tools/list, once per tool, and the model reads the same " +
	"note, disclaimer or steering line dozens of times. It also drowns what tells the tools apart.\n\n" +
	"## What triggers it\n\n" +
	"The descriptions are split into sentences and lines; a sentence of at least 20 characters counts as repeated " +
	"when at least 3 tools and at least 60% of the described tools carry it verbatim (whitespace aside). The rule fires " +
	"once per server when the repeated sentences add up to at least 80 characters; the message says how many tools " +
	"repeat them and how many characters that costs. A short fact that each tool needs (\"Only works within allowed " +
	"directories.\") stays under the threshold.\n\n" +
	"## Severity\n\n" +
	"**warning**: the cost is real on every request, and the fix (say it once in the server instructions) is easy.\n\n" +
	"## Example\n\n" +
	"Before: every one of 26 descriptions ends with \"This command can be referenced as \\\"DC: ...\\\" or \\\"use " +
	"Desktop Commander to ...\\\" in your instructions.\"\n\n" +
	"After: the sentence is said once, in the server's `instructions`.\n"

const docMCP017 = "## Why it matters\n\n" +
	"A description that tells the model to call a tool the server does not have (a renamed tool, a camelCase spelling " +
	"of a snake_case tool) costs a failed call, or worse, a call to another server's tool of that name.\n\n" +
	"## What triggers it\n\n" +
	"An identifier in a tool description that reads as a tool (snake_case, camelCase or in backticks, starting with a " +
	"verb such as get, list, run, execute, or with the server's shared name prefix), used as one (\"call " +
	"`rerunWorkflow`\", \"use the X tool\", \"instead of 'execute_command'\", \"X(\"), that is neither a tool, a " +
	"parameter or property name anywhere in the input schemas, a prompt nor a resource of the server. Names in fenced " +
	"code blocks are skipped. When the name only differs from a real tool by case and separators, the message says " +
	"which tool it means. A server with a tool that activates more tools at run time (\"discover and activate " +
	"additional tool categories\") is skipped: a name it does not list yet may be one it lists later. SRF011 does the " +
	"same for the server instructions.\n\n" +
	"## Severity\n\n" +
	"**warning**: a wrong name costs a turn every time the model follows it.\n\n" +
	"## Example\n\n" +
	"Before: \"projectSlug: The project slug obtained from listFollowedProjects tool\" (the tool is " +
	"`list_followed_projects`).\n\n" +
	"After: \"projectSlug: The project slug obtained from the list_followed_projects tool\".\n"
