/** Input fields of triggers, searches and creates: D001, D004, D009, D011, D022. */
import type { FieldDefinition, Step } from '../definition';
import { staticFields, stepsOf } from '../definition';
import type { Check, Finding } from './check';
import { failure } from './check';

/** Keys and labels that ask for a credential. */
export const CREDENTIAL_WORDS =
  /(^|[^a-z])(api[ _-]?key|apikey|access[ _-]?token|refresh[ _-]?token|token|secret|client[ _-]?secret|password|passwd|jwt|signature)([^a-z]|$)/i;

function inputFieldsOf(step: Step): { field: FieldDefinition; at: string }[] {
  return staticFields(step.definition.operation?.inputFields).map((field, index) => ({
    field,
    at: `${step.path} input field ${field.key ?? `#${index}`}`,
  }));
}

function allInputFields(input: Parameters<Check['run']>[0]) {
  return stepsOf(input.definition).flatMap(inputFieldsOf);
}

export const D001: Check = {
  id: 'D001',
  requirement:
    'no trigger, search or create asks for a credential: credentials belong in authentication',
  run(input): Finding[] {
    return allInputFields(input)
      .filter(
        ({ field }) =>
          CREDENTIAL_WORDS.test(field.key ?? '') ||
          CREDENTIAL_WORDS.test(field.label ?? ''),
      )
      .map(({ at }) =>
        failure(`${at}: remove it and ask for the credential in authentication.fields`),
      );
  },
};

/** A field asking for an ID: key `id`, `…_id` or `…Id`, or a label ending in "ID". */
function asksForId(field: FieldDefinition): boolean {
  return /(^|_)id$|[a-z]Id$/.test(field.key ?? '') || /\bID$/.test(field.label ?? '');
}

export const D004: Check = {
  id: 'D004',
  requirement: 'every input field that asks for an ID offers a dynamic dropdown',
  run(input): Finding[] {
    return allInputFields(input)
      .filter(({ field }) => asksForId(field) && field.dynamic === undefined)
      .map(({ at }) =>
        failure(`${at}: give it a dynamic dropdown ("dynamic": "trigger_key.id.label")`),
      );
  },
};

export const D009: Check = {
  id: 'D009',
  requirement: 'every search has at least one input field',
  run({ definition }): Finding[] {
    return stepsOf(definition)
      .filter(
        (step) =>
          step.kind === 'search' &&
          (step.definition.operation?.inputFields ?? []).length === 0,
      )
      .map((step) => failure(`${step.path}: add an input field to search by`));
  },
};

const normalised = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

export const D011: Check = {
  id: 'D011',
  requirement: 'help text says more than the field label',
  run(input): Finding[] {
    return allInputFields(input)
      .filter(
        ({ field }) =>
          field.helpText !== undefined &&
          field.label !== undefined &&
          normalised(field.helpText) === normalised(field.label),
      )
      .map(({ at }) =>
        failure(`${at}: make the help text explain the field, not repeat its label`),
      );
  },
};

export const D022: Check = {
  id: 'D022',
  requirement: 'every create has static (not only dynamic) input fields',
  run({ definition }): Finding[] {
    return stepsOf(definition)
      .filter(
        (step) =>
          step.kind === 'create' &&
          staticFields(step.definition.operation?.inputFields).length === 0,
      )
      .map((step) =>
        failure(
          `${step.path}: declare at least one input field in the definition, not only in a function`,
        ),
      );
  },
};
