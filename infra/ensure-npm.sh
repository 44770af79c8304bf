#!/usr/bin/env bash
# Vite 8 does not install with npm 10; machines here normally start with npm 11 but the upgrade
# at boot sometimes fails.
set -euo pipefail
major=$(npm --version | cut -d. -f1)
if [[ "$major" -lt 11 ]]; then
  echo "[npm] npm $(npm --version) found; installing npm 11..."
  npm install -g npm@11 --no-audit --no-fund
fi
echo "[npm] npm $(npm --version)"
