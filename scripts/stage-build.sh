#!/usr/bin/env bash
# Usage: stage-build.sh APP_DIR OUT_DIR [zapier-platform build flags]
#
# Builds APP_DIR's build.zip and source.zip into OUT_DIR with
# `zapier-platform build`, the way `zapier-platform push` builds, on a staged
# copy of the app.
#
# Why a staged copy: `zapier-platform build` copies the whole project,
# node_modules included, to a temporary folder with one open file per entry at
# once, and runs out of file handles (EMFILE) on this project's development
# tools. The stage holds the app without node_modules, build/, coverage/, out/,
# .git or the workspaces under packages/ (a workspace root would install their
# peers too: 928 packages instead of the app's 79), and only the production
# dependencies, installed from the lockfile. The CLI then builds the stage in
# place (--skip-dep-install: no second copy), detects what the app requires,
# zips it and test-loads the zip, as for a push.
#
# What gets installed: the stage's .npmrc says `omit=optional`, so no optional
# dependency is installed. node-fetch 2, which zapier-platform-core uses,
# declares `encoding` as an optional peer; a lockfile that holds it (a
# development tool needs it) would otherwise install it with iconv-lite's
# code-page tables into every build, though core never loads it.
set -euo pipefail

# The Zapier CLI posts usage analytics to Zapier unless told not to.
export DISABLE_ZAPIER_ANALYTICS=1
# The CLI this script runs; a test may put a stand-in in its place.
zapier_platform="${ZAPIER_PLATFORM_BIN:-}"

if [ $# -lt 2 ]; then
  echo "usage: $0 APP_DIR OUT_DIR [zapier-platform build flags]" >&2
  exit 2
fi
app="$(cd "$1" && pwd)"
out="$2"
shift 2
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
stage="$(mktemp -d)"
# Beside the stage: what the CLI printed, and the zip unpacked to load it.
cli_log="$stage.cli-output"
loaded="$stage.loaded"
trap 'rm -rf "$stage" "$cli_log" "$loaded"' EXIT

# No .env: the stage (and the CLI's own copy of it, which a failed build
# leaves behind) must never hold a client secret.
tar -C "$app" \
  --exclude=./node_modules --exclude=./build --exclude=./coverage --exclude=./.git \
  --exclude=./out --exclude='./sandbox.db*' --exclude='./.env' --exclude='./.env.*' \
  --exclude=./packages -cf - . | tar -C "$stage" -xf -

# The stage is an app, not a workspace root.
node -e '
  const fs = require("fs");
  const file = process.argv[1] + "/package.json";
  const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
  delete manifest.workspaces;
  delete manifest.devDependencies;
  fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n");
' "$stage"

printf 'omit=optional\n' >>"$stage/.npmrc"

cd "$stage"
npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error

# The CLI's last step loads the zip (`node zapierwrapper.js`, then
# `node index.js`) and gives each 5 s (its testBuildZip); it then fails with
# an empty "Error:". Beside four CPU burners loading core alone took 4.5 to
# 5.8 s. When that is the step that failed, with nothing said, the same load
# runs here until it ends: the build fails only when the zip does not load.
set +e
"${zapier_platform:-$root/node_modules/.bin/zapier-platform}" build --skip-validation --skip-dep-install "$@" 2>&1 |
  tee "$cli_log"
cli_status="${PIPESTATUS[0]}"
set -e
if [ "$cli_status" -ne 0 ]; then
  last_step="$(grep -E '^- ' "$cli_log" | tail -n 1 || true)"
  if [ "$last_step" != "- Testing build" ] || ! grep -qE 'Error: *$' "$cli_log" ||
    [ ! -f build/build.zip ] || [ ! -f build/source.zip ]; then
    exit "$cli_status"
  fi
  echo "zapier-platform build gave up loading build.zip after its 5 s; loading it again without a limit:"
  mkdir "$loaded"
  unzip -q build/build.zip -d "$loaded"
  (cd "$loaded" && node zapierwrapper.js && if [ -f index.js ]; then node index.js; fi)
  echo "build.zip loads."
fi

mkdir -p "$out"
cp "$stage/build/build.zip" "$stage/build/source.zip" "$out/"
