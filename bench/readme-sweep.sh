#!/usr/bin/env bash
# Builds mcpgauge as the README's first command does, then times its sweep
# twice on a fresh data dir: cold (npm installs, every server started) and
# again unchanged (nothing launched).
# Needs the npm registry and bubblewrap. Usage: bench/readme-sweep.sh [DATA_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-$(mktemp -d)}"
# The README's build, into a private directory (bin/ of the checkout is the user's).
out="$(mktemp -d)"
go build -v -o "$out/" ./cmd/mcpgauge
bin="$out/mcpgauge"
for run in cold unchanged; do
  start=$(date +%s.%N)
  "$bin" sweep --registry file://examples/registry.json --data-dir "$dir" >/dev/null 2>"$dir/$run.log"
  end=$(date +%s.%N)
  awk -v r="$run" -v s="$start" -v e="$end" 'BEGIN { printf "%s: %.1f s\n", r, e - s }'
done
grep -h "skipped as unchanged" "$dir/unchanged.log" || true
