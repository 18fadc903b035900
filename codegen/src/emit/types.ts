// TypeScript types of every entity (read, create, patch shapes) and of the API payload schemas.
import { compile } from 'json-schema-to-typescript';
import { clean, deriveSchema, type Shape } from '../derive';
import type { EntityModel, JsonSchema } from '../model';
import { GENERATED_HEADER } from './header';

const OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  declareExternallyReferenced: true,
  format: false,
  unreachableDefinitions: false,
  strictIndexSignatures: true,
} as const;

// Nested object types get their own names from their titles: drop titles below the top so that
// json-schema-to-typescript inlines them instead of declaring clashing names.
function inlineNested(s: JsonSchema, top = true): JsonSchema {
  const out: JsonSchema = { ...s };
  if (!top) delete out.title;
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([k, v]) => [k, inlineNested(v, false)]),
    );
  }
  if (out.items && typeof out.items === 'object') {
    const items = out.items;
    // Child rows keep their titles (ProductOffer...): they are types of their own.
    out.items =
      items.title && items.title !== s.title ? { ...inlineNested(items, true) } : inlineNested(items, false);
  }
  return out;
}

export async function emitTypes(
  entities: EntityModel[],
  apiSchemas: JsonSchema[],
): Promise<Record<string, string>> {
  const parts: string[] = [GENERATED_HEADER];
  const seen = new Set<string>();
  for (const e of entities) {
    for (const shape of ['read', 'create', 'patch'] as Shape[]) {
      const ts = await compile(inlineNested(deriveSchema(e, shape)) as never, e.typeName, OPTIONS);
      parts.push(dedupe(ts, seen));
    }
  }
  const names = entities.map((e) => `  '${e.resource}': ${e.typeName};`).join('\n');
  parts.push(
    `/** The read type of every resource, by its resource name. */\nexport interface EntityTypes {\n${names}\n}\n`,
  );
  const inputs = entities.map((e) => `  '${e.resource}': ${e.typeName}Input;`).join('\n');
  parts.push(
    `/** The create type of every resource, by its resource name. */\nexport interface EntityInputTypes {\n${inputs}\n}\n`,
  );
  const patches = entities.map((e) => `  '${e.resource}': ${e.typeName}Patch;`).join('\n');
  parts.push(
    `/** The update type of every resource, by its resource name. */\nexport interface EntityPatchTypes {\n${patches}\n}\n`,
  );
  parts.push(`export type ResourceName = keyof EntityTypes;\n`);

  const api: string[] = [GENERATED_HEADER];
  for (const schema of apiSchemas)
    api.push(await compile(clean(schema) as never, String(schema.title), OPTIONS));
  return {
    'schemas/generated/types.ts': parts.join('\n'),
    'schemas/generated/api.ts': api.join('\n'),
    // What the server validates and serialises with, views expanded (codegen/src/views.ts).
    'schemas/generated/api-schemas.json': JSON.stringify(apiSchemas, null, 2) + '\n',
  };
}

// Child types (ProductOffer...) appear in the read, create and patch outputs; declare each once.
function dedupe(ts: string, seen: Set<string>): string {
  const blocks = ts.split(/\n(?=export )/);
  return blocks
    .filter((b) => {
      const name = /^export (?:interface|type) (\w+)/.exec(b.trim())?.[1];
      if (!name) return true;
      if (seen.has(name)) return false;
      seen.add(name);
      return true;
    })
    .join('\n');
}
