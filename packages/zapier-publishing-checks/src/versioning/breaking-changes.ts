/**
 * What changed between the previous public version's definition and this
 * one, as the rules of docs/rules.md name it: one change per step, field or
 * key, each naming its rule. Additions are listed apart: they need no new
 * major, only a minor by Zapier's numbering advice.
 */
import type { AppDefinition, FieldDefinition, Step } from '../definition';
import {
  isFunctionReference,
  isHookTrigger,
  isRecord,
  staticFields,
  stepsOf,
} from '../definition';
import { schemaNarrowings } from './json-schema';
import type { RuleId } from './rules';

export interface VersionChange {
  rule: RuleId;
  /** Where, e.g. `triggers.new_lead, input field page`. */
  where: string;
  /** What changed, and what to do instead. */
  change: string;
  /** It may not be a change: a function computes the new list, unknown offline. */
  undecided?: boolean;
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
  removed: RuleId;
  renamed: RuleId;
  /** Rule for an added required field without a default. */
  addedRequired: RuleId;
  typeChanged: RuleId;
  /** Rule for an optional field made required without a default (inputs only). */
  madeRequired?: RuleId;
  /** Whether the fields belong to a step Zap templates use (C002). */
  templates: boolean;
  /** Who loses a removed field's value, for the line. */
  users: string;
  /** Who holds no value for a newly required field. */
  holders: string;
}

function fieldChanges(
  where: string,
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
  const undecided = computedByFunction(afterList);
  for (const key of removed) {
    const renamedTo = renames.get(key);
    const at = `${where}, field ${key}`;
    if (renamedTo !== undefined) {
      changes.push({
        rule: rules.renamed,
        where: at,
        change: `renamed to ${renamedTo} (same label): Zapier sees ${key} removed and ${rules.users} lose its value; keep the key ${key} (the request may name it anything), or raise the major`,
      });
    } else if (undecided) {
      changes.push({
        rule: rules.removed,
        where: at,
        change: `no longer written out; it may come from the function that computes the fields: if it does not, ${rules.users} lose its value`,
        undecided: true,
      });
    } else {
      changes.push({
        rule: rules.removed,
        where: at,
        change: `removed: ${rules.users} lose its value; keep the field (the code may ignore it), or raise the major`,
      });
    }
    if (rules.templates && !undecided) {
      changes.push({
        rule: 'C002',
        where: at,
        change: `${renamedTo === undefined ? 'removed' : `renamed to ${renamedTo}`}: Zap templates that fill it lose its value`,
      });
    }
  }
  for (const [key, now] of after) {
    const old = before.get(key);
    if (old === undefined) {
      if (
        now.required === true &&
        !hasDefault(now) &&
        now.computed !== true &&
        ![...renames.values()].includes(key)
      ) {
        changes.push({
          rule: rules.addedRequired,
          where: `${where}, field ${key}`,
          change: `added as required without a default: ${rules.holders} have no value for it and fail; make it optional, or give it a default, or raise the major`,
        });
      }
      continue;
    }
    if (typeOf(old) !== typeOf(now)) {
      changes.push({
        rule: rules.typeChanged,
        where: `${where}, field ${key}`,
        change: `type ${typeOf(old)} became ${typeOf(now)}: values saved in existing Zaps may not fit; keep the type, or raise the major`,
      });
    }
    if (
      rules.madeRequired !== undefined &&
      old.required !== true &&
      now.required === true &&
      !hasDefault(now)
    ) {
      changes.push({
        rule: rules.madeRequired,
        where: `${where}, field ${key}`,
        change: `optional before, now required without a default: Zaps that left it empty fail; keep it optional, give it a default, or raise the major`,
      });
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
        changes.push({
          rule: 'json-schema',
          where: `${where}, field ${key}`,
          change: `its JSON schema narrowed (${narrowing}): a value existing Zaps send may be refused; keep the schema as wide, or raise the major`,
        });
      }
    }
  }
  return {
    changes,
    additions: added
      .filter((key) => ![...renames.values()].includes(key))
      .map((key) => `${where}, field ${key}`),
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
  const where = before.path;
  if (isVisible(before) && !isVisible(after)) {
    changes.push({
      rule: 'C001',
      where,
      change:
        'hidden: Zap templates built on it stop working (existing Zaps keep running)',
    });
  }
  if (before.kind === 'trigger' && isHookTrigger(before) !== isHookTrigger(after)) {
    const kind = (step: Step) => (isHookTrigger(step) ? 'hook' : 'polling');
    changes.push({
      rule: 'trigger-type',
      where,
      change: `a ${kind(before)} trigger became a ${kind(after)} trigger: existing Zaps were set up for the other kind and stop; add the ${kind(after)} trigger under a new key and hide this one, or raise the major`,
    });
  }
  const inputs = fieldChanges(
    where,
    before.definition.operation?.inputFields,
    after.definition.operation?.inputFields,
    {
      removed: 'removed-input-field',
      renamed: 'renamed-input-field',
      addedRequired: 'new-required-field',
      typeChanged: 'input-field-type',
      madeRequired: 'newly-required-field',
      templates: isVisible(before),
      users: 'existing Zaps that fill it',
      holders: 'existing Zaps',
    },
  );
  changes.push(...inputs.changes);
  const outputsBefore = fieldsByKey(before.definition.operation?.outputFields);
  const outputsAfter = fieldsByKey(after.definition.operation?.outputFields);
  const outputsComputed = computedByFunction(after.definition.operation?.outputFields);
  const returned = returnedKeys(after.definition.operation?.sample, outputsAfter.keys());
  for (const key of outputsBefore.keys()) {
    if (!returned.has(flatKey(key))) {
      changes.push({
        rule: 'removed-output-field',
        where: `${where}, output field ${key}`,
        change: outputsComputed
          ? 'no longer written out; it may come from the function that computes the output fields: if the step no longer returns it, Zaps that map it get nothing'
          : 'removed: later steps of existing Zaps that map it get nothing; keep returning and declaring it, or raise the major',
        ...(outputsComputed ? { undecided: true } : {}),
      });
    }
  }
  if (isVisible(before)) {
    for (const key of removedSampleKeys(
      before.definition.operation?.sample,
      after.definition.operation?.sample,
    )) {
      changes.push({
        rule: 'C003',
        where: `${where}, sample key ${key}`,
        change: 'removed or renamed: Zap templates that map it lose its value',
      });
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
      {
        rule: 'auth-type',
        where: 'authentication',
        change: `type ${oldType} became ${newType}: every connected account must connect again and existing Zaps stop (its fields are not compared); keep ${oldType}, or raise the major`,
      },
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
      users: 'connected accounts that hold it',
      holders: 'connected accounts',
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
    changes.push(
      renamedTo === undefined
        ? {
            rule: 'removed-step',
            where: step.path,
            change:
              'removed: existing Zaps that use it stop; hide it instead (display.hidden), or raise the major',
          }
        : {
            rule: 'renamed-step',
            where: step.path,
            change: `renamed to ${renamedTo} (same label): Zapier sees ${step.key} removed and existing Zaps that use it stop; keep the key (hide it and add the new one beside it), or raise the major`,
          },
    );
    if (isVisible(step)) {
      changes.push({
        rule: 'C001',
        where: step.path,
        change: `${renamedTo === undefined ? 'removed' : `renamed to ${renamedTo}`}: Zap templates built on it stop working`,
      });
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
      changes.push({
        rule: 'removed-search-or-create',
        where: `searchOrCreates.${key}`,
        change: 'removed: existing Zaps that use it stop; keep it, or raise the major',
      });
    }
  }
  additions.push(
    ...[...searchOrCreatesAfter]
      .filter((key) => !searchOrCreatesBefore.has(key))
      .map((key) => `searchOrCreates.${key}`),
  );
  return { changes, additions };
}
