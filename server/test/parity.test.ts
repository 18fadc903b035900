// zod (admin and storefront forms) and ajv (server) must accept and refuse the same data, for every
// entity, for the create and the update shapes.
import { describe, expect, it } from 'vitest';
import { inputSchemas, patchSchemas } from '@shop/schemas/generated/zod';
import { resources } from '../generated/resources';
import { validatorFor } from '../src/platform/http/validation';
import { brokenVariants, validValue } from './fixtures';

describe.each(resources.map((r) => [r.resource, r] as const))('%s', (name, def) => {
  for (const shape of ['create', 'patch'] as const) {
    it(`${shape}: ajv and zod agree on the valid sample and on every broken variant`, () => {
      const schema = def.schemas[shape] as Parameters<typeof validValue>[0];
      const ajv = validatorFor(schema);
      const zod = (shape === 'create' ? inputSchemas : patchSchemas)[name as keyof typeof inputSchemas];
      const valid = validValue(def.schemas.create as Parameters<typeof validValue>[0]) as Record<
        string,
        unknown
      >;
      expect(ajv(valid), JSON.stringify(ajv.errors)).toBe(true);
      expect(zod.safeParse(valid).success).toBe(true);
      const variants = brokenVariants(schema, valid);
      expect(variants.length).toBeGreaterThan(3);
      const disagreements = variants
        .map((v) => ({ ...v, ajv: ajv(v.value), zod: zod.safeParse(v.value).success }))
        .filter((v) => v.ajv !== v.zod)
        .map((v) => `${v.name}: ajv ${v.ajv ? 'accepts' : 'refuses'}, zod ${v.zod ? 'accepts' : 'refuses'}`);
      expect(disagreements).toEqual([]);
      // The variants are real violations: ajv refuses nearly all of them.
      const accepted = variants.filter((v) => ajv(v.value)).map((v) => v.name);
      expect(accepted.length, accepted.join(', ')).toBeLessThanOrEqual(Math.floor(variants.length / 4));
    });
  }
});
