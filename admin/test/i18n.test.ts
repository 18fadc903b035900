import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../src/i18n';

describe('i18nProvider', () => {
  it('speaks Russian: resource names in every plural form and field labels from the schemas', () => {
    const t = i18nProvider.translate;
    expect(i18nProvider.getLocale()).toBe('ru');
    expect(t('resources.products.name', { smart_count: 1 })).toBe('Товар');
    expect(t('resources.products.name', { smart_count: 2 })).toBe('Товары');
    expect(t('resources.products.name', { smart_count: 5 })).toBe('Товары');
    expect(t('resources.products.fields.title')).toBe('Название');
    expect(t('resources.products.fields.offers.article')).toBe('Артикул');
    expect(t('ra.action.save')).toBe('Сохранить');
    expect(t('ra.auth.username')).toBe('Логин (e-mail или телефон)');
  });

  it('titles a create page by the record, not as a button («Создать Товар»)', () => {
    const t = i18nProvider.translate;
    expect(t('ra.page.create', { name: 'Товар' })).toBe('Товар: новая запись');
  });
});
