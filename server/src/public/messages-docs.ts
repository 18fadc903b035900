// OpenAPI description of the public message endpoints (captcha.ts, feedback.ts, newsletter.ts,
// profile-subscriptions.ts), merged into /api/docs by docs.ts.
import captcha from '../../../schemas/api/captcha.schema.json' with { type: 'json' };
import feedbackCallRequest from '../../../schemas/api/feedback-call-request.schema.json' with { type: 'json' };
import feedbackCreated from '../../../schemas/api/feedback-created.schema.json' with { type: 'json' };
import feedbackWriteRequest from '../../../schemas/api/feedback-write-request.schema.json' with { type: 'json' };
import newsletterState from '../../../schemas/api/newsletter-state.schema.json' with { type: 'json' };
import newsletterSubscribeRequest from '../../../schemas/api/newsletter-subscribe-request.schema.json' with { type: 'json' };
import newsletterTokenRequest from '../../../schemas/api/newsletter-token-request.schema.json' with { type: 'json' };
import profileSubscriptions from '../../../schemas/api/profile-subscriptions.schema.json' with { type: 'json' };
import profileSubscriptionsState from '../../../schemas/api/profile-subscriptions-state.schema.json' with { type: 'json' };
import { apiError, component, envelope, json, ref } from '../http/openapi';

const error = apiError;
const tooMany = error('Слишком много запросов с этого адреса: «Повторите через N с.»');

const CAPTCHA_400 = error(
  'Ошибки по полям; неверная, устаревшая или уже проверенная капча — code captcha_invalid (поле ' +
    'captchaPhrase): нужна новая картинка',
);
const FORMS = ['Формы сайта'];
const NEWS = ['Рассылка'];

export const MESSAGES_DOC_PATHS = {
  '/api/captcha/generate': {
    post: {
      tags: FORMS,
      summary: 'Новая капча: картинка SVG (data URL) 200 × 64; ответ проверяется один раз в течение 10 минут',
      responses: { 200: { description: 'Капча', ...envelope(ref('Captcha')) }, 429: tooMany },
    },
  },
  '/api/feedback/call': {
    post: {
      tags: FORMS,
      summary: 'Заказ обратного звонка',
      description:
        'Имя и телефон — от 3 до 20 символов (пробелы по краям отбрасываются). Сначала проверяются поля, ' +
        'затем капча (она расходуется при любом ответе). Сохраняет заявку и согласие на обработку данных, ' +
        'ставит в очередь письмо администратору (шаблон feedback.call).',
      requestBody: { required: true, ...json(ref('FeedbackCallRequest')) },
      responses: {
        201: { description: 'Заявка сохранена', ...envelope(ref('FeedbackCreated')) },
        400: CAPTCHA_400,
        429: tooMany,
      },
    },
  },
  '/api/feedback/write': {
    post: {
      tags: FORMS,
      summary: 'Сообщение с сайта',
      description:
        'name — имя, e-mail и телефон через «+» (телефон может начинаться с «+»: «Анна+a@b.ru++79991234567»); ' +
        'имя — от 3 до 20 символов, телефон — от 3 до 20, e-mail не пустой; сообщение — от 3 до 500 символов. ' +
        'Ошибки частей имени приходят в поле name. Остальное — как у /api/feedback/call (шаблон feedback.message).',
      requestBody: { required: true, ...json(ref('FeedbackWriteRequest')) },
      responses: {
        201: { description: 'Сообщение сохранено', ...envelope(ref('FeedbackCreated')) },
        400: CAPTCHA_400,
        429: tooMany,
      },
    },
  },
  '/api/newsletter/subscribe': {
    post: {
      tags: NEWS,
      summary: 'Подписка из подвала сайта: письмо со ссылкой подтверждения (действует 3 дня)',
      description:
        'Ответ всегда { status: "pending" }; действующему подписчику письмо не отправляется. Записывает ' +
        'согласие на получение рассылки.',
      requestBody: { required: true, ...json(ref('NewsletterSubscribeRequest')) },
      responses: {
        200: { description: 'Принято', ...envelope(ref('NewsletterState')) },
        400: error('Неверный e-mail'),
        429: tooMany,
      },
    },
  },
  '/api/newsletter/confirm': {
    post: {
      tags: NEWS,
      summary: 'Подтверждение подписки по ключу из письма (один раз)',
      requestBody: { required: true, ...json(ref('NewsletterTokenRequest')) },
      responses: {
        200: { description: 'Подписка действует', ...envelope(ref('NewsletterState')) },
        400: error('Ссылка недействительна, устарела или уже использована (code token_invalid)'),
      },
    },
  },
  '/api/newsletter/unsubscribe': {
    post: {
      tags: NEWS,
      summary: 'Отписка по ключу из письма рассылки; повторный вызов отвечает так же',
      description:
        'Ключ — в теле { token } или в адресе ?token= (заголовок List-Unsubscribe, RFC 8058: почтовая ' +
        'программа присылает форму List-Unsubscribe=One-Click).',
      parameters: [{ name: 'token', in: 'query', schema: { type: 'string' } }],
      requestBody: {
        required: false,
        content: {
          'application/json': { schema: ref('NewsletterTokenRequest') },
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } },
            },
          },
        },
      },
      responses: {
        200: { description: 'Подписка прекращена', ...envelope(ref('NewsletterState')) },
        400: error('Неизвестный ключ (code token_invalid)'),
      },
    },
  },
  '/api/profile/subscriptions': {
    get: {
      tags: ['Личный кабинет'],
      summary: 'Подписки покупателя: новости по e-mail и по SMS',
      responses: {
        200: { description: 'Подписки', ...envelope(ref('ProfileSubscriptionsState')) },
        401: error('Требуется вход'),
      },
    },
    put: {
      tags: ['Личный кабинет'],
      summary: 'Изменить подписки',
      description:
        'Включённая рассылка по e-mail действует сразу, если e-mail учётной записи подтверждён; иначе ' +
        'приходит письмо со ссылкой подтверждения (emailPending: true). Включение записывает согласие.',
      requestBody: { required: true, ...json(ref('ProfileSubscriptions')) },
      responses: {
        200: { description: 'Подписки после изменения', ...envelope(ref('ProfileSubscriptionsState')) },
        400: error('Ошибки по полям'),
        401: error('Требуется вход'),
      },
    },
  },
};

export const MESSAGES_DOC_SCHEMAS = {
  Captcha: component(captcha),
  FeedbackCallRequest: component(feedbackCallRequest),
  FeedbackCreated: component(feedbackCreated),
  FeedbackWriteRequest: component(feedbackWriteRequest),
  NewsletterState: component(newsletterState),
  NewsletterSubscribeRequest: component(newsletterSubscribeRequest),
  NewsletterTokenRequest: component(newsletterTokenRequest),
  ProfileSubscriptions: component(profileSubscriptions),
  ProfileSubscriptionsState: component(profileSubscriptionsState),
};
