/**
 * The app's directory listing: its title and the description Zapier shows in
 * the app directory, kept in one JSON file (`listing.json`) and checked as M002.
 */
import { readFileSync } from 'node:fs';

import { isRecord } from './definition';
import { messageOf } from './messages';

export interface Listing {
  title: string;
  description: string;
}

export type ListingRead =
  | { found: true; path: string; listing: Listing }
  /** `missing`: there is no such file (the app keeps its listing elsewhere, or nowhere yet). */
  | { found: false; path: string; problem: string; missing: boolean };

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
