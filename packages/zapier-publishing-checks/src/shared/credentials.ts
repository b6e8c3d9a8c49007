/**
 * Whether a field asks for a credential, by its type, key or label: what
 * D001 keeps out of steps and D002 wants explained in authentication.
 */
import type { FieldDefinition } from './definition';
import { wordsOf } from './words';

/**
 * Words, and pairs of words, that name an authentication secret. D001 is
 * about credentials: a digital signature a document asks for is not one, so
 * "signature" counts only as a signing key or secret.
 */
const CREDENTIAL_WORDS = new Set([
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'jwt',
]);
const CREDENTIAL_PAIRS = new Set([
  'api key',
  'private key',
  'access key',
  'secret key',
  'signing key',
  'signature key',
]);
/** A token these words qualify is data, not a credential: a page token, an uploaded file's token. */
const DATA_TOKEN_QUALIFIERS = new Set([
  'page',
  'paging',
  'pagination',
  'next',
  'previous',
  'prev',
  'cursor',
  'continuation',
  'sync',
  'file',
  'upload',
  'attachment',
  'download',
  // A tokenised payment instrument: what a payment step handles.
  'card',
  'payment',
  'source',
  'instrument',
]);

/** "Page Token", `creditCardToken`: a token these words make data. */
function namesADataToken(text: string): boolean {
  const words = wordsOf(text);
  return words.some(
    (word, index) =>
      word === 'token' && DATA_TOKEN_QUALIFIERS.has(words[index - 1] ?? ''),
  );
}

/** `token` alone counts unless the field says elsewhere that its token is data. */
function namesACredential(text: string, tokenIsData: boolean): boolean {
  const words = wordsOf(text);
  return words.some((word, index) => {
    if (
      word === 'token' &&
      (tokenIsData || DATA_TOKEN_QUALIFIERS.has(words[index - 1] ?? ''))
    ) {
      return false;
    }
    return (
      CREDENTIAL_WORDS.has(word) ||
      CREDENTIAL_PAIRS.has(`${word} ${words[index + 1] ?? ''}`)
    );
  });
}

/**
 * A field where the user types a credential: by its type, key or label. Its
 * key, label and help text are read together: a field labelled "Token" whose
 * key is `creditCardToken` holds a card's token, which is data.
 */
export function asksForCredential(field: FieldDefinition): boolean {
  const tokenIsData = [field.key, field.label, field.helpText].some((text) =>
    namesADataToken(text ?? ''),
  );
  return (
    field.type === 'password' ||
    namesACredential(field.key ?? '', tokenIsData) ||
    namesACredential(field.label ?? '', tokenIsData)
  );
}
