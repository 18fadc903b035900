// The header's call-back and message dialogs (spec §4, §5, §7, §8): POST /api/feedback/call and
// POST /api/feedback/write; the home page's «Стать представителем» application: POST
// /api/feedback/represent. The server checks every rule the dialogs check.
//
// Order of checks: the body first, then the captcha. A field error costs the visitor nothing (the dialog
// keeps its picture and they correct the field); only a body that could be stored spends the captcha, and
// then it is spent whatever the answer was, so a wrong answer always needs a new picture.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FeedbackCreated } from '@shop/schemas';
import type { Config } from '../../platform/config';
import type { Db, Tx } from '../../platform/db';
import { feedbackRequests } from '../../../generated/tables';
import { badRequest } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import { serve } from '../../platform/http/contract';
import {
  EMAIL_MAX,
  feedbackCall,
  feedbackRepresent,
  feedbackWrite,
  NAME_MAX,
  NAME_MIN,
  PHONE_MAX,
  PHONE_MIN,
} from '@shop/schemas/contracts/forms';
import { enqueueTemplatedEmail } from '../messages';
import type { TemplateValues } from '../messages';
import { checkCaptcha } from './captcha';
import { consentContext, recordConsent } from '../privacy';
import { settingsRow } from '../settings';
import { siteOrigin } from '../settings';

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

/** The captcha every form carries. */
interface CaptchaAnswer {
  captchaId: string;
  captchaPhrase: string;
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
    const limit = { config: { rateLimit: limitOf('feedback') } };
    /** A form's fields are checked by now (`r` is built first); then the captcha is spent, then the row stored. */
    const accept = async (
      request: FastifyRequest,
      reply: FastifyReply,
      captcha: CaptchaAnswer,
      r: Stored,
    ) => {
      await checkCaptcha(db, captcha.captchaId, captcha.captchaPhrase);
      const data = await store(db, request, siteOrigin(config.siteUrl, request), r);
      return reply.status(201).send({ data });
    };

    serve(
      app,
      feedbackCall,
      (request, reply) =>
        accept(request, reply, request.body, {
          kind: 'call',
          name: request.body.name,
          phone: request.body.phone,
          email: null,
          message: null,
        }),
      limit,
    );
    serve(
      app,
      feedbackWrite,
      (request, reply) =>
        accept(request, reply, request.body, {
          kind: 'message',
          ...splitJoinedName(request.body.name),
          message: request.body.message,
        }),
      limit,
    );
    serve(
      app,
      feedbackRepresent,
      (request, reply) => {
        const body = request.body;
        return accept(request, reply, body, {
          kind: 'represent',
          name: body.name,
          phone: body.phone,
          email: body.email,
          message: null,
          city: body.city,
          experience: body.experience,
        });
      },
      limit,
    );
  };
}
