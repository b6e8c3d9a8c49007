/** Core's Lambda handler as Zapier calls it: an event in (`command`, `method`, `bundle`, …), its results out. */
export type LambdaHandler = (
  event: Record<string, unknown>,
) => Promise<{ results: unknown }>;
