#!/usr/bin/env bash
# Usage: npm run promote VERSION [zapier-platform promote flags]
#
# Promotes VERSION, the version `npm run push` uploaded last, with
# `zapier-platform promote` (no analytics); then, only once Zapier took it,
# records its definition, publishing/pushed-definition.json, as
# publishing/promoted-definition.json: the public version, which Zapier's
# promotion guardrails judge a new version against, and so the one
# `npm run validate` compares the code with.
set -euo pipefail

# The Zapier CLI posts usage analytics to Zapier unless told not to.
export DISABLE_ZAPIER_ANALYTICS=1

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The CLI this script runs; a test may put a stand-in in its place.
zapier_platform="${ZAPIER_PLATFORM_BIN:-$root/node_modules/.bin/zapier-platform}"
pushed="$root/publishing/pushed-definition.json"
record="$root/publishing/promoted-definition.json"

version="${1:-}"
if [ -z "$version" ] || [[ "$version" == -* ]]; then
  echo "usage: npm run promote VERSION (the version npm run push uploaded last)" >&2
  exit 2
fi
pushed_version="$(node -p "require(process.argv[1]).version" "$pushed")"
if [ "$pushed_version" != "$version" ]; then
  echo "publishing/pushed-definition.json is version $pushed_version, not $version: promote the version npm run push uploaded last, whose definition this records." >&2
  exit 2
fi

"$zapier_platform" promote "$@"
cp "$pushed" "$record.tmp"
mv "$record.tmp" "$record"
echo "Recorded version $version in publishing/promoted-definition.json: commit it."
