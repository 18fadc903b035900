// The react-admin emitter: what an administrator will see for the real schemas, and the vocabulary
// features (x-components, title templates, menu groups) on small scratch schemas.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { emitAdmin } from '../src/emit/admin';
import { emitServer } from '../src/emit/server';
import { emitZod } from '../src/emit/zod';
import { GENERATED_HEADER } from '../src/emit/header';
import { DEFAULT_SCHEMAS_DIR, loadModel } from '../src/model';

const entities = loadModel();
const files = emitAdmin(entities);
const admin = entities.filter((e) => e.admin);
// The products' screens as the emitter builds them: the shop replaces list, create and edit by hand
// (x-components in products.schema.json), but the generated ones stay the emitter's reference case.
const generatedProducts = emitAdmin(
  entities.map((e) => (e.resource === 'products' ? { ...e, components: {} } : e)),
)['admin/generated/products.tsx']!;

describe('emitAdmin on the shop schemas', () => {
  it('writes one screen file per admin entity and the shared files, all marked as generated', () => {
    expect(Object.keys(files).sort()).toEqual(
      [
        ...admin.map((e) => `admin/generated/${e.resource}.tsx`),
        'admin/generated/access.ts',
        'admin/generated/menu.ts',
        'admin/generated/messages.ts',
        'admin/generated/resources.tsx',
        'admin/generated/screens.ts',
      ].sort(),
    );
    for (const text of Object.values(files)) expect(text.startsWith(`${GENERATED_HEADER}\n`)).toBe(true);
  });

  it('leaves out entities that are not administered (x-entity.admin: false)', () => {
    const hidden = entities.filter((e) => !e.admin);
    expect(hidden.length).toBeGreaterThan(0);
    for (const e of hidden) {
      expect(files[`admin/generated/${e.resource}.tsx`]).toBeUndefined();
      expect(files['admin/generated/resources.tsx']).not.toContain(`'./${e.resource}'`);
    }
  });

  it('is deterministic', () => {
    expect(emitAdmin(loadModel())).toEqual(files);
  });

  it("lists each resource's screens as plain data, as its <Resource> has them (screens.ts)", () => {
    const text = files['admin/generated/screens.ts']!;
    expect(text).not.toMatch(/^import /m);
    const screens = Object.fromEntries(
      [...text.matchAll(/^ {2}'([a-z0-9-]+)': \[(.*)\],$/gm)].map((m) => [
        m[1]!,
        m[2]!.replace(/'/g, '').split(', '),
      ]),
    );
    expect(Object.keys(screens).sort()).toEqual(admin.map((e) => e.resource).sort());
    expect(screens.products).toEqual(['list', 'create', 'edit', 'show']);
    // Orders: no create for anyone, the order screen for edit; the settings: its list screen alone.
    expect(screens.orders).toEqual(['list', 'edit']);
    expect(screens.settings).toEqual(['list']);
    for (const e of admin) {
      const props = files[`admin/generated/${e.resource}.tsx`]!;
      const declared = ['list', 'create', 'edit', 'show'].filter((k) =>
        new RegExp(`^ {2}${k}: `, 'm').test(props),
      );
      expect(screens[e.resource], e.resource).toEqual(declared);
    }
  });

  it('lists a Resource per admin entity with its Russian plural label, icon and record title', () => {
    const index = files['admin/generated/resources.tsx']!;
    const products = files['admin/generated/products.tsx']!;
    expect(index).toContain("import { productsResource } from './products';");
    expect(index.match(/Resource,$/gm)).toHaveLength(admin.length);
    expect(products).toContain("name: 'products'");
    // x-entity.sitePath: the record's page in the shop, for «На сайте» above its form (src/EditActions).
    expect(products).toContain("options: { label: 'Товары', sitePath: '/product/{slug}' }");
    expect(products).toContain("recordRepresentation: 'title'");
    expect(products).toContain("import Inventory2Icon from '@mui/icons-material/Inventory2';");
  });

  it('builds the products list: columns, default sort, page size, search and filters', () => {
    const products = generatedProducts;
    expect(products).toContain("sort={{ field: 'id', order: 'DESC' }}");
    expect(products).toContain('perPage={25}');
    expect(products).toContain('<SearchInput key="q" source="q" alwaysOn />');
    expect(products).toMatch(
      /<ReferenceArrayInput key="categoryIds" source="categoryIds" reference="product-categories">/,
    );
    expect(products).toContain('<NullableBooleanInput key="isHit" source="isHit" />');
    expect(products).toContain(
      '<DateInput key="createdAt_gte" source="createdAt_gte" format={isoToMoscowDate} parse={moscowDayStart} />',
    );
    expect(products).toContain('parse={moscowDayEnd}');
    expect(products).toContain(
      '<DateField source="updatedAt" showTime locales="ru-RU" options={moscowDateTime} />',
    );
    // Arrays cannot be sorted by the API.
    expect(products).toContain(
      '<ReferenceArrayField source="categoryIds" sortable={false} reference="product-categories" />',
    );
  });

  it('builds the products form: tabs, inputs by kind, required marks, offers edited inside, zod validation', () => {
    const products = generatedProducts;
    const form = products.slice(
      products.indexOf('function ProductForm'),
      products.indexOf('export function ProductCreate'),
    );
    expect(form.match(/<TabbedForm\.Tab label="([^"]+)">/g)).toEqual([
      '<TabbedForm.Tab label="Основное">',
      '<TabbedForm.Tab label="Изображения">',
      '<TabbedForm.Tab label="Варианты">',
      '<TabbedForm.Tab label="Чек">',
      '<TabbedForm.Tab label="SEO">',
    ]);
    expect(form).toContain('<TextInput source="title" isRequired />');
    expect(form).toContain('<MoneyInput source="basePrice" isRequired />');
    expect(form).toContain('<MoneyInput source="salePrice" />');
    expect(form).toContain('<ArrayInput source="offers">');
    expect(form).toContain('<SimpleFormIterator inline>');
    expect(form).toContain('<JsonInput');
    expect(form).toContain('<RichTextInput source="description" />');
    // Read-only fields and the ids of child rows are not edited.
    expect(form).not.toContain('source="createdAt"');
    expect(form).not.toContain('source="id"');
    expect(products).toContain("import { ProductInputSchema } from '@shop/schemas/generated/zod';");
    expect(products).toContain('const validate = zodValidator(ProductInputSchema, toInput);');
    expect(products).toContain(
      '<Edit transform={toInput} mutationMode="pessimistic" aside={<HistoryAside />} actions={<EditActions />}>',
    );
  });

  it('shows money in rubles and child rows with their own labels', () => {
    const products = files['admin/generated/products.tsx']!;
    const show = products.slice(products.indexOf('export function ProductShow'));
    expect(show).toContain(
      '<MoneyField source="basePrice" label="Цена" sortable={false} textAlign="right" />',
    );
    expect(show).toContain('<ImagePreviewField source="images" src="url" title="alt" />');
    expect(show).toContain('<DateField source="createdAt" showTime');
  });

  it('gives image fields an upload input and image lists a multi-file input, previews in lists', () => {
    const banners = files['admin/generated/banners.tsx']!;
    expect(banners).toMatch(/<ImageInput source="imageDesktopUrl" isRequired helperText="[^"]+" \/>/);
    expect(banners).toContain('<ImagePreviewField source="imageDesktopUrl" thumbnail />');
    const reviews = files['admin/generated/reviews-on-products.tsx']!;
    expect(reviews).toContain('<ImagesInput source="images" withAlt />');
    // Gallery images are a child table with x-ui.widget "images": same input, positions kept in sortOrder.
    const gallery = files['admin/generated/gallery.tsx']!;
    expect(gallery).toContain('<ImagesInput source="images" withAlt withSortOrder />');
    expect(gallery).not.toContain('<ArrayInput source="images">');
  });

  it('writes Russian messages: plural names and labels of fields, child fields and range filters', async () => {
    const text = files['admin/generated/messages.ts']!;
    const mod = (await import(
      `data:text/javascript;base64,${Buffer.from(text.replace(/^\/\/.*$/gm, '')).toString('base64')}`
    )) as {
      messages: { resources: Record<string, { name: string; fields: Record<string, string> }> };
    };
    const products = mod.messages.resources.products!;
    expect(products.name).toBe('Товар |||| Товары |||| Товары');
    expect(products.fields).toMatchObject({
      title: 'Название',
      offers: 'Варианты (торговые предложения)',
      'offers.article': 'Артикул',
      'offers.basePrice': 'Цена',
      'images.alt': 'Подпись',
      createdAt_gte: 'Создан с',
      createdAt_lte: 'Создан по',
      q: 'Поиск',
    });
    expect(products.fields).not.toHaveProperty('basePrice');
    expect(Object.keys(mod.messages.resources).sort()).toEqual(admin.map((e) => e.resource).sort());
  });

  it('labels the known values of a free text field (x-enum-labels without an enum), showing others as stored', () => {
    const text = files['admin/generated/payment-notifications.tsx']!;
    expect(text).toContain(`{ id: 'payment.canceled', name: 'Платёж отменён' }`);
    expect(text).toContain('<LabelledTextField source="event" choices={eventChoices} />');
    expect(text).not.toContain('<TextField source="event" />');
  });

  it('exports the x-access map and the menu groups with Russian titles', () => {
    expect(files['admin/generated/access.ts']).toMatch(
      /products: \{\n\s+list: \['admin', 'manager', 'content'\],[^}]*create: \['admin', 'content'\]/,
    );
    const menu = files['admin/generated/menu.ts']!;
    const titles = [...menu.matchAll(/title: '([^']+)'/g)].map((m) => m[1]);
    expect(titles).toEqual(['Каталог', 'Продажи', 'Покупатели', 'Контент', 'Сообщения', 'Настройки']);
    expect(menu).toMatch(/key: 'catalog', title: 'Каталог', resources: \[[^\]]*'products'/);
  });

  it('produces TypeScript that prettier can parse', async () => {
    for (const [path, text] of Object.entries(files)) {
      await expect(prettier.format(text, { parser: 'typescript', filepath: path })).resolves.toContain(
        GENERATED_HEADER,
      );
    }
  });
});

describe('emitAdmin on scratch schemas', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** A schemas folder with product-categories plus one more entity. */
  function model(extra: Record<string, unknown>) {
    const dir = mkdtempSync(join(tmpdir(), 'emit-admin-'));
    dirs.push(dir);
    cpSync(
      join(DEFAULT_SCHEMAS_DIR, 'catalog/product-categories.schema.json'),
      join(dir, 'product-categories.schema.json'),
    );
    writeFileSync(join(dir, `${String(extra.$id)}.schema.json`), JSON.stringify(extra));
    return loadModel(dir);
  }

  const supplier = (over: Record<string, unknown> = {}) => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'suppliers',
    title: 'Supplier',
    type: 'object',
    additionalProperties: false,
    'x-entity': { menu: 'catalog', icon: 'LocalShipping', recordTitle: '{name} ({city})' },
    'x-label': { one: 'Поставщик', many: 'Поставщики' },
    'x-access': { all: ['admin'] },
    'x-list': {
      columns: ['id', 'name', 'status', 'minOrder'],
      filters: ['status', { field: 'minOrder', ops: ['gte', 'lte'] }],
    },
    required: ['name', 'status'],
    properties: {
      id: { type: 'integer', readOnly: true, 'x-label': 'ID' },
      name: { type: 'string', minLength: 1, 'x-label': 'Название' },
      city: { type: ['string', 'null'], 'x-label': 'Город' },
      status: {
        type: 'string',
        enum: ['new', 'active'],
        'x-enum-labels': { new: 'Новый', active: 'Работаем' },
        'x-label': 'Статус',
      },
      minOrder: { type: 'integer', minimum: 0, 'x-label': 'Минимальный заказ', 'x-ui': { widget: 'money' } },
      terms: { type: 'object', 'x-label': 'Условия' },
      secret: {
        type: ['string', 'null'],
        'x-label': 'Пароль',
        writeOnly: true,
        'x-ui': { widget: 'password' },
      },
      categoryId: {
        type: ['integer', 'null'],
        'x-label': 'Категория',
        'x-ref': { resource: 'product-categories', display: '{title} / {slug}' },
      },
    },
    ...over,
  });

  it('covers enums, money, JSON, passwords, templates and range filters', () => {
    const text = emitAdmin(model(supplier()))['admin/generated/suppliers.tsx']!;
    expect(text).toContain(
      "const statusChoices = [{ id: 'new', name: 'Новый' }, { id: 'active', name: 'Работаем' }];",
    );
    expect(text).toContain('<SelectField source="status" choices={statusChoices} />');
    expect(text).toContain('<SelectInput source="status" isRequired choices={statusChoices} />');
    expect(text).toContain('<MoneyInput key="minOrder_gte" source="minOrder_gte" />');
    expect(text).toContain('<JsonInput source="terms" />');
    expect(text).toContain('<PasswordInput source="secret" autoComplete="new-password" />');
    expect(text).not.toMatch(/<\w+Field source="secret"/);
    expect(text).toContain("recordRepresentation: recordTemplate('{name} ({city})')");
    expect(text).toContain("optionText={recordTemplate('{title} / {slug}')}");
  });

  it('reads percentages with %, a number in the unit its sibling gives (x-ui.unitFrom), keys as inputs of their own', () => {
    const s = supplier();
    const withProps = (props: Record<string, unknown>) => ({
      ...s,
      properties: { ...s.properties, ...props },
    });
    const share = {
      type: 'integer',
      default: 0,
      minimum: 0,
      'x-label': 'Доля',
      'x-ui': { unitFrom: { field: 'status', units: { new: 'percent', active: 'money' } } },
    };
    const keys = {
      type: 'object',
      default: {},
      additionalProperties: false,
      writeOnly: true,
      properties: {
        login: { type: ['string', 'null'], 'x-label': 'Логин' },
        key: { type: ['string', 'null'], 'x-label': 'Ключ', 'x-ui': { help: 'Из кабинета' } },
      },
      'x-label': 'Ключи',
      'x-ui': { check: true },
    };
    const rate = { type: 'integer', 'x-label': 'Наценка', 'x-ui': { widget: 'percent' } };
    const text = emitAdmin(model(withProps({ share, keys, rate })))['admin/generated/suppliers.tsx']!;
    expect(text).toContain('<PercentField source="rate" textAlign="right" />');
    expect(text).toContain('<PercentInput source="rate" />');
    expect(text).toContain(
      '<UnitField source="share" unitSource="status" units={{ new: \'percent\', active: \'money\' }} textAlign="right" />',
    );
    expect(text).toContain(
      '<UnitInput source="share" defaultValue={0} unitSource="status" units={{ new: \'percent\', active: \'money\' }} />',
    );
    expect(text).toContain(
      "<SecretKeysInput source=\"keys\" keys={[{ name: 'login', label: 'Логин' }, { name: 'key', label: 'Ключ', help: 'Из кабинета' }]} check />",
    );
    expect(text).not.toContain('<JsonInput source="keys"');
    // A unit from a field that is no enum, or for a value it does not have; a widget on a text.
    expect(() =>
      model(withProps({ share: { ...share, 'x-ui': { unitFrom: { field: 'name', units: {} } } } })),
    ).toThrow(/share: x-ui.unitFrom.field names a sibling field with an enum/);
    expect(() =>
      model(
        withProps({
          share: { ...share, 'x-ui': { unitFrom: { field: 'status', units: { old: 'money' } } } },
        }),
      ),
    ).toThrow(/x-ui.unitFrom.units: old is not a value of status/);
    expect(() =>
      model(
        withProps({ share: { ...share, 'x-ui': { unitFrom: { field: 'status', units: { new: 'kg' } } } } }),
      ),
    ).toThrow(/x-ui.unitFrom is \{/);
    expect(() => model(withProps({ rate: { ...rate, type: 'string' } }))).toThrow(
      /x-ui.widget "percent" is for a number/,
    );
  });

  it('imports x-components screens from admin/src and drops screens set to false', () => {
    const text = emitAdmin(
      model(supplier({ 'x-components': { list: './screens/suppliers#SupplierBoard', show: false } })),
    )['admin/generated/suppliers.tsx']!;
    expect(text).toContain("import { SupplierBoard } from '../src/screens/suppliers';");
    expect(text).toContain('list: SupplierBoard,');
    expect(text).not.toContain('function SupplierList');
    expect(text).not.toContain('show:');
    expect(text).toContain('export function SupplierEdit');
  });

  it('renames a hand-written screen whose name a generated one takes, and uses the new name', () => {
    const text = emitAdmin(model(supplier({ 'x-components': { edit: './screens/suppliers#SupplierList' } })))[
      'admin/generated/suppliers.tsx'
    ]!;
    expect(text).toContain("import { SupplierList as SupplierEditScreen } from '../src/screens/suppliers';");
    expect(text).toContain('export function SupplierList');
    expect(text).not.toMatch(/edit: [^,\n]* as /);
  });

  it('asks a pattern for its words (x-messages), checks x-not-before and x-normalize, and gives zod the words', () => {
    const withProps = (props: Record<string, unknown>) => {
      const s = supplier();
      return { ...s, properties: { ...s.properties, ...props } };
    };
    const code = { type: 'string', pattern: '^[a-z]+$', 'x-label': 'Код' };
    expect(() => model(withProps({ code }))).toThrow(/code: a pattern needs x-messages\.pattern/);
    expect(() => model(withProps({ code: { ...code, 'x-messages': { pattern: ' ' } } }))).toThrow(
      /x-messages\.pattern: a Russian message expected/,
    );
    expect(() =>
      model(withProps({ code: { ...code, 'x-messages': { pattern: 'Латиница', minimum: 'Не меньше' } } })),
    ).toThrow(/x-messages\.minimum: the property states no minimum/);
    expect(() =>
      model(withProps({ city: { type: 'string', 'x-label': 'Город', 'x-normalize': 'email' } })),
    ).toThrow(/x-normalize: "phone" on a string field/);
    const until = {
      type: ['string', 'null'],
      format: 'date-time',
      'x-label': 'До',
      'x-not-before': 'minOrder',
    };
    expect(() => model(withProps({ until }))).toThrow(
      /until: x-not-before names a sibling field of the same kind/,
    );

    const entities = model(
      withProps({
        code: { ...code, 'x-messages': { pattern: 'Только строчные латинские буквы' } },
        phone: {
          type: ['string', 'null'],
          pattern: '^\\+[0-9]{11}$',
          'x-label': 'Телефон',
          'x-normalize': 'phone',
          'x-messages': { pattern: 'Номер полностью' },
        },
        since: { type: ['string', 'null'], format: 'date-time', 'x-label': 'С' },
        until: { ...until, 'x-not-before': 'since' },
      }),
    );
    const zod = emitZod(entities)['schemas/generated/zod.ts']!;
    expect(zod).toContain(
      `.regex(new RegExp("^[a-z]+$", 'u'), { error: "Только строчные латинские буквы" })`,
    );
    expect(zod).toMatch(/"phone": z\.preprocess\(normalizedPhone, z\.string\(\)\.regex\(/);
    expect(zod).toContain(
      '.superRefine(notBeforeRefinement([{"field":"until","from":"since","fromLabel":"С","dated":true}]))',
    );
    expect(zod).toContain('z.config({ customError: zodIssueMessage });');
    // The server's validators keep the words and the normalisation; what it answers does not carry them.
    const server = emitServer(entities)['server/generated/resources.ts']!;
    expect(server).toContain('"x-messages":{"pattern":"Только строчные латинские буквы"}');
    expect(server).toContain('"notBefore":"since"');
  });

  it('lists related records under an edit form (x-form.related), and refuses a target that is no filter', () => {
    const users = files['admin/generated/users.tsx']!;
    expect(users).toMatch(
      /<RelatedRecords label="Заказы" reference="orders" target="userId" sort=\{\{ field: 'createdAt', order: 'DESC' \}\}>\s*<Datagrid rowClick=\{rowClick\} bulkActionButtons=\{false\}>/,
    );
    expect(users).toContain('extra={<CustomerBonuses />}');
    expect(users).toContain("import { CustomerBonuses } from '../src/screens/sales/bonuses/AdjustPanel';");
    const withRelated = (target: string) =>
      model({
        ...supplier(),
        'x-form': { related: [{ label: 'Категории', resource: 'product-categories', target }] },
      });
    expect(() => emitAdmin(withRelated('parentId'))).toThrow(
      /x-form\.related: product-categories\.parentId is not an administered reference to suppliers/,
    );
  });

  it('refuses an unknown menu group, an unknown x-components key and a malformed component path', () => {
    const bad = (over: Record<string, unknown>) => () => emitAdmin(model(supplier(over)));
    expect(bad({ 'x-entity': { menu: 'warehouse', icon: 'LocalShipping' } })).toThrow(
      /unknown menu group "warehouse"/,
    );
    expect(bad({ 'x-components': { dashboard: './x#Y' } })).toThrow(/x-components\.dashboard/);
    expect(bad({ 'x-components': { list: 'screens/x' } })).toThrow(
      /not "\.\/path\/in\/admin\/src#ExportName"/,
    );
  });

  it('splits a list into tabs by an enum field (x-list.tabs): the tabs replace its filter input', () => {
    const withTabs = (tabs: unknown, filters: unknown[] = ['status']) =>
      model(supplier({ 'x-list': { columns: ['id', 'name', 'status'], filters, tabs } }));
    const entities = withTabs({ field: 'status' });
    const suppliers = entities.find((e) => e.resource === 'suppliers')!;
    expect(suppliers.list.tabs).toEqual({ field: 'status', values: ['new', 'active'] });
    const text = emitAdmin(entities)['admin/generated/suppliers.tsx']!;
    expect(text).toMatch(
      /actions=\{<ListActions \/>\}>\s*<ListTabs source="status" choices=\{statusChoices\} \/>\s*<Datagrid/,
    );
    expect(text).toContain(
      "import { ListActions, ListTabs, useBulkActions, useRowClick } from '../src/list';",
    );
    expect(text).not.toContain('<SelectInput key="status"');
    // The server learns the values it counts by (GET /api/admin/suppliers/counts).
    expect(emitServer(entities)['server/generated/resources.ts']).toContain(
      'tabs: {"field":"status","values":["new","active"]}',
    );
    // Without tabs: the filter input as before, and no tabs for the server.
    const plain = model(supplier());
    expect(emitAdmin(plain)['admin/generated/suppliers.tsx']).not.toContain('ListTabs');
    expect(emitServer(plain)['server/generated/resources.ts']).toMatch(
      /resource: "suppliers"[^]*?tabs: null/,
    );

    expect(() => withTabs({ field: 'name' }, ['status', 'name'])).toThrow(
      /x-list\.tabs: name is not a readable field with an enum/,
    );
    expect(() => withTabs({ field: 'status' }, [])).toThrow(/status must also be in x-list\.filters/);
    expect(() => withTabs({ field: 'status', all: false })).toThrow(/x-list\.tabs: \{ "field"/);
    expect(() => withTabs('status')).toThrow(/x-list\.tabs: \{ "field"/);
  });

  it('offers named views of a list (x-list.views) as a «Подборка» filter, their conditions the server’s', () => {
    const withViews = (views: unknown) =>
      model(supplier({ 'x-list': { columns: ['id', 'name', 'status'], filters: ['status'], views } }));
    const entities = withViews([
      { key: 'toPay', label: 'Ждут оплаты', where: './sales/supplier-views#toPay' },
      { key: 'late', label: 'Опаздывают', where: './sales/supplier-views#late' },
    ]);
    const text = emitAdmin(entities)['admin/generated/suppliers.tsx']!;
    expect(text).toContain('<SelectInput key="view" source="view" choices={viewChoices} />');
    expect(text).toMatch(/const viewChoices = \[\s*\{ id: 'toPay', name: 'Ждут оплаты' \},\s*\{ id: 'late'/);
    expect(emitAdmin(entities)['admin/generated/messages.ts']).toMatch(/suppliers[^]*?view: 'Подборка'/);
    const server = emitServer(entities)['server/generated/resources.ts']!;
    expect(server).toContain(
      "import { toPay as suppliers_view_toPay } from '../src/domains/sales/supplier-views';",
    );
    expect(server).toContain(
      'views: { toPay: { label: "Ждут оплаты", where: suppliers_view_toPay satisfies ListView }, late:',
    );
    // Without views: no input, nothing for the server.
    const plain = model(supplier());
    expect(emitAdmin(plain)['admin/generated/suppliers.tsx']).not.toContain('source="view"');
    expect(emitServer(plain)['server/generated/resources.ts']).not.toMatch(
      /resource: "suppliers"[^]*?views:/,
    );

    const one = (v: Record<string, unknown>) => [
      { key: 'toPay', label: 'Ждут оплаты', where: './a/b#c', ...v },
    ];
    expect(() => withViews(one({ key: 'to-pay' }))).toThrow(/x-list\.views\[0\]: key must be a camelCase/);
    expect(() => withViews(one({ key: 'status' }))).toThrow(/"status" is a field's name/);
    expect(() => withViews(one({ where: 'sales/views.ts' }))).toThrow(/where must look like/);
    expect(() => withViews(one({ label: ' ' }))).toThrow(/label must be a Russian text/);
    expect(() => withViews(one({ sql: 'true' }))).toThrow(/unknown keys: sql/);
    expect(() => withViews([...one({}), ...one({})])).toThrow(/"toPay" is there twice/);
    expect(() => withViews({ toPay: 'x' })).toThrow(/x-list\.views: an array/);
  });

  it('shows a field with x-access.write only to its roles, reads x-access.rows, refuses malformed rules', () => {
    const withRule = (rule: unknown) => {
      const s = supplier();
      s.properties.status = { ...s.properties.status, 'x-access': rule } as typeof s.properties.status;
      return s;
    };
    // Exactly as written: the administrator is not added.
    const screen = emitAdmin(model(withRule({ write: ['manager'] })))['admin/generated/suppliers.tsx']!;
    expect(screen).toMatch(/<WritableBy roles=\{\['manager'\]\}>\s*<SelectInput\s+source="status"/);
    expect(() => model(withRule({ write: ['boss'] }))).toThrow(/status: unknown role boss/);
    const rows = (r: unknown) => model({ ...supplier(), 'x-access': { read: ['manager'], rows: r } });
    expect(rows({ manager: { status: ['new'] } }).find((e) => e.resource === 'suppliers')!.rowScopes).toEqual(
      {
        manager: { status: ['new'] },
      },
    );
    expect(() => rows({ manager: { terms: ['x'] } })).toThrow(/x-access\.rows: terms is not a scalar field/);
    expect(() => rows({ admin: { status: ['new'] } })).toThrow(/x-access\.rows: admin/);
    expect(() => model({ ...supplier(), 'x-access': { reed: ['manager'] } })).toThrow(/unknown key reed/);
    expect(() => model(withRule({ read: ['admin'] }))).toThrow(
      /x-access on a property is \{ "write": \[roles\] \}/,
    );
  });

  it('compiles x-access exactly as written: [] is nobody, history entities change through services only', () => {
    const accessOf = (extra: Record<string, unknown>) =>
      model({ ...supplier(), ...extra }).find((e) => e.resource === 'suppliers')!.access;
    expect(accessOf({ 'x-access': { read: ['manager'], write: [] } })).toEqual({
      list: ['manager'],
      show: ['manager'],
      export: ['manager'],
      create: [],
      edit: [],
      delete: [],
      service: [],
    });
    expect(accessOf({ 'x-access': { all: ['admin', 'manager'], delete: [] } }).delete).toEqual([]);
    expect(accessOf({ 'x-access': {} }).edit).toEqual([]);
    const history = {
      'x-entity': { menu: 'catalog', icon: 'LocalShipping', recordTitle: 'name', history: true },
    };
    expect(accessOf({ ...history, 'x-access': { read: ['admin'], service: ['manager'] } })).toMatchObject({
      list: ['admin'],
      create: [],
      edit: [],
      delete: [],
      service: ['manager'],
    });
    expect(() => accessOf({ ...history, 'x-access': { read: ['admin'], edit: ['admin'] } })).toThrow(
      /x-access\.edit: a history entity/,
    );
    expect(() => accessOf({ 'x-access': { all: ['admin'], service: ['admin'] } })).toThrow(
      /x-access\.service: service is for history entities/,
    );
    // No form for an action nobody may do; the list and show screens stay.
    const screen = emitAdmin(model({ ...supplier(), ...history, 'x-access': { read: ['admin'] } }))[
      'admin/generated/suppliers.tsx'
    ]!;
    expect(screen).not.toMatch(/SupplierEdit|SupplierCreate/);
    expect(screen).toMatch(/show: SupplierShow/);
  });
});
