/** The connection: credential help (D002), the connection label (D003), domain fields (D026). */
import type { FieldDefinition } from '../definition';
import { isFunctionReference, isRecord, staticFields } from '../definition';
import type { Check, CheckInput, Finding } from './check';
import { deferred, failure } from './check';
import { asksForCredential } from './input-fields';
import { singular, wordsOf } from '../words';

const MARKDOWN_LINK = /\[[^\]\n]+\]\((https?:\/\/|mailto:)[^\s)]+\)/;

function authFields(input: Parameters<Check['run']>[0]): FieldDefinition[] {
  return staticFields(input.definition.authentication?.fields);
}

/**
 * A password the user knows (the account's), not a key found somewhere: D002
 * is about where to find a pasted credential, which a password is not.
 */
function isAccountPassword(field: FieldDefinition): boolean {
  const words = [...wordsOf(field.key ?? ''), ...wordsOf(field.label ?? '')];
  return (
    words.some((word) => ['password', 'passwd', 'passphrase', 'pin'].includes(word)) &&
    !words.some((word) => ['api', 'apikey', 'key', 'token', 'secret'].includes(word))
  );
}

function pastedCredential(field: FieldDefinition): boolean {
  return field.computed !== true && asksForCredential(field) && !isAccountPassword(field);
}

export const credentialHelpLinksToWhereItIsFound: Check = {
  id: 'D002',
  requirement:
    'every auth field where a user pastes a credential links, in its help text, to where it is found',
  run(input): Finding[] {
    return authFields(input)
      .filter(
        (field) => pastedCredential(field) && !MARKDOWN_LINK.test(field.helpText ?? ''),
      )
      .map((field) =>
        failure(
          `authentication field ${field.key ?? '?'}: add help text with a markdown link [to the page](https://…) where the user finds it`,
        ),
      );
  },
};

const MAX_LABEL_LENGTH = 64;
const TEMPLATE_VARIABLE = /{{[^{}]*}}/g;
/** A template variable naming a secret: `{{bundle.authData.access_token}}`, `{{api_key}}`, … */
const SECRET_IN_TEMPLATE =
  /{{\s*[\w.]*?(access_token|refresh_token|api_?key|password|passwd|secret|token|jwt)\w*\s*(?:\|[^}]*)?}}/i;

/**
 * What a variable of a label names that is no account's: a plan, a count, a
 * scope, a state or a date are the same for many accounts. The last word
 * that says either decides: `plan_owner_email` names a person,
 * `user_count` a count, `plan_label` a plan.
 */
const NOT_IDENTIFYING = new Set(
  'plan tier count total scope status state date time created updated expires version type role level quota credit balance limit region locale language currency timezone'.split(
    ' ',
  ),
);
const IDENTIFYING = new Set(
  'email mail name username user login account workspace company organization org team id handle domain subdomain site host instance url shop store tenant owner'.split(
    ' ',
  ),
);

/** The variable's name inside `{{ … }}`, its filters (`| slice:0:8`) left out, as words. */
const variableWords = (variable: string) =>
  wordsOf(variable.slice(2, -2).split('|')[0] ?? '').map(singular);

const identifiesNothing = (variable: string) => {
  const deciding = variableWords(variable)
    .reverse()
    .find((word) => NOT_IDENTIFYING.has(word) || IDENTIFYING.has(word));
  return deciding !== undefined && NOT_IDENTIFYING.has(deciding);
};

export const connectionLabelIdentifiesTheAccount: Check = {
  id: 'D003',
  requirement:
    'the connection label is set, short, identifies the account and shows no secret',
  run({ definition }): Finding[] {
    const authentication = definition.authentication;
    if (authentication === undefined) {
      return [];
    }
    const label = authentication.connectionLabel;
    if (label === undefined || label === '') {
      return [
        failure(
          'authentication.connectionLabel: set it to what identifies the account, e.g. "{{email}}"',
        ),
      ];
    }
    if (isFunctionReference(label) || isRecord(label)) {
      // What the label shows is decided by code or a request on a connection.
      return [
        deferred(
          'authentication.connectionLabel',
          'it is computed (a function or a request); check on a connection that it names the account and shows no secret',
        ),
      ];
    }
    if (typeof label !== 'string') {
      return [
        failure(
          'authentication.connectionLabel: make it a string template, a function or a request',
        ),
      ];
    }
    const findings: Finding[] = [];
    if (SECRET_IN_TEMPLATE.test(label)) {
      findings.push(
        failure(
          `authentication.connectionLabel "${label}": show who is connected, never a token, key or password`,
        ),
      );
    }
    const variables = label.match(TEMPLATE_VARIABLE) ?? [];
    if (variables.length > 0 && variables.every(identifiesNothing)) {
      findings.push(
        failure(
          `authentication.connectionLabel "${label}": ${variables.join(', ')} can be the same for many accounts; name who is connected, e.g. "{{email}}"`,
        ),
      );
    }
    if (!label.includes('{{')) {
      findings.push(
        failure(
          `authentication.connectionLabel "${label}" is the same for every account: build it from the test's answer, e.g. "{{email}}"`,
        ),
      );
    }
    // A user sees the label with each {{variable}} filled in: only the text
    // around the variables is known here, and only it can make the label long.
    const fixedText = label.replace(TEMPLATE_VARIABLE, '');
    if (fixedText.length > MAX_LABEL_LENGTH) {
      findings.push(
        failure(
          `authentication.connectionLabel: shorten its text to ${MAX_LABEL_LENGTH} characters (it has ${fixedText.length} besides its variables)`,
        ),
      );
    }
    return findings;
  },
};

const DOMAIN_WORDS = /domain|subdomain|host|instance|url|site/i;

/** Fields whose value becomes part of an address: named so, or shaped by `inputFormat`. */
function holdsADomain(field: FieldDefinition): boolean {
  return (
    field.inputFormat !== undefined ||
    DOMAIN_WORDS.test(field.key ?? '') ||
    DOMAIN_WORDS.test(field.label ?? '')
  );
}

/** Help text that says the address goes in without its scheme: "Do not include the https". */
const WITHOUT_SCHEME =
  /\b(?:without|no|not include|don't include|omit|exclude|leave out)\b[^.]*\bhttps?\b/i;

type Holds = 'a URL' | 'a host' | 'a subdomain';

/**
 * What the field holds, from where its value sits in an address the app
 * builds: before a dot after the scheme (`https://${subdomain}.example.org`)
 * a subdomain; alone after the scheme (`https://${host}/api`) a host name.
 * Else from its name: a URL, URI or endpoint is a whole address (a host name
 * if its help text says to leave the scheme out); a domain or host a host
 * name; the rest a subdomain.
 */
function whatItHolds(field: FieldDefinition, input: CheckInput): Holds {
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

function useOf(key: string, input: CheckInput): Use {
  const reference = referencesTo(key);
  const definitionUses = reference.test(JSON.stringify(input.definition));
  let used = definitionUses;
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

export const domainAuthFieldsAreValidated: Check = {
  id: 'D026',
  requirement:
    'auth fields holding a domain or subdomain are validated in code before use in URLs',
  run(input): Finding[] {
    return authFields(input)
      .filter(holdsADomain)
      .flatMap((field): Finding[] => {
        const key = field.key ?? '?';
        const where = `authentication field ${key}`;
        const holds = whatItHolds(field, input);
        switch (useOf(key, input)) {
          case 'validated':
            return [];
          case 'unvalidated':
            return [
              failure(
                `${where} holds ${holds}, and the code uses it with no check nearby: ${HOW_TO_VALIDATE[holds]}`,
              ),
            ];
          case 'unused':
            return [
              deferred(
                where,
                "it holds a domain, but its use was not found in the app's code; check that the code validates it before building URLs",
              ),
            ];
        }
      });
  },
};
