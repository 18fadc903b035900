// The messaging endpoints: the public newsletter (double opt-in subscribe, confirm, unsubscribe) and the
// admin's messaging (template previews, recipient counts, mailings with their progress, sending failed
// messages again).
import { api, contract, envelope, failure, pathParams, recordId } from './contract';

const NEWS = ['Рассылка'];
/** The admin's messaging endpoints in /api/docs. */
const MESSAGES = ['Рассылки'];

/** The token of a newsletter link, as newsletter-token-request declares it (the query repeats it). */
const TOKEN = { type: 'string', minLength: 1, maxLength: 128, 'x-label': 'Ключ из ссылки', 'x-trim': true };

export const subscribeNewsletter = contract({
  name: 'newsletter.subscribe',
  method: 'POST',
  path: '/newsletter/subscribe',
  tags: NEWS,
  summary: 'Подписка из подвала сайта: письмо со ссылкой подтверждения (действует 3 дня)',
  description:
    'Ответ всегда { status: "pending" }; действующему подписчику письмо не отправляется. Записывает ' +
    'согласие на получение рассылки.',
  body: api('newsletter-subscribe-request'),
  response: {
    200: { description: 'Принято', ...envelope(api('newsletter-state')) },
    400: failure('Неверный e-mail'),
    429: failure('Слишком много запросов с этого адреса или писем на этот e-mail'),
  },
});

export const confirmNewsletter = contract({
  name: 'newsletter.confirm',
  method: 'POST',
  path: '/newsletter/confirm',
  tags: NEWS,
  summary: 'Подтверждение подписки по ключу из письма (один раз)',
  body: api('newsletter-token-request'),
  response: {
    200: { description: 'Подписка действует', ...envelope(api('newsletter-state')) },
    400: failure('Ссылка недействительна, устарела или уже использована (code token_invalid)'),
    429: failure('Слишком много попыток с этого адреса'),
  },
});

export const unsubscribeNewsletter = contract({
  name: 'newsletter.unsubscribe',
  method: 'POST',
  path: '/newsletter/unsubscribe',
  tags: NEWS,
  summary: 'Отписка по ключу из письма рассылки; повторный вызов отвечает так же',
  description:
    'Ключ — в теле { token } или в адресе ?token= (заголовок List-Unsubscribe, RFC 8058: почтовая ' +
    'программа присылает форму List-Unsubscribe=One-Click).',
  /** ?token= of an unsubscribe link: a mail client's one-click post goes to the link's own address. */
  query: { type: 'object', properties: { token: TOKEN } },
  body: {
    content: {
      'application/json': { schema: api('newsletter-token-request') },
      'application/x-www-form-urlencoded': {
        schema: {
          type: 'object',
          properties: {
            // Any value: a mail client that words it otherwise still unsubscribes by the query's token.
            'List-Unsubscribe': { type: 'string', description: 'One-Click (RFC 8058)' },
            token: TOKEN,
          },
        },
      },
      // Read as text (the server's form parsers): only the query's token matters then.
      'multipart/form-data': { schema: { type: 'string' } },
    },
  },
  response: {
    200: { description: 'Подписка прекращена', ...envelope(api('newsletter-state')) },
    400: failure('Нет ключа или неизвестный ключ (code token_invalid)'),
    429: failure('Слишком много запросов с этого адреса'),
  },
});

export const previewMessage = contract({
  name: 'adminMessages.preview',
  method: 'POST',
  path: '/admin/messages/preview',
  tags: MESSAGES,
  summary: 'Предпросмотр шаблона или текста с примерными значениями и список доступных переменных',
  body: api('admin-message-preview-request'),
  response: { 200: envelope(api('admin-message-preview')) },
});

export const countAudience = contract({
  name: 'adminMessages.countAudience',
  method: 'GET',
  path: '/admin/messages/audience',
  tags: MESSAGES,
  summary: 'Сколько получателей у рассылки: один покупатель, группа или все подписчики',
  query: {
    type: 'object',
    required: ['channel', 'audience'],
    properties: {
      channel: {
        type: 'string',
        enum: ['email', 'sms'],
        'x-label': 'Канал',
        'x-messages': { enum: 'Ожидается email или sms' },
      },
      audience: {
        type: 'string',
        enum: ['user', 'group', 'subscribers'],
        'x-label': 'Получатели',
        'x-messages': { enum: 'Ожидается user, group или subscribers' },
      },
      userId: recordId('Покупатель', 'Неверный номер покупателя'),
      groupId: recordId('Группа', 'Неверный номер группы'),
    },
  },
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['total'],
      properties: { total: { type: 'integer' } },
    }),
  },
});

export const sendMailing = contract({
  name: 'adminMessages.sendMailing',
  method: 'POST',
  path: '/admin/messages/mailings',
  tags: MESSAGES,
  summary: 'Рассылка письма или SMS: одному покупателю, группе или всем подписчикам',
  description:
    'Все сообщения ставятся в очередь в одной транзакции; ход отправки — …/mailings/{id}/progress.',
  body: api('admin-mailing-request'),
  response: {
    201: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['id', 'total'],
      properties: {
        id: { type: 'integer' },
        total: { type: 'integer', description: 'Сколько сообщений поставлено в очередь' },
      },
    }),
  },
});

export const mailingProgress = contract({
  name: 'adminMessages.mailingProgress',
  method: 'GET',
  path: '/admin/messages/mailings/:id/progress',
  tags: MESSAGES,
  summary: 'Ход рассылки: сколько сообщений в каждом состоянии',
  params: pathParams({ id: recordId('Рассылка', 'Неверный номер рассылки') }),
  response: { 200: envelope(api('admin-mailing-progress')) },
});

/** How many messages the resend queued again. */
const QUEUED = envelope({
  type: 'object',
  additionalProperties: false,
  required: ['count'],
  properties: { count: { type: 'integer', description: 'Сколько сообщений снова в очереди' } },
});

export const resendMessage = contract({
  name: 'adminMessages.resendMessage',
  method: 'POST',
  path: '/admin/messages/outbox/:id/resend',
  tags: MESSAGES,
  summary: 'Отправить снова одно неотправленное или задержанное сообщение',
  params: pathParams({ id: recordId('Сообщение', 'Неверный номер сообщения') }),
  response: { 200: QUEUED },
});

export const resendChannel = contract({
  name: 'adminMessages.resendChannel',
  method: 'POST',
  path: '/admin/messages/outbox/resend',
  tags: MESSAGES,
  summary: 'Отправить снова все неотправленные и задержанные сообщения канала',
  body: api('admin-outbox-resend-request'),
  response: { 200: QUEUED },
});
