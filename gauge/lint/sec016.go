package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
	"github.com/mcpgauge/mcpgauge/gauge/text"
)

// sec016 is SEC016 local-upload.
func sec016() Rule {
	return Rule{
		ID: "SEC016", Name: "local-upload", Family: "Security",
		Summary: "A tool reads a local path the model names and sends its contents to a remote service.",
		Default: Warning, Toolgauge: Off, Scope: ScopeParameter, Origin: OriginMcpgauge, Revision: 19, Check: checkSEC016,
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
	hosted := secServerHostedModel(ctx.Tools) || secServerCallsHostedModel(ctx.Tools) || secInstructionsSendToHostedModel(ctx)
	uploader := secLocalUploader(ctx, facts)
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		p, how := secLocalUpload(t, facts[i].words)
		if how == "" {
			p, how = secModelUpload(t, facts[i].words, hosted)
		}
		if how == "" && uploader != "" && uploader != t.Name {
			p, how = secSiblingUpload(t, facts[i].words, uploader)
		}
		if how == "" || secRecipientIsUser(secToolText(t)) {
			// display_image(path): "sends the image to the human user
			// for inline display": the file goes to the user's own
			// chat, not to a party the model or an attacker chooses.
			continue
		}
		msg := fmt.Sprintf("Tool `%s` reads the local path in `%s` and %s: the model chooses which file leaves the machine, so an injected instruction can send ~/.ssh or a .env file as easily as the file the user meant.%s",
			t.Name, p, how, secQuietNote(t))
		text := secToolText(t)
		switch {
		case how == secViaPush:
			msg = fmt.Sprintf("Tool `%s` uploads the local artefact named in `%s` to a remote registry or service: the model chooses which local model, image or package leaves the machine, with whatever is built into it (prompts, files, keys).%s",
				t.Name, p, secQuietNote(t))
		case secConfinedRoot.MatchString(text):
			msg = fmt.Sprintf("Tool `%s` reads the local path in `%s` and %s: the paths are confined to a directory the operator set, but the model chooses which of its files leaves the machine.%s",
				t.Name, p, how, secQuietNote(t))
		case secTypeChecked.MatchString(text):
			// "files that are not a real image or PDF are rejected": a
			// key file is refused, a private scan or photo is not.
			msg = fmt.Sprintf("Tool `%s` reads the local path in `%s` and %s: the tool accepts only some file types, but the model chooses which such file leaves the machine (any image or document the server can read, a scanned ID or a private photo as readily as the file the user meant).%s",
				t.Name, p, how, secQuietNote(t))
		}
		out = append(out, Problem{Tool: t.Name, Parameter: p,
			Message:    msg,
			Suggestion: "Say in the description what is sent and where, set openWorldHint: true (and readOnlyHint: false) so clients ask first, and confine the paths the tool reads to directories the user chose."})
	}
	return out
}

// secFileInputPath returns the parameter through which a browser tool
// puts local files in a page's file input: a string or list of strings
// named for paths or files (filePath, paths, files) or described as a
// file's path, not the element it targets (uid, ref, selector) and not
// file content given inline (base64), or "".
func secFileInputPath(t *model.Tool) string {
	for _, p := range secParams(t) {
		pw := secIdentifierWords(p.name)
		if !secTakesStrings(p.schema) || secHasWord(pw, "uid", "ref", "selector", "element", "id", "index", "xpath", "locator", "target", "content", "data", "base64", "name", "names", "type", "mime") {
			continue
		}
		pdesc := strings.ToLower(p.desc())
		if secInlineFileTalk.MatchString(pdesc) {
			continue
		}
		if secHasWord(pw, "path", "paths", "filepath", "filepaths") || secHasWord(pw, "file", "files") && len(pw) <= 2 || secSaysFilePath.MatchString(pdesc) {
			return p.path
		}
	}
	return ""
}

// secInlineFileTalk is a file parameter that takes the content itself
// (base64, a data URL), not a path the browser reads.
var secInlineFileTalk = regexp.MustCompile(`\bbase-?64\b|\bdata\s*:?\s*url\b|\bfile\s+contents?\b`)

// secLocalUpload returns the first parameter through which a tool reads a
// local path it sends off the machine, and how it sends it, or "", "".
func secLocalUpload(t *model.Tool, words []string) (param, how string) {
	if secNamedNoSend(words) {
		return "", "" // download_attachment(local_path): the file comes in, not out
	}
	text := secToolText(t)
	if secBrowserFileInput.MatchString(text) {
		// upload_file(uid, filePath): "Upload a file to a file input":
		// the browser reads the local path the model names and the page
		// sends it to whatever site is open (the page that asks for it
		// may be the one that injected the instruction).
		if p := secFileInputPath(t); p != "" {
			return p, secViaFileInput
		}
		return "", ""
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
	desc := secToolDesc(t)
	readsLocal := (secLocalPathTalk.MatchString(desc) || secFromDeviceTalk.MatchString(desc)) && !secHasWord(words, "pipeline", "pipelines", "workflow", "workflows")
	// A parameter that says itself it is local ("Path on disk to read
	// file contents from", files[].localPath) is the source before a
	// path parameter that is local only because the tool's text reads
	// local files: write_files' localPath, not get_file's path of a
	// remote file, is what the tool reads and uploads.
	for _, pass := range []bool{false, readsLocal} {
		for _, p := range secParams(t) {
			if secIsLocalSource(p, how == secViaAPI, pass) {
				return p.path, how
			}
		}
		if !readsLocal {
			break
		}
	}
	if how == secViaAPI && !secLocalAPITalk.MatchString(text) {
		// voice_clone(audioFile: "Path to the audio file") on a tool
		// that calls a remote API: an input parameter that says it takes
		// a file's path names what the API receives.
		for _, p := range secParams(t) {
			if secTakesStrings(p.schema) && secSaysFilePath.MatchString(p.desc()) && !secModelOutputTalk.MatchString(p.desc()) &&
				!secRemotePathTalk.MatchString(p.desc()) && secIsInputNamed(secIdentifierWords(p.name)) {
				return p.path, how
			}
		}
	}
	if how == secViaUpload {
		// ollama_push(model): "Uploads a local model to make it
		// available remotely": the parameter naming the local artefact
		// chooses what leaves the machine.
		if m := secPushLocalTalk.FindStringSubmatch(desc); m != nil {
			for _, p := range secParams(t) {
				if p.parent == "" && secTakesString(p.schema) && secHasWord(secIdentifierWords(p.name), m[1], strings.TrimSuffix(m[1], "s")) {
					return p.path, secViaPush
				}
			}
		}
	}
	if how == secViaUpload {
		// genai-run-evaluation-workflow(dataset_file_path): "Run a
		// complete evaluation workflow: upload dataset, ...": the path
		// parameter named for the thing the tool says it uploads is
		// what leaves the machine (round 49).
		for _, noun := range secUploadedNouns(desc) {
			for _, p := range secParams(t) {
				pw := secIdentifierWords(p.name)
				if p.parent == "" && secTakesString(p.schema) && secHasWord(pw, noun) && secHasWord(pw, "path", "filepath") &&
					!secHasWord(pw, secNotSourceWords...) && !secRemotePathTalk.MatchString(p.desc()) {
					return p.path, how
				}
			}
		}
	}
	if how == secViaAttach || how == secViaShare || how == secViaUpload && secHasWord(words, "upload", "attach", "attachment", "attachments") {
		// create_attachment(filePath): a tool named for uploading, or
		// named or described as attaching, reads the file its file path
		// names, in whatever language the parameter is described.
		for _, p := range secParams(t) {
			pw := secIdentifierWords(p.name)
			// respira_upload_media(file): "base64 string, file URL
			// to download, or file path": a parameter that says it
			// takes a file path is one, whatever its name.
			// upload_files(paths: ["..."]): "Array of file paths to
			// upload": a list of paths is as many paths, each read and
			// sent.
			if p.parent == "" && secTakesStrings(p.schema) && (secHasWord(pw, "filepath", "filepaths") || len(pw) == 2 && pw[0] == "file" && (pw[1] == "path" || pw[1] == "paths") || secSaysFilePath.MatchString(p.desc())) &&
				!secHasWord(pw, secNotSourceWords...) && !secRemotePathTalk.MatchString(p.desc()) {
				return p.path, how
			}
		}
	}
	return "", ""
}

const (
	secViaModel  = "sends what it reads to the remote AI model the server calls"
	secViaUpload = "uploads what it reads to a remote service"
	secViaAttach = "attaches what it reads to a record the remote service keeps"
	secViaAPI    = "sends what it reads to a remote API"
	secViaPush   = "uploads the local artefact it names to a remote registry or service"
	secViaShare  = "puts what it reads behind a share link that anyone holding the link can open"
	secViaMail   = "attaches what it reads to the message it sends"
	// secViaFileInput is a browser tool that fills a page's file input.
	secViaFileInput = "puts what it reads in a web page's file input, which hands it to whatever site the page is on"
	secViaImport    = "writes what it reads into the database its connection string names, on any host the model gives"
)

// secShareFileTalk is a description that shares a file through a link:
// "for securely sharing a file", "shares a local file", "creates a share
// link for a file".
var secShareFileTalk = regexp.MustCompile(`\bshar(?:e|es|ing)\s+(?:a\s+|the\s+|any\s+|this\s+)?(?:local\s+)?files?\b|\bshare(?:able)?\s+links?\s+(?:to|for)\s+(?:a\s+|the\s+)?(?:local\s+)?files?\b`)

// secPushLocalTalk is a description that uploads, pushes or publishes a
// local artefact (a model, an image, a package, a dataset); the group is
// the artefact's noun.
var secPushLocalTalk = regexp.MustCompile(`\b(?:uploads?|push(?:es)?|publish(?:es)?|sends?)\s+(?:a\s+|the\s+|your\s+|this\s+|any\s+)?(?:locally\s+(?:built|stored|saved)\s+|local\s+)(models?|images?|packages?|artifacts?|artefacts?|datasets?|builds?|bundles?|snapshots?|backups?)\b`)

// secUploadsNounTalk is a description saying the tool uploads a thing by
// its name ("upload dataset", "uploads the report"): the noun, which a
// path parameter named for it ("dataset_file_path") points at.
var secUploadsNounTalk = regexp.MustCompile(`\bupload(?:s|ing)?\s+(?:a\s+|an\s+|the\s+|your\s+|its\s+|this\s+)?([a-z]{4,})\b`)

// secUploadedNouns returns the nouns a folded description says the tool
// uploads (secUploadsNounTalk), singular.
func secUploadedNouns(desc string) []string {
	var out []string
	for _, m := range secUploadsNounTalk.FindAllStringSubmatch(desc, -1) {
		out = append(out, text.Singular(m[1]))
	}
	return out
}

// secToolDesc is the tool's own description, folded, code blanked.
func secToolDesc(t *model.Tool) string {
	folded, _ := secFold(preciseCodeOnly(t.RawDescription))
	return folded
}

// secToolProse is the tool's name words, its description and its
// parameters' descriptions, folded, code blanked: what the tool says it
// does. Parameter names are left out: a setting named fileUpload or
// file_storage whose values are libraries to scaffold (uploadthing,
// filepond) is a choice the tool writes down, not an upload it makes, and
// so is the description of any parameter that picks one of fixed values.
func secToolProse(t *model.Tool) string {
	folded, _ := secFold(secToolWords(t, toolWords{skipEnumParams: true}))
	return folded
}

// secSendsFilesOut says how a tool sends what it reads off the machine
// (its name or description uploads or deploys; it calls a remote API), or
// "".
func secSendsFilesOut(t *model.Tool, words []string, text string) string {
	if secHasWord(words, "upload", "uploads", "deploy", "deploys", "publish") ||
		secUploadTalk.MatchString(secToolProse(t)) {
		return secViaUpload
	}
	if secHasWord(words, "file", "files") && secHasWord(words, "share", "send") || secShareFileTalk.MatchString(secToolDesc(t)) {
		return secViaShare // create_file_send(filePath): the file goes behind a link
	}
	if len(words) > 0 && secHasWord(words[:min(2, len(words))], "send", "reply", "forward") && secHasWord(words, "email", "emails", "mail", "message", "messages") {
		return secViaMail // send_email(attachments): the files go to the recipients
	}
	if secHasWord(words, "sync", "rsync", "synchronize", "synchronise", "mirror") && secLocalToRemoteTalk.MatchString(text) {
		// ssh_sync: rsync between local and remote, a push by default.
		return secViaUpload
	}
	if secAttachesFile(words, text) {
		// attach_file_to_transaction(file_path): the file goes into a
		// record the service keeps, off the machine.
		return secViaAttach
	}
	if len(words) > 0 && secRecordWriteVerbs[words[0]] && words[0] != "save" && secFromDeviceTalk.MatchString(secToolDesc(t)) {
		// update_image_item(filePath): "update the image on the board
		// using a file from the device": the device's file becomes the
		// item's content wherever the item lives.
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
	// A path named local (attachments[].localPath, local_path) says
	// itself where it is, whatever its text, unless the text says it
	// is a file another tool of the server returned (shiplight's
	// local_video_path "returned by close_session": the server's own
	// recording, embedded in a local report) (round 47).
	local := secLocalPathTalk.MatchString(desc) || pathNamed && (secUploadTarget.MatchString(desc) || secConfinedRoot.MatchString(desc) || toolReadsLocal ||
		secHasWord(pw, "local") && !secReturnedByTool.MatchString(desc))
	if !local {
		return false
	}
	if inputOnly {
		return secIsInputNamed(pw)
	}
	return true
}

// secReturnedByTool is a parameter text saying its value is what another
// call returned ("Local .webm file path returned by close_session").
var secReturnedByTool = regexp.MustCompile(`(?i)\breturned\s+(?:by|from)\b`)

// secIsInputNamed reports whether a parameter's name words name an input
// file (input, source, image, audio, document…), not a setting.
func secIsInputNamed(pw []string) bool {
	return !secHasWord(pw, secNotSourceWords...) &&
		secHasWord(pw, "input", "source", "src", "image", "images", "file", "files", "filepath", "filepaths", "document", "attachment", "photo", "audio", "video", "media", "app", "apk", "ipa", "bundle", "binary")
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
	secUploadTarget = regexp.MustCompile(`\b(?:file|folder|directory|image|archive|code|build|bundle)\s+(?:to|(?:that|which)\s+(?:should|will|is\s+to)\s+be)\s+(?:upload|deploy|send|attach|uploaded|deployed|sent|attached)\b|\b(?:file\s+)?path\s+(?:of\s+(?:the\s+)?file\s+)?to\s+(?:upload|attach|send)\b|\bsource\s+(?:file|image|directory|folder)\b`)
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
	// secAttachTalk is a tool saying it attaches a file, an image or a
	// document to something (a transaction, a ticket, a story), in
	// English, French, Spanish, Italian or German.
	secAttachTalk = regexp.MustCompile(`\battach(?:es|ing)?\s+(?:\w+\s+){0,4}?(?:files?|images?|documents?|pdfs?|receipts?|invoices?|photos?|pictures?|screenshots?|scans?)\b[^.]{0,40}?\bto\s+(?:a|an|the|this|that|each|its|their|one|existing)\b|\bjoin(?:dre|t)\s+(?:\w+\s+){0,3}?(?:fichiers?|documents?|images?|photos?|re0us)\b|\badjunta(?:r|)\s+(?:\w+\s+){0,3}?(?:archivos?|ficheros?|documentos?|im0genes|imagen|fotos?)\b|\ballega(?:re)?\s+(?:\w+\s+){0,3}?(?:file|documenti|documento|immagin[ei]|foto)\b|\b(?:datei|dokument|bild|beleg)(?:en)?\s+(?:\w+\s+){0,4}?anh0ngen\b`)
	// secTypeChecked is a tool saying it accepts only some file types and
	// refuses the rest ("allowed types: image/jpeg, application/pdf",
	// "files that are not a real image are rejected").
	secTypeChecked = regexp.MustCompile(`\ballowed\s+(?:file\s+|mime\s+|content\s+)?types?\s*:|\bonly\s+(?:\w+\s+){0,4}?(?:files?|images?|pdfs?|documents?)\s+(?:are|is|can\s+be)\s+(?:accepted|allowed|supported)\b|\bfiles?\s+(?:that\s+are\s+not|which\s+are\s+not|not\s+matching)\b[^.]{0,60}\b(?:are|is)\s+(?:rejected|refused)\b`)
	// secFromDeviceTalk is a tool saying its file comes from the user's
	// device or computer. "From disk" is not it: a local loader reads
	// "any texture file from disk" into a local project.
	secFromDeviceTalk = regexp.MustCompile(`\b(?:files?|images?|photos?|pictures?|documents?)\s+from\s+(?:the\s+|your\s+|a\s+|this\s+|the\s+user'?s\s+)?(?:local\s+)?(?:device|computer)\b`)
)

// secAttachesFile reports whether a tool attaches a file to something:
// its name attaches a file, image or document (attach_file_to_issue,
// add_attachment) or its description says it does. attach_debugger and
// attach_volume attach no file.
func secAttachesFile(words []string, text string) bool {
	if len(words) > 0 && secHasWord(words[:1], "save", "export", "extract", "store", "open", "print", "preview", "detach") {
		return false // save_attachment(path): the file comes in, not out
	}
	if secHasWord(words, "attachment", "attachments") ||
		secHasWord(words, "attach") && secHasWord(words, "file", "files", "image", "images", "document", "documents", "receipt", "receipts", "photo", "photos", "pdf", "screenshot") {
		return true
	}
	m := secAttachTalk.FindString(text)
	return m != "" && !secAttachNotFile.MatchString(m)
}

// secAttachNotFile is an attached thing that is no file sent anywhere: a
// disk or ISO image attached to a local machine.
var secAttachNotFile = regexp.MustCompile(`\b(?:disk|iso|boot|system|container|docker|vm|volume)\s+images?\b`)

// secModelUpload returns the first parameter through which a tool hands a
// local file to a hosted AI model, or "", "". The tool asks the model (it
// takes a prompt or an instruction, or its name names the hosted model:
// ask_gemini) and the model is a hosted one (its name, or any tool of the
// server, names a hosted model's service or its API key: hosted); a
// parameter that takes a file path (imagePath, "file paths to reference
// images") or a prompt that pulls in files ("use @ syntax to include
// files") reads the file it sends. A local model (ollama, llama.cpp) is
// no destination off the machine, and a path the tool writes is no
// source.
func secModelUpload(t *model.Tool, words []string, hosted bool) (param, how string) {
	named := secModelInName(strings.Join(words, " ")) || secModelInName(secNameSpaced(t.Name))
	if !named && (!hosted || secNamedNoSend(words)) {
		return "", "" // get_last_image(path): a read of the server's own state
	}
	text := secToolText(t)
	if secLocalModelTalk.MatchString(text) {
		return "", ""
	}
	asks := named
	for _, p := range secParams(t) {
		if p.parent == "" && secTakesString(p.schema) && secHasWord(secIdentifierWords(p.name), "prompt", "prompts", "instruction", "instructions", "question") {
			asks = true
		}
		// queries: "Array of questions to ask about the PDF": questions
		// the model writes for the hosted model, whatever the name.
		if p.parent == "" && secTakesStrings(p.schema) && secAsksModelTalk.MatchString(p.desc()) {
			asks = true
		}
	}
	if !asks {
		return "", ""
	}
	for _, p := range secParams(t) {
		if !secTakesStrings(p.schema) {
			continue
		}
		pw := secIdentifierWords(p.name)
		desc := p.desc()
		if secHasWord(pw, secNotSourceWords...) || secRemotePathTalk.MatchString(desc) {
			continue
		}
		if secIncludesFilesTalk.MatchString(desc) || secSaysFilePath.MatchString(desc) && !secModelOutputTalk.MatchString(desc) {
			return p.path, secViaModel
		}
	}
	return "", ""
}

// secModelInName reports whether a tool's name names a hosted model's
// service. Names that are also words or other products (replicate,
// bedrock, imagen, perplexity, cohere) count only beside their API, in
// secServerHostedModel.
func secModelInName(name string) bool {
	m := secHostedModelName.FindString(name)
	return m != "" && !secAmbiguousModelName.MatchString(m)
}

// secServerHostedModel reports whether some tool of the server names a
// hosted AI model's service together with its API, key, token or model
// ("Configure your Gemini API token", "uses the OpenAI API"): the model
// the server's prompts go to runs off the machine.
func secServerHostedModel(tools []model.Tool) bool {
	for i := range tools {
		t := &tools[i]
		d, _ := secFold(preciseCodeOnly(t.RawDescription))
		s := secNameSpaced(t.Name) + " " + d
		if secNamesHostedModelKey(t) && !secLocalModelTalk.MatchString(secToolText(t)) {
			// consult: "then API when OPENAI_API_KEY is set": the
			// variable that holds a hosted model's API key says the
			// server calls that model, wherever the text names it.
			return true
		}
		for _, m := range secHostedModelName.FindAllStringIndex(s, -1) {
			if secHostedModelAPI.MatchString(s[m[1]:min(len(s), m[1]+40)]) {
				return true
			}
		}
	}
	return false
}

var (
	// secHostedModelName is the name of a hosted AI model or its
	// service. Claude is left out: descriptions name it as the client
	// ("edits Claude can apply"), not as where a prompt goes.
	secHostedModelName = regexp.MustCompile(`\b(?:gemini|openai|open\s+ai|chatgpt|gpt-?[0-9][\w.-]*|dall-?e(?:\s*[0-9])?|grok|deepseek|perplexity|cohere|replicate|stability\s+ai|midjourney|groq|openrouter|vertex\s+ai|bedrock|azure\s+openai|elevenlabs|imagen|ideogram|mistral\s+ai|nano\s+banana)\b`)
	// secHostedModelKeyVar is the environment variable of a hosted
	// model's API key (OPENAI_API_KEY, GEMINI_API_KEY,
	// ANTHROPIC_API_KEY), in any case: a server that reads one calls
	// that model's API.
	secHostedModelKeyVar = regexp.MustCompile(`(?:^|[^a-z0-9_])(?:openai|azure_openai|gemini|google_ai|google_genai|anthropic|deepseek|xai|grok|groq|openrouter|mistral|perplexity|cohere|replicate|elevenlabs|stability|ideogram|together|fireworks)_api_key\b`)
	// secAmbiguousModelName is a hosted model's name that is also a word
	// or another product.
	secAmbiguousModelName = regexp.MustCompile(`^(?:replicate|bedrock|imagen|perplexity|cohere)$`)
	// secModelOutputTalk is a path a model tool writes: where its output
	// is saved or downloaded.
	secModelOutputTalk = regexp.MustCompile(`\b(?:output|destination|save|saves|saved|saving|write|writes|written|store|stored|download(?:ed|s)?|result)\b`)
	// secHostedModelAPI follows a hosted model's name when the text speaks
	// of its API or account.
	secHostedModelAPI = regexp.MustCompile(`^\s*(?:\S+\s+){0,2}?(?:api|apis|api\s+keys?|keys?|tokens?|models?|account|cli|service|endpoint)\b`)
	// secLocalModelTalk says the model runs on the machine.
	secLocalModelTalk = regexp.MustCompile(`\blocal(?:ly)?\s+(?:running\s+|hosted\s+)?(?:llms?|models?|ai|inference)\b|\b(?:ollama|llama\.cpp|lm\s+studio|on-device)\b`)
	// secSaysFilePath is a parameter that says it takes a path to a file
	// ("full file path to the image", "array of file paths", "path to the
	// local PDF", "chemin du fichier", "ruta del archivo", "Dateipfad").
	secSaysFilePath = regexp.MustCompile(`\b(?:file|image|local|absolute|full)\s+(?:file\s+)?paths?\b|\bpaths?\s+(?:to|of)\s+(?:the\s+|a\s+|an\s+|each\s+|your\s+)?(?:local\s+|existing\s+)?(?:\w+\s+){0,2}(?:files?|images?|documents?|photos?|pictures?|pdfs?|videos?|audio)\b|\bchemins?\s+(?:d[eu]\s+|des\s+)?(?:fichiers?|l'image|images?)\b|\brutas?\s+(?:del?\s+|de\s+los\s+)?(?:archivos?|ficheros?|im0genes|imagen)\b|\b(?:datei|bild)pfade?\b`)
	// secIncludesFilesTalk is a prompt that reads files it names ("use @
	// syntax to include files", "reference files with @path", "prefix a
	// path with @ to attach it").
	secIncludesFilesTalk = regexp.MustCompile(`@\s*(?:syntax|notation|prefix|mentions?|references?)\b[^.]{0,40}?\b(?:include|includes|attach|attaches|reference|references|add|adds|read|reads)\b[^.]{0,20}?\bfiles?\b|\b(?:include|attach|reference|add|mention)\s+(?:local\s+)?files?\s+(?:with|using|via|by(?:\s+prefixing)?)\s+(?:the\s+|an?\s+)?(?:@|')|\bprefix\s+(?:a\s+|the\s+|any\s+)?(?:file\s+)?(?:path|name)s?\s+with\s+.?@`)
)

// secNameSpaced is a tool's name lowercased with its separators as spaces
// and its camel case kept whole (Consult-DeepSeek: "consult deepseek").
func secNameSpaced(name string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if r == '_' || r == '-' || r == '.' || r == '/' {
			return ' '
		}
		return r
	}, name))
}

// secLocalUploader returns the name of a tool of the server that uploads
// a local file through a parameter described as a local or absolute path
// ("Absolute path to the face image file"), or "": the server is a client
// of a remote service that takes the machine's files.
func secLocalUploader(ctx *Context, facts []secTool) string {
	for i := range ctx.Tools {
		if secLocalProcessTalk.MatchString(secToolText(&ctx.Tools[i])) {
			// A server that also works on files locally (OCR, a local
			// model) is not only a client of the remote service.
			return ""
		}
	}
	for i := range ctx.Tools {
		t := &ctx.Tools[i]
		p, how := secLocalUpload(t, facts[i].words)
		if how != secViaUpload && how != secViaAttach {
			continue
		}
		for _, q := range secParams(t) {
			if q.path == p && secLocalPathTalk.MatchString(q.desc()) {
				return t.Name
			}
		}
	}
	return ""
}

// secLocalFileVerbs are name words of a tool that works on local files
// itself (reads, writes, moves, converts them) rather than handing them to
// the remote service.
var secLocalFileVerbs = []string{"read", "write", "move", "copy", "delete", "remove", "rename", "list", "open", "convert", "resize", "crop", "compress",
	"extract", "zip", "unzip", "save", "edit", "view", "show", "stat", "hash", "checksum", "exists", "watch", "download", "export", "preview", "render", "print"}

// secLocalProcessTalk is a tool's text saying it works locally or offline.
var secLocalProcessTalk = regexp.MustCompile(`\blocally\b|\boffline\b|\bon\s+(?:this|the\s+local|your)\s+(?:machine|device|computer)\b|\bwithout\s+(?:uploading|sending)\b`)

// secSiblingUpload says a tool of a server whose sibling uploads local
// files by absolute path takes such a path itself, for an input file (an
// image, a document, a photo): the server hands the file to the same
// remote service (didit_face_match(image_1_path) beside
// didit_upload_face_entry(image_path)). A tool named for local file work
// and one whose text says it works locally stay silent.
func secSiblingUpload(t *model.Tool, words []string, uploader string) (param, how string) {
	if secNamedNoSend(words) || secHasWord(words, secLocalFileVerbs...) || secLocalProcessTalk.MatchString(secToolText(t)) {
		return "", ""
	}
	for _, p := range secParams(t) {
		if p.parent == "" && secLocalPathTalk.MatchString(p.desc()) && secIsLocalSource(p, true, false) {
			return p.path, fmt.Sprintf("sends what it reads to the remote service its sibling `%s` uploads local files to", uploader)
		}
	}
	return "", ""
}

// secServerCallsHostedModel reports whether the server's own text says
// its tools call a remote API or a hosted vision, multimodal or language
// model ("This tool calls MiniMax API", "using advanced AI vision
// models", "via the Acme vision API"), with no tool saying the model runs
// locally: a tool that takes a prompt and a local file's path then hands
// the file to that remote model.
func secServerCallsHostedModel(tools []model.Tool) bool {
	found := false
	for i := range tools {
		text := secToolText(&tools[i])
		if secLocalModelTalk.MatchString(text) || secLocalProcessTalk.MatchString(text) || secLocalAPITalk.MatchString(text) {
			return false
		}
		if secHostedModelTalk.MatchString(text) || secRemoteAPITalk.MatchString(secToolDesc(&tools[i])) {
			found = true
		}
	}
	return found
}

// secHostedModelTalk names a vision, multimodal or vision-language model
// or API, or a model reached through an API ("AI vision models", "a
// multimodal LLM", "vision API", "modèle de vision"; text is folded, so an accent reads as 0).
var secHostedModelTalk = regexp.MustCompile(`\b(?:ai\s+)?(?:vision|multimodal|multi-modal|vision[-\s]language)\s+(?:ai\s+)?(?:models?|apis?|llms?|endpoints?)\b|\bmod[e0è]les?\s+(?:de\s+)?vision\b|\bmodelos?\s+(?:de\s+)?visi[o0ó]n\b`)

// secLocalAPITalk says the API a tool calls runs on the machine: on
// localhost, 127.0.0.1, or a local server or instance ("calls the ComfyUI
// API at http://localhost:8188").
var secLocalAPITalk = regexp.MustCompile(`\blocalhost\b|\b127\.0\.0\.1\b|\blocal\s+(?:\w+\s+)?(?:server|instance|api|daemon)\b`)

var (
	// secAsksModelTalk is a parameter description saying it carries the
	// questions or prompts the tool puts to a model ("questions to ask
	// about the document", "prompts for the model").
	secAsksModelTalk = regexp.MustCompile(`\bquestions?\s+(?:to\s+(?:ask|answer|put)|about)\b|\bprompts?\s+(?:to\s+send|for\s+the\s+(?:model|ai|llm))\b`)
	// secSendsToModelTalk is a server's text saying it sends what it reads
	// to the model or provider it is configured with ("sends it to the
	// configured LLM with your queries", "uploads the file to the
	// provider").
	secSendsToModelTalk = regexp.MustCompile(`\b(?:sends?|sent|uploads?|uploaded|submits?|forwards?|passes)\b[^.;]{0,40}?\b(?:to|with)\s+(?:the\s+|your\s+)?(?:configured\s+|selected\s+|chosen\s+|hosted\s+|remote\s+)?(?:llms?|ai\s+models?|models?|providers?|llm\s+providers?)\b`)
)

// secInstructionsSendToHostedModel reports whether the server's
// instructions name a hosted model's service with its API ("Gemini File
// API") and say the server sends what it reads to the configured model:
// the model a tool's questions go to runs off the machine, though the
// tool's own text says only "using AI". Instructions that name a local
// model say nothing leaves.
func secInstructionsSendToHostedModel(ctx *Context) bool {
	if ctx.Snap == nil || ctx.Snap.Server.Instructions == "" {
		return false
	}
	ins, _ := secFold(preciseCodeOnly(ctx.Snap.Server.Instructions))
	if secLocalModelTalk.MatchString(ins) || !secSendsToModelTalk.MatchString(ins) {
		return false
	}
	for _, m := range secHostedModelName.FindAllStringIndex(ins, -1) {
		if secHostedModelAPI.MatchString(ins[m[1]:min(len(ins), m[1]+40)]) {
			return true
		}
	}
	return false
}

// secNamesHostedModelKey reports whether a tool's description or a
// parameter's names a hosted model's API-key variable, code spans
// included (a variable is often written as code).
func secNamesHostedModelKey(t *model.Tool) bool {
	if d, _ := secFold(t.RawDescription); secHostedModelKeyVar.MatchString(d) {
		return true
	}
	for _, p := range secParams(t) {
		if secHostedModelKeyVar.MatchString(p.desc()) {
			return true
		}
	}
	return false
}
