// Building blocks of the hand-written OpenAPI descriptions left in docs.ts (routes not yet declared in their
// own `schema`), and of the document's clean-up of our x- keywords.

/** A schema file as an OpenAPI component: without $schema, $id, tsType and the x- keywords. */
export function component(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(component);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => k !== '$schema' && k !== '$id' && k !== 'tsType' && !k.startsWith('x-'))
      .map(([k, v]) => [k, component(v)]),
  );
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
/** The spec's `{ data: … }` envelope. */
export const envelope = (schema: unknown) =>
  json({ type: 'object', required: ['data'], properties: { data: schema } });
