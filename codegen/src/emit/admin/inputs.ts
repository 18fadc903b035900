// Inputs: how a value is typed in on the create and edit forms (and in nested rows).
import { el, expr, lit, str, type Attr } from './code';
import { choicesConst, ra, refSearch, refTitleOption, shared, unitAttrs, type Ctx } from './context';
import type { UiField } from './ui-fields';

function defaultAttr(f: UiField): Attr {
  const d = f.default;
  if (d === undefined || d === null) return null;
  if (typeof d === 'object' && Object.keys(d).length === 0) return null;
  return typeof d === 'string' ? str('defaultValue', d) : expr('defaultValue', lit(d));
}

export function inputElement(ctx: Ctx, f: UiField, path: string): string {
  const source = str('source', f.name);
  const required = f.required && f.kind !== 'boolean' ? 'isRequired' : null;
  const help = f.help ? str('helperText', f.help) : null;
  const common = [source, required, help, defaultAttr(f)];
  if (f.ref) {
    const inner = [required, help, refTitleOption(ctx, f.ref), refSearch(ctx, f.ref)];
    return f.ref.many
      ? el(
          ra(ctx, 'ReferenceArrayInput'),
          [source, str('reference', f.ref.resource), defaultAttr(f)],
          [el(ra(ctx, 'AutocompleteArrayInput'), [...inner, 'fullWidth'])],
        )
      : el(
          ra(ctx, 'ReferenceInput'),
          [source, str('reference', f.ref.resource), defaultAttr(f)],
          [el(ra(ctx, 'AutocompleteInput'), inner)],
        );
  }
  if (f.items) {
    // Pictures with addresses: upload, preview, reorder by dragging, alt text (admin/src/fields/ImagesInput).
    if (f.widget === 'images' && f.items.some((i) => i.name === 'url'))
      return el(shared(ctx, 'ImagesInput'), [
        source,
        help,
        f.items.some((i) => i.name === 'alt') && 'withAlt',
        f.items.some((i) => i.name === 'sortOrder') && 'withSortOrder',
      ]);
    const inputs = f.items
      .filter((i) => i.inForm && i.name !== 'id')
      .map((i) => inputElement(ctx, i, `${path}.${i.name}`));
    return el(ra(ctx, 'ArrayInput'), [source, help], [el(ra(ctx, 'SimpleFormIterator'), ['inline'], inputs)]);
  }
  if (f.enum) {
    const choices = expr('choices', choicesConst(ctx, f, path));
    if (f.kind.endsWith('[]')) return el(ra(ctx, 'SelectArrayInput'), [...common, choices]);
    const tag = f.widget === 'autocomplete' ? 'AutocompleteInput' : 'SelectInput';
    return el(ra(ctx, tag), [...common, choices]);
  }
  switch (f.kind) {
    case 'boolean':
      return el(ra(ctx, 'BooleanInput'), common);
    case 'integer':
    case 'number':
    case 'bigint':
      if (f.widget === 'money') return el(shared(ctx, 'MoneyInput'), common);
      if (f.widget === 'percent') return el(shared(ctx, 'PercentInput'), common);
      if (f.unitFrom) return el(shared(ctx, 'UnitInput'), [...common, ...unitAttrs(f.unitFrom)]);
      return el(ra(ctx, 'NumberInput'), common);
    case 'date-time':
      return el(ra(ctx, 'DateTimeInput'), [
        ...common,
        expr('format', shared(ctx, 'isoToMoscowLocal')),
        expr('parse', shared(ctx, 'moscowLocalToIso')),
      ]);
    case 'date':
      return el(ra(ctx, 'DateInput'), common);
    case 'string[]':
      return el(ra(ctx, 'TextArrayInput'), common);
    case 'integer[]':
    case 'json':
      // Keys a person types (a payment service's shopId and secret key): inputs of their own, never a JSON box.
      if (f.secretKeys)
        return el(shared(ctx, 'SecretKeysInput'), [
          source,
          help,
          expr('keys', lit(f.secretKeys)),
          f.check && 'check',
        ]);
      return el(shared(ctx, 'JsonInput'), common);
    case 'string':
      return stringInput(ctx, f, common);
  }
}

function stringInput(ctx: Ctx, f: UiField, common: Attr[]): string {
  switch (f.widget) {
    case 'password':
      return el(ra(ctx, 'PasswordInput'), [...common, str('autoComplete', 'new-password')]);
    case 'textarea':
      return el(ra(ctx, 'TextInput'), [...common, 'multiline', expr('minRows', '3'), 'fullWidth']);
    case 'richtext':
      // A WYSIWYG editor whose toolbar matches what the storefront keeps (admin/src/fields/RichTextInput).
      return el(shared(ctx, 'RichTextInput'), common);
    case 'email':
      return el(ra(ctx, 'TextInput'), [...common, str('type', 'email')]);
    case 'phone':
      return el(ra(ctx, 'TextInput'), [...common, str('type', 'tel')]);
    case 'slug':
      // Fills itself from the title while a new record's address is not typed by hand (admin/src/fields).
      return el(shared(ctx, 'SlugInput'), common);
    case 'image':
      // Upload with a preview, replace and clear (admin/src/fields/ImageInput).
      return el(shared(ctx, 'ImageInput'), common);
    default:
      return el(ra(ctx, 'TextInput'), common);
  }
}
