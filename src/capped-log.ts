/**
 * A run's log stays readable and small: per kind of event, the first lines
 * one by one, then one line counting the rest. A batch of 10,000 redelivered
 * leads logs 11 lines, not 10,000.
 */
import type { ZObject } from 'zapier-platform-core';

export const MOST_LINES_PER_KIND = 10;

/** Logs the first lines, then `rest(count)` for those left out. */
export function logCapped(
  z: ZObject,
  lines: readonly string[],
  rest: (count: number) => string,
): void {
  for (const line of lines.slice(0, MOST_LINES_PER_KIND)) {
    z.console.log(line);
  }
  if (lines.length > MOST_LINES_PER_KIND) {
    z.console.log(rest(lines.length - MOST_LINES_PER_KIND));
  }
}
