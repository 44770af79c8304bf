#!/usr/bin/env bash
# `npm run test:slow`: the browser and fault tests as a slow machine runs them (a customer's old
# phone, a busy CI runner), so a race shows up here before it lands. Everything the run starts
# (vitest, the embedded MongoDB, Redis, S3 and SMTP servers, the API, the workers, Chromium) is
# pinned to one core, and a CPU-bound process competes for that core the whole time.
#
#   npm run test:slow                 browser (e2e) and fault tests
#   npm run test:slow -- --e2e        browser tests only
#   npm run test:slow -- --split      two slow machines side by side, one per core, each with its
#                                     own busy competitor and half the files (split by the time
#                                     each took when vitest last ran it): what CI runs, with --e2e
#   npm run test:slow -- FILE...      only these test files (vitest filters)
set -euo pipefail
cd "$(dirname "$0")/.."

projects=(e2e faults)
split=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --e2e) projects=(e2e) ;;
    --split) split=true ;;
    *) break ;;
  esac
  shift
done

bash infra/test-prerequisites.sh

# Slower by design: every deadline the suite sets (test, hook, polling, browser waits) is scaled.
export TEST_TIME_SCALE=${TEST_TIME_SCALE:-3}
# One browser file at a time on a slow machine's one core, as a phone runs one page.
export TEST_BROWSER_WORKERS=1
hogs=()
trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT INT TERM

# The competitor: a busy loop on the core, for as long as the tests run.
hog() {
  taskset -c "$1" node -e 'for (;;) {}' &
  hogs+=($!)
}

# One slow machine: vitest on a core that a hog competes for.
slow_machine() {
  local core=$1
  shift
  local project_args=()
  for project in "${projects[@]}"; do project_args+=(--project "$project"); done
  taskset -c "$core" npx vitest run "${project_args[@]}" "$@"
}

started=$(date +%s)
status=0
if [[ $split == true && $(nproc) -lt 2 ]]; then
  echo "[slow] one core only: one slow machine instead of two"
  split=false
fi
if [[ $split == false ]]; then
  core=${SLOW_CORE:-0}
  echo "[slow] pinning the run to core $core, with a CPU-bound process competing for it"
  hog "$core"
  slow_machine "$core" "$@" || status=$?
else
  if [[ $# -gt 0 ]]; then
    echo "[slow] --split runs whole projects: give it no file filters" >&2
    exit 2
  fi
  mapfile -t assignment < <(node --import tsx tests/setup/split-files.ts 2 "${projects[@]}")
  pids=()
  for core in 0 1; do
    files=()
    for line in "${assignment[@]}"; do
      [[ ${line%% *} == "$core" ]] && files+=("${line#* }")
    done
    # No file: vitest would take no filter as every file.
    [[ ${#files[@]} -gt 0 ]] || continue
    echo "[slow] core $core, with a CPU-bound process competing for it: ${files[*]}"
    hog "$core"
    (slow_machine "$core" "${files[@]}" 2>&1 | sed -u "s/^/[core $core] /"; exit "${PIPESTATUS[0]}") &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
fi
echo "[slow] done in $(($(date +%s) - started)) s (exit $status)"
exit "$status"
