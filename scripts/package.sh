#!/usr/bin/env bash
# Builds build/build.zip (and build/source.zip) with `zapier-platform build`.
#
# The CLI copies the whole project, node_modules included, to a temporary
# folder before it installs the production dependencies afresh; with this
# project's development tools (Node 22 itself among them) that copy runs out
# of file handles (EMFILE). So the CLI is run on a staged copy without
# development dependencies: only the production ones, installed from the
# lockfile. The CLI then installs them afresh once more, detects what the app
# requires, zips it and test-loads the zip, exactly as for a push.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

if [ ! -f "$root/dist/index.js" ]; then
  echo "dist/index.js is missing: run 'npm run build' first." >&2
  exit 1
fi

tar -C "$root" \
  --exclude=./node_modules --exclude=./build --exclude=./coverage --exclude=./.git \
  --exclude=./out --exclude=./sandbox.db \
  -cf - . | tar -C "$stage" -xf -

cd "$stage"
npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error
"$root/node_modules/.bin/zapier-platform" build --skip-validation "$@"

mkdir -p "$root/build"
cp "$stage/build/build.zip" "$stage/build/source.zip" "$root/build/"
echo "Wrote build/build.zip and build/source.zip"
