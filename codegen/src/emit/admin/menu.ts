// admin/generated/menu.ts: the menu groups of x-entity.menu with their Russian titles and resources.
import type { EntityModel } from '../../model';
import { GENERATED_HEADER } from '../header';
import { indent, lit } from './code';

/** The menu groups of x-entity.menu, in menu order. */
export const MENU_GROUPS: readonly { key: string; title: string }[] = [
  { key: 'catalog', title: 'Каталог' },
  { key: 'sales', title: 'Продажи' },
  { key: 'customers', title: 'Покупатели' },
  { key: 'content', title: 'Контент' },
  { key: 'messages', title: 'Сообщения' },
  { key: 'settings', title: 'Настройки' },
  { key: 'other', title: 'Прочее' },
];

export function emitMenu(entities: EntityModel[]): string {
  const groups = MENU_GROUPS.map((g) => ({
    ...g,
    resources: entities
      .filter((e) => e.menu === g.key)
      .sort(
        (a, b) =>
          a.label.many.localeCompare(b.label.many, 'ru') || a.resource.localeCompare(b.resource, 'en'),
      )
      .map((e) => e.resource),
  })).filter((g) => g.resources.length > 0);
  const items = groups.map(
    (g) => `{ key: ${lit(g.key)}, title: ${lit(g.title)}, resources: ${lit(g.resources)} },`,
  );
  return (
    [
      GENERATED_HEADER,
      '// The admin menu: groups of x-entity.menu in a fixed order, resources by their Russian names.',
      'export interface MenuGroup {\n  key: string;\n  title: string;\n  resources: readonly string[];\n}',
      `export const menuGroups: MenuGroup[] = [\n${indent(items.join('\n'))}\n];`,
    ].join('\n\n') + '\n'
  );
}
