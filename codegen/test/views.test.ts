// A public view of an entity (x-view) takes its fields from the entity's read shape: a field the entity
// changes changes in the view, a field it lacks is an error at codegen time, not a copy that drifts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTITIES_DIR } from '@shop/schemas/files';
import { loadModel } from '../src/model';
import { loadApiSchemas } from '../src/views';

const entities = loadModel(ENTITIES_DIR);
const dir = mkdtempSync(join(tmpdir(), 'views-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function viewOf(view: object, more: object = {}) {
  const api = join(dir, String(Math.random()).slice(2));
  mkdirSync(api);
  writeFileSync(
    join(api, 'v.schema.json'),
    JSON.stringify({ $id: 'v', title: 'V', 'x-view': view, ...more }),
  );
  return () => loadApiSchemas(api, entities)[0]!;
}

describe('x-view', () => {
  it('picks fields as the entity reads them, every one required, with the view’s own words added', () => {
    const v = viewOf(
      { entity: 'banners', pick: ['id', 'headline', 'position'] },
      { properties: { headline: { description: 'Крупный текст' } } },
    )();
    expect(v['x-view']).toBeUndefined();
    expect(v.required).toEqual(['id', 'headline', 'position']);
    expect(v.additionalProperties).toBe(false);
    expect(v.properties).toEqual({
      id: { type: 'integer' },
      headline: { type: ['string', 'null'], maxLength: 80, description: 'Крупный текст' },
      position: { type: 'string', enum: ['home_slider', 'home_promo', 'catalog_top', 'cart'] },
    });
  });

  it('omits fields: everything else the entity shows', () => {
    const v = viewOf({ entity: 'banners', omit: ['createdAt', 'updatedAt', 'sortOrder'] })();
    expect(Object.keys(v.properties!)).toContain('headline');
    expect(Object.keys(v.properties!)).not.toContain('createdAt');
  });

  it('refuses a field the entity does not show, an unknown entity, and neither pick nor omit', () => {
    expect(viewOf({ entity: 'banners', pick: ['headlin'] })).toThrow(
      /"headlin", which banners does not show/,
    );
    expect(viewOf({ entity: 'bannerz', pick: ['id'] })).toThrow(/"bannerz" is no entity/);
    expect(viewOf({ entity: 'banners' })).toThrow(/either pick or omit/);
  });
});
