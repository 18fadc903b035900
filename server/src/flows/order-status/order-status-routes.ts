// POST /api/admin/orders/:id/actions: the administrator's and the manager's buttons on the order's screen
// (confirm, mark paid, ship with a track number, complete, cancel with a reason and what happens to the
// money), through the order service; POST /api/admin/orders/:id/refunds: money back without cancelling
// (order-refunds.ts); PUT /api/admin/orders/:id/lines: the lines of an order not yet paid (order-lines.ts);
// PUT /api/admin/orders/:id/manager-comment: the manager's comment (order-comment.ts). Orders are history:
// these are the only ways an order changes from the admin, for the roles of x-access.service.
import type { FastifyInstance } from 'fastify';
import type {
  AdminOrderActionRequest,
  AdminOrderCommentRequest,
  AdminOrderLinesRequest,
  AdminOrderRefundRequest,
} from '@shop/schemas';
import { requireAccess } from '../../platform/auth/guard';
import { resourceOf } from '../../platform/crud/resource-access';
import type { Registry } from '../../platform/crud/types';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { api, envelope, failure, pathParams } from '../../platform/http/route-schemas';
import { siteOrigin } from '../../domains/settings';
import { PAYMENT_STATUS_LABELS, STATUS_LABELS } from '../../domains/sales';
import { userContext } from '../../platform/crud/context';
import { setManagerComment } from '../../domains/sales';
import { changeOrderLines } from '../checkout/order-lines';
import { refundOrder } from './order-refunds';
import { changeOrderStatus } from './order-status';

export function orderStatusRoutes(
  db: Db,
  registry: Registry,
  config: Pick<Config, 'siteUrl' | 'yookassaApiUrl'>,
) {
  const def = resourceOf(registry, 'orders');
  return async function plugin(app: FastifyInstance) {
    app.post(
      '/orders/:id/actions',
      {
        preValidation: requireAccess(def, 'service'),
        schema: {
          tags: [def.label.many],
          summary: 'Сменить статус заказа: подтвердить, отметить оплату, отправить, выполнить, отменить',
          description:
            'Переходы проверяет сервер (server/src/domains/sales/order-rules.ts). Отмена оплаченного заказа говорит, ' +
            'что с деньгами (refund): вернуть через платёжный сервис (онлайн, по умолчанию), записать возврат ' +
            'вручную с суммой или оставить у магазина; отмена возвращает товары на склад, купон и баллы. ' +
            'Оплата по счёту отмечается с датой и суммой поступления (payment).',
          params: pathParams({ id: { type: 'integer', minimum: 1, 'x-label': 'ID заказа' } }),
          body: api('admin-order-action-request'),
          response: {
            200: envelope(api('admin-order-action-result')),
            400: failure('Не указан трек-номер, причина отмены, судьба денег или дата и сумма оплаты'),
            404: failure('Заказа нет'),
            409: failure('Из этого статуса так нельзя, или платёжный сервис не вернул деньги'),
            503: failure('Платёжный сервис не ответил, вернул ли он деньги: повторите позже'),
          },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const body = request.body as AdminOrderActionRequest;
        const user = request.user!;
        const changed = await changeOrderStatus(db, config, {
          orderId: id,
          action: body.action,
          role: user.role,
          // The customer reads «Магазин» in the history; the staff member is kept by id.
          actor: { userId: user.id, label: 'Магазин' },
          comment: body.comment ?? null,
          trackNumber: body.trackNumber ?? null,
          refund: body.refund ?? null,
          payment: body.payment ?? null,
          site: siteOrigin(config.siteUrl, request),
        });
        return {
          data: {
            ...changed,
            statusLabel: STATUS_LABELS[changed.status],
            paymentStatusLabel: PAYMENT_STATUS_LABELS[changed.paymentStatus],
          },
        };
      },
    );

    app.post(
      '/orders/:id/refunds',
      {
        preValidation: requireAccess(def, 'service'),
        schema: {
          tags: [def.label.many],
          summary: 'Вернуть деньги за позиции заказа или записать возврат вручную, не отменяя заказ',
          description:
            'Позиции (и количество) — через платёжный сервис с чеком возврата или вручную, по желанию с ' +
            'возвратом на склад; без позиций — сумма, возвращённая вручную. Сумма не больше оплаченного ' +
            'за вычетом уже возвращённого.',
          params: pathParams({ id: { type: 'integer', minimum: 1, 'x-label': 'ID заказа' } }),
          body: api('admin-order-refund-request'),
          response: {
            200: envelope(api('admin-order-refund-result')),
            400: failure('Позиции не из заказа, количество или сумма больше оплаченного'),
            404: failure('Заказа нет'),
            409: failure('Возвращать нечего, или платёжный сервис не вернул деньги'),
            503: failure('Платёжный сервис не ответил, вернул ли он деньги: повторите позже'),
          },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const user = request.user!;
        const data = await refundOrder(db, config, {
          orderId: id,
          role: user.role,
          actor: { userId: user.id, label: 'Магазин' },
          request: request.body as AdminOrderRefundRequest,
          site: siteOrigin(config.siteUrl, request),
        });
        return { data };
      },
    );

    app.put(
      '/orders/:id/lines',
      {
        preValidation: requireAccess(def, 'service'),
        schema: {
          tags: [def.label.many],
          summary: 'Изменить состав неоплаченного заказа (пересчёт цен, скидок и остатков)',
          params: pathParams({ id: { type: 'integer', minimum: 1, 'x-label': 'ID заказа' } }),
          body: api('admin-order-lines-request'),
          response: {
            200: envelope(api('admin-order-lines-result')),
            404: failure('Заказа нет'),
            409: failure('Заказ оплачен или отправлен, товара не хватает, купон больше не действует'),
          },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const body = request.body as AdminOrderLinesRequest;
        const data = await changeOrderLines(db, {
          orderId: id,
          lines: body.lines,
          actor: { userId: request.user!.id, label: 'Магазин' },
          comment: body.comment ?? null,
        });
        return { data };
      },
    );

    app.put(
      '/orders/:id/manager-comment',
      {
        preValidation: requireAccess(def, 'service'),
        schema: {
          tags: [def.label.many],
          summary: 'Сохранить комментарий менеджера к заказу',
          params: pathParams({ id: { type: 'integer', minimum: 1, 'x-label': 'ID заказа' } }),
          body: api('admin-order-comment-request'),
          response: {
            200: envelope({
              type: 'object',
              additionalProperties: false,
              required: ['managerComment', 'updatedAt'],
              properties: {
                managerComment: { type: ['string', 'null'] },
                updatedAt: { type: 'string', format: 'date-time' },
              },
            }),
            404: failure('Заказа нет'),
            409: failure('Заказ изменился, пока был открыт экран'),
          },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const body = request.body as AdminOrderCommentRequest;
        const ctx = userContext(db, registry, def, request.user!);
        return { data: await setManagerComment(ctx, id, body) };
      },
    );
  };
}
