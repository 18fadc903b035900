// The forms' endpoints (server/src/domains/forms): the captcha, the site's call-back, message and «Стать
// представителем» forms, and the admin's moderation of reviews and forms.
import { api, contract, envelope, failure, idParams } from './contract';

const FORMS = ['Формы сайта'];

export const generateCaptcha = contract({
  name: 'captcha.generate',
  method: 'POST',
  path: '/captcha/generate',
  tags: FORMS,
  summary: 'Новая капча: картинка SVG (data URL) 200 × 64; ответ проверяется один раз в течение 10 минут',
  response: {
    200: { description: 'Капча', ...envelope(api('captcha')) },
    429: failure('Слишком много запросов с этого адреса: «Повторите через N с.»'),
  },
});

/** Spec §5, §9: the name and the phone take 3 to 20 characters. */
export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const PHONE_MIN = 3;
export const PHONE_MAX = 20;
export const EMAIL_MAX = 255;

/** The application's lengths (the feedback table's columns allow more: city 100, experience 1000). */
export const REPRESENT_LENGTH = {
  city: { min: 2, max: 100 },
  email: { min: 3, max: EMAIL_MAX },
  experience: { min: 3, max: 1000 },
} as const;

/** What each form answers; the schema's x-trim trims every text field before the check, so "   " is no name. */
const feedbackAnswers = (saved: string) => ({
  201: { description: saved, ...envelope(api('feedback-created')) },
  400: failure(
    'Ошибки по полям; неверная, устаревшая или уже проверенная капча — code captcha_invalid (поле ' +
      'captchaPhrase): нужна новая картинка',
  ),
  429: failure('Слишком много запросов с этого адреса: «Повторите через N с.»'),
});

export const feedbackCall = contract({
  name: 'feedback.call',
  method: 'POST',
  path: '/feedback/call',
  tags: FORMS,
  summary: 'Заказ обратного звонка',
  description:
    'Имя и телефон — от 3 до 20 символов (пробелы по краям отбрасываются). Сначала проверяются поля, ' +
    'затем капча (она расходуется при любом ответе). Сохраняет заявку и согласие на обработку данных, ' +
    'ставит в очередь письмо администратору (шаблон feedback.call).',
  body: api('feedback-call-request'),
  response: feedbackAnswers('Заявка сохранена'),
});

export const feedbackWrite = contract({
  name: 'feedback.write',
  method: 'POST',
  path: '/feedback/write',
  tags: FORMS,
  summary: 'Сообщение с сайта',
  description:
    'name — имя, e-mail и телефон через «+» (телефон может начинаться с «+»: «Анна+a@b.ru++79991234567»); ' +
    'имя — от 3 до 20 символов, телефон — от 3 до 20, e-mail не пустой; сообщение — от 3 до 500 символов. ' +
    'Ошибки частей имени приходят в поле name. Остальное — как у /api/feedback/call (шаблон feedback.message).',
  body: api('feedback-write-request'),
  response: feedbackAnswers('Сообщение сохранено'),
});

const text = (label: string, min: number, max: number, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  minLength: min,
  maxLength: max,
  'x-label': label,
  'x-trim': true,
  ...extra,
});

export const feedbackRepresent = contract({
  name: 'feedback.represent',
  method: 'POST',
  path: '/feedback/represent',
  tags: FORMS,
  summary: 'Заявка «Стать представителем»',
  description:
    'Имя и телефон — от 3 до 20 символов, город — от 2 до 100, e-mail — адрес почты, опыт работы — от 3 ' +
    'до 1000 символов (пробелы по краям отбрасываются). Сохраняет заявку (kind represent) и согласие на ' +
    'обработку данных, ставит в очередь письмо администратору (шаблон feedback.represent). Остальное — ' +
    'как у /api/feedback/call.',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'city', 'phone', 'email', 'experience', 'captchaId', 'captchaPhrase'],
    properties: {
      name: text('Имя', NAME_MIN, NAME_MAX),
      city: text('Город', REPRESENT_LENGTH.city.min, REPRESENT_LENGTH.city.max),
      phone: text('Телефон', PHONE_MIN, PHONE_MAX),
      email: text('E-mail', REPRESENT_LENGTH.email.min, REPRESENT_LENGTH.email.max, { format: 'email' }),
      experience: text('Опыт работы', REPRESENT_LENGTH.experience.min, REPRESENT_LENGTH.experience.max),
      captchaId: text('Капча', 1, 64),
      captchaPhrase: text('Надпись с капчи', 1, 50),
    },
  },
  response: feedbackAnswers('Заявка сохранена'),
});

const REVIEW_STATUSES = ['pending', 'published', 'rejected'];

/** One status for many reviews of one list (all or nothing), for each of the two review lists. */
const bulkReviewStatus = <const N extends string, const P extends string>(name: N, path: P, label: string) =>
  contract({
    name,
    method: 'POST',
    path,
    tags: [label],
    summary: `${label}: один статус для нескольких сразу (всё или ничего)`,
    body: api('admin-review-bulk-status-request'),
    response: {
      200: envelope({
        type: 'object',
        additionalProperties: false,
        required: ['updated', 'status'],
        properties: {
          updated: { type: 'integer' },
          status: { type: 'string', enum: REVIEW_STATUSES },
        },
      }),
    },
  });

export const setSiteReviewsStatus = bulkReviewStatus(
  'adminForms.setSiteReviewsStatus',
  '/admin/reviews-on-site/bulk-status',
  'Отзывы о магазине',
);
export const setProductReviewsStatus = bulkReviewStatus(
  'adminForms.setProductReviewsStatus',
  '/admin/reviews-on-products/bulk-status',
  'Отзывы о товарах',
);

export const setFeedbackProcessed = contract({
  name: 'adminForms.setFeedbackProcessed',
  method: 'POST',
  path: '/admin/feedback/:id/processed',
  tags: ['Заявки с сайта'],
  summary: 'Отметка «Обработана» с временем и менеджером (или снять её)',
  params: idParams,
  body: api('admin-feedback-processed-request'),
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['id', 'processed', 'processedAt', 'processedById'],
      properties: {
        id: { type: 'integer' },
        processed: { type: 'boolean' },
        processedAt: { type: ['string', 'null'], format: 'date-time' },
        processedById: { type: ['integer', 'null'] },
      },
    }),
  },
});
