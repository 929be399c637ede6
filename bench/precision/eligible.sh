#!/bin/sh
# eligible.sh prints the npm package names (one a line, from the files named
# or standard input) that may join the precision corpus: those whose SHA-256
# of "corpus-117913:" followed by the name starts with a hex digit 0-3. The
# other three quarters of the package space are kept for independent audits
# (issue 21); internal/precision's TestCorpusAuditSpace enforces the rule.
#
#   grep -i mcp packages.tsv | cut -f1 | sh bench/precision/eligible.sh
set -eu
cat "$@" | while IFS= read -r name; do
	name=$(printf '%s' "$name" | tr -d '\r' | sed 's/^[[:space:]]*//;s/[[:space:]]*$//')
	[ -n "$name" ] || continue
	case $(printf 'corpus-117913:%s' "$name" | sha256sum) in
	[0-3]*) printf '%s\n' "$name" ;;
	esac
done
