// The header's call-back and message dialogs (spec §4, §5, §7, §8): POST /api/feedback/call and
// POST /api/feedback/write; the home page's «Стать представителем» application: POST
// /api/feedback/represent. The server checks every rule the dialogs check.
//
// Order of checks: the body first, then the captcha. A field error costs the visitor nothing (the dialog
// keeps its picture and they correct the field); only a body that could be stored spends the captcha, and
// then it is spent whatever the answer was, so a wrong answer always needs a new picture.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeedbackCallRequest, FeedbackCreated, FeedbackWriteRequest } from '@shop/schemas';
import type { Config } from '../../platform/config';
import type { Db, Tx } from '../../platform/db';
import { feedbackRequests } from '../../../generated/tables';
import { badRequest } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import { api, envelope, failure } from '../../platform/http/route-schemas';
import { enqueueTemplatedEmail } from '../messages';
import type { TemplateValues } from '../messages';
import { checkCaptcha } from './captcha';
import { consentContext, recordConsent } from '../privacy';
import { settingsRow } from '../settings';
import { siteOrigin } from '../settings';

/** Spec §5, §9: the name and the phone take 3 to 20 characters. */
export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const PHONE_MIN = 3;
export const PHONE_MAX = 20;
const EMAIL_MAX = 255;
const FORMS = ['Формы сайта'];

const nameError = (text: string) => badRequest(`Проверьте данные: «Имя»: ${text}`, { name: text });

// name + '+' + e-mail + '+' + phone, where the phone may itself begin with '+' ("Анна+a@b.ru++79991234567")
// and an e-mail may hold a '+' ("anna+shop@b.ru"): the name ends at the first '+', the phone is what follows
// the last '+' (with one more '+' right before it taken as the phone's own), the e-mail lies between.
const JOINED = /^([^+]*)\+(.*?)\+(\+?[^+]*)$/s;

/** Splits the message form's joined name and checks each part (errors on the field `name`). */
export function splitJoinedName(joined: string): { name: string; email: string; phone: string } {
  const m = JOINED.exec(joined);
  if (!m) throw nameError('ожидаются имя, e-mail и телефон через «+»');
  const [name, email, phone] = [m[1]!.trim(), m[2]!.trim(), m[3]!.trim()];
  if (name.length < NAME_MIN || name.length > NAME_MAX)
    throw nameError(`имя — от ${NAME_MIN} до ${NAME_MAX} символов`);
  if (!email) throw nameError('не указан e-mail');
  if (email.length > EMAIL_MAX) throw nameError(`e-mail — не длиннее ${EMAIL_MAX} символов`);
  if (!phone) throw nameError('не указан телефон');
  if (phone.length < PHONE_MIN || phone.length > PHONE_MAX)
    throw nameError(`телефон — от ${PHONE_MIN} до ${PHONE_MAX} символов`);
  return { name, email, phone };
}

interface Stored {
  kind: 'call' | 'message' | 'represent';
  name: string;
  phone: string;
  email: string | null;
  message: string | null;
  city?: string | null;
  experience?: string | null;
}

// The application goes to the administrator as a message from the site: its own letter needs a template
// of its own in the messages' catalogue.
const TEMPLATE = {
  call: 'feedback.call',
  message: 'feedback.message',
  represent: 'feedback.represent',
} as const;
const CONSENT_SOURCE = {
  call: 'feedback_call',
  message: 'feedback_message',
  represent: 'feedback_represent',
} as const;

/** The application's lengths (the feedback table's columns allow more: city 100, experience 1000). */
export const REPRESENT_LENGTH = {
  city: { min: 2, max: 100 },
  email: { min: 3, max: EMAIL_MAX },
  experience: { min: 3, max: 1000 },
} as const;

/** The body of POST /api/feedback/represent; text fields are trimmed before the check (x-trim). */
export interface FeedbackRepresentBody {
  name: string;
  city: string;
  phone: string;
  email: string;
  experience: string;
  captchaId: string;
  captchaPhrase: string;
}

const text = (label: string, min: number, max: number, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  minLength: min,
  maxLength: max,
  'x-label': label,
  'x-trim': true,
  ...extra,
});

const representBody = {
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
};

async function store(db: Db, request: FastifyRequest, site: string, r: Stored): Promise<FeedbackCreated> {
  const who = consentContext(request);
  return db.transaction(async (tx: Tx) => {
    const [row] = await tx
      .insert(feedbackRequests)
      .values({ ...r, ip: who.ip.slice(0, 45), userId: who.userId })
      .returning({ id: feedbackRequests.id });
    await recordConsent(tx, {
      purpose: 'personal_data',
      source: CONSENT_SOURCE[r.kind],
      email: r.email,
      phone: r.phone,
      ...who,
    });
    const shop = await settingsRow(tx);
    const to = shop?.adminNotificationEmail ?? shop?.supportEmail;
    // No address in the settings: the request waits in forms-list, which is where it is handled anyway.
    if (to) {
      const values: TemplateValues = {
        customerName: r.name,
        requestName: r.name,
        requestPhone: r.phone,
        requestEmail: r.email,
        requestMessage: r.message,
        requestCity: r.city,
        requestExperience: r.experience,
        adminUrl: `${site}/nuxt/forms-list`,
      };
      await enqueueTemplatedEmail(tx, { code: TEMPLATE[r.kind], to, site, values });
    }
    return { id: row!.id };
  });
}

export function feedbackRoutes(db: Db, config: Pick<Config, 'siteUrl'>) {
  return async function plugin(app: FastifyInstance) {
    const limit = { rateLimit: limitOf('feedback') };
    // The schema's x-trim trims every text field before the check, so "   " is no name.
    const answers = (saved: string) => ({
      201: { description: saved, ...envelope(api('feedback-created')) },
      400: failure(
        'Ошибки по полям; неверная, устаревшая или уже проверенная капча — code captcha_invalid (поле ' +
          'captchaPhrase): нужна новая картинка',
      ),
      429: failure('Слишком много запросов с этого адреса: «Повторите через N с.»'),
    });

    const callSchema = {
      tags: FORMS,
      summary: 'Заказ обратного звонка',
      description:
        'Имя и телефон — от 3 до 20 символов (пробелы по краям отбрасываются). Сначала проверяются поля, ' +
        'затем капча (она расходуется при любом ответе). Сохраняет заявку и согласие на обработку данных, ' +
        'ставит в очередь письмо администратору (шаблон feedback.call).',
      body: api('feedback-call-request'),
      response: answers('Заявка сохранена'),
    };
    app.post('/feedback/call', { config: limit, schema: callSchema }, async (request, reply) => {
      const body = request.body as FeedbackCallRequest;
      await checkCaptcha(db, body.captchaId, body.captchaPhrase);
      const data = await store(db, request, siteOrigin(config.siteUrl, request), {
        kind: 'call',
        name: body.name,
        phone: body.phone,
        email: null,
        message: null,
      });
      return reply.status(201).send({ data });
    });

    const writeSchema = {
      tags: FORMS,
      summary: 'Сообщение с сайта',
      description:
        'name — имя, e-mail и телефон через «+» (телефон может начинаться с «+»: «Анна+a@b.ru++79991234567»); ' +
        'имя — от 3 до 20 символов, телефон — от 3 до 20, e-mail не пустой; сообщение — от 3 до 500 символов. ' +
        'Ошибки частей имени приходят в поле name. Остальное — как у /api/feedback/call (шаблон feedback.message).',
      body: api('feedback-write-request'),
      response: answers('Сообщение сохранено'),
    };
    app.post('/feedback/write', { config: limit, schema: writeSchema }, async (request, reply) => {
      const body = request.body as FeedbackWriteRequest;
      const parts = splitJoinedName(body.name);
      await checkCaptcha(db, body.captchaId, body.captchaPhrase);
      const data = await store(db, request, siteOrigin(config.siteUrl, request), {
        kind: 'message',
        ...parts,
        message: body.message,
      });
      return reply.status(201).send({ data });
    });

    const representSchema = {
      tags: FORMS,
      summary: 'Заявка «Стать представителем»',
      description:
        'Имя и телефон — от 3 до 20 символов, город — от 2 до 100, e-mail — адрес почты, опыт работы — от 3 ' +
        'до 1000 символов (пробелы по краям отбрасываются). Сохраняет заявку (kind represent) и согласие на ' +
        'обработку данных, ставит в очередь письмо администратору (шаблон feedback.represent). Остальное — ' +
        'как у /api/feedback/call.',
      body: representBody,
      response: answers('Заявка сохранена'),
    };
    app.post('/feedback/represent', { config: limit, schema: representSchema }, async (request, reply) => {
      const body = request.body as FeedbackRepresentBody;
      await checkCaptcha(db, body.captchaId, body.captchaPhrase);
      const data = await store(db, request, siteOrigin(config.siteUrl, request), {
        kind: 'represent',
        name: body.name,
        phone: body.phone,
        email: body.email,
        message: null,
        city: body.city,
        experience: body.experience,
      });
      return reply.status(201).send({ data });
    });
  };
}
