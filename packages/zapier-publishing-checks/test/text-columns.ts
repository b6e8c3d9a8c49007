/**
 * The ID column of a whole text report: every ID padded to the longest ID
 * the report prints. A run without --quiet prints every check, so its
 * column is as wide as the longest check ID.
 */
import { RULES } from '../src/registry';

const ID_WIDTH = Math.max(...RULES.map((rule) => rule.meta.id.length));

/** An ID as the ID column of a whole report prints it. */
export const idColumn = (id: string) => id.padEnd(ID_WIDTH);
