package lint

// Doc pages of the Resources & prompts family.

const docSRF001 = "## Why it matters\n\n" +
	"Clients show resources and templates in pickers, and models choose which to read from their descriptions. A " +
	"resource without one is picked by name alone. quality-gate's `resources-list-03` test fails the same servers, but " +
	"only for the first page and only for resources; this rule covers every resource and template.\n\n" +
	"## What triggers it\n\n" +
	"A resource or resource template whose description is missing, empty or whitespace.\n\n" +
	"## Severity\n\n**warning**, like a tool without parameter descriptions: the entity is usable but poorly chosen.\n\n" +
	"## Example\n\n" +
	"Before: `{uri: \"db://schema\", name: \"schema\"}`\n\n" +
	"After: `{uri: \"db://schema\", name: \"Database schema\", description: \"Tables, columns and foreign keys of the orders " +
	"database, as SQL DDL.\", mimeType: \"application/sql\"}`\n"

const docSRF002 = "## Why it matters\n\n" +
	"`mimeType` tells a client how to render or forward a resource (text, JSON, image) before reading it, and lets a " +
	"model know what it will get.\n\n" +
	"## What triggers it\n\n" +
	"A resource or resource template without `mimeType`.\n\n" +
	"## Severity\n\n**info**: the field is optional in the spec; it is polish that helps clients.\n\n" +
	"## Example\n\n" +
	"Before: `{uri: \"file:///docs/readme.md\", name: \"README\"}`\n\n" +
	"After: the same with `mimeType: \"text/markdown\"`.\n"

const docSRF003 = "## Why it matters\n\n" +
	"The name is what a person sees in a resource picker. A name that just repeats the URI (which the client already " +
	"shows) adds nothing.\n\n" +
	"## What triggers it\n\n" +
	"A resource whose name equals its URI, or its URI without the scheme and leading slashes, ignoring case. A file " +
	"name as the name (`readme.md` for `file:///docs/readme.md`) is fine.\n\n" +
	"## Severity\n\n**info**: cosmetic.\n\n" +
	"## Example\n\n" +
	"Before: `{uri: \"config://app\", name: \"config://app\"}`\n\n" +
	"After: `{uri: \"config://app\", name: \"Application settings\"}`\n"

const docSRF004 = "## Why it matters\n\n" +
	"Resource URIs are identifiers that clients parse, compare and pass back in `resources/read`. The MCP spec requires " +
	"custom schemes to follow RFC 3986; a URI with spaces, raw non-ASCII characters or no scheme breaks clients that " +
	"parse it strictly, and may be read back differently than it was listed.\n\n" +
	"## What triggers it\n\n" +
	"A resource URI that is empty; has no scheme (`letters:` at the start); contains a space, control character, " +
	"non-ASCII character, or one of `\" < > \\ ^ ` { | }`; has a `%` not followed by two hex digits; has more than one " +
	"`#`; or has an authority whose port is not a number or whose brackets are unbalanced.\n\n" +
	"## Severity\n\n**error**: an invalid identifier can make the resource unreadable.\n\n" +
	"## Example\n\n" +
	"Before: `file:///My Documents/naïve.txt`\n\n" +
	"After: `file:///My%20Documents/na%C3%AFve.txt`\n"

const docSRF005 = "## Why it matters\n\n" +
	"Clients expand `uriTemplate` with an RFC 6570 library to build the URI to read. An invalid template fails to " +
	"expand, or expands to a URI the server does not recognise.\n\n" +
	"## What triggers it\n\n" +
	"Unbalanced or nested braces; an empty expression; a reserved operator (`=`, `,`, `!`, `@`, `|`); a variable name " +
	"with characters other than letters, digits, `_`, `.` and percent-encodings; a prefix modifier that is not `:1`–`:9999`; " +
	"literal text with spaces, quotes, `< > \\ ^ ` |` or a bad `%`; a template with no expression at all (that is a fixed " +
	"resource); or a fixed prefix without a URI scheme.\n\n" +
	"## Severity\n\n**error**: the template cannot be used as intended.\n\n" +
	"## Example\n\n" +
	"Before: `db://tables/{table name}/rows{?limit`\n\n" +
	"After: `db://tables/{table}/rows{?limit}`\n"

const docSRF006 = "## Why it matters\n\n" +
	"Prompts are offered to users (often as slash commands) and to models by name and description. Without a " +
	"description, nobody knows what the prompt does until they run it.\n\n" +
	"## What triggers it\n\n" +
	"A prompt whose description is missing, empty or whitespace.\n\n" +
	"## Severity\n\n**warning**.\n\n" +
	"## Example\n\n" +
	"Before: `{name: \"review\"}`\n\n" +
	"After: `{name: \"review\", description: \"Reviews a pull request diff for bugs and style issues and returns a list of " +
	"comments.\"}`\n"

const docSRF007 = "## Why it matters\n\n" +
	"Clients ask the user (or the model) to fill in prompt arguments, showing each argument's description. Without it, " +
	"the expected value and format are guesswork.\n\n" +
	"## What triggers it\n\n" +
	"A prompt argument whose description is missing, empty or whitespace. The message says whether it is required.\n\n" +
	"## Severity\n\n**warning**, as for undescribed tool parameters.\n\n" +
	"## Example\n\n" +
	"Before: `{name: \"style\"}`\n\n" +
	"After: `{name: \"style\", description: \"Tone of the summary: formal or casual (default formal).\"}`\n"

const docSRF008 = "## Why it matters\n\n" +
	"`prompts/get` selects a prompt by name and passes arguments as a name-to-value map, so duplicate names make all " +
	"but one prompt, or one argument, unreachable.\n\n" +
	"## What triggers it\n\n" +
	"Two prompts with the same name (one finding per duplicated name), or one prompt declaring an argument name twice.\n\n" +
	"## Severity\n\n**error**: something the server lists can never be used.\n\n" +
	"## Example\n\n" +
	"Before: two prompts named `summarize` (one for text, one for code).\n\n" +
	"After: `summarize_text` and `summarize_code`.\n"

const docSRF009 = "## Why it matters\n\n" +
	"Clients may add the server's `instructions` to the system prompt of every conversation. Long instructions cost " +
	"context on every request, whether or not the server is used.\n\n" +
	"## What triggers it\n\n" +
	"Instructions longer than 1,000 tokens, counted with the o200k_base BPE vocabulary (GPT-4o/GPT-5 tokenizer).\n\n" +
	"## Severity\n\n**warning**: a cost, not a defect.\n\n" +
	"## Example\n\n" +
	"Before: 3,000 tokens of API reference in `instructions`.\n\n" +
	"After: 150 tokens on how the tools fit together, with the reference moved to a resource.\n"

const docSRF010 = "## Why it matters\n\n" +
	"An instructions field that is only whitespace is noise: some clients still add an empty section to the system " +
	"prompt.\n\n" +
	"## What triggers it\n\n" +
	"The server sends `instructions` made only of whitespace. (An empty string cannot be told apart from an absent field " +
	"in the snapshot, so `\"\"` is not reported.)\n\n" +
	"## Severity\n\n**info**.\n\n" +
	"## Example\n\n" +
	"Before: `\"instructions\": \"\\n  \"`\n\n" +
	"After: the field left out.\n"

const docSRF011 = "## Why it matters\n\n" +
	"Instructions go stale when tools are renamed or removed. A model told to \"call get_customer first\" when the tool " +
	"is now `get_account` wastes a turn, or worse, calls another server's tool of the old name.\n\n" +
	"## What triggers it\n\n" +
	"The instructions mention an identifier as a tool, and the server has no tool, prompt, resource, parameter or server " +
	"name like it (case-insensitive). An identifier is a backticked word, a snake_case word or a camelCase word; it is " +
	"mentioned *as a tool* when it is followed directly by \"(\" or by the word \"tool\"/\"tools\", or preceded by call, use, " +
	"invoke, run, via or with (and their -s/-ing forms). File names, URLs and paths (containing `.`, `/` or `:`) and " +
	"ALL_CAPS constants are skipped.\n\n" +
	"## Severity\n\n**warning**: the server works, but the model is misdirected.\n\n" +
	"## Example\n\n" +
	"Before: instructions \"Always call `get_customer` before `create_order`.\" with tools `get_account` and " +
	"`create_order`.\n\n" +
	"After: \"Call `get_account` before `create_order`.\"\n"
