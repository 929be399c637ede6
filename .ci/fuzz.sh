#!/usr/bin/env bash
# Runs every Fuzz* target in the module for a short time each; a failure
# prints the fuzzer's output (and the crasher it saved under testdata/fuzz).
#
# Two targets run at once (one fuzz worker each: the machine has 2 cores),
# never two of the same package (go test -fuzz keeps its corpus and
# instrumented build per package). Packages with the most targets start
# first, so the longest lane is not left for last.
set -euo pipefail
cd "$(dirname "$0")/.."
# The budget is a count of inputs per target ("20000x"), not a time: with
# a time, Go 1.26's fuzz coordinator can fail a target at the deadline
# with "context deadline exceeded" though it found nothing (a race between
# the -fuzztime context and its workers' context, go.dev/issue/75804, fixed
# only in Go 1.27). A count sets no deadline, so there is nothing to race;
# a slow machine just takes longer. A time still works, for a local run.
budget="${1:-20000x}"
case "$budget" in
  *[0-9]x) retry_budget="$((3 * ${budget%x}))x" ;;
  *[0-9]s) retry_budget="$((3 * ${budget%s}))s" ;;
  *) retry_budget="$budget" ;;
esac
lanes="${FUZZ_LANES:-2}"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# One line per target: "<targets in its package> <pkg> <fn>".
targets=()
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  fns=$(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u || true)
  n=$(echo "$fns" | grep -c . || true)
  for fn in $fns; do targets+=("$n $pkg $fn"); done
done
mapfile -t targets < <(printf '%s\n' "${targets[@]}" | grep . | sort -k1,1nr -k2,2 -k3,3)

# fuzz_one runs one target, with one retry: on a loaded machine the fuzzer
# can report a worker as hung, so the retry gets three times the budget. A
# real crasher is saved under testdata/fuzz, so the retry fails on it.
fuzz_one() {
  local pkg=$1 fn=$2 log=$3
  if go test -run '^$' -fuzz "^${fn}\$" -fuzztime "$budget" -parallel 1 "$pkg" >"$log" 2>&1; then
    return 0
  fi
  # The first attempt's lines are quoted with their FAIL words reworded,
  # so that a reader (or a tool) counting failed tests does not count a
  # target whose retry passed.
  { echo "  retrying $pkg $fn for $retry_budget after a first attempt that ended with:"
    tail -5 "$log" | sed -e 's/--- FAIL/(first attempt failed)/' -e 's/^FAIL\b/(first attempt failed)/' -e 's/^/    /'; } >"$log.retry"
  go test -run '^$' -fuzz "^${fn}\$" -fuzztime "$retry_budget" -parallel 1 "$pkg" >"$log" 2>&1
}

declare -A busy=()   # package -> 1 while one of its targets runs
declare -A running=() # pid -> "pkg fn log"
failed=""
while [ ${#targets[@]} -gt 0 ] || [ ${#running[@]} -gt 0 ]; do
  # Start targets while a lane is free and a target's package is idle.
  while [ -z "$failed" ] && [ ${#running[@]} -lt "$lanes" ]; do
    pick=-1
    for i in "${!targets[@]}"; do
      read -r _ pkg fn <<<"${targets[$i]}"
      if [ -z "${busy[$pkg]:-}" ]; then pick=$i; break; fi
    done
    [ "$pick" -ge 0 ] || break
    read -r _ pkg fn <<<"${targets[$pick]}"
    unset 'targets[pick]'
    targets=("${targets[@]}")
    log="$logs/${pkg//\//_}.$fn"
    echo "fuzz $pkg $fn"
    fuzz_one "$pkg" "$fn" "$log" &
    running[$!]="$pkg $fn $log"
    busy[$pkg]=1
  done
  [ ${#running[@]} -gt 0 ] || break
  rc=0
  wait -n -p done_pid "${!running[@]}" || rc=$?
  read -r pkg fn log <<<"${running[$done_pid]}"
  unset "running[$done_pid]"
  unset "busy[$pkg]"
  [ -f "$log.retry" ] && cat "$log.retry"
  if [ "$rc" -ne 0 ]; then
    echo "FAIL fuzz $pkg $fn"
    tail -40 "$log"
    failed=1
    targets=()
  fi
done
[ -z "$failed" ] || exit 1
