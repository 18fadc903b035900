// POST /api/admin/orders/:id/actions: the administrator's and the manager's buttons on the order's screen
// (confirm, mark paid, ship with a track number, complete, cancel with a reason and what happens to the
// money), through the order service; POST /api/admin/orders/:id/refunds: money back without cancelling
// (order-refunds.ts); PUT /api/admin/orders/:id/lines: the lines of an order not yet paid (order-lines.ts);
// PUT /api/admin/orders/:id/manager-comment: the manager's comment (order-comment.ts). Orders are history:
// these are the only ways an order changes from the admin, for the roles of x-access.service.
import type { FastifyInstance } from 'fastify';
import {
  changeOrderLines as changeOrderLinesContract,
  changeOrderStatus as changeOrderStatusContract,
  refundOrder as refundOrderContract,
  setManagerComment as setManagerCommentContract,
} from '@shop/schemas/contracts/sales/admin-orders';
import { requireAccess } from '../../platform/auth/guard';
import { resourceOf } from '../../platform/crud/resource-access';
import type { Registry } from '../../platform/crud/types';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { serve } from '../../platform/http/contract';
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
    const options = { preValidation: requireAccess(def, 'service') };
    serve(
      app,
      changeOrderStatusContract,
      async (request) => {
        const { id } = request.params;
        const body = request.body;
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
      options,
    );

    serve(
      app,
      refundOrderContract,
      async (request) => {
        const user = request.user!;
        const data = await refundOrder(db, config, {
          orderId: request.params.id,
          role: user.role,
          actor: { userId: user.id, label: 'Магазин' },
          request: request.body,
          site: siteOrigin(config.siteUrl, request),
        });
        return { data };
      },
      options,
    );

    serve(
      app,
      changeOrderLinesContract,
      async (request) => {
        const body = request.body;
        const data = await changeOrderLines(db, {
          orderId: request.params.id,
          lines: body.lines,
          actor: { userId: request.user!.id, label: 'Магазин' },
          comment: body.comment ?? null,
        });
        return { data };
      },
      options,
    );

    serve(
      app,
      setManagerCommentContract,
      async (request) => {
        const ctx = userContext(db, registry, def, request.user!);
        return { data: await setManagerComment(ctx, request.params.id, request.body) };
      },
      options,
    );
  };
}
