// The catalogue's public endpoints.
import { contract, envelope, failure, INT4_MAX } from './contract';

export const notifyStock = contract({
  name: 'catalog.notifyStock',
  method: 'POST',
  path: '/stock-notices',
  tags: ['Каталог'],
  summary: 'Сообщить о поступлении варианта товара',
  description:
    'E-mail или телефон (+7XXXXXXXXXX) — хотя бы одно; письмо уходит на e-mail, а без него — SMS. ' +
    'Вариант должен быть на витрине и без остатка. Сначала проверяются поля, затем капча (она ' +
    'расходуется при любом ответе). Повторный запрос того же контакта на тот же вариант, пока первый ' +
    'ждёт, ничего не добавляет и отвечает так же. Сохраняет согласие на обработку данных.',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['offerId', 'captchaId', 'captchaPhrase'],
    properties: {
      offerId: { type: 'integer', minimum: 1, maximum: INT4_MAX, 'x-label': 'Вариант товара' },
      email: {
        type: ['string', 'null'],
        format: 'email',
        maxLength: 255,
        'x-label': 'E-mail',
        'x-trim': true,
      },
      phone: {
        type: ['string', 'null'],
        pattern: '^\\+7\\d{10}$',
        'x-label': 'Телефон',
        'x-trim': true,
        'x-messages': { pattern: 'введите номер полностью: +7 (900) 000-00-00' },
      },
      captchaId: { type: 'string', minLength: 1, maxLength: 64, 'x-label': 'Капча', 'x-trim': true },
      captchaPhrase: {
        type: 'string',
        minLength: 1,
        maxLength: 50,
        'x-label': 'Надпись с капчи',
        'x-trim': true,
      },
    },
  },
  response: {
    201: {
      description: 'Запрос сохранён (или такой уже ждёт)',
      ...envelope({
        type: 'object',
        additionalProperties: false,
        required: ['status', 'email', 'phone'],
        properties: {
          status: { type: 'string', enum: ['waiting'] },
          email: { type: ['string', 'null'] },
          phone: { type: ['string', 'null'] },
        },
      }),
    },
    400: failure('Ошибки по полям; неверная капча — code captcha_invalid (поле captchaPhrase)'),
    404: failure('Такого варианта на витрине нет'),
    409: failure('Вариант уже в наличии'),
    429: failure('Слишком много запросов с этого адреса: «Повторите через N с.»'),
  },
});
