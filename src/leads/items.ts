/**
 * From a webhook delivery to clean, labelled lead items: every lead becomes
 * one item, nothing in it is lost. The well-known contact fields come first,
 * then every field of the lead, then the envelope's details under `delivery__`.
 */
import { flatten, flattenInto } from './flatten';
import { FieldBag } from './fields';
import type { Lead } from './fields';
import { leadIdentity } from './identity';
import { envelopeFields, readDelivery } from './read-delivery';
import type { FoundLead } from './read-delivery';
import { wellKnownFields } from './well-known-fields';

function toItem(found: FoundLead): Lead {
  const { id, ownKey } = leadIdentity(found.lead);
  const flat = flatten(found.lead);
  const known = wellKnownFields(flat);

  const item = new FieldBag();
  item.put('id', id);
  for (const [key, value] of known) {
    item.put(key, value);
  }
  flat.forEach((key, value) => {
    const alreadyShown = key === ownKey || known.get(key) === value;
    if (!alreadyShown) {
      item.put(key, value);
    }
  });
  const envelope = envelopeFields(found.envelope);
  if (Object.keys(envelope).length > 0) {
    flattenInto(item, 'delivery', envelope);
  }
  return Object.assign(item.toObject(), { id, is_sample: false });
}

export interface DeliveredLeads {
  leads: Lead[];
  /** Events other than `lead.created` that the delivery announced. */
  ignoredEvents: string[];
}

/** All `lead.created` leads of a delivery as Zapier items. */
export function leadsFrom(body: unknown): DeliveredLeads {
  const contents = readDelivery(body);
  return { leads: contents.leads.map(toItem), ignoredEvents: contents.ignoredEvents };
}
