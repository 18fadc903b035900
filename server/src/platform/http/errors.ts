// Every error the API answers: an HTTP status and { error: { code, message, fields? } } in Russian.
import type { FastifyError, FastifyInstance } from 'fastify';

export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public fields?: Record<string, string>,
  ) {
    super(message);
  }
  body() {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new ApiError(400, 'bad_request', message, fields);
export const notFound = (message = 'Не найдено') => new ApiError(404, 'not_found', message);
export const unauthorized = (message = 'Требуется вход') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'Недостаточно прав для этого действия') =>
  new ApiError(403, 'forbidden', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiError(409, 'conflict', message, fields);

// Fastify's own errors that a client causes, in Russian.
const FASTIFY_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Тело запроса — некорректный JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Тело запроса пустое, а ожидается JSON'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Неподдерживаемый тип содержимого запроса'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Слишком большой запрос'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Неверная длина тела запроса'],
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(error.body());
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ error: { code: 'bad_request', message: known[1] } });
    if (error.validation) {
      return reply
        .status(400)
        .send({ error: { code: 'bad_request', message: 'Неверные параметры запроса' } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ error: { code: 'bad_request', message: 'Неверный запрос' } });
    }
    request.log.error({ err: error }, 'request failed');
    if (process.env.DEBUG_ERRORS) console.error(error);
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Внутренняя ошибка сервера. Попробуйте позже.' } });
  });
}
