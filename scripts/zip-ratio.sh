#!/usr/bin/env bash
# Compares build/build.zip with the zip of a core-only app: an index.js
# exporting a minimal app that depends on nothing but the same exact
# zapier-platform-core, built the same way (stage-build.sh, same CLI, same
# .zapierapprc). Prints both sizes, then the two parts of build.zip it bounds
# (compressed bytes of its entries):
# - its dependencies (node_modules/): at most 1.05 times the core-only app's,
#   so a package the app does not need (such as node-fetch's optional
#   `encoding` with iconv-lite's tables) fails the build;
# - the app's own files (dist/, the definition, package.json, the wrappers):
#   at most 40 KiB, a budget that makes the app's growth visible, feature by
#   feature, without counting it against its dependencies.
#
# Run `npm run package` first. The reference installs zapier-platform-core
# from npm's cache when it holds it (`--prefer-offline`), else from the registry.
set -euo pipefail

limit="1.05"
own_budget=40960
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

# Compressed bytes of a zip's entries under node_modules/ ("deps") and elsewhere ("own").
entry_sizes() {
  unzip -v "$1" | awk '
    $NF ~ /^-+$/ { table = !table; next }
    table && NF >= 8 { if ($NF ~ /^node_modules\//) deps += $3; else own += $3 }
    END { printf "%d %d\n", deps, own }'
}

app_size="$(stat -c %s "$app_zip")"
reference_size="$(stat -c %s "$reference/out/build.zip")"
read -r app_deps app_own < <(entry_sizes "$app_zip")
read -r reference_deps _ < <(entry_sizes "$reference/out/build.zip")
awk -v app="$app_size" -v ref="$reference_size" -v deps="$app_deps" -v own="$app_own" \
  -v ref_deps="$reference_deps" -v limit="$limit" -v budget="$own_budget" \
  -v core="$core_version" 'BEGIN {
  if (ref_deps <= 0 || deps <= 0) {
    print "could not read the dependencies in the zips" > "/dev/stderr"
    exit 1
  }
  ratio = deps / ref_deps
  printf "build/build.zip:                %9d bytes (total ratio %.3f)\n", app, app / ref
  printf "core-only app (core %s):      %9d bytes\n", core, ref
  printf "dependencies, compressed:       %9d bytes vs %d: ratio %.3f (limit %s)\n", deps, ref_deps, ratio, limit
  printf "the app'"'"'s own files, compressed: %9d bytes (budget %d)\n", own, budget
  failed = 0
  if (ratio > limit) {
    printf "build/build.zip carries more than %s times the dependencies of a core-only app: see what the staged build installs (scripts/stage-build.sh).\n", limit > "/dev/stderr"
    failed = 1
  }
  if (own > budget) {
    printf "The app'"'"'s own files in build/build.zip are over their budget of %d bytes: see what dist/ holds.\n", budget > "/dev/stderr"
    failed = 1
  }
  exit failed
}'
