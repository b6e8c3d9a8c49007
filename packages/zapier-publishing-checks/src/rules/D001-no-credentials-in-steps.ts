import { defineRule, zapierReference } from '../rule';
import { asksForCredential } from '../shared/credentials';
import type { FieldDefinition } from '../shared/definition';
import { inputFieldsOf, isRecord, visibleSteps } from '../shared/definition';
import { namesSearchedObject } from '../shared/step-objects';

/** Types whose values are no typed secret: a yes/no switch, a number, a date, a file. */
const NO_SECRET_TYPES = new Set([
  'boolean',
  'integer',
  'number',
  'datetime',
  'file',
  'copy',
]);

/**
 * A field the step says it does not use: a placeholder that fills a search's
 * one required input field ("INTERNAL USE ONLY", "This is not used").
 */
const PLACEHOLDER = /\b(?:not used|unused|internal use|placeholder|dummy|ignored)\b/i;

/**
 * A field that cannot hold a secret the user types: of such a type, a
 * placeholder, or one whose value is picked from choices ("Include the
 * token?" is a switch).
 */
const cannotHoldASecret = (field: FieldDefinition) =>
  NO_SECRET_TYPES.has(field.type ?? '') ||
  PLACEHOLDER.test(`${field.label ?? ''} ${field.helpText ?? ''}`) ||
  field.dynamic !== undefined ||
  (Array.isArray(field.choices) && field.choices.length > 0) ||
  (isRecord(field.choices) && Object.keys(field.choices).length > 0);

export default defineRule({
  meta: {
    id: 'D001',
    name: 'no-credentials-in-steps',
    category: 'publishing-task',
    categoryEvidence: null,
    requirement:
      'no trigger, search or create asks for a credential: credentials belong in authentication',
    url: zapierReference('D001'),
    needs: ['definition'],
    messages: {
      credential:
        'this input field asks for a credential: remove it and ask for the credential in authentication.fields',
    },
  },
  check({ definition }, report) {
    // A hidden step's fields are never shown: no user types into them.
    for (const step of visibleSteps(definition)) {
      for (const { field, place } of inputFieldsOf(step)) {
        // What a search finds is data, whatever it is called ("Find Access Key").
        if (
          asksForCredential(field) &&
          !cannotHoldASecret(field) &&
          !namesSearchedObject(step, field)
        ) {
          report(place, 'credential');
        }
      }
    }
  },
});
