/**
 * What changed between the previous public version's definition and this
 * one, as the rules of docs/versioning.md name it: one change per step, field or
 * key, each naming its rule. Additions are listed apart: they need no new
 * major, only a minor by Zapier's numbering advice.
 */
import type { Place } from '../place';
import type { AppDefinition, FieldDefinition, Step } from '../shared/definition';
import {
  isFunctionReference,
  isHookTrigger,
  isRecord,
  staticFields,
  stepsOf,
} from '../shared/definition';
import { schemaNarrowings } from './json-schema';
import type { MessageOf, VersioningRuleId } from './rules';

export interface VersionChange {
  rule: VersioningRuleId;
  /** The key of the rule's message that says what changed, and what to do instead. */
  messageId: string;
  data?: Record<string, string>;
  place: Place;
}

/** A change of `rule`, said by one of its messages. */
function change<Id extends VersioningRuleId>(
  rule: Id,
  messageId: MessageOf<Id>,
  place: Place,
  data?: Record<string, string>,
): VersionChange {
  return { rule, messageId, place, ...(data === undefined ? {} : { data }) };
}

export interface Comparison {
  changes: VersionChange[];
  /** What this version adds: steps, input fields, searchOrCreates. */
  additions: string[];
}

const typeOf = (field: FieldDefinition) =>
  `${field.list === true ? 'list of ' : ''}${field.type ?? 'string'}`;

const hasDefault = (field: FieldDefinition) =>
  'default' in field &&
  (field as { default?: unknown }).default !== '' &&
  (field as { default?: unknown }).default !== undefined;

const labelOf = (label: string | undefined) => label?.trim().toLowerCase() || undefined;

/** A list's fields by key, children (line items) as `parent.child`. */
function fieldsByKey(
  fields: unknown[] | undefined,
  prefix = '',
): Map<string, FieldDefinition> {
  const found = new Map<string, FieldDefinition>();
  for (const field of staticFields(fields)) {
    if (typeof field.key !== 'string') {
      continue;
    }
    found.set(`${prefix}${field.key}`, field);
    if (Array.isArray(field.children)) {
      for (const [key, child] of fieldsByKey(field.children, `${prefix}${field.key}.`)) {
        found.set(key, child);
      }
    }
  }
  return found;
}

const computedByFunction = (fields: unknown[] | undefined) =>
  (fields ?? []).some(isFunctionReference);

/** Removed keys paired with added keys of the same label: renames, one to one. */
function renamesOf(
  removed: string[],
  added: string[],
  labelOfKey: (key: string, side: 'before' | 'after') => string | undefined,
): Map<string, string> {
  const renames = new Map<string, string>();
  const free = new Set(added);
  for (const key of removed) {
    const label = labelOfKey(key, 'before');
    const match = [...free].find(
      (candidate) => label !== undefined && labelOfKey(candidate, 'after') === label,
    );
    if (match !== undefined) {
      renames.set(key, match);
      free.delete(match);
    }
  }
  return renames;
}

interface FieldRules {
  removed: 'removed-input-field' | 'auth-field';
  renamed: 'renamed-input-field' | 'renamed-auth-field';
  /** Rule for an added required field without a default. */
  addedRequired: 'new-required-field' | 'auth-field';
  typeChanged: 'input-field-type' | 'auth-field';
  /** Rule for an optional field made required without a default (inputs only). */
  madeRequired?: 'newly-required-field';
  /** Whether the fields belong to a step Zap templates use (C002). */
  templates: boolean;
}

function fieldChanges(
  step: string,
  beforeList: unknown[] | undefined,
  afterList: unknown[] | undefined,
  rules: FieldRules,
): Comparison {
  const before = fieldsByKey(beforeList);
  const after = fieldsByKey(afterList);
  const changes: VersionChange[] = [];
  const removed = [...before.keys()].filter((key) => !after.has(key));
  const added = [...after.keys()].filter((key) => !before.has(key));
  const renames = renamesOf(removed, added, (key, side) =>
    labelOf((side === 'before' ? before : after).get(key)?.label),
  );
  // Zapier compares the definitions' static keys: a field a function now
  // computes is a removed key to it, whatever the function gives.
  const computed = computedByFunction(afterList);
  for (const key of removed) {
    const renamedTo = renames.get(key);
    const at = { step, field: key };
    if (renamedTo !== undefined) {
      changes.push(change(rules.renamed, 'renamed', at, { to: renamedTo, key }));
    } else {
      changes.push(change(rules.removed, computed ? 'movedToFunction' : 'removed', at));
    }
    if (rules.templates) {
      changes.push(
        renamedTo === undefined
          ? change('C002', 'removed', at)
          : change('C002', 'renamed', at, { to: renamedTo }),
      );
    }
  }
  for (const [key, now] of after) {
    const old = before.get(key);
    const at = { step, field: key };
    if (old === undefined) {
      if (
        now.required === true &&
        !hasDefault(now) &&
        now.computed !== true &&
        ![...renames.values()].includes(key)
      ) {
        changes.push(change(rules.addedRequired, 'addedRequired', at));
      }
      continue;
    }
    if (typeOf(old) !== typeOf(now)) {
      changes.push(
        change(rules.typeChanged, 'typeChanged', at, {
          before: typeOf(old),
          after: typeOf(now),
        }),
      );
    }
    if (
      rules.madeRequired !== undefined &&
      old.required !== true &&
      now.required === true &&
      !hasDefault(now)
    ) {
      changes.push(change(rules.madeRequired, 'madeRequired', at));
    }
    const oldSchema = (old as { schema?: unknown }).schema;
    const newSchema = (now as { schema?: unknown }).schema;
    if (
      old.type === 'json' &&
      now.type === 'json' &&
      isRecord(oldSchema) &&
      isRecord(newSchema)
    ) {
      for (const narrowing of schemaNarrowings(oldSchema, newSchema)) {
        changes.push(change('json-schema', 'narrowed', at, { narrowing }));
      }
    }
  }
  return {
    changes,
    additions: added
      .filter((key) => ![...renames.values()].includes(key))
      .map((key) => `${step}, field ${key}`),
  };
}

/** Keys of a sample at every depth of objects, nested ones as `parent__child` (Zapier's naming). */
function sampleKeys(sample: unknown, prefix = ''): string[] {
  if (!isRecord(sample)) {
    return [];
  }
  return Object.entries(sample).flatMap(([key, value]) => [
    `${prefix}${key}`,
    ...sampleKeys(value, `${prefix}${key}__`),
  ]);
}

/**
 * One spelling per output key: Zapier flattens nested keys as
 * `parent__child` and line items as `parent[]child` (a list as `key[]`);
 * `parent.child` names the same key. Every separator becomes `__`, none
 * at the end.
 */
const flatKey = (key: string) => key.replace(/\[\]|\./g, '__').replace(/(?:__)+$/, '');

/** The flattened keys a step still returns: its sample's, line items' children included, and its output fields'. */
function returnedKeys(sample: unknown, outputFields: Iterable<string>): Set<string> {
  const keys = new Set([...outputFields].map(flatKey));
  const visit = (value: unknown, prefix: string) => {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (!isRecord(item)) {
        continue;
      }
      for (const [key, child] of Object.entries(item)) {
        keys.add(flatKey(`${prefix}${key}`));
        visit(child, `${prefix}${key}__`);
      }
    }
  };
  visit(sample, '');
  return keys;
}

/** Sample keys of `before` gone in `after`, a removed parent's children left out: the parent's line says it. */
function removedSampleKeys(before: unknown, after: unknown): string[] {
  const kept = new Set(sampleKeys(after));
  const removed: string[] = [];
  for (const key of sampleKeys(before)) {
    if (!kept.has(key) && !removed.some((parent) => key.startsWith(`${parent}__`))) {
      removed.push(key);
    }
  }
  return removed;
}

const isVisible = (step: Step) => step.definition.display?.hidden !== true;

function stepChanges(before: Step, after: Step): Comparison {
  const changes: VersionChange[] = [];
  const step = before.path;
  if (isVisible(before) && !isVisible(after)) {
    changes.push(change('C001', 'hidden', { step }));
  }
  if (before.kind === 'trigger' && isHookTrigger(before) !== isHookTrigger(after)) {
    const kind = (each: Step) => (isHookTrigger(each) ? 'hook' : 'polling');
    changes.push(
      change(
        'trigger-type',
        'switched',
        { step },
        { before: kind(before), after: kind(after) },
      ),
    );
  }
  const inputs = fieldChanges(
    step,
    before.definition.operation?.inputFields,
    after.definition.operation?.inputFields,
    {
      removed: 'removed-input-field',
      renamed: 'renamed-input-field',
      addedRequired: 'new-required-field',
      typeChanged: 'input-field-type',
      madeRequired: 'newly-required-field',
      templates: isVisible(before),
    },
  );
  changes.push(...inputs.changes);
  const outputsBefore = fieldsByKey(before.definition.operation?.outputFields);
  const outputsAfter = fieldsByKey(after.definition.operation?.outputFields);
  const outputsComputed = computedByFunction(after.definition.operation?.outputFields);
  const returned = returnedKeys(after.definition.operation?.sample, outputsAfter.keys());
  for (const key of outputsBefore.keys()) {
    if (!returned.has(flatKey(key))) {
      changes.push(
        change('removed-output-field', outputsComputed ? 'movedToFunction' : 'removed', {
          step,
          field: key,
        }),
      );
    }
  }
  if (isVisible(before)) {
    for (const key of removedSampleKeys(
      before.definition.operation?.sample,
      after.definition.operation?.sample,
    )) {
      changes.push(change('C003', 'removed', { step, field: key }));
    }
  }
  return { changes, additions: inputs.additions };
}

function authenticationChanges(
  before: AppDefinition,
  after: AppDefinition,
): VersionChange[] {
  const oldType = before.authentication?.type ?? 'none';
  const newType = after.authentication?.type ?? 'none';
  if (oldType !== newType) {
    return [
      change(
        'auth-type',
        'changed',
        { step: 'authentication' },
        { before: oldType, after: newType },
      ),
    ];
  }
  return fieldChanges(
    'authentication',
    before.authentication?.fields,
    after.authentication?.fields,
    {
      removed: 'auth-field',
      renamed: 'renamed-auth-field',
      addedRequired: 'auth-field',
      typeChanged: 'auth-field',
      templates: false,
    },
  ).changes;
}

/** The app's searchOrCreate keys, under that name or its alias `searchAndCreates`. */
function searchOrCreateKeys(definition: AppDefinition): Set<string> {
  const { searchAndCreates } = definition as { searchAndCreates?: unknown };
  return new Set([
    ...Object.keys(definition.searchOrCreates ?? {}),
    ...Object.keys(isRecord(searchAndCreates) ? searchAndCreates : {}),
  ]);
}

/** Every change from `before` (the previous public version) to `after`. */
export function compareDefinitions(
  before: AppDefinition,
  after: AppDefinition,
): Comparison {
  const changes: VersionChange[] = [...authenticationChanges(before, after)];
  const additions: string[] = [];
  const afterSteps = new Map(stepsOf(after).map((step) => [step.path, step]));
  const beforePaths = new Set(stepsOf(before).map((step) => step.path));
  const gone = stepsOf(before).filter((step) => !afterSteps.has(step.path));
  const newSteps = stepsOf(after).filter((step) => !beforePaths.has(step.path));
  const stepByPath = new Map([...gone, ...newSteps].map((step) => [step.path, step]));
  const renames = renamesOf(
    gone.map((step) => step.path),
    newSteps.map((step) => step.path),
    (path) => {
      const step = stepByPath.get(path);
      const label = labelOf(step?.definition.display?.label);
      return label === undefined ? undefined : `${step?.kind}:${label}`;
    },
  );
  for (const step of stepsOf(before)) {
    const now = afterSteps.get(step.path);
    if (now !== undefined) {
      const compared = stepChanges(step, now);
      changes.push(...compared.changes);
      additions.push(...compared.additions);
      continue;
    }
    const renamedTo = renames.get(step.path);
    const at = { step: step.path };
    changes.push(
      renamedTo === undefined
        ? change('removed-step', 'removed', at)
        : change('renamed-step', 'renamed', at, { to: renamedTo, key: step.key }),
    );
    if (isVisible(step)) {
      changes.push(
        renamedTo === undefined
          ? change('C001', 'removed', at)
          : change('C001', 'renamed', at, { to: renamedTo }),
      );
    }
  }
  additions.push(
    ...newSteps
      .map((step) => step.path)
      .filter((path) => ![...renames.values()].includes(path)),
  );
  const searchOrCreatesBefore = searchOrCreateKeys(before);
  const searchOrCreatesAfter = searchOrCreateKeys(after);
  for (const key of searchOrCreatesBefore) {
    if (!searchOrCreatesAfter.has(key)) {
      changes.push(
        change('removed-search-or-create', 'removed', { step: `searchOrCreates.${key}` }),
      );
    }
  }
  additions.push(
    ...[...searchOrCreatesAfter]
      .filter((key) => !searchOrCreatesBefore.has(key))
      .map((key) => `searchOrCreates.${key}`),
  );
  return { changes, additions };
}
