/**
 * A fragment: a change to the valid app written as data, as the rules'
 * pages show them. Its definition is merged into the app's (an object merges
 * key by key, a list or a value replaces, null removes the key); its files
 * of code join the app's; its listing replaces the app's; its run items
 * replace those of the same step and method.
 */
import type { Item, RunMethod, SourceFile } from '../src/input';
import { parseListing } from '../src/read/listing';
import { isRecord } from '../src/shared/definition';
import type { TestInput } from './rule-tester';

export interface Fragment {
  definition?: Record<string, unknown>;
  sources?: SourceFile[];
  /** The listing file's text. */
  listing?: string;
  runs?: { step: string; method: RunMethod; items: Item[] }[];
}

/** `change` merged into `base`: objects key by key, anything else replaces, null removes. */
export function merged(base: unknown, change: unknown): unknown {
  if (!isRecord(base) || !isRecord(change)) {
    return structuredClone(change);
  }
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) {
      delete result[key];
    } else {
      result[key] = merged(base[key], value);
    }
  }
  return result;
}

export function applyFragment(input: TestInput, fragment: Fragment): TestInput {
  const runs = input.runs.map((run) => {
    const replaced = fragment.runs?.find(
      (each) => each.step === run.path && each.method === run.method,
    );
    return replaced === undefined
      ? run
      : { ...run, outcome: { kind: 'items' as const, items: replaced.items } };
  });
  for (const each of fragment.runs ?? []) {
    if (!runs.some((run) => run.path === each.step && run.method === each.method)) {
      runs.push({
        path: each.step,
        method: each.method,
        outcome: { kind: 'items', items: each.items },
      });
    }
  }
  return {
    definition:
      fragment.definition === undefined
        ? input.definition
        : (merged(input.definition, fragment.definition) as TestInput['definition']),
    listing:
      fragment.listing === undefined
        ? input.listing
        : parseListing(fragment.listing, 'listing.json'),
    runs,
    sources: [...input.sources, ...(fragment.sources ?? [])],
  };
}
