import { defineRule, zapierReference } from '../rule';
import { asksForCredential } from '../shared/credentials';
import { inputFieldsOf, stepsOf } from '../shared/definition';
import { namesSearchedObject } from '../shared/step-objects';

export default defineRule({
  meta: {
    id: 'D001',
    name: 'no-credentials-in-steps',
    category: 'publishing-task',
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
    for (const step of stepsOf(definition)) {
      for (const { field, place } of inputFieldsOf(step)) {
        // What a search finds is data, whatever it is called ("Find Access Key").
        if (asksForCredential(field) && !namesSearchedObject(step, field)) {
          report(place, 'credential');
        }
      }
    }
  },
});
