package lint

import (
	"fmt"
	"regexp"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// sec016 is SEC016 local-upload.
func sec016() Rule {
	return Rule{
		ID: "SEC016", Name: "local-upload", Family: "Security",
		Summary: "A tool reads a local path the model names and sends its contents to a remote service.",
		Default: Warning, Toolgauge: Off, Scope: ScopeParameter, Origin: OriginMcpgauge, Revision: 5, Check: checkSEC016,
	}
}

// checkSEC016 finds a tool that takes a path on the machine the server
// runs on and sends what it reads to a remote service: it uploads,
// deploys or attaches the file, or hands it to a remote API (an image
// model, a parser). A local-only file tool, a browser's file input, a
// download's destination and a path on the remote side are not one.
func checkSEC016(ctx *Context) []Problem {
	if !ctx.Precise() {
		return nil
	}
	var out []Problem
	facts := secTools(ctx)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		p, how := secLocalUpload(t, facts[i].words)
		if how == "" {
			continue
		}
		msg := fmt.Sprintf("Tool `%s` reads the local path in `%s` and %s: the model chooses which file leaves the machine, so an injected instruction can send ~/.ssh or a .env file as easily as the file the user meant.%s",
			t.Name, p, how, secQuietNote(t))
		if secConfinedRoot.MatchString(secToolText(t)) {
			msg = fmt.Sprintf("Tool `%s` reads the local path in `%s` and %s: the paths are confined to a directory the operator set, but the model chooses which of its files leaves the machine.%s",
				t.Name, p, how, secQuietNote(t))
		}
		out = append(out, Problem{Tool: t.Name, Parameter: p,
			Message:    msg,
			Suggestion: "Say in the description what is sent and where, set openWorldHint: true (and readOnlyHint: false) so clients ask first, and confine the paths the tool reads to directories the user chose."})
	}
	return out
}

// secLocalUpload returns the first parameter through which a tool reads a
// local path it sends off the machine, and how it sends it, or "", "".
func secLocalUpload(t *model.Tool, words []string) (param, how string) {
	if len(words) > 0 && secHasWord(words[:min(2, len(words))], secNoSendVerbs...) {
		return "", "" // download_attachment(local_path): the file comes in, not out
	}
	text := secToolText(t)
	if secBrowserFileInput.MatchString(text) {
		return "", "" // a page's file input: the browser, not the server, holds the file
	}
	how = secSendsFilesOut(t, words, text)
	if how == "" {
		return "", ""
	}
	// A tool that writes a pipeline or workflow definition names paths
	// inside the repository its runner checks out (a manifest, a
	// Dockerfile): the server reads none of them, however much the
	// description speaks of inspecting the local project. Only a
	// parameter that says itself it is local counts there.
	readsLocal := secLocalPathTalk.MatchString(secToolDesc(t)) && !secHasWord(words, "pipeline", "pipelines", "workflow", "workflows")
	for _, p := range secParams(t) {
		if secIsLocalSource(p, how == secViaAPI, readsLocal) {
			return p.path, how
		}
	}
	if how == secViaUpload && secHasWord(words, "upload", "attach", "attachment", "attachments") {
		// create_attachment(filePath): a tool named for uploading or
		// attaching reads the file its file path names, in whatever
		// language the parameter is described.
		for _, p := range secParams(t) {
			pw := secIdentifierWords(p.name)
			if p.parent == "" && secTakesString(p.schema) && (secHasWord(pw, "filepath") || len(pw) == 2 && pw[0] == "file" && pw[1] == "path") &&
				!secRemotePathTalk.MatchString(p.desc()) {
				return p.path, how
			}
		}
	}
	return "", ""
}

const (
	secViaUpload = "uploads what it reads to a remote service"
	secViaAPI    = "sends what it reads to a remote API"
	secViaMail   = "attaches what it reads to the message it sends"
	secViaImport = "writes what it reads into the database its connection string names, on any host the model gives"
)

// secToolDesc is the tool's own description, folded, code blanked.
func secToolDesc(t *model.Tool) string {
	folded, _ := secFold(preciseCodeOnly(t.RawDescription))
	return folded
}

// secSendsFilesOut says how a tool sends what it reads off the machine
// (its name or description uploads or deploys; it calls a remote API), or
// "".
func secSendsFilesOut(t *model.Tool, words []string, text string) string {
	if secHasWord(words, "upload", "uploads", "deploy", "deploys", "publish") ||
		secUploadTalk.MatchString(text) {
		return secViaUpload
	}
	if len(words) > 0 && secHasWord(words[:min(2, len(words))], "send", "reply", "forward") && secHasWord(words, "email", "emails", "mail", "message", "messages") {
		return secViaMail // send_email(attachments): the files go to the recipients
	}
	if secHasWord(words, "sync", "rsync", "synchronize", "synchronise", "mirror") && secLocalToRemoteTalk.MatchString(text) {
		// ssh_sync: rsync between local and remote, a push by default.
		return secViaUpload
	}
	if secRemoteAPITalk.MatchString(text) {
		return secViaAPI
	}
	if secHasWord(words, "import", "load", "restore", "ingest", "copy") && secTakesConnection(t) {
		// pg_import_table_data(connectionString, inputPath): the file's
		// rows go to whatever database the model's connection string
		// names.
		return secViaImport
	}
	return ""
}

// secTakesConnection reports whether a tool takes, at its top level, a
// connection string or DSN the model writes: the database it reaches is
// the model's choice.
func secTakesConnection(t *model.Tool) bool {
	for _, p := range secParams(t) {
		if p.parent == "" && secTakesString(p.schema) && secIsConnectionString(secIdentifierWords(p.name)) {
			return true
		}
	}
	return false
}

// secIsLocalSource reports whether a parameter takes a path on the
// server's machine that the tool reads (not a destination it writes, nor
// a path on the remote side). An API tool's path must also name an
// input file (input_path, sourceImagePath), not a setting.
func secIsLocalSource(p secParam, inputOnly, toolReadsLocal bool) bool {
	if !secTakesStrings(p.schema) {
		return false
	}
	pw := secIdentifierWords(p.name)
	if secHasWord(pw, secNotSourceWords...) {
		return false
	}
	desc := p.desc()
	// "The root of the project repo" beside "absolute path to the
	// directory that should be deployed" is the local checkout: a path
	// said to be local and to be sent is local whatever else it names.
	if secRemotePathTalk.MatchString(desc) && !(secLocalPathTalk.MatchString(desc) && secUploadTarget.MatchString(desc)) {
		return false
	}
	pathNamed := secHasWord(pw, "path", "paths", "filepath", "filepaths", "dir", "directory", "folder")
	// A path confined to a directory the operator configured is a path on
	// the server's machine, and a tool that says it reads "from a local
	// file" reads it through its path parameter.
	local := secLocalPathTalk.MatchString(desc) || pathNamed && (secUploadTarget.MatchString(desc) || secConfinedRoot.MatchString(desc) || toolReadsLocal)
	if !local {
		return false
	}
	if inputOnly {
		return secHasWord(pw, "input", "source", "src", "image", "images", "file", "files", "filepath", "filepaths", "document", "attachment", "photo", "audio", "video", "media", "app", "apk", "ipa", "bundle", "binary")
	}
	return true
}

// secNotSourceWords name a parameter that is written to, or is not the
// file sent: an output, a destination, a mount point.
var secNotSourceWords = []string{"output", "out", "dest", "destination", "save", "target", "download", "mount", "new", "previous", "remote",
	"old", "export", "log", "logs", "cache", "working", "cwd", "root", "workspace", "config", "cert", "certificate", "key"}

var (
	// secLocalToRemoteTalk says a sync runs from local paths to a remote
	// side.
	secLocalToRemoteTalk = regexp.MustCompile(`\blocal\b[^.]{0,60}\bremote\b|\bremote\b[^.]{0,60}\blocal\b`)
	// secUploadTalk is a tool saying it uploads or deploys files.
	secUploadTalk = regexp.MustCompile(`\buploads?\b|\buploading\b|\buploaded\s+to\b|\bdeploys?\s+(?:\w+\s+){0,3}(?:from|to)\b|\bsends?\s+(?:the\s+|its\s+|their\s+)?(?:file|files|contents?|image|images|document|documents|chunks?)\s+to\b`)
	// secRemoteAPITalk is a tool saying it calls a remote API.
	secRemoteAPITalk = regexp.MustCompile(`\b(?:talks?\s+to|asks?|sends?\s+(?:it|them|the\s+prompt)\s+to|queries|consults?)\s+(?:one\s+or\s+more\s+|several\s+|other\s+|multiple\s+|external\s+)?(?:ai|llm|language)\s+models?\b|\b(?:using|via|through|with|calls?)\s+(?:the\s+)?[\w.-]+\s+api\b|\bapi\s+key\b|\bembedding\s+(?:api|model|provider|service)s?\b|\bcloud\s+(?:storage|services?|infrastructure|devices?)\b`)
	// secLocalPathTalk says a parameter is a path on the local machine.
	secLocalPathTalk = regexp.MustCompile(`\blocal\s+(?:file\s*(?:system)?\s+)?(?:files?|paths?|directory|director(?:y|ies)|folders?|dir|dist|build|project|agent|archive|images?)\b|\b(?:absolute|relative)\s+or\s+(?:absolute|relative)\s+(?:file\s+|folder\s+|directory\s+)?paths?\b|\babsolute\s+(?:file\s+|folder\s+|directory\s+)?paths?\b|\bfrom\s+(?:the\s+)?(?:local\s+)?(?:disk|file\s*system)\b|\bon\s+(?:the\s+)?(?:local\s+)?(?:disk|file\s*system|your\s+machine)\b|\bmcp\s+server(?:'s)?\s+(?:cwd|current\s+working\s+directory)\b|\bfile\s*system\s+path\b`)
	// secUploadTarget says a path parameter is the file to send.
	secUploadTarget = regexp.MustCompile(`\b(?:file|folder|directory|image|archive|code|build|bundle)\s+(?:to|(?:that|which)\s+(?:should|will|is\s+to)\s+be)\s+(?:upload|deploy|send|attach|uploaded|deployed|sent|attached)\b|\bsource\s+(?:file|image|directory|folder)\b`)
	// secRemotePathTalk says a path lives on the remote side, or is where
	// something is saved.
	secRemotePathTalk = regexp.MustCompile(`\b(?:website|site|document|web)\s+root\b|\bwp-content\b|\bpublic_html\b|\bvhost\b|\brepo(?:sitory)?\b|\bbucket\b|\bremote\s+path\b|\bres://|\balready\s+(?:uploaded|on\s+the\s+server|present)\b|\bin\s+the\s+(?:drive|container|project\s+tree)\b|\bto\s+save\b|\b(?:saved|written|stored)\s+(?:to|in|at)\b|\bwhere\s+(?:\w+\s+){0,4}(?:saved|written|stored|mounted)\b`)
	// secConfinedRoot says the files a tool reads are confined to a
	// directory the operator or user configured ("must be inside the
	// transferRoot directory the operator configured", "restricted to the
	// allowed directories"): the model cannot name ~/.ssh, but still
	// chooses which file of the directory leaves the machine.
	secConfinedRoot = regexp.MustCompile(`\b(?:must\s+(?:be\s+located|be|lie|live|reside)\s+(?:inside|within|under|in)|(?:confined|restricted|limited)\s+to|only\s+(?:from\s+)?(?:inside|within))\s+(?:the\s+|one\s+of\s+the\s+|an?\s+)?(?:(?:configured|allowed|permitted|approved|allow-?listed|whitelisted)\s+)?[\w.]*(?:root|director(?:y|ies)|folders?|dirs?)\b[^.\n]{0,60}?\b(?:configured|allowed|permitted|allow-?listed|whitelisted|operator|administrator|set\s+in|set\s+by|environment\s+variable)\b|\b(?:inside|within|(?:confined|restricted|limited)\s+to)\s+(?:the\s+|one\s+of\s+the\s+)?(?:configured|allowed|permitted|allow-?listed)\s+(?:[\w.]+\s+)?(?:root|director(?:y|ies)|folders?)\b`)
	// secBrowserFileInput is a tool that fills a web page's file input.
	secBrowserFileInput = regexp.MustCompile(`\bfile\s+chooser\b|\binput\[type=.?file.?\]|\bthrough\s+a\s+(?:provided\s+)?element\b|\blocal\s+to\s+the\s+browser\b|\bfile\s+input\b`)
)
