#!/usr/bin/env bash
# Runs every Fuzz* target in the module for a short time each; a failure
# prints the fuzzer's output (and the crasher it saved under testdata/fuzz).
set -euo pipefail
cd "$(dirname "$0")/.."
dur="${1:-5s}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for fn in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    echo "fuzz $pkg $fn"
    # One retry: on a loaded machine the fuzzer can report a worker as hung.
    # A real crasher is saved under testdata/fuzz, so the retry fails on it.
    if ! go test -run '^$' -fuzz "^${fn}\$" -fuzztime "$dur" "$pkg" >"$log" 2>&1; then
      echo "  retrying after:"; tail -5 "$log"
      if ! go test -run '^$' -fuzz "^${fn}\$" -fuzztime "$dur" "$pkg" >"$log" 2>&1; then
        tail -40 "$log"
        exit 1
      fi
    fi
  done
done
