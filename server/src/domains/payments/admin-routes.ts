// POST /api/admin/payment-services/:id/check-connection: «Проверить подключение» of the payment service's
// edit screen. It tries the keys typed in the form (each empty one taken from what is stored) against the
// provider with a call that changes nothing (YooKassa: GET /me), and says in Russian whether they work.
// The keys never leave the server and are not stored by this call; saving the form stores them.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { checkConnection } from '@shop/schemas/contracts/payments';
import { paymentServices } from '../../../generated/tables';
import { requireAccess } from '../../platform/auth/guard';
import { resourceOf } from '../../platform/crud/resource-access';
import { serve } from '../../platform/http/contract';
import { notFound } from '../../platform/http/errors';
import type { AdminApiContext } from '../../platform/types';
import { PaymentProviderError } from './provider';
import { CONNECTED_PROVIDERS } from './providers';
import { yookassaProvider } from './yookassa';

const typedOr = (typed: string | null | undefined, stored: unknown) =>
  typeof typed === 'string' && typed.trim() !== '' ? typed.trim() : typeof stored === 'string' ? stored : '';

export function paymentAdminRoutes(ctx: AdminApiContext) {
  const def = resourceOf(ctx.registry, 'payment-services');
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      checkConnection,
      async (request) => {
        const { id } = request.params;
        const body = request.body;
        const [row] = await ctx.database.db
          .select({ provider: paymentServices.provider, credentials: paymentServices.credentials })
          .from(paymentServices)
          .where(eq(paymentServices.id, id));
        if (!row) throw notFound(`${def.label.one} №${id} не найден`);
        const provider = body.provider ?? row.provider;
        if (!(CONNECTED_PROVIDERS as readonly string[]).includes(provider))
          return {
            data: {
              ok: false,
              message: 'Проверка есть только для ЮKassa: выберите её в поле «Платёжный сервис»',
            },
          };
        const stored = (row.credentials ?? {}) as Record<string, unknown>;
        const shopId = typedOr(body.credentials?.shopId, stored.shopId);
        const secretKey = typedOr(body.credentials?.secretKey, stored.secretKey);
        if (!shopId || !secretKey)
          return { data: { ok: false, message: 'Укажите идентификатор магазина и секретный ключ' } };
        try {
          const account = await yookassaProvider({
            apiUrl: ctx.config.yookassaApiUrl,
            shopId,
            secretKey,
            retries: 0,
          }).account();
          const test = account.test ? ' (тестовый магазин: деньги не списываются)' : '';
          return {
            data: {
              ok: true,
              message: `Подключение работает: ЮKassa приняла ключи магазина ${account.accountId}${test}`,
            },
          };
        } catch (e) {
          if (!(e instanceof PaymentProviderError)) throw e;
          return { data: { ok: false, message: e.message } };
        }
      },
      { preValidation: requireAccess(def, 'edit') },
    );
  };
}
