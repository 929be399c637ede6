package lint

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpgauge/mcpgauge/gauge/model"
)

// secLendsBrowserToRemote says why a tool hands a browser on the user's
// machine, signed in, to a remote agent or service, or "": its text says
// a cloud, remote or hosted agent or service controls the browser it
// starts or connects, and a parameter brings the user's sign-ins into that
// browser, a saved login state (a storage state, a cookies file, a browser
// profile) or the address of a browser that already runs (a CDP or
// DevTools URL). local_browser_start(cdpUrl, storageStatePath): "connects
// to the cloud agent. The cloud agent can then control this browser". A
// browser the server drives itself, or a remote agent given a fresh
// browser with no such parameter, is not one.
func secLendsBrowserToRemote(t *model.Tool) string {
	if !secRemoteDrivesBrowserTalk.MatchString(secToolText(t)) {
		return ""
	}
	for _, p := range secParams(t) {
		if !secTakesString(p.schema) {
			continue
		}
		pw := secIdentifierWords(p.name)
		pdesc := strings.ToLower(p.desc())
		if secSignedInStateTalk.MatchString(pdesc) || lentBrowserLoginName(pw) && !lentBrowserEmulation(p.schema, pdesc) {
			return fmt.Sprintf("its `%s` parameter loads a saved login", p.path)
		}
		if secHasWord(pw, "cdp", "devtools") || secRunningBrowserTalk.MatchString(pdesc) {
			return fmt.Sprintf("its `%s` parameter connects a browser that already runs", p.path)
		}
	}
	return ""
}

// lentBrowserLoginName reports whether a parameter's name words name the
// user's saved sign-ins: a storage state or cookies (`storageStatePath`,
// `cookies_file`), the browser's user data (`userDataDir`,
// `user_data_dir`: user and data side by side) or a browser profile
// named with its place (`profile_dir`, `profilePath`, `profileName`). A
// bare `profile` is not enough: it may be a device-emulation preset.
func lentBrowserLoginName(pw []string) bool {
	if secHasWord(pw, "cookies", "userdata") ||
		secHasWord(pw, "storage", "cookie") && secHasWord(pw, "state", "path", "file", "dir", "data") ||
		secHasWord(pw, "profile") && secHasWord(pw, "path", "dir", "directory", "folder", "file", "name", "data") {
		return true
	}
	for i := 0; i+1 < len(pw); i++ {
		if pw[i] == "user" && pw[i+1] == "data" {
			return true
		}
	}
	return false
}

// lentBrowserEmulation reports whether a parameter's description or enum
// names device or viewport presets ("device emulation: mobile or
// desktop", enum iphone-13/pixel-7): a profile of what the browser
// pretends to be, not of who is signed in.
func lentBrowserEmulation(schema map[string]any, pdesc string) bool {
	if lentBrowserEmulationTalk.MatchString(pdesc) {
		return true
	}
	for _, v := range preciseEnumValues(schema) {
		if lentBrowserEmulationTalk.MatchString(strings.ToLower(v)) {
			return true
		}
	}
	return false
}

var (
	// lentBrowserEmulationTalk names device or viewport presets.
	lentBrowserEmulationTalk = regexp.MustCompile(`\b(?:devices?|viewports?|emulat\w*|mobile|desktop|tablet|iphone|ipad|pixel|screen\s+sizes?|user[\s-]?agents?)\b`)
	// secRemoteDrivesBrowserTalk is text saying a cloud, remote or hosted
	// agent or service controls, drives or uses the browser ("the cloud
	// agent can then control this browser", "connects to the remote
	// runner, which drives your browser").
	secRemoteDrivesBrowserTalk = regexp.MustCompile(`\b(?:cloud|remote|hosted)\s+(?:ai\s+|test(?:ing)?\s+)?(?:agents?|services?|workers?|runners?)\b[^.]{0,80}?\b(?:controls?|drives?|operates?|uses?|takes\s+over)\s+(?:this|the|your|that)\s+(?:local\s+)?(?:browser|chrome|chromium)\b`)
	// secSignedInStateTalk is a parameter described as a saved login or
	// session ("for pre-authenticated sessions", "cookies of a logged-in
	// session", "storage state").
	secSignedInStateTalk = regexp.MustCompile(`\bpre-?authenticated\b|\blogged[- ]in\b|\bsigned[- ]in\b|\bstorage\s+state\b|\bsaved\s+(?:login|session|cookies)\b`)
	// secRunningBrowserTalk is a parameter described as a browser that
	// already runs ("connect to existing Chrome", "remote debugging").
	secRunningBrowserTalk = regexp.MustCompile(`\b(?:existing|running|already[- ]open)\s+(?:chrome|chromium|browser)\b|\bremote[- ]debugging\b`)
)
