#!/usr/bin/env bash
# Installs the Debian packages the product or its tests need, only those that are missing.
#   bash infra/install-system-packages.sh           redis-server (to run the product)
#   bash infra/install-system-packages.sh --tests   also Chromium and fonts (browser tests), and
#                                                   nginx (the front-door test runs its own
#                                                   nginx on a temporary config; the system's
#                                                   nginx service is not needed)
set -euo pipefail

wanted=(redis-server)
if [[ "${1:-}" == "--tests" ]]; then
  wanted+=(chromium fonts-dejavu-core nginx)
fi

missing=()
for package in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "[system] already installed: ${wanted[*]}"
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "[system] missing: ${missing[*]}. Install them (sudo apt-get install ${missing[*]}) and run again." >&2
  exit 1
fi
echo "[system] installing ${missing[*]} with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "[system] installed ${missing[*]}"
