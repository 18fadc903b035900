// Fields: how a value is shown, in a list column or a show screen's row (and in nested rows of both).
import { el, expr, str, type Attr } from './code';
import { choicesConst, ra, refLink, refTitleChild, shared, unitAttrs, type Ctx } from './context';
import type { UiField } from './ui-fields';

interface FieldOptions {
  /** Inside a list Datagrid column (thumbnails, one-line JSON, sortable flags). */
  column: boolean;
  /** A nested row (ArrayField): labels are written out, react-admin cannot find them in the messages. */
  nested: boolean;
  path: string;
  sortable?: boolean;
}

export function fieldElement(ctx: Ctx, f: UiField, o: FieldOptions): string {
  const source = str('source', f.name);
  const label = o.nested ? str('label', f.label) : null;
  const sortable = o.column && o.sortable === false ? expr('sortable', 'false') : null;
  const base = [source, label, sortable];
  if (f.ref) {
    const attrs = [...base, str('reference', f.ref.resource), refLink(ctx, f.ref)];
    if (f.ref.many) {
      const chip = refTitleChild(ctx, f.ref, 'ChipField');
      return el(
        ra(ctx, 'ReferenceArrayField'),
        attrs,
        chip ? [el(ra(ctx, 'SingleFieldList'), [], [chip])] : [],
      );
    }
    const child = refTitleChild(ctx, f.ref, 'TextField');
    return el(ra(ctx, 'ReferenceField'), attrs, child ? [child] : []);
  }
  if (f.items) {
    if (f.widget === 'images' && f.items.some((i) => i.name === 'url')) {
      // Previews through the server's WebP variants, never the full-size originals.
      const title = f.items.some((i) => i.name === 'alt') ? str('title', 'alt') : null;
      return el(shared(ctx, 'ImagePreviewField'), [
        ...base,
        str('src', 'url'),
        title,
        o.column && 'thumbnail',
      ]);
    }
    if (o.column) return el(shared(ctx, 'JsonField'), [...base, expr('inline', '60')]);
    const columns = f.items
      .filter((i) => i.inShow && i.name !== 'id')
      .map((i) =>
        fieldElement(ctx, i, { column: true, nested: true, path: `${o.path}.${i.name}`, sortable: false }),
      );
    return el(ra(ctx, 'ArrayField'), base, [
      el(
        ra(ctx, 'Datagrid'),
        [expr('bulkActionButtons', 'false'), expr('rowClick', 'false'), 'optimized'],
        columns,
      ),
    ]);
  }
  if (f.enum) {
    const choices = expr('choices', choicesConst(ctx, f, o.path));
    if (f.kind.endsWith('[]')) return el(shared(ctx, 'ChoicesArrayField'), [...base, choices]);
    return el(ra(ctx, 'SelectField'), [...base, choices]);
  }
  if (f.enumLabels && f.kind === 'string')
    return el(shared(ctx, 'LabelledTextField'), [...base, expr('choices', choicesConst(ctx, f, o.path))]);
  switch (f.kind) {
    case 'boolean':
      return el(ra(ctx, 'BooleanField'), base);
    case 'integer':
    case 'number':
    case 'bigint':
      if (f.widget === 'money') return el(shared(ctx, 'MoneyField'), [...base, str('textAlign', 'right')]);
      if (f.widget === 'percent')
        return el(shared(ctx, 'PercentField'), [...base, str('textAlign', 'right')]);
      if (f.unitFrom)
        return el(shared(ctx, 'UnitField'), [...base, ...unitAttrs(f.unitFrom), str('textAlign', 'right')]);
      // Identifiers read as written: "1024", not "1 024".
      if (f.name === 'id' || /Id$/.test(f.name) || f.kind === 'bigint') return el(ra(ctx, 'TextField'), base);
      return el(ra(ctx, 'NumberField'), [...base, str('locales', 'ru-RU')]);
    case 'date-time':
      return el(ra(ctx, 'DateField'), [
        ...base,
        'showTime',
        str('locales', 'ru-RU'),
        expr('options', shared(ctx, 'moscowDateTime')),
      ]);
    case 'date':
      return el(ra(ctx, 'DateField'), [
        ...base,
        str('locales', 'ru-RU'),
        expr('options', shared(ctx, 'calendarDate')),
      ]);
    case 'string[]':
      return el(ra(ctx, 'TextArrayField'), base);
    case 'integer[]':
    case 'json':
      return el(shared(ctx, 'JsonField'), [
        ...base,
        f.directoryCoded && 'directories',
        o.column && expr('inline', '60'),
      ]);
    case 'string':
      return stringField(ctx, f, base, o);
  }
}

function stringField(ctx: Ctx, f: UiField, base: Attr[], o: FieldOptions): string {
  switch (f.widget) {
    case 'image':
      return el(shared(ctx, 'ImagePreviewField'), [...base, o.column && 'thumbnail']);
    case 'email':
      return el(ra(ctx, 'EmailField'), base);
    case 'richtext':
      return o.column ? el(ra(ctx, 'TextField'), base) : el(ra(ctx, 'RichTextField'), base);
    case 'textarea':
      return el(ra(ctx, 'TextField'), [...base, !o.column && expr('sx', "{ whiteSpace: 'pre-wrap' }")]);
    default:
      return el(ra(ctx, 'TextField'), base);
  }
}
