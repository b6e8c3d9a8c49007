#!/usr/bin/env bash
# zapier-publishing-checks as a Zapier developer gets it: packs the package
# (npm pack), makes scratch apps outside the workspace with the project's
# `zapier-platform init` (each template that works offline: JavaScript
# CommonJS and ES module minimal, TypeScript basic-auth, which init offers
# as ES modules only), installs the tarball with the app's production
# dependencies and no zapier-platform-cli (no install script may run), and
# runs it there on every Node.js at hand (the project's 22, and the PATH's
# when it differs): --help, --version, the schema step, a local: check's
# link a file from the app's folder, --format json parsed, a missing
# --listing (exit 2), an unbuilt TypeScript app (exit 2, "build it first"),
# a broken copy of each app: a publishing task (exit 1, its ID) and a schema
# error (exit 1); a config (an ignore with a reason, one without, one that
# matches nothing), --format github, --format sarif against SARIF 2.1.0's
# schema, an app that prints while it loads; a TypeScript app's stale build
# folder; --live on an app whose API is a stand-in with known faults; --fix
# on a CommonJS and a TypeScript app. Every command is bounded in time; the
# scratch folder
# is removed on exit. npm installs from its cache when it can, else from the
# registry.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
package="$root/packages/zapier-publishing-checks"
node22="$root/node_modules/.bin/node"
work="$(mktemp -d "${TMPDIR:-/tmp}/checks-from-tarball.XXXXXX")"
trap 'rm -rf "$work"' EXIT

fail() {
  echo "FAILED: $*" >&2
  exit 1
}
bounded() { timeout --kill-after=5 "$@"; }

nodes=("$node22")
if command -v node >/dev/null 2>&1 && [ "$(node --version)" != "$("$node22" --version)" ]; then
  nodes+=("$(command -v node)")
fi

echo "packing $package"
(cd "$package" && bounded 120 npm pack --silent --pack-destination "$work" >/dev/null)
tarball="$(ls "$work"/zapier-publishing-checks-*.tgz)"
version="$("$node22" -p 'require(process.argv[1]).version' "$package/package.json")"
echo "packed $(basename "$tarball") ($(wc -c <"$tarball") bytes)"

# name, then zapier-platform init's options
apps=(
  "cjs -t minimal -m commonjs -l javascript"
  "esm -t minimal -m esm -l javascript"
  "ts -t basic-auth -m esm -l typescript"
)

# Adds one trigger to the app in the current folder, through a wrapper put
# in place of its entry (index.js; an ES module's package.json "exports"):
# `label` and `description` are what breaks it.
break_app() {
  local label="$1" description="$2" entry trigger
  entry="$("$node22" -p 'const m = require("./package.json"); m.type === "module" ? m.exports : "./index.js"')"
  trigger="{ new_thing: { key: 'new_thing', noun: 'Thing',
    display: { label: '$label', description: '$description' },
    operation: { perform: () => [{ id: '1' }], sample: { id: '1' } } } }"
  [ -f "$entry.original.js" ] || mv "$entry" "$entry.original.js"
  if [ "$("$node22" -p 'require("./package.json").type')" = module ]; then
    printf '%s\n' "import app from './$(basename "$entry").original.js';" \
      "export default { ...app, triggers: { ...app.triggers, ...$trigger } };" >"$entry"
  else
    printf '%s\n' "const app = require('./$(basename "$entry").original.js');" \
      "module.exports = { ...app, triggers: { ...app.triggers, ...$trigger } };" >"$entry"
  fi
}

# Runs the installed command on one Node.js; its output in $work/out, $work/err.
checks() {
  local node="$1"
  shift
  local code=0
  bounded 90 "$node" node_modules/.bin/zapier-publishing-checks "$@" >"$work/out" 2>"$work/err" || code=$?
  echo "$code"
}

expect_code() {
  local want="$1" got="$2" what="$3"
  [ "$got" = "$want" ] || {
    cat "$work/out" "$work/err" >&2
    fail "$what: exit $got, expected $want"
  }
}

# The value of a JavaScript expression of `report`, the JSON report in $work/out.
json_value() {
  "$node22" -e '
    const report = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(new Function("report", `return (${process.argv[2]});`)(report));' "$work/out" "$1"
}

json_holds() {
  [ "$(json_value "$1")" = true ] || {
    head -c 2000 "$work/out" >&2
    fail "$2: the JSON report does not hold: $1"
  }
}

# SARIF 2.1.0's JSON schema, as Microsoft's SARIF Multitool ships it (the npm
# registry's only package that holds it), and Ajv to check a report with it.
sarif_tools="$work/sarif-tools"
mkdir -p "$sarif_tools"
(cd "$sarif_tools" && echo '{"private": true}' >package.json &&
  bounded 600 npm install --ignore-scripts --no-audit --no-fund --loglevel=error \
    @microsoft/sarif-multitool-linux@5.7.0 ajv@8.17.1 ajv-formats@3.0.1 >/dev/null)
sarif_schema="$sarif_tools/node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json"
sarif_check="$sarif_tools/check.js"
cat >"$sarif_check" <<'CHECK'
const { readFileSync } = require('node:fs');
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats');
const [report, schema] = process.argv.slice(2).map((path) => JSON.parse(readFileSync(path, 'utf8')));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
if (!ajv.validate(schema, report)) {
  console.log(JSON.stringify(ajv.errors.slice(0, 5)));
  process.exit(1);
}
const [run] = report.runs;
const unlocated = run.results.filter((result) => !result.locations?.[0]?.physicalLocation);
if (unlocated.length > 0) {
  console.log(`${unlocated.length} results without a location: GitHub code scanning refuses them`);
  process.exit(1);
}
console.log(`valid against SARIF 2.1.0's schema: ${run.tool.driver.rules.length} rules, ${run.results.length} results, each at a line`);
CHECK

for spec in "${apps[@]}"; do
  read -r name init_options <<<"$spec"
  app="$work/$name"
  echo
  echo "==> $name: zapier-platform init $app $init_options"
  # shellcheck disable=SC2086 # init_options is a list of options
  DISABLE_ZAPIER_ANALYTICS=1 bounded 120 "$node22" "$root/node_modules/zapier-platform-cli/src/bin/run" \
    init "$app" $init_options </dev/null >"$work/init.log" 2>&1 || {
    cat "$work/init.log" >&2
    fail "zapier-platform init $init_options"
  }
  cd "$app"
  bounded 300 npm install --omit=dev --prefer-offline --no-audit --no-fund --loglevel=warn "$tarball" >/dev/null 2>"$work/install.log" || {
    cat "$work/install.log" >&2
    fail "$name: npm install $tarball"
  }
  if grep -q 'install-scripts' "$work/install.log"; then
    cat "$work/install.log" >&2
    fail "$name: installing the tarball runs a script"
  fi
  if "$node22" -e 'require.resolve("zapier-platform-cli/package.json")' 2>/dev/null; then
    fail "$name: zapier-platform-cli is installed; the run must do without it"
  fi
  schema_version="$("$node22" -p 'require(require.resolve("zapier-platform-schema/package.json", { paths: [require("path").dirname(require.resolve("zapier-platform-core"))] })).version' 2>/dev/null || true)"

  if [ -f tsconfig.json ]; then
    code="$(checks "$node22")"
    expect_code 2 "$code" "$name unbuilt"
    grep -q 'build it first' "$work/err" || fail "$name unbuilt: no word of building it: $(cat "$work/err")"
    echo "unbuilt: exit 2, $(cat "$work/err")"
    bounded 120 "$node22" "$root/node_modules/typescript/bin/tsc" -p tsconfig.json
    # The app's code is what its entry loads, as sources: an http request in
    # a source it imports is one D007 at the source; a stale file of the
    # build folder, loaded by nothing, is not read.
    printf '%s\n' "export const probe = (z: { request: (options: object) => unknown }) =>" \
      "  z.request({ url: 'http://api.example.org/probe' });" >src/probe.ts
    printf '%s\n' "export { probe } from './probe.js';" >>src/index.ts
    bounded 120 "$node22" "$root/node_modules/typescript/bin/tsc" -p tsconfig.json
    mkdir -p dist/old
    printf '%s\n' "const z = { request() {} };" "z.request('http://stale.example.org/v1');" >dist/old/stale.js
    code="$(checks "$node22" --skip-schema --format json)"
    json_holds "JSON.stringify(report.results.filter((r) => r.id === 'D007' && r.status !== 'pass').map((r) => r.file))
      === JSON.stringify(['src/probe.ts'])" "$name: D007 once, at the source, never in the build folder"
    echo "stale build folder: D007 at $(json_value 'report.results.filter((r) => r.id === "D007" && r.status !== "pass").map((r) => `${r.file}:${r.line}`).join(", ")') only"
    rm -r src/probe.ts dist/old dist/probe.js
    sed -i '$d' src/index.ts
    bounded 120 "$node22" "$root/node_modules/typescript/bin/tsc" -p tsconfig.json
  fi

  for node in "${nodes[@]}"; do
    echo "-- $name on Node.js $("$node" --version)"
    code="$(checks "$node" --help)"
    expect_code 0 "$code" "$name --help"
    grep -q '^exit codes:' "$work/out" || fail "$name --help lists no exit codes"
    grep -q -- '--format text|json|github|sarif' "$work/out" || fail "$name --help lists no --format"
    code="$(checks "$node" --version)"
    expect_code 0 "$code" "$name --version"
    [ "$(cat "$work/out")" = "$version" ] || fail "$name --version printed $(cat "$work/out"), not $version"
    echo "--help: exit 0; --version: $(cat "$work/out")"

    code="$(checks "$node")"
    [ "$code" = 0 ] || [ "$code" = 1 ] || expect_code "0 or 1" "$code" "$name text run"
    if grep -q $'\e' "$work/out" "$work/err"; then fail "$name: colour codes in piped output"; fi
    grep -q "^==> schema: zapier-platform-schema $schema_version " "$work/out" ||
      fail "$name: no schema step with zapier-platform-schema $schema_version: $(head -3 "$work/out")"
    echo "text: exit $code; $(head -1 "$work/out"); $(tail -1 "$work/out")"
    page="$(grep -m1 '^✔ local:' "$work/out" | awk '{print $NF}')"
    case "$page" in
      node_modules/zapier-publishing-checks/docs/rules/local-*.md) [ -f "$page" ] || fail "$name: no page at $page" ;;
      *) fail "$name: a local: check's link is not its page from the app's folder: $page" ;;
    esac
    echo "a local: check's link: $page"

    if [ "$node" = "$node22" ] && command -v script >/dev/null 2>&1; then
      # On a terminal (script(1) gives it one): coloured, unless NO_COLOR.
      bounded 90 script -qec "'$node' node_modules/.bin/zapier-publishing-checks --skip-schema" /dev/null >"$work/out" || true
      grep -q $'\e\\[3[12]m' "$work/out" || fail "$name: no colour on a terminal"
      NO_COLOR=1 bounded 90 script -qec "'$node' node_modules/.bin/zapier-publishing-checks --skip-schema" /dev/null >"$work/out" || true
      if grep -q $'\e' "$work/out"; then fail "$name: colour on a terminal with NO_COLOR"; fi
      echo "on a terminal: coloured; with NO_COLOR: not"
    fi

    code="$(checks "$node" --format json)"
    json_holds "report.schema.version === '$schema_version'
      && report.schema.errors.length === 0 && report.error === null
      && report.summary.checks > 0 && report.results.length >= report.summary.checks
      && report.results.every((r) => ['id', 'status', 'step', 'field', 'message', 'link'].every((k) => k in r))" \
      "$name --format json"
    echo "--format json: exit $code; $(json_value 'JSON.stringify(report.summary)')"

    code="$(checks "$node" --listing "$work/no-such-listing.json")"
    expect_code 2 "$code" "$name --listing missing"
    grep -q "no-such-listing.json" "$work/err" || fail "$name: the missing listing is not named"
  done

  broken="$work/$name-broken"
  cp -a "$app" "$broken"
  cd "$broken"
  break_app 'New Thing' 'Fires when a thing is added.'
  for node in "${nodes[@]}"; do
    code="$(checks "$node" --format json)"
    expect_code 1 "$code" "$name broken (D021) on $("$node" --version)"
    json_holds "report.results.some((r) => r.id === 'D021' && r.status === 'publishing-task' && r.step === 'triggers.new_thing')" \
      "$name broken (D021)"
  done
  echo "broken copy: exit 1; $(json_value 'report.results.filter((r) => r.status === "error" || r.status === "publishing-task").map((r) => `${r.id} ${r.status} ${r.step}`).join(", ")')"

  # A config: an ignore entry with its reason; one without; one matching nothing.
  config=.zapier-publishing-checks.json
  printf '%s\n' '{"ignore": [{"check": "D021", "at": "triggers.new_thing", "reason": "the wording is the product team'"'"'s"}]}' >"$config"
  code="$(checks "$node22" --format json)"
  expect_code 0 "$code" "$name config ignoring D021"
  json_holds "report.results.some((r) => r.id === 'D021' && r.ignored === \"the wording is the product team's\")
    && report.summary.ignored === 1 && report.config.unused.length === 0" "$name config ignore"
  echo "config, an ignore with a reason: exit 0; $(json_value 'JSON.stringify(report.summary)')"
  printf '%s\n' '{"ignore": [{"check": "D021", "at": "triggers.new_thing"}]}' >"$config"
  code="$(checks "$node22")"
  expect_code 2 "$code" "$name config entry without a reason"
  grep -q 'has no "reason"' "$work/err" || fail "$name: the entry without a reason is not named: $(cat "$work/err")"
  echo "config, no reason: exit 2; $(cat "$work/err")"
  printf '%s\n' '{"ignore": [{"check": "D004", "at": "creates.no_such_step id", "reason": "kept from an old version"}]}' >"$config"
  code="$(checks "$node22" --format json)"
  expect_code 1 "$code" "$name config entry matching nothing (D021 still counts)"
  json_holds "report.config.unused.length === 1 && report.config.unused[0].check === 'D004'" "$name unused entry"
  code="$(checks "$node22")"
  grep -q '^! config  *warning .*matches no finding' "$work/out" || fail "$name: the unused entry is not reported: $(cat "$work/out")"
  echo "config, an entry matching nothing: exit $code; $(grep -m1 '^! config' "$work/out")"
  rm "$config"

  # The formats CI reads.
  code="$(checks "$node22" --format github)"
  expect_code 1 "$code" "$name --format github"
  grep -q '^::error file=[^,]*,line=[0-9]*,title=D021::' "$work/out" || fail "$name: no D021 annotation: $(cat "$work/out")"
  echo "--format github: exit 1; $(grep -m1 'title=D021' "$work/out" | cut -c1-120)…"
  code="$(checks "$node22" --format sarif --output-file "$work/sarif/report.sarif")"
  expect_code 1 "$code" "$name --format sarif"
  [ ! -s "$work/out" ] || fail "$name: --output-file also wrote to stdout"
  "$node22" "$sarif_check" "$work/sarif/report.sarif" "$sarif_schema" >"$work/out" || fail "$name: SARIF: $(cat "$work/out")"
  echo "--format sarif: exit 1; $(cat "$work/out")"

  # An app that prints while it loads: the JSON report stays one object.
  entry="$("$node22" -p 'const m = require("./package.json"); m.type === "module" ? m.exports : "./index.js"')"
  sed -i '1i console.log("loading the app");' "$entry"
  code="$(checks "$node22" --format json)"
  expect_code 1 "$code" "$name printing while loading"
  json_holds "report.results.some((r) => r.id === 'D021')" "$name printing while loading"
  grep -q 'loading the app' "$work/err" || fail "$name: what the app printed is lost"
  echo "an app that prints while loading: --format json parses; its line on stderr"
  sed -i '1d' "$entry"

  break_app 'N' 'Triggers when a thing is added.'
  code="$(checks "$node22")"
  expect_code 1 "$code" "$name schema error"
  grep -q 'App.triggers.new_thing.display.label' "$work/out" || fail "$name: the schema error is not named: $(cat "$work/out")"
  echo "schema error: exit 1; $(grep -m1 '^✖' "$work/out")"
  cd "$work"
done

# --live on a scratch app whose API is a stand-in on 127.0.0.1 with known
# faults (packages/zapier-publishing-checks/test/live-stand-in.js): each
# live-data check decided, a create never run, a call that never answers
# given up at 30 s, a refused key named, an expired OAuth2 token refreshed
# and the rotated one appended to .env; no credential printed.
echo
echo "==> --live on $work/live, its API a stand-in with known faults"
stand_in_js="$package/test/live-stand-in.js"
live="$work/live"
cp -a "$work/cjs" "$live"
cd "$live"
"$node22" "$stand_in_js" app "$live" key hang
"$node22" "$stand_in_js" serve refresh-ci-0b1c2d3e >"$work/stand-in.log" 2>&1 &
stand_in=$!
trap 'kill "$stand_in" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do
  grep -q '^http://127.0.0.1:' "$work/stand-in.log" && break
  sleep 0.1
done
api="$(head -1 "$work/stand-in.log")"
case "$api" in http://127.0.0.1:*) ;; *) fail "the stand-in did not start: $(cat "$work/stand-in.log")" ;; esac
api_key="$("$node22" -p 'require(process.argv[1]).API_KEY' "$stand_in_js")"
printf '%s\n' "BASE_URL=$api" "authData_api_key=$api_key" >.env
live_args=(--live --skip-schema --format json --delivery new_order=delivery.json --input find_contact=search.json)
code="$(checks "$node22" "${live_args[@]}")"
expect_code 1 "$code" "--live on the faults"
json_holds "report.verdict.push.verdict === 'allowed' && report.verdict.promotion.verdict === 'blocked' && ['T002', 'T004', 'T005', 'T006', 'Z001'].every((id) => report.verdict.promotion.publishingTasks.includes(id))" "--live on the faults: the verdict"
finding() { echo "report.results.some((r) => r.id === '$1' && r.status === '$2' && r.step === '$3' && $4)"; }
json_holds "$(finding T002 publishing-task triggers.new_contact "r.message.includes('return \"id\"')")" "--live T002"
json_holds "$(finding T003 warning triggers.new_contact "r.field === 'created_at'")" "--live T003"
json_holds "$(finding T004 publishing-task triggers.new_contact "r.message.includes('\"vip\"')")" "--live T004"
json_holds "$(finding T005 publishing-task triggers.new_contact "r.field === 'score'")" "--live T005"
json_holds "$(finding Z001 publishing-task triggers.new_order "r.field === 'total'")" "--live Z001"
json_holds "$(finding T006 publishing-task triggers.new_order "r.message.includes('\"internal_note\"')")" "--live T006"
json_holds "$(finding T005 deferred triggers.new_event "r.message.includes('did not answer within 30 s')")" "--live, an API that never answers"
json_holds "$(finding T004 deferred creates.add_contact "r.message.includes('a create never runs live')")" "--live, a create"
if grep -v '^GET ' "$work/stand-in.log" | grep -q '^[A-Z]* /'; then fail "--live sent more than GETs: $(cat "$work/stand-in.log")"; fi
if grep -q "$api_key" "$work/out" "$work/err"; then fail "--live printed the API key"; fi
echo "faults: exit 1; $(json_value 'report.results.filter((r) => ["T002","T003","T004","T005","T006","Z001"].includes(r.id) && r.status !== "pass").map((r) => `${r.id} ${r.status} ${r.step}`).join(", ")')"

printf '%s\n' "BASE_URL=$api" "authData_api_key=wrong-key-9f8e7d6c" >.env
code="$(checks "$node22" "${live_args[@]}")"
json_holds "$(finding T005 deferred triggers.new_contact "r.message.includes('the API refused the connection in .env (authData_api_key): 401 invalid API key')")" "--live, a refused key"
json_holds "report.verdict.promotion.connection !== null && report.verdict.promotion.connection.includes('401 invalid API key')" "--live, a refused key: the verdict names the connection"
if grep -q 'wrong-key-9f8e7d6c' "$work/out" "$work/err"; then fail "--live printed the refused key"; fi
echo "a refused key: exit $code; $(json_value 'report.results.find((r) => r.id === "T005" && r.step === "triggers.new_contact").message')"

"$node22" "$stand_in_js" app "$live" oauth2
printf '%s\n' "BASE_URL=$api" "authData_access_token=expired-4a5b6c7d" "authData_refresh_token=refresh-ci-0b1c2d3e" >.env
code="$(checks "$node22" "${live_args[@]}")"
expect_code 1 "$code" "--live on an expired OAuth2 token"
json_holds "$(finding T002 publishing-task triggers.new_contact true)" "--live after a refresh"
grep -q 'the connection was refreshed; authData_access_token, authData_refresh_token appended to .env' "$work/err" ||
  fail "--live: no word of the refresh: $(cat "$work/err")"
rotated="$(grep '^authData_refresh_token=' .env | tail -1)"
[ "$rotated" != "authData_refresh_token=refresh-ci-0b1c2d3e" ] || fail "--live: the rotated refresh token is not in .env"
if grep -q "${rotated#authData_refresh_token=}" "$work/out" "$work/err"; then fail "--live printed the new refresh token"; fi
echo "an expired OAuth2 token: exit 1; $(tail -1 "$work/err")"
kill "$stand_in" && wait "$stand_in" || true

# --fix from the tarball: a CommonJS app fixed in its index.js, a TypeScript
# app in its src/ (its dist/ left alone, built again by the app), each on a
# copy; nothing in node_modules written; a second --fix changes nothing.
echo
echo "==> --fix"
fixed_once() {
  local what="$1"
  touch "$work/fix-marker"
  code="$(checks "$node22" --skip-schema --fix --format json)"
  grep -q '^zapier-publishing-checks: 2 findings fixed in 1 file' "$work/err" || fail "$what --fix: $(cat "$work/err")"
  fix_said="$(head -1 "$work/err")"
  [ -z "$(find -L node_modules -newer "$work/fix-marker" -print -quit 2>/dev/null)" ] || fail "$what: --fix wrote in node_modules"
}
cp -a "$work/cjs" "$work/cjs-fix"
cd "$work/cjs-fix"
break_app 'new thing' 'Fires when a thing is added'
code="$(checks "$node22" --skip-schema --format sarif --output-file "$work/sarif/fix.sarif")"
"$node22" "$sarif_check" "$work/sarif/fix.sarif" "$sarif_schema" >"$work/out" || fail "cjs fix: SARIF: $(cat "$work/out")"
grep -q '"insertedContent"' "$work/sarif/fix.sarif" || fail "cjs fix: no fixes in the SARIF report"
echo "--format sarif with fixes: $(cat "$work/out")"
before="$(sha256sum index.js)"
code="$(checks "$node22" --skip-schema --fix-dry-run)"
grep -q "^+ *display: { label: 'New Thing', description: 'Triggers when a thing is added.' },$" "$work/out" ||
  fail "cjs --fix-dry-run: no such diff: $(cat "$work/out")"
[ "$(sha256sum index.js)" = "$before" ] || fail "cjs --fix-dry-run wrote index.js"
echo "cjs --fix-dry-run: $(grep -c '^[-+] ' "$work/out") lines changed, nothing written"
fixed_once cjs
json_holds "!report.results.some((r) => ['D018', 'D021'].includes(r.id) && r.status !== 'pass')" "cjs --fix: D018 and D021 left"
grep -q "label: 'New Thing', description: 'Triggers when a thing is added.'" index.js || fail "cjs --fix: index.js not fixed"
code="$(checks "$node22" --skip-schema --fix)"
grep -q '^zapier-publishing-checks: 0 findings fixed in 0 files' "$work/err" || fail "cjs second --fix: $(cat "$work/err")"
echo "cjs --fix: $fix_said; checked again: D018 and D021 pass; a second --fix: 0 fixed"

cp -a "$work/ts" "$work/ts-fix"
cd "$work/ts-fix"
mkdir -p src/triggers
printf '%s\n' 'export default {' "  key: 'new_thing'," "  noun: 'Thing'," \
  "  display: { label: 'new thing', description: 'Fires when a thing is added' }, // shown in the editor" \
  "  operation: { perform: async () => [{ id: '1' }], sample: { id: '1' } }," '};' >src/triggers/thing.ts
sed -i "1i import thing from './triggers/thing.js';" src/index.ts
sed -i 's/^  triggers: {},$/  triggers: { [thing.key]: thing },/' src/index.ts
bounded 120 "$node22" "$root/node_modules/typescript/bin/tsc" -p tsconfig.json
built="$(find dist -type f -exec sha256sum {} + | sort)"
fixed_once ts
grep -q 'build the app again' "$work/err" || fail "ts --fix: no word of building again: $(cat "$work/err")"
grep -q "display: { label: 'New Thing', description: 'Triggers when a thing is added.' }, // shown in the editor" src/triggers/thing.ts ||
  fail "ts --fix: src/triggers/thing.ts not fixed: $(cat src/triggers/thing.ts)"
[ "$(find dist -type f -exec sha256sum {} + | sort)" = "$built" ] || fail "ts --fix wrote in dist/"
bounded 120 "$node22" "$root/node_modules/typescript/bin/tsc" -p tsconfig.json
code="$(checks "$node22" --skip-schema --format json)"
json_holds "!report.results.some((r) => ['D018', 'D021'].includes(r.id) && r.status !== 'pass')" "ts --fix, built again: D018 and D021 left"
echo "ts --fix: $fix_said; built again: D018 and D021 pass"
cd "$work"

echo
echo "the packed package ran in ${#apps[@]} scratch apps on Node.js $(for n in "${nodes[@]}"; do "$n" --version; done | paste -sd' ')"
