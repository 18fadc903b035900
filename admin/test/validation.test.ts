// The zod → react-admin adapter, with the real generated input schema of products.
import { describe, expect, it } from 'vitest';
import { DirectoryEntryInputSchema, ProductInputSchema } from '@shop/schemas/generated/zod';
import { InvalidJson, parseJsonText } from '../src/fields/json';
import { inputTransform } from '../src/input';
import { issuesToErrors, REQUIRED_MESSAGE, zodValidator } from '../src/validation';

const toInput = inputTransform({
  title: {},
  slug: {},
  shortDescription: { nullable: true },
  sortOrder: {},
  offers: { items: { id: {}, article: {}, attributes: {}, basePrice: {}, salePrice: { nullable: true } } },
});
const validate = zodValidator(ProductInputSchema, toInput);

const record = {
  id: 7,
  title: 'Ресницы Lash Black',
  slug: 'lash-black',
  shortDescription: null,
  sortOrder: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  offers: [
    {
      id: 3,
      productId: 7,
      article: 'LB-007-C-11',
      attributes: { curl: 'C' },
      basePrice: 129050,
      salePrice: null,
    },
  ],
};

describe('zodValidator', () => {
  it('accepts a loaded record: read-only and unknown fields are not part of the input', () => {
    expect(validate(record)).toEqual({});
  });

  it('maps issues to the fields, nested rows included, with Russian messages', () => {
    const errors = validate({
      ...record,
      title: null,
      slug: 'Не Slug',
      offers: [
        { article: '', basePrice: 100 },
        { article: 'X-1', basePrice: -5 },
      ],
    });
    expect(errors.title).toBe(REQUIRED_MESSAGE);
    expect(typeof errors.slug).toBe('string');
    expect(errors.slug).toMatch(/[а-я]/i);
    const offers = errors.offers as Record<string, string>[];
    expect(offers[0]?.article).toMatch(/[а-я]/i);
    expect(offers[1]?.basePrice).toMatch(/[а-я]/i);
    expect(offers[0]?.basePrice).toBeUndefined();
  });

  it('says so when JSON text does not parse', () => {
    const attributes = parseJsonText('{"curl": "C",');
    expect(attributes).toBeInstanceOf(InvalidJson);
    const errors = validate({ ...record, offers: [{ ...record.offers[0], attributes }] });
    expect((errors.offers as Record<string, string>[])[0]?.attributes).toMatch(/^Некорректный JSON/);
  });
});

describe('issuesToErrors', () => {
  it('keeps the first message of a field and puts form-wide issues in root.serverError', () => {
    expect(
      issuesToErrors([
        { code: 'too_small', path: ['title'], message: 'Слишком короткое' },
        { code: 'custom', path: ['title'], message: 'Второе' },
        { code: 'custom', path: [], message: 'Дата окончания раньше даты начала' },
        { code: 'custom', path: ['items', 1, 'price'], message: 'Не меньше 0' },
      ]),
    ).toEqual({
      title: 'Слишком короткое',
      root: { serverError: 'Дата окончания раньше даты начала' },
      items: [undefined, { price: 'Не меньше 0' }],
    });
  });
});

describe('inputTransform', () => {
  it('keeps input fields, drops null where null is not allowed, cleans child rows', () => {
    expect(toInput({ ...record, sortOrder: null, shortDescription: null })).toEqual({
      title: 'Ресницы Lash Black',
      slug: 'lash-black',
      shortDescription: null,
      offers: [
        { id: 3, article: 'LB-007-C-11', attributes: { curl: 'C' }, basePrice: 129050, salePrice: null },
      ],
    });
  });
});

describe('a key-value field whose inputs were never touched', () => {
  it('saves a new directory entry without typing into its optional value inputs first', () => {
    const entry = zodValidator(
      DirectoryEntryInputSchema,
      inputTransform({ directoryId: {}, code: {}, title: {}, values: {} }),
    );
    // react-admin registers each value input of the directory's fields; untouched, it holds undefined.
    expect(entry({ directoryId: 1, code: 'ZZ', title: 'Новый изгиб', values: { hint: undefined } })).toEqual(
      {},
    );
    expect(entry({ directoryId: 1, code: 'ZZ', title: 'Новый изгиб', values: { hint: null } })).toEqual({});
  });
});
