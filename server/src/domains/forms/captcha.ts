// The captcha of the call-back and message dialogs (spec §3, §4, §7): an SVG picture made here, answered
// once. Only a hash of the answer is stored; checking deletes the row in the same statement whatever the
// answer was, so each picture allows exactly one guess and a replayed id finds nothing.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type * as SvgCaptcha from 'svg-captcha';
import { onFirstUse } from '../../platform/on-first-use';
import type { Captcha } from '@shop/schemas';
import { selectRows, type Db, type DbOrTx } from '../../platform/db';
import { captchas } from '../../../generated/tables';
import { ApiError } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import { serve } from '../../platform/http/contract';
import { generateCaptcha } from '@shop/schemas/contracts/forms';

export const CAPTCHA_TTL_MS = 10 * 60_000;
export const CAPTCHA_LENGTH = 5;
// No pairs a person mixes up in a distorted picture: 0/O/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B.
const CHARSET = 'ACDEFHJKMNPRTUVWXY34679';

export const CAPTCHA_WRONG = 'Неверная надпись с капчи. Введите новую';
export const CAPTCHA_EXPIRED = 'Капча устарела. Введите надпись с новой картинки';

// Letters a visitor on the Russian keyboard layout types for the Latin ones they see.
const CYRILLIC_LOOKALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
};

/** The answer as compared: trimmed, lower case, Cyrillic look-alikes read as Latin. */
export function normaliseCaptchaAnswer(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[авекмнорстух]/g, (c) => CYRILLIC_LOOKALIKES[c]!);
}

export const hashCaptchaAnswer = (text: string) =>
  createHash('sha256').update(normaliseCaptchaAnswer(text)).digest('hex');

// svg-captcha's own text comes from Math.random; the answer is drawn from the CSPRNG and only the drawing
// is left to the library (its default export draws a given text; the typings declare only create()).
// It reads its font when loaded: loaded on the first captcha drawn. Required, its exports are the function
// that draws a given text.
type DrawOptions = NonNullable<Parameters<typeof SvgCaptcha.create>[0]>;
const svgCaptcha = onFirstUse<(text: string, options: DrawOptions) => string>('svg-captcha');
const drawText = (text: string, options: DrawOptions) => svgCaptcha()(text, options);

function captchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CHARSET[randomInt(CHARSET.length)];
  return text;
}

/** Makes and stores a captcha. Returns the answer too: the route keeps it to itself, tests read it.
 *  `text` fixes the answer (the browser tests' CAPTCHA_TEST_ANSWER); otherwise it is random. */
export async function createCaptcha(
  db: Db,
  ip: string | null,
  text: string = captchaText(),
): Promise<{ id: string; svg: string; text: string }> {
  // 200 × 64 is the size the dialogs show it at (spec §9). Dark grey on a transparent ground: pale
  // random colours were hard to read on the dialog's white, and the noise lines do the hindering.
  const svg = drawText(text, { width: 200, height: 64, fontSize: 58, noise: 3, color: false });
  const id = randomBytes(18).toString('base64url');
  // Expired pictures nobody answered are dropped by the outbox worker's housekeeping (messages/worker.ts).
  await db.insert(captchas).values({
    token: id,
    answerHash: hashCaptchaAnswer(text),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    ip: ip?.slice(0, 45) ?? null,
  });
  return { id, svg, text };
}

/** Drops pictures past their time that nobody answered (the scheduler's housekeeping, server/src/tasks.ts). */
export async function pruneCaptchas(db: Db, now = new Date()): Promise<void> {
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
}

export const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const refused = (message: string) =>
  new ApiError(400, 'captcha_invalid', message, { captchaPhrase: message });

/**
 * Spends the captcha and throws 400 (code captcha_invalid, field captchaPhrase) unless the answer was right
 * and in time. Call it with the database, not inside the form's transaction: a refusal rolls that back,
 * and the spent captcha must stay spent.
 */
export async function checkCaptcha(db: DbOrTx, id: string, phrase: string): Promise<void> {
  const [row] = await selectRows<{ answer_hash: string; expired: boolean }>(
    db,
    sql`DELETE FROM ${captchas} WHERE ${eq(captchas.token, id)}
        RETURNING answer_hash, expires_at <= now() AS expired`,
  );
  if (!row || row.expired) throw refused(CAPTCHA_EXPIRED);
  const expected = Buffer.from(row.answer_hash, 'hex');
  const given = Buffer.from(hashCaptchaAnswer(phrase), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused(CAPTCHA_WRONG);
}

/** `testAnswer`: Config.captchaTestAnswer, set only for the browser tests (E2E_TEST_MODE=1). */
export function captchaRoutes(db: Db, testAnswer: string | null = null) {
  return async function plugin(app: FastifyInstance) {
    if (testAnswer)
      app.log.warn(
        'CAPTCHA_TEST_ANSWER is set (E2E_TEST_MODE=1): every captcha has one known answer and protects ' +
          'nothing. This is for the browser tests only; never run a shop like this.',
      );
    serve(
      app,
      generateCaptcha,
      async (request) => {
        const { id, svg } = await createCaptcha(db, request.ip, testAnswer ?? undefined);
        const data: Captcha = { id, image: { url: svgDataUrl(svg) } };
        return { data };
      },
      { config: { rateLimit: limitOf('captcha') } },
    );
  };
}
