// The API's payload schemas as codegen, the server and the client read them: a payload that shows part of
// an entity says so (`x-view`) instead of copying its fields, and gets them from the entity's read shape,
// so a field renamed or retyped in the entity schema changes the public view with it.
//
//   "x-view": { "entity": "banners", "pick": ["id", "headline", …] }   (or "omit": [...], every read field but those)
//
// The view's own `properties` add to a picked field what the entity does not say (a description for the API's
// readers), or add a field of the view's own. Every picked field is required, as the read shape has every one. The result, without `x-view`, is
// written to schemas/generated/api-schemas.json for the server's validators and serialisers.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { schemaPaths } from '@shop/schemas/files';
import { deriveSchema } from './derive';
import type { EntityModel, JsonSchema } from './model';

interface View {
  entity: string;
  pick?: string[];
  omit?: string[];
}

/** Every schemas/api payload schema, views expanded, in file order. */
export function loadApiSchemas(apiDir: string, entities: EntityModel[]): JsonSchema[] {
  return schemaPaths(apiDir).map((path) => {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as JsonSchema;
    const view = raw['x-view'] as View | undefined;
    return view ? expandView(raw, view, entities, relative(apiDir, path)) : raw;
  });
}

function expandView(raw: JsonSchema, view: View, entities: EntityModel[], file: string): JsonSchema {
  const entity = entities.find((e) => e.resource === view.entity);
  if (!entity) throw new Error(`${file}: x-view.entity "${view.entity}" is no entity schema's resource`);
  if (!view.pick === !view.omit) throw new Error(`${file}: x-view needs either pick or omit`);
  const read = deriveSchema(entity, 'read');
  const fields = read.properties ?? {};
  for (const name of view.pick ?? view.omit ?? [])
    if (!(name in fields))
      throw new Error(`${file}: x-view names "${name}", which ${view.entity} does not show`);
  const names = view.pick ?? Object.keys(fields).filter((n) => !view.omit!.includes(n));
  const { 'x-view': _view, ...rest } = raw;
  const own = raw.properties ?? {};
  return {
    ...rest,
    type: 'object',
    additionalProperties: false,
    required: [...new Set([...names, ...(raw.required ?? [])])],
    properties: {
      ...Object.fromEntries(names.map((n) => [n, { ...fields[n]!, ...own[n] }])),
      ...Object.fromEntries(Object.entries(own).filter(([n]) => !names.includes(n))),
    },
  };
}
