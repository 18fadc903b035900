// What /api/docs leaves out of the route schemas (docs.ts): the document is plain JSON Schema.

/** A schema without $schema, $id, tsType and our x- keywords (x-label, x-trim, x-messages…). */
export function component(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(component);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => k !== '$schema' && k !== '$id' && k !== 'tsType' && !k.startsWith('x-'))
      .map(([k, v]) => [k, component(v)]),
  );
}
