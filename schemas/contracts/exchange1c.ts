// The 1C exchange (CommerceML 2, «Обмен с сайтом»): one address that 1C calls with `type` and `mode`
// (server/src/flows/exchange1c). 1C reads text lines, not JSON: every answer is text/plain, first line
// `success`, `progress` or `failure`. The same handler also answers at the addresses 1C users usually type
// (/1c_exchange.php, /bitrix/admin/1c_exchange.php), outside /api.
import { contract } from './contract';

const TEXT = {
  description:
    'Ответ для 1С текстом (text/plain): первая строка success, progress или failure, дальше строки ответа',
  content: { 'text/plain': { schema: { type: 'string' } } },
};

/** What 1C puts in the address; unknown parameters (`version`, `sessid`) are let through. */
const EXCHANGE_QUERY = {
  type: 'object',
  properties: {
    type: {
      type: 'string',
      maxLength: 20,
      description: 'catalog — каталог, цены и остатки; sale — заказы',
      'x-label': 'Тип обмена',
    },
    mode: {
      type: 'string',
      maxLength: 20,
      description: 'checkauth, init, file, import, query, success',
      'x-label': 'Шаг обмена',
    },
    filename: { type: 'string', maxLength: 500, 'x-label': 'Имя файла' },
    version: { type: 'string', maxLength: 20, 'x-label': 'Версия схемы' },
  },
};

const SUMMARY = 'Обмен с 1С по CommerceML 2 (каталог и заказы)';
const DESCRIPTION =
  'Вход — HTTP Basic пользователя с ролью «Обмен с 1С» (mode=checkauth), дальше — cookie из его ответа. ' +
  'Файлы (mode=file) приходят телом POST-запроса частями не больше file_limit из ответа mode=init.';

/** mode=query answers the orders as CommerceML XML. */
const TEXT_OR_XML = {
  description: `${TEXT.description}; mode=query — документ заказов CommerceML 2.10 (XML)`,
  content: { ...TEXT.content, 'application/xml': { schema: { type: 'string' } } },
};

export const exchange1cGet = contract({
  name: 'onec.exchangeGet',
  external: true,
  method: 'GET',
  path: '/1c/exchange',
  tags: ['Обмен с 1С'],
  summary: SUMMARY,
  description: DESCRIPTION,
  query: EXCHANGE_QUERY,
  response: { 200: TEXT_OR_XML },
});

export const exchange1cPost = contract({
  name: 'onec.exchangePost',
  external: true,
  method: 'POST',
  path: '/1c/exchange',
  tags: ['Обмен с 1С'],
  summary: `${SUMMARY}: файлы и шаги, присланные POST`,
  description: DESCRIPTION,
  query: EXCHANGE_QUERY,
  response: { 200: TEXT_OR_XML },
});
