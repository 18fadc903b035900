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
    // The rich text editor's toolbar (ra-input-rich-text has no Russian of its own).
    tiptap: {
      align_left: 'По левому краю',
      align_right: 'По правому краю',
      align_center: 'По центру',
      align_justify: 'По ширине',
      bold: 'Жирный',
      italic: 'Курсив',
      underline: 'Подчёркнутый',
      strike: 'Зачёркнутый',
      code: 'Код',
      color: 'Цвет',
      highlight: 'Выделение',
      list_bulleted: 'Маркированный список',
      list_numbered: 'Нумерованный список',
      clear_format: 'Очистить форматирование',
      image: 'Изображение',
      image_dialog: 'Адрес изображения',
      link: 'Ссылка',
      blockquote: 'Цитата',
      current_level: 'Текущий уровень',
      select_level: 'Выберите уровень',
      paragraph: 'Обычный текст',
      heading1: 'Заголовок 1',
      heading2: 'Заголовок 2',
      heading3: 'Заголовок 3',
      heading4: 'Заголовок 4',
      heading5: 'Заголовок 5',
      heading6: 'Заголовок 6',
    },
    page: {
      dashboard: 'Рабочий стол',
      // «Создать Товар» (the default) reads as a button with a capital in the middle; a title names the record.
      create: '%{name}: новая запись',
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
