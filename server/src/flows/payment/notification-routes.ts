// POST /api/payments/yookassa/notifications: YooKassa's HTTP notifications (payment.succeeded,
// payment.canceled, refund.succeeded…). The body is never trusted: it only names a payment, which is read
// again from YooKassa and applied once (attempts.ts). Every notification from YooKassa's addresses is recorded with what was done
// (payment_notifications), so the administrator sees late and refused ones on the order's screen.
//
// Answers: 200 when the notification needs no repeat (applied, a duplicate, late, or refused for good: an
// unknown payment, a wrong amount); 403 from an address outside YooKassa's; 503 when YooKassa could not be
// asked, so that it repeats the notification later (it does for 24 hours).
import type { FastifyInstance } from 'fastify';
import { yookassaNotification } from '@shop/schemas/contracts/payments';
import { paymentAttempts, paymentNotifications, paymentServices } from '../../../generated/tables';
import { eq } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { serve } from '../../platform/http/contract';
import { siteOrigin } from '../../domains/settings';
import { applyPayment, type ApplyOutcome } from './attempts';
import { PaymentProviderError } from '../../domains/payments';
import { providerOf } from '../../domains/payments';
import { isYookassaAddress } from '../../domains/payments';

export function paymentNotificationRoutes(
  db: Db,
  config: Pick<Config, 'siteUrl' | 'yookassaApiUrl' | 'yookassaExtraNotifyIps'>,
) {
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      yookassaNotification,
      async (request, reply) => {
        const body = request.body;
        const event = (body.event ?? 'unknown').slice(0, 100);
        // A refund's notification names the refund; its payment is what the shop keeps.
        const paymentId = (event.startsWith('refund.') ? body.object?.payment_id : body.object?.id) ?? null;
        const record = (outcome: ApplyOutcome, message: string, orderId: number | null = null) =>
          db.insert(paymentNotifications).values({
            provider: 'yookassa',
            event,
            providerPaymentId: paymentId?.slice(0, 100) ?? null,
            orderId,
            outcome,
            message: message.slice(0, 1000),
            remoteIp: request.ip,
          });

        // Not written down: anyone can post here, and a table that grows with every stranger's request is an
        // invitation. The log keeps it.
        if (!isYookassaAddress(request.ip, config.yookassaExtraNotifyIps)) {
          request.log.warn({ ip: request.ip, event }, 'a payment notification from outside YooKassa refused');
          return reply.status(403).send({
            error: { code: 'forbidden', message: 'Уведомления принимаются только с адресов ЮKassa' },
          });
        }
        const [attempt] = paymentId
          ? await db
              .select({ orderId: paymentAttempts.orderId, serviceId: paymentAttempts.paymentServiceId })
              .from(paymentAttempts)
              .where(eq(paymentAttempts.providerPaymentId, paymentId))
          : [];
        if (!attempt) {
          await record('refused', 'Платёж не найден среди платежей магазина');
          return { ok: true };
        }
        const [service] = attempt.serviceId
          ? await db.select().from(paymentServices).where(eq(paymentServices.id, attempt.serviceId))
          : [];
        const provider = service && providerOf(service, config);
        if (!provider) {
          await record('refused', 'Способ оплаты больше не подключён: платёж не проверить', attempt.orderId);
          return { ok: true };
        }
        try {
          const payment = await provider.getPayment(paymentId!);
          const applied = await applyPayment(db, config, payment, {
            site: siteOrigin(config.siteUrl, request),
          });
          await record(applied.outcome, applied.message, applied.orderId ?? attempt.orderId);
          return { ok: true };
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          request.log.warn({ err: error, paymentId }, 'YooKassa could not be asked about a notification');
          return reply.status(503).send({
            error: {
              code: 'provider_unavailable',
              message: 'ЮKassa не ответила: повторите уведомление позже',
            },
          });
        }
      },
      // YooKassa's own addresses only (checked below), and it repeats what is not answered 200: a limit
      // would only turn its repeats into lost notifications.
      { config: { rateLimit: false } },
    );
  };
}
