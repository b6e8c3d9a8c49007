#!/usr/bin/env bash
# Compares build/build.zip with the zip of a core-only app: an index.js
# exporting a minimal app that depends on nothing but the same exact
# zapier-platform-core, built the same way (stage-build.sh, same CLI, same
# .zapierapprc). Prints both sizes and the ratio; fails above the limit.
#
# Run `npm run package` first. The reference installs zapier-platform-core
# from npm's cache when it holds it (`--prefer-offline`), else from the registry.
set -euo pipefail

limit="1.05"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app_zip="$root/build/build.zip"
if [ ! -f "$app_zip" ]; then
  echo "build/build.zip is missing: run 'npm run package' first." >&2
  exit 1
fi

core_version="$(node -p 'require(process.argv[1]).dependencies["zapier-platform-core"]' "$root/package.json")"
if ! [[ "$core_version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "package.json must pin zapier-platform-core to an exact version, found \"$core_version\"." >&2
  exit 1
fi

reference="$(mktemp -d)"
trap 'rm -rf "$reference"' EXIT
mkdir "$reference/app"
cat >"$reference/app/package.json" <<JSON
{
  "name": "core-only-reference",
  "version": "1.0.0",
  "private": true,
  "main": "index.js",
  "dependencies": { "zapier-platform-core": "$core_version" }
}
JSON
cat >"$reference/app/index.js" <<'JS'
const zapier = require('zapier-platform-core');

module.exports = { version: '1.0.0', platformVersion: zapier.version };
JS
cp "$root/.zapierapprc" "$root/.gitignore" "$reference/app/"

echo "Building the core-only reference (zapier-platform-core $core_version)…"
(cd "$reference/app" &&
  npm install --package-lock-only --prefer-offline --no-audit --no-fund --loglevel=error)
bash "$root/scripts/stage-build.sh" "$reference/app" "$reference/out" >"$reference/build.log" 2>&1 || {
  cat "$reference/build.log" >&2
  echo "The core-only reference did not build (log above)." >&2
  exit 1
}

app_size="$(stat -c %s "$app_zip")"
reference_size="$(stat -c %s "$reference/out/build.zip")"
awk -v app="$app_size" -v ref="$reference_size" -v limit="$limit" -v core="$core_version" 'BEGIN {
  ratio = app / ref
  printf "build/build.zip:           %9d bytes\n", app
  printf "core-only app (core %s): %9d bytes\n", core, ref
  printf "ratio:                     %9.3f (limit %s)\n", ratio, limit
  if (ratio > limit) {
    printf "build/build.zip is more than %s times the core-only zip: see what the staged build installs (scripts/stage-build.sh).\n", limit > "/dev/stderr"
    exit 1
  }
}'
