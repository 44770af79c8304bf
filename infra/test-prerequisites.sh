#!/usr/bin/env bash
# What `npm test` needs before vitest starts; npm runs this first as the `pretest` script, so the
# README's second command works on a fresh machine: the npm packages when the clone has none, and
# the Debian packages of the tests (Redis, Chromium for the browser tests, fonts, nginx), installed
# with apt as root or named with the command to run otherwise, and the Node the images run (from
# the npm registry), under which a test runs the compiled server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash infra/ensure-npm.sh
if [[ ! -f node_modules/.package-lock.json ]]; then
  echo "[test] no npm packages yet: installing them (npm ci)..."
  npm ci --no-audit --no-fund
fi
bash infra/install-system-packages.sh --tests
bash infra/install-runtime-node.sh
