/**
 * The app definition as the Zapier CLI builds it (core's `definition`
 * command): plain JSON, with every function replaced by a `$func$…$f$`
 * string. Typed loosely on purpose: the checks must read any app, including
 * ones that break the rules.
 */

import type { Place } from '../place';

export interface FieldDefinition {
  key?: string;
  label?: string;
  helpText?: string;
  type?: string;
  required?: boolean;
  list?: boolean;
  dict?: boolean;
  children?: unknown;
  dynamic?: string;
  search?: string;
  /** Static choices, or `{ perform }`: a dropdown filled by a function (core 19). */
  choices?: unknown;
  computed?: boolean;
  inputFormat?: string;
  primary?: boolean;
  /** An output field's example value (core 18.3+), merged into the step's sample. */
  sample?: unknown;
  default?: string;
  /** A `json` input field's JSON Schema (core 18.4+). */
  schema?: unknown;
}

export interface OperationDefinition {
  type?: string;
  perform?: unknown;
  performList?: unknown;
  performSubscribe?: unknown;
  performUnsubscribe?: unknown;
  inputFields?: unknown[];
  outputFields?: unknown[];
  sample?: unknown;
  cleanInputData?: boolean;
}

export interface DisplayDefinition {
  label?: string;
  description?: string;
  directions?: string;
  hidden?: boolean;
}

export interface StepDefinition {
  key?: string;
  noun?: string;
  display?: DisplayDefinition;
  operation?: OperationDefinition;
}

export interface SearchOrCreateDefinition {
  key?: string;
  display?: DisplayDefinition;
  search?: string;
  /** Static choices, or `{ perform }`: a dropdown filled by a function (core 19). */
  choices?: unknown;
  create?: string;
}

export interface AuthenticationDefinition {
  type?: string;
  fields?: unknown[];
  test?: unknown;
  connectionLabel?: unknown;
  oauth2Config?: Record<string, unknown>;
}

export interface AppDefinition {
  version?: string;
  platformVersion?: string;
  authentication?: AuthenticationDefinition;
  triggers?: Record<string, StepDefinition>;
  searches?: Record<string, StepDefinition>;
  creates?: Record<string, StepDefinition>;
  searchOrCreates?: Record<string, SearchOrCreateDefinition>;
  flags?: { cleanInputData?: boolean };
}

/** Where the CLI's definition has a function, it has a string like `$func$2$f$`. */
export function isFunctionReference(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith('$func$');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields of a list written out in the definition (not computed by a function). */
export function staticFields(fields: unknown[] | undefined): FieldDefinition[] {
  return (fields ?? []).filter(isRecord);
}

export type StepKind = 'trigger' | 'search' | 'create';

export interface Step {
  kind: StepKind;
  key: string;
  /** Where the step is in the definition, e.g. `triggers.new_lead`. */
  path: string;
  definition: StepDefinition;
}

const STEP_GROUPS = [
  ['trigger', 'triggers'],
  ['search', 'searches'],
  ['create', 'creates'],
] as const;

/** Every trigger, search and create of the app, in that order. */
export function stepsOf(definition: AppDefinition): Step[] {
  return STEP_GROUPS.flatMap(([kind, group]) =>
    Object.entries(definition[group] ?? {}).map(([key, step]) => ({
      kind,
      key,
      path: `${group}.${key}`,
      definition: step,
    })),
  );
}

/** Steps a user can pick in the Zap editor. */
export function visibleSteps(definition: AppDefinition): Step[] {
  return stepsOf(definition).filter((step) => step.definition.display?.hidden !== true);
}

export function isTrigger(step: Step): boolean {
  return step.kind === 'trigger';
}

export function isHookTrigger(step: Step): boolean {
  return step.kind === 'trigger' && step.definition.operation?.type === 'hook';
}

/** A hook trigger with `performList`: what Z001 and T006 judge (D006 asks for it). */
export function hasPerformList(step: Step): boolean {
  return isHookTrigger(step) && step.definition.operation?.performList !== undefined;
}

export function isPollingTrigger(step: Step): boolean {
  return step.kind === 'trigger' && !isHookTrigger(step);
}

/** A field of a list, with where it is. */
export interface PlacedField {
  field: FieldDefinition;
  place: Place;
}

/** A field's key, or its position where it has none (`#2`). */
const keyOf = (field: FieldDefinition, index: number) => field.key ?? `#${index}`;

/** A step's input fields written out in the definition, each with its place. */
export function inputFieldsOf(step: Step): PlacedField[] {
  return placedFields(
    step.definition.operation?.inputFields,
    step.path,
    `${step.path}.operation.inputFields`,
  );
}

/** The connection's fields written out in the definition, each with its place. */
export function authFieldsOf(definition: AppDefinition): PlacedField[] {
  return placedFields(
    definition.authentication?.fields,
    'authentication',
    'authentication.fields',
  );
}

/**
 * The fields of a list written out in the definition, each placed in `step`
 * at `listPath[index]`. A function in the list (`$func$…`) is no field.
 */
function placedFields(
  fields: unknown[] | undefined,
  step: string,
  listPath: string,
): PlacedField[] {
  return (fields ?? []).flatMap((value, index) => {
    if (!isRecord(value)) {
      return [];
    }
    const field: FieldDefinition = value;
    const place = { step, field: keyOf(field, index), path: `${listPath}[${index}]` };
    return [{ field, place }];
  });
}

/**
 * The place of a definition path: its step (`triggers.x`, `searchOrCreates.x`,
 * or `authentication`) and, inside a list of fields, the field's key.
 */
export function placeOfPath(definition: AppDefinition, path: string): Place {
  const step =
    /^(?:(?:triggers|searches|creates|searchOrCreates)\.[^.[]+|authentication)/.exec(
      path,
    )?.[0];
  if (step === undefined) {
    return { path };
  }
  const inList = /^(.*\.(?:inputFields|outputFields|fields))\[(\d+)\]/.exec(path);
  if (inList === null) {
    return { step, path };
  }
  const list = valueAtPath(definition, inList[1] ?? '');
  const index = Number(inList[2]);
  const field: unknown = Array.isArray(list) ? list[index] : undefined;
  const key = isRecord(field) && typeof field.key === 'string' ? field.key : `#${index}`;
  return { step, field: key, path };
}

/** The value at a dotted path of the definition (`triggers.x.operation.inputFields`). */
function valueAtPath(definition: AppDefinition, path: string): unknown {
  let value: unknown = definition;
  for (const part of path.split('.')) {
    value = isRecord(value) ? value[part] : undefined;
  }
  return value;
}
