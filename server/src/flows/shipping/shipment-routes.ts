// The order screen's shipment: POST /api/admin/orders/:id/shipment («Передать в СДЭК»), GET …/shipment (the
// shipment and whether the button is offered), GET …/shipment/label (the carrier's label as a PDF to print).
// Who may read shipments reads them; who may use their services (x-access.service) hands orders over.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  orderShipment,
  registerShipment as registerShipmentContract,
  shipmentLabel,
} from '@shop/schemas/contracts/sales/admin-shipments';
import { deliveryServices, orders, shipments } from '../../../generated/tables';
import { requireAccess } from '../../platform/auth/guard';
import { resourceOf } from '../../platform/crud/resource-access';
import type { Registry } from '../../platform/crud/types';
import type { Db } from '../../platform/db';
import { serve } from '../../platform/http/contract';
import { notFound } from '../../platform/http/errors';
import { carrierOf } from '../../domains/delivery';
import { CARRIER_LABELS, LIVE_STATES, type CarrierName } from './carriers';
import {
  carrierFailure,
  latestShipment,
  registerShipment,
  shipmentCarrierOf,
  type ShippingConfig,
} from './register';
import { shipmentView } from './shipment-view';

async function orderNumberOf(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, id));
  if (!row) throw notFound(`Заказ №${id} не найден`);
  return row.number;
}

export function shipmentRoutes(db: Db, registry: Registry, config: ShippingConfig) {
  const def = resourceOf(registry, 'shipments');
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      registerShipmentContract,
      async (request, reply) => {
        const { id } = request.params;
        await orderNumberOf(db, id);
        const user = request.user!;
        // The customer reads «Магазин» where they read the history; the staff member is kept by id.
        const shipment = await registerShipment(db, config, id, { userId: user.id, label: 'Магазин' });
        return reply.code(201).send({ data: shipment });
      },
      { preValidation: requireAccess(def, 'service') },
    );

    serve(
      app,
      orderShipment,
      async (request) => {
        const { id } = request.params;
        await orderNumberOf(db, id);
        const [row, found] = await Promise.all([latestShipment(db, id), shipmentCarrierOf(db, id, config)]);
        const shipment = row ? shipmentView(row) : null;
        return {
          data: {
            shipment,
            carrierLabel: found ? CARRIER_LABELS[found.carrier.name] : null,
            canRegister: found !== null && !shipment?.live,
          },
        };
      },
      { preValidation: requireAccess(def, 'show') },
    );

    serve(
      app,
      shipmentLabel,
      async (request, reply) => {
        const { id } = request.params;
        const number = await orderNumberOf(db, id);
        const [row] = await db
          .select({ carrierId: shipments.carrierId, carrier: shipments.carrier, service: deliveryServices })
          .from(shipments)
          .innerJoin(deliveryServices, eq(deliveryServices.id, shipments.deliveryServiceId))
          .where(
            and(
              eq(shipments.orderId, id),
              inArray(shipments.state, LIVE_STATES),
              isNotNull(shipments.carrierId),
            ),
          );
        if (!row) throw notFound(`Заказ ${number} не передан в службу доставки`);
        const label = CARRIER_LABELS[row.carrier as CarrierName];
        const carrier = carrierOf(row.service, config);
        if (!carrier?.label) throw notFound(`${label} не выдаёт этикетки для этого способа доставки`);
        let file;
        try {
          file = await carrier.label(row.carrierId!);
        } catch (error) {
          throw carrierFailure(error, label);
        }
        return reply
          .type(file.contentType)
          .header('Content-Disposition', `inline; filename="etiketka-${number}.pdf"`)
          .header('Cache-Control', 'private, no-store')
          .send(Buffer.from(file.body));
      },
      { preValidation: requireAccess(def, 'show') },
    );
  };
}
