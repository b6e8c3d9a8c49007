/** The app's name as a user reads it: its listing's title, else its package.json's name. */
import type { RuleInput } from '../input';
import { isRecord } from './definition';

/** The app's name as its package.json gives it ("crowdin", "@acme/zapier-app"), or ''. */
function packageNameOf(sources: RuleInput['sources']): string {
  const text = sources.find((source) => source.path === 'package.json')?.text;
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    return isRecord(parsed) && typeof parsed.name === 'string' ? parsed.name : '';
  } catch {
    return '';
  }
}

export const appNameOf = (input: RuleInput) =>
  input.listing.found ? input.listing.listing.title : packageNameOf(input.sources);
