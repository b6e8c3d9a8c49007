/** The connection: credential help (D002), the connection label (D003), domain fields (D026). */
import type { FieldDefinition } from '../definition';
import { isFunctionReference, isRecord, staticFields } from '../definition';
import type { Check, Finding } from './check';
import { failure, warning } from './check';
import { asksForCredential, wordsOf } from './input-fields';

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

export const D002: Check = {
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
/** A template variable naming a secret: `{{bundle.authData.access_token}}`, `{{api_key}}`, … */
const SECRET_IN_TEMPLATE =
  /{{\s*[\w.]*?(access_token|refresh_token|api_?key|password|passwd|secret|token|jwt)\w*\s*}}/i;

export const D003: Check = {
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
      return [
        warning(
          'authentication.connectionLabel is computed (function or request): check on a connection that it names the account and shows no secret',
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
    if (!label.includes('{{')) {
      findings.push(
        failure(
          `authentication.connectionLabel "${label}" is the same for every account: build it from the test's answer, e.g. "{{email}}"`,
        ),
      );
    }
    if (label.length > MAX_LABEL_LENGTH) {
      findings.push(
        failure(
          `authentication.connectionLabel: shorten it to ${MAX_LABEL_LENGTH} characters (it has ${label.length})`,
        ),
      );
    }
    return findings;
  },
};

const DOMAIN_WORDS = /domain|subdomain|host|instance|url|site/i;

export const D026: Check = {
  id: 'D026',
  requirement:
    'auth fields holding a domain or subdomain are validated in code before use in URLs',
  run(input): Finding[] {
    return authFields(input)
      .filter(
        (field) =>
          field.inputFormat !== undefined ||
          DOMAIN_WORDS.test(field.key ?? '') ||
          DOMAIN_WORDS.test(field.label ?? ''),
      )
      .map((field) =>
        warning(
          `authentication field ${field.key ?? '?'} holds a domain: make sure the code validates it (e.g. ^[a-z0-9-]+$) before building URLs; this needs a code review`,
        ),
      );
  },
};
