#!/usr/bin/env bash
# The README's first command: install everything, build the site and start the whole product.
set -euo pipefail
cd "$(dirname "$0")/.."
bash infra/ensure-npm.sh
bash infra/install-system-packages.sh
echo "[setup] installing npm packages (npm ci)..."
npm ci --no-audit --no-fund
echo "[setup] building the site and starting the product..."
exec npm start
