#!/usr/bin/env bash
# `npm run test:slow`: the browser and fault tests as a slow machine runs them (a customer's old
# phone, a busy CI runner), so a race shows up here before it lands. Everything the run starts
# (vitest, the embedded MongoDB, Redis, S3 and SMTP servers, the API, the workers, Chromium) is
# pinned to one core, and a CPU-bound process competes for that core the whole time.
#
#   npm run test:slow                 browser (e2e) and fault tests
#   npm run test:slow -- --e2e        browser tests only (what CI runs after npm test)
#   npm run test:slow -- FILE...      only these test files (vitest filters)
set -euo pipefail
cd "$(dirname "$0")/.."

projects=(--project e2e --project faults)
if [[ "${1:-}" == "--e2e" ]]; then
  projects=(--project e2e)
  shift
fi

bash infra/test-prerequisites.sh

core=${SLOW_CORE:-0}
echo "[slow] pinning the run to core $core, with a CPU-bound process competing for it"
# The competitor: a busy loop, on the same core, for as long as the tests run.
taskset -c "$core" node -e 'for (;;) {}' &
hog=$!
trap 'kill "$hog" 2>/dev/null || true' EXIT INT TERM

started=$(date +%s)
# Slower by design: every deadline the suite sets (test, hook, polling, browser waits) is scaled.
export TEST_TIME_SCALE=${TEST_TIME_SCALE:-3}
status=0
taskset -c "$core" npx vitest run "${projects[@]}" "$@" || status=$?
echo "[slow] done in $(($(date +%s) - started)) s (exit $status)"
exit "$status"
