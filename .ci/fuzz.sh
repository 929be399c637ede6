#!/usr/bin/env bash
# Runs every Fuzz* target in the module for a short time each.
set -euo pipefail
cd "$(dirname "$0")/.."
dur="${1:-5s}"
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for fn in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    echo "fuzz $pkg $fn"
    go test -run '^$' -fuzz "^${fn}\$" -fuzztime "$dur" "$pkg" >/dev/null
  done
done
