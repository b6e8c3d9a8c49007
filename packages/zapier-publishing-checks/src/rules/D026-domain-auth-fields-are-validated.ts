import type { RuleInput } from '../input';
import { defineRule, zapierReference } from '../rule';
import { asksForCredential } from '../shared/credentials';
import type { FieldDefinition } from '../shared/definition';
import { authFieldsOf, isRecord } from '../shared/definition';
import { requestsInCode } from '../shared/requests-in-code';
import { singular, wordsOf } from '../shared/words';

/** The words of a field that holds an address or a part of one. */
const DOMAIN_WORDS = new Set(
  'domain subdomain host hostname instance url uri site website server endpoint'.split(
    ' ',
  ),
);

const wordsOfField = (field: FieldDefinition) =>
  [field.key ?? '', field.label ?? ''].flatMap(wordsOf).map(singular);

/** Fields whose value becomes part of an address: named so, or shaped by `inputFormat`. */
const holdsADomain = (field: FieldDefinition) =>
  field.inputFormat !== undefined ||
  wordsOfField(field).some((word) => DOMAIN_WORDS.has(word));

/**
 * A field whose value the user types and which is no secret: an account ID,
 * a region. A credential goes into requests by design; a choice of fixed
 * values cannot point them anywhere else.
 */
const typedNonSecret = (field: FieldDefinition) =>
  field.computed !== true &&
  !asksForCredential(field) &&
  !(Array.isArray(field.choices) && field.choices.length > 0) &&
  !(isRecord(field.choices) && Object.keys(field.choices).length > 0);

/** Help text that says the address goes in without its scheme: "Do not include the https". */
const WITHOUT_SCHEME =
  /\b(?:without|no|not include|don't include|omit|exclude|leave out)\b[^.]*\bhttps?\b/i;

type Holds = 'a URL' | 'a host' | 'a subdomain';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What the field holds, from where its value sits in an address the app
 * builds: before a dot after the scheme (`https://${subdomain}.example.org`)
 * a subdomain; alone after the scheme (`https://${host}/api`) a host name.
 * Else from its name: a URL, URI or endpoint is a whole address (a host name
 * if its help text says to leave the scheme out); a domain or host a host
 * name; the rest a subdomain.
 */
function whatItHolds(field: FieldDefinition, input: RuleInput): Holds {
  const key = escapeRegExp(field.key ?? '');
  const afterScheme = new RegExp(
    `https?://(?:{{\\s*bundle\\.\\w+\\.${key}\\s*}}|\\$\\{[^}]*\\b${key}\\b[^}]*\\})(\\.)?`,
  );
  for (const text of [
    JSON.stringify(input.definition),
    ...input.sources.map((source) => source.text),
  ]) {
    const use = afterScheme.exec(text);
    if (use !== null) {
      return use[1] === '.' ? 'a subdomain' : 'a host';
    }
  }
  const words = wordsOfField(field);
  if (words.some((word) => ['url', 'uri', 'endpoint', 'website'].includes(word))) {
    return WITHOUT_SCHEME.test(field.helpText ?? '') ? 'a host' : 'a URL';
  }
  return words.some((word) =>
    ['domain', 'host', 'hostname', 'server', 'site'].includes(word),
  )
    ? 'a host'
    : 'a subdomain';
}

/** The fix for what the field holds: each of the other checks would refuse every right value. */
const HOW_TO_VALIDATE: Record<Holds, string> = {
  'a URL':
    "parse it with new URL(…) and refuse it unless its protocol is 'https:', before building URLs",
  'a host':
    'validate it, e.g. /^[a-z0-9-]+(\\.[a-z0-9-]+)+$/i.test(…) for a host name, before building URLs',
  'a subdomain':
    'validate it, e.g. /^[a-z0-9-]+$/i.test(…) for a subdomain, before building URLs',
};

/**
 * Where the code reads the field: `authData.key`, `authData['key']`,
 * `{{bundle.authData.key}}`; and `inputData.key`, as the auth fields arrive
 * while the connection is made (OAuth's authorizeUrl and token requests).
 */
function referencesTo(key: string): RegExp {
  const name = escapeRegExp(key);
  return new RegExp(
    `(?:authData|inputData)\\??(?:\\.${name}\\b|\\.?\\[\\s*['"\`]${name}['"\`]\\s*\\])`,
  );
}

/**
 * What checks a value before it goes into a URL: a regular expression test or
 * match, a URL parse (`new URL()`, `URL.canParse`), or a function named for
 * validating. Read within the lines around a use of the field.
 */
const VALIDATION =
  /\.test\(|\.match\(|\.search\(|new URL\(|URL\.canParse\(|\bvalidat\w*\(|\bsanitiz\w*\(|\bis(?:Valid)?(?:Url|URL|Domain|Host)\w*\(/;
const NEAR_LINES = 12;

type Use = 'validated' | 'unvalidated' | 'unused';

/** The names the value goes by on a line that reads it: the key, and what it is assigned to (`const host = …authData.host`). */
function namesOfValue(key: string, line: string): string[] {
  const assigned = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=/.exec(line)?.[1];
  return assigned === undefined ? [key] : [key, assigned];
}

/** A read of the field in a file: the line it is on, and the names its value goes by there. */
interface Read {
  line: number;
  names: string[];
}

/**
 * An object pattern that takes values apart: `{ … } = <bundle, authData or
 * inputData …>` (a declaration or assignment), or a function's last
 * parameter, `{ … }) =>`, `{ … }) {` (a TypeScript type after it too). Its
 * body may span lines; nested patterns are not read.
 */
const OBJECT_PATTERN =
  /\{([^{}]*)\}\s*(?:=(?![=>])\s*[^;\n]*\b(?:bundle|authData|inputData)\b|(?::\s*[\w$.<>[\]| ]+)?\)\s*(?:=>|\{|:))/g;

/**
 * Where the code takes the field out of an object by name:
 * `const { subdomain } = bundle.authData`, `(z, { adminApiUrl: url }) =>`;
 * the value goes by the key, or by the name after its colon.
 */
function destructuredReads(key: string, text: string): Read[] {
  const property = new RegExp(
    `^\\s*${escapeRegExp(key)}\\s*(?::\\s*([A-Za-z_$][\\w$]*))?\\s*(?:=[^,]*)?$`,
  );
  const reads: Read[] = [];
  for (const pattern of text.matchAll(OBJECT_PATTERN)) {
    const body = pattern[1]!;
    let offset = pattern.index + 1;
    for (const part of body.split(',')) {
      const found = property.exec(part.replace(/\s+$/, ''));
      if (found !== null) {
        const at = offset + part.search(/\S/);
        reads.push({
          line: text.slice(0, at).split('\n').length - 1,
          names: found[1] === undefined ? [key] : [key, found[1]],
        });
      }
      offset += part.length + 1;
    }
  }
  return reads;
}

/** Each read of the field in a file: by its path (`authData.key`), or taken apart by name. */
function readsIn(key: string, text: string, lines: readonly string[]): Read[] {
  const reference = referencesTo(key);
  const byPath = lines.flatMap((line, index) =>
    reference.test(line) ? [{ line: index, names: namesOfValue(key, line) }] : [],
  );
  return [...byPath, ...destructuredReads(key, text)];
}

/**
 * How the code uses the field: validated where, within the lines around a
 * read of it, a check (VALIDATION) is made of the value itself (its key or
 * the name it was given there); a check of something else nearby validates
 * nothing.
 */
function useOf(key: string, input: RuleInput): Use {
  let used = referencesTo(key).test(JSON.stringify(input.definition));
  for (const source of input.sources) {
    const lines = source.text.split('\n');
    for (const read of readsIn(key, source.text, lines)) {
      used = true;
      const names = read.names.map(
        (name) => new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`),
      );
      const checked = lines
        .slice(Math.max(0, read.line - NEAR_LINES), read.line + NEAR_LINES + 1)
        .some((near) => VALIDATION.test(near) && names.some((name) => name.test(near)));
      if (checked) {
        return 'validated';
      }
    }
  }
  return used ? 'unvalidated' : 'unused';
}

/** `url`, `params` and `headers` properties anywhere in the definition (the connection label is none). */
function* addressesIn(value: unknown): Generator<string> {
  if (Array.isArray(value)) {
    for (const element of value) {
      yield* addressesIn(element);
    }
  } else if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (['url', 'headers', 'params'].includes(key) || key.endsWith('Url')) {
        yield JSON.stringify(child);
      } else if (key !== 'connectionLabel') {
        yield* addressesIn(child);
      }
    }
  }
}

/** A line that sets a request's address, query or headers: `request.headers.x = …`, `request.params.x = …`, `url = …`, an http address. */
const ADDRESSING_LINE = /\b(?:headers|params)\s*(?:\.|\[)|\burl\s*[:=]|https?:\/\//i;

/** Whether the field's value goes into a request's address or headers, in the definition or the code. */
function goesIntoAddresses(key: string, input: RuleInput): boolean {
  const reference = referencesTo(key);
  return (
    Array.from(addressesIn(input.definition)).some((text) => reference.test(text)) ||
    requestsInCode(input.sources).some((call) => reference.test(call.address)) ||
    input.sources.some((source) =>
      source.text
        .split('\n')
        .some((line) => reference.test(line) && ADDRESSING_LINE.test(line)),
    )
  );
}

export default defineRule({
  meta: {
    id: 'D026',
    name: 'domain-auth-fields-are-validated',
    category: 'warning',
    categoryEvidence: 'nomba 54769a4: a general warning',
    requirement:
      'auth fields holding a domain, or a typed value that goes into request addresses or headers, are validated in code',
    url: zapierReference('D026'),
    needs: ['definition', 'sources'],
    messages: {
      unvalidated: 'it holds %{holds}, and the code uses it with no check nearby: %{fix}',
      intoRequests:
        'its value goes into request addresses, queries or headers with no check nearby: validate it (e.g. /^[\\w-]+$/.test(…) for an ID) before it is used',
      unused:
        "it holds %{holds}, but its use was not found in the app's code; check that the code validates it before building URLs",
    },
  },
  check(input, report) {
    for (const { field, place } of authFieldsOf(input.definition)) {
      const key = field.key ?? '?';
      if (holdsADomain(field)) {
        const use = useOf(key, input);
        if (use === 'unvalidated') {
          const holds = whatItHolds(field, input);
          report(place, 'unvalidated', { holds, fix: HOW_TO_VALIDATE[holds] });
        } else if (use === 'unused') {
          report.deferred(place, 'unused', { holds: whatItHolds(field, input) });
        }
      } else if (
        typedNonSecret(field) &&
        goesIntoAddresses(key, input) &&
        useOf(key, input) !== 'validated'
      ) {
        report(place, 'intoRequests');
      }
    }
  },
});
