#!/usr/bin/env bash
# npm run bench:checks: the CPU and wall time of whole runs of the publishing
# checks (the built package, schema step included) beside `zapier-platform
# validate --without-style`, on the same apps in one run, and the floor of
# both: Node.js loading the app with its own zapier-platform-core. The apps:
# this repository's, and the three `zapier-platform init` templates CI uses,
# made in a scratch folder. Each figure is the median of RUNS runs (default
# 5), as bash's `time` counts them: user + system seconds of the command and
# its children, then wall seconds.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-5}"
export DISABLE_ZAPIER_ANALYTICS=1 PATH="$root/node_modules/node/bin:$PATH"
work="$(mktemp -d "${TMPDIR:-/tmp}/bench-checks.XXXXXX")"
trap 'rm -rf "$work"' EXIT

npm run -s build >/dev/null
npm run -s build -w zapier-publishing-checks >/dev/null 2>&1
checks="$root/packages/zapier-publishing-checks/dist/cli.js"
zapier="$root/node_modules/zapier-platform-cli/src/bin/run"

apps=("$root")
for spec in "cjs -t minimal -m commonjs -l javascript" "ts -t basic-auth -m esm -l typescript"; do
  read -r name options <<<"$spec"
  # shellcheck disable=SC2086 # options is a list of options
  node "$zapier" init "$work/$name" $options </dev/null >/dev/null 2>&1
  (cd "$work/$name" && npm install --omit=dev --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null)
  [ -f "$work/$name/tsconfig.json" ] && (cd "$work/$name" && node "$root/node_modules/typescript/bin/tsc" -p tsconfig.json)
  apps+=("$work/$name")
done

# The median of $runs runs of a command in a folder: "cpu wall", seconds.
median() {
  local dir="$1"
  shift
  local samples=()
  for _ in $(seq "$runs"); do
    samples+=("$(cd "$dir" && { TIMEFORMAT='%U %S %R'; time "$@" >/dev/null 2>&1; } 2>&1 | tail -1)")
  done
  printf '%s\n' "${samples[@]}" | awk '{ print $1 + $2, $3 }' | sort -n |
    awk -v n="$runs" '{ cpu[NR] = $1; wall[NR] = $2 } END { m = int((n + 1) / 2); printf "%.2f %.2f", cpu[m], wall[m] }'
}

printf '%-28s %22s %22s %22s\n' "app" "floor: core loads app" "zapier-publishing-checks" "zapier-platform validate"
printf '%-28s %22s %22s %22s\n' "" "cpu s / wall s" "cpu s / wall s" "--without-style"
for app in "${apps[@]}"; do
  floor="$(median "$app" node --input-type=module -e "
    const { createRequire } = await import('node:module');
    const require = createRequire(process.cwd() + '/');
    require('zapier-platform-core');
    const manifest = require('./package.json');
    await import(process.cwd() + '/' + (manifest.type === 'module' ? manifest.exports : 'index.js'));")"
  ours="$(median "$app" node "$checks" --app-dir "$app")"
  theirs="$(median "$app" node "$zapier" validate --without-style)"
  printf '%-28s %22s %22s %22s\n' "$(basename "$app")" "${floor/ / \/ }" "${ours/ / \/ }" "${theirs/ / \/ }"
done
echo "median of $runs runs each; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
