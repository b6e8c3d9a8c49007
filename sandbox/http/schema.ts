/** JSON schema pieces shared by the routes' schemas. */

/** An object whose named properties, when present, are strings of bounded length. */
export function stringFields(names: readonly string[], required: readonly string[] = []) {
  return {
    type: 'object',
    properties: Object.fromEntries(
      names.map((name) => [name, { type: 'string', maxLength: 2048 }]),
    ),
    required,
  } as const;
}
