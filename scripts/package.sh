#!/usr/bin/env bash
# Builds build/build.zip (and build/source.zip) from dist/ with
# `zapier-platform build` on a staged copy (see stage-build.sh for why, and
# for what gets installed).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [ ! -f "$root/dist/index.js" ]; then
  echo "dist/index.js is missing: run 'npm run build' first." >&2
  exit 1
fi

bash "$root/scripts/stage-build.sh" "$root" "$root/build" "$@"
echo "Wrote build/build.zip ($(stat -c %s "$root/build/build.zip") bytes) and build/source.zip"
