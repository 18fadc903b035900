// Russian UI: react-admin's Russian messages, the generated resource messages (names and field labels),
// and our own wording where the defaults do not fit a shop.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import russianMessages from 'ra-language-russian';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { messages as generatedMessages } from '../generated/messages';

const shopMessages = {
  ra: {
    auth: {
      username: 'Логин (e-mail или телефон)',
    },
    page: {
      dashboard: 'Рабочий стол',
      edit: '%{name} «%{recordRepresentation}»',
      show: '%{name} «%{recordRepresentation}»',
      empty: 'Записей пока нет',
      invite: 'Создать первую?',
    },
  },
  shop: {
    title: 'Администрирование',
    dashboard: {
      welcome: 'Добро пожаловать, %{name}',
      intro: 'Выберите раздел в меню слева.',
    },
  },
};

export const messages = mergeTranslations(
  russianMessages,
  generatedMessages,
  shopMessages,
) as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(() => messages, 'ru', [{ locale: 'ru', name: 'Русский' }], {
  allowMissing: true,
});
