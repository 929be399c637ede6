package precision

import "crypto/sha256"

// SpaceSalt prefixes a package name (an npm name or a Go module path) in
// the hash that splits the package space between the corpus and the
// independent audits (issue 21).
const SpaceSalt = "corpus-117913:"

// CorpusQuarter says a package may join the precision corpus: the SHA-256
// of SpaceSalt and its name starts with a hex digit 0-3. The other three
// quarters are left to independent audits. A Go module's path includes its
// major-version suffix (…/v2), which hashes apart from the path without it.
func CorpusQuarter(pkg string) bool {
	sum := sha256.Sum256([]byte(SpaceSalt + pkg))
	return sum[0] < 0x40
}
