/**
 * The app's directory listing: its title and the description Zapier shows in
 * the app directory, kept in one JSON file (`listing.json`) and checked as M002.
 */
import { readFileSync } from 'node:fs';

import type { ListingRead } from '../input';
import { isRecord } from '../shared/definition';
import { messageOf } from '../shared/messages';

/** Reads `{ "title": …, "description": … }`; never throws, says what is wrong instead. */
export function readListing(path: string): ListingRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = messageOf(error);
    const missing = isRecord(error) && error.code === 'ENOENT';
    return { found: false, path, problem: `cannot read ${path} (${reason})`, missing };
  }
  return parseListing(text, path);
}

/** The listing in `text`, as read from `path`; never throws, says what is wrong instead. */
export function parseListing(text: string, path: string): ListingRead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = messageOf(error);
    return {
      found: false,
      path,
      problem: `${path} is not JSON (${reason})`,
      missing: false,
    };
  }
  if (
    !isRecord(parsed) ||
    typeof parsed.title !== 'string' ||
    typeof parsed.description !== 'string'
  ) {
    return {
      found: false,
      path,
      problem: `${path} must hold an object with the strings "title" and "description"`,
      missing: false,
    };
  }
  return {
    found: true,
    path,
    listing: { title: parsed.title, description: parsed.description },
  };
}
