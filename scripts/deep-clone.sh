#!/usr/bin/env bash
# The parts of the project that depend on where it lies, run from a clone
# whose path is deep and holds spaces and non-ASCII letters
# (<tmp>/new user/mes projets é/landing page): a clean clone of this
# checkout's HEAD, installed with npm ci, then the load-app and build tests,
# the end-to-end suite (its shared app build, npm start in both modes, the
# browser), the packed tarball's step and npm start itself, with the
# temporary folder (TMPDIR: the tests' scratch apps) also under a path with
# spaces. The clone is removed on exit. CI runs it last.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/deep-clone.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
clone="$scratch/new user/mes projets é/landing page"
mkdir -p "$(dirname "$clone")"

git clone --quiet --no-hardlinks "$root" "$clone"
cd "$clone"
echo "cloned $(git rev-parse --short HEAD) into $clone"
npm ci --no-audit --no-fund --prefer-offline --loglevel=error
export TMPDIR="$scratch/temporäre Dateien"
mkdir -p "$TMPDIR"
npx jest \
  packages/zapier-publishing-checks/test/load-app.test.ts \
  packages/zapier-publishing-checks/test/build.test.ts \
  test/e2e
bash scripts/checks-from-tarball.sh
npm start
