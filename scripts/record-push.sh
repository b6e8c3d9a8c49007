#!/usr/bin/env bash
# Records the version just uploaded: build/build.zip's definition.json (what
# `zapier-platform build` wrote and `zapier-platform upload` sent) becomes
# publishing/pushed-definition.json, the version pushed last, which
# `npm run promote` records as the public one once Zapier promoted it.
# `npm run push` runs it only once the upload succeeded.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
zip="$root/build/build.zip"
record="$root/publishing/pushed-definition.json"

if [ ! -f "$zip" ]; then
  echo "build/build.zip is missing: run 'npm run push' (it builds, uploads, then records)." >&2
  exit 1
fi
unzip -p "$zip" definition.json > "$record.tmp"
mv "$record.tmp" "$record"
echo "Recorded version $(node -p "require('$record').version") in publishing/pushed-definition.json: commit it."
