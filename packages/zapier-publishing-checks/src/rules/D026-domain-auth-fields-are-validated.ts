import type { RuleInput } from '../input';
import { defineRule, zapierReference } from '../rule';
import type { FieldDefinition } from '../shared/definition';
import { authFieldsOf } from '../shared/definition';
import { singular, wordsOf } from '../shared/words';

const DOMAIN_WORDS = /domain|subdomain|host|instance|url|site/i;

/** Fields whose value becomes part of an address: named so, or shaped by `inputFormat`. */
const holdsADomain = (field: FieldDefinition) =>
  field.inputFormat !== undefined ||
  DOMAIN_WORDS.test(field.key ?? '') ||
  DOMAIN_WORDS.test(field.label ?? '');

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
  const words = [field.key ?? '', field.label ?? ''].flatMap(wordsOf).map(singular);
  if (words.some((word) => ['url', 'uri', 'endpoint'].includes(word))) {
    return WITHOUT_SCHEME.test(field.helpText ?? '') ? 'a host' : 'a URL';
  }
  return words.some((word) => ['domain', 'host', 'hostname'].includes(word))
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

function useOf(key: string, input: RuleInput): Use {
  const reference = referencesTo(key);
  let used = reference.test(JSON.stringify(input.definition));
  for (const source of input.sources) {
    const lines = source.text.split('\n');
    for (const [index, line] of lines.entries()) {
      if (!reference.test(line)) {
        continue;
      }
      used = true;
      const around = lines
        .slice(Math.max(0, index - NEAR_LINES), index + NEAR_LINES + 1)
        .join('\n');
      if (VALIDATION.test(around)) {
        return 'validated';
      }
    }
  }
  return used ? 'unvalidated' : 'unused';
}

export default defineRule({
  meta: {
    id: 'D026',
    name: 'domain-auth-fields-are-validated',
    category: 'publishing-task',
    requirement:
      'auth fields holding a domain or subdomain are validated in code before use in URLs',
    url: zapierReference('D026'),
    needs: ['definition', 'sources'],
    messages: {
      unvalidated: 'it holds %{holds}, and the code uses it with no check nearby: %{fix}',
      unused:
        "it holds a domain, but its use was not found in the app's code; check that the code validates it before building URLs",
    },
  },
  check(input, report) {
    for (const { field, place } of authFieldsOf(input.definition)) {
      if (!holdsADomain(field)) {
        continue;
      }
      const use = useOf(field.key ?? '?', input);
      if (use === 'unvalidated') {
        const holds = whatItHolds(field, input);
        report(place, 'unvalidated', { holds, fix: HOW_TO_VALIDATE[holds] });
      } else if (use === 'unused') {
        report.deferred(place, 'unused');
      }
    }
  },
});
