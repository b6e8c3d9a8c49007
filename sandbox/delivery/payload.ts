/** The sandbox's delivery payload (the spec does not show one; see docs/sandbox.md). */
import type { StoredLead, Project } from '../store';

export const LEAD_CREATED_EVENT = 'lead.created';

export interface LeadCreatedPayload {
  event: typeof LEAD_CREATED_EVENT;
  id: string;
  created_at: string;
  project: { id: string; name: string };
  data: Record<string, unknown>;
}

export function payloadFor(
  lead: StoredLead,
  project: Project,
  deliveryId: string,
): LeadCreatedPayload {
  return {
    event: LEAD_CREATED_EVENT,
    id: deliveryId,
    created_at: lead.createdAt,
    project: { id: project.id, name: project.name },
    // The lead's id and time are the sandbox's: a submitted field of that name does not win.
    data: Object.assign({ id: lead.id }, lead.data, {
      id: lead.id,
      createdAt: lead.createdAt,
    }),
  };
}
