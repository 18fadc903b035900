// The exchange's one address, /api/1c/exchange (and the addresses 1C users type out of habit:
// /1c_exchange.php, /bitrix/admin/1c_exchange.php), speaking the «Обмен с сайтом» protocol: checkauth,
// init, file, import, query, success. 1C reads text lines: every answer is 200 text/plain whose first line is
// success, progress or failure (a refusal included), but the orders document of query.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exchange1cGet, exchange1cPost } from '@shop/schemas/contracts/exchange1c';
import { checkCredentials, loginThrottle, type LoginThrottle } from '../../domains/accounts';
import { serve } from '../../platform/http/contract';
import { ApiError } from '../../platform/http/errors';
import type { ShopContext } from '../../platform/types';
import { catalogImportStep, type CatalogState } from './catalog-import';
import { PackageError } from './commerceml';
import type { Exchange } from './context';
import { appendPart, cleanFileName, filesOf, markFile } from './files';
import {
  type Answer,
  COOKIE_NAME,
  EXCHANGE_ROLE,
  logStep,
  resetRun,
  runOfCookie,
  saveRun,
  startRun,
  type StepMode,
} from './runs';
import { confirmOrders, importOrderChanges, queryOrders, type SaleState } from './sale';
import stepsSchema from '@shop/schemas/entities/exchange/exchange1c-steps.schema.json' with { type: 'json' };

/** The largest part of a file 1C may send in one request (announced by init; 1C splits bigger files). */
export const FILE_LIMIT = 4 * 1024 * 1024;
/** The steps the log knows, as the steps schema declares them ('other' for anything else 1C sends). */
const MODES = stepsSchema.properties.mode.enum as readonly StepMode[];

export interface ExchangeRequest {
  type: string;
  mode: string;
  filename: string;
  authorization: string | undefined;
  cookie: string | undefined;
  body: Buffer | null;
}

/** `bare`: init's answer has no status line, only its settings. */
type Reply = { answer: Answer; lines: string[]; bare?: true } | { xml: string };

const text = (answer: Answer, ...lines: string[]): Reply => ({ answer, lines });

function basicCredentials(header: string | undefined): { login: string; password: string } | null {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  return at > 0 ? { login: decoded.slice(0, at), password: decoded.slice(at + 1) } : null;
}

async function exchange(
  ctx: ShopContext,
  throttle: LoginThrottle,
  request: FastifyRequest,
  input: ExchangeRequest,
): Promise<Reply> {
  const { db } = ctx.database;
  const type = input.type === 'catalog' || input.type === 'sale' ? input.type : null;
  if (!type) return text('failure', `Неизвестный тип обмена «${input.type}»: ожидается catalog или sale`);
  const mode = MODES.find((m) => m === input.mode) ?? 'other';

  if (mode === 'checkauth') {
    const credentials = basicCredentials(input.authorization);
    if (!credentials)
      return text(
        'failure',
        'Нужен вход: укажите в настройках обмена 1С пользователя и пароль сайта (роль «Обмен с 1С»)',
      );
    let user: { id: number; role: string };
    try {
      user = await checkCredentials(db, throttle, request, credentials.login, credentials.password);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      request.log.warn({ login: credentials.login }, `1C exchange: sign-in refused (${e.message})`);
      return text('failure', e.message);
    }
    if (user.role !== EXCHANGE_ROLE)
      return text(
        'failure',
        'У этого пользователя нет роли «Обмен с 1С»: выдайте её в админке (Пользователи)',
      );
    const { run, cookie } = await startRun(db, type, user.id);
    await logStep(db, run.id, { mode, fileName: null, answer: 'success', message: 'Вход выполнен' });
    return text('success', COOKIE_NAME, cookie);
  }

  const found = await runOfCookie(db, input.cookie);
  if (!found) return text('failure', 'Нет cookie обмена или он устарел: начните обмен заново (checkauth)');
  const { run, user } = found;
  const messages: string[] = [];
  const ex: Exchange = {
    db,
    registry: ctx.registry,
    storage: ctx.storage,
    runId: run.id,
    user,
    config: ctx.config,
    warn: (t) => void (messages.length < 20 && messages.push(t)),
    memo: new Map(),
  };
  const state = { ...(run.state as CatalogState & SaleState) };
  const rawName = input.filename;
  const fileName = rawName ? cleanFileName(rawName) : null;
  const finish = async (reply: Reply, note: string, status?: 'done' | 'failed') => {
    const answer = 'xml' in reply ? 'success' : reply.answer;
    const message = [note, ...messages].filter(Boolean).join('. ');
    await logStep(db, run.id, {
      mode,
      fileName: fileName ?? (rawName || null),
      answer,
      message: message || null,
    });
    await saveRun(db, run.id, { state: { ...state }, ...(status ? { status, message } : {}) });
    return reply;
  };
  if (rawName && !fileName)
    return finish(
      text('failure', `Недопустимое имя файла «${rawName.slice(0, 200)}»`),
      'Имя файла отклонено',
      'failed',
    );

  switch (mode) {
    case 'init':
      await resetRun(db, ctx.storage, run.id);
      for (const k of Object.keys(state)) delete state[k as keyof typeof state];
      return finish(
        { answer: 'success', lines: ['zip=yes', `file_limit=${FILE_LIMIT}`], bare: true },
        `zip=yes, file_limit=${FILE_LIMIT}`,
      );
    case 'file': {
      if (!fileName) return finish(text('failure', 'Не указано имя файла (filename)'), '');
      if (!input.body?.length) return finish(text('failure', `Файл ${fileName} пришёл пустым`), '');
      if (input.body.length > FILE_LIMIT)
        return finish(text('failure', `Часть файла больше file_limit (${FILE_LIMIT} байт)`), '');
      const { appended, size } = await appendPart(db, ctx.storage, run.id, fileName, input.body);
      const note = appended
        ? `Получено ${input.body.length} байт, всего ${size}`
        : 'Повтор той же части: не добавлена';
      // Some 1C versions send their document of order changes by mode=file alone: once it is whole, it is read.
      // (A part that leaves it unfinished is read again when the next part or mode=import comes.)
      if (type === 'sale' && appended) {
        const applied = await orderChangesOf(ex, fileName);
        if (applied.answer === 'success') return finish(text('success'), `${note}. ${applied.message}`);
      }
      return finish(text('success'), note);
    }
    case 'import': {
      if (!fileName) return finish(text('failure', 'Не указано имя файла (filename)'), '');
      if (type === 'sale') {
        const applied = await orderChangesOf(ex, fileName);
        const lines = applied.answer === 'failure' ? [applied.message] : [];
        return finish(
          text(applied.answer, ...lines),
          applied.message,
          applied.answer === 'success' ? 'done' : 'failed',
        );
      }
      const step = await catalogImportStep(ex, state, fileName, ctx.config.exchange1cStepMs);
      const status = step.answer === 'success' ? 'done' : step.answer === 'failure' ? 'failed' : undefined;
      return finish(text(step.answer, step.message), step.message, status);
    }
    case 'query': {
      if (type !== 'sale') return finish(text('failure', 'mode=query — только для type=sale'), '');
      const { xml, count } = await queryOrders(ex, state);
      return finish({ xml }, `Отдано заказов: ${count}`);
    }
    // Newer 1C (protocol 3.x) ends a catalogue with these: what they ask is done after a full catalogue's
    // import already (hiding what 1C no longer has), so they only close the exchange.
    case 'deactivate':
    case 'complete':
      return finish(text('success'), 'Обмен завершён', 'done');
    case 'success': {
      if (type !== 'sale') return finish(text('success'), '');
      const taken = await confirmOrders(ex, state);
      return finish(text('success'), `1С приняла заказов: ${taken}`, 'done');
    }
    default:
      return finish(text('failure', `Неизвестный шаг обмена «${input.mode}»`), '');
  }
}

/**
 * Reads 1C's document of order changes once (a file already read answers what it did); a file that cannot be
 * read (not whole yet, or broken) is marked failed with the reason, and nothing of it is applied.
 */
async function orderChangesOf(
  ex: Exchange,
  name: string,
): Promise<{ answer: 'success' | 'failure'; message: string }> {
  const file = (await filesOf(ex.db, ex.runId)).find((f) => f.name === name);
  if (!file) return { answer: 'failure', message: `Файл ${name} не получен` };
  if (file.status === 'imported') return { answer: 'success', message: file.message ?? 'Уже загружен' };
  try {
    const said = await importOrderChanges(ex, ex.config, file);
    const message = said.join('; ') || 'В файле нет заказов';
    await markFile(ex.db, ex.runId, name, 'imported', message);
    return { answer: 'success', message };
  } catch (e) {
    if (!(e instanceof PackageError)) throw e;
    await markFile(ex.db, ex.runId, name, 'failed', e.message);
    return { answer: 'failure', message: e.message };
  }
}

async function send(reply: FastifyReply, answer: Reply) {
  if ('xml' in answer) return reply.type('application/xml; charset=utf-8').send(answer.xml);
  const lines = answer.bare ? answer.lines : [answer.answer, ...answer.lines];
  return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
}

const stringOf = (v: unknown) =>
  typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '';

/** What the handler needs of any request to one of the exchange's addresses. */
function inputOf(
  request: FastifyRequest,
  query: { type?: string; mode?: string; filename?: string },
): ExchangeRequest {
  const body: unknown = request.body;
  return {
    type: query.type ?? '',
    mode: query.mode ?? '',
    filename: query.filename ?? '',
    authorization: request.headers.authorization,
    cookie: request.headers.cookie,
    body: Buffer.isBuffer(body) ? body : null,
  };
}

/** Raw bodies (any content type) in the exchange's own scope: a file part is stored as it came. */
function acceptRawBodies(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FILE_LIMIT + 1024 }, (_request, body, done) =>
    done(null, body),
  );
}

/** Under /api: the contract's address. */
export function exchangeApiRoutes(ctx: ShopContext) {
  return async function plugin(app: FastifyInstance) {
    acceptRawBodies(app);
    const throttle = loginThrottle(app);
    serve(app, exchange1cGet, async (request, reply) =>
      send(reply, await exchange(ctx, throttle, request, inputOf(request, request.query))),
    );
    // Every call but checkauth needs the exchange's cookie, and checkauth goes through the sign-in's own
    // throttle: no other limit, or a catalogue of many parts and pictures would be cut off half way.
    serve(
      app,
      exchange1cPost,
      async (request, reply) =>
        send(reply, await exchange(ctx, throttle, request, inputOf(request, request.query))),
      { config: { rateLimit: false }, bodyLimit: FILE_LIMIT + 1024 },
    );
  };
}

/** Outside /api: the addresses 1C users type out of habit, the same exchange. */
export function exchangeSiteRoutes(ctx: ShopContext) {
  return async function plugin(app: FastifyInstance) {
    acceptRawBodies(app);
    const throttle = loginThrottle(app);
    for (const url of ['/1c_exchange.php', '/bitrix/admin/1c_exchange.php'])
      app.route({
        method: ['GET', 'POST'],
        url,
        bodyLimit: FILE_LIMIT + 1024,
        // As the /api address: the cookie and the sign-in's throttle guard it (above).
        config: { rateLimit: false },
        schema: { hide: true },
        handler: async (request, reply) => {
          const query: unknown = request.query;
          const params = new Map(query && typeof query === 'object' ? Object.entries(query) : []);
          const get = (k: string) => stringOf(params.get(k));
          const input = inputOf(request, { type: get('type'), mode: get('mode'), filename: get('filename') });
          return send(reply, await exchange(ctx, throttle, request, input));
        },
      });
  };
}
