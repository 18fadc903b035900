// Building blocks of the hand-written OpenAPI descriptions (public/*-docs.ts), which docs.ts merges into
// /api/docs beside the generated admin paths.

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
/** An error answer: `{ error: { code, message, fields? } }`. */
export const apiError = (description: string) => ({ description, ...json(ref('ApiErrorBody')) });
/** A page of a list: `{ data: [...], meta: { total, page, perPage, … } }`. */
export const list = (item: unknown, meta: Record<string, unknown> = {}) =>
  json({
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: { type: 'array', items: item },
      meta: {
        type: 'object',
        properties: {
          total: { type: 'integer' },
          page: { type: 'integer' },
          perPage: { type: 'integer' },
          ...meta,
        },
      },
    },
  });
