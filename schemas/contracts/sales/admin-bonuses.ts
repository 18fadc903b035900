// A customer's bonus balance and the manager's manual accrual or debit with a reason, beside the bonuses'
// own CRUD routes in /api/docs.
import { api, contract, envelope, pathParams, recordId } from '../contract';

const TAGS = ['Бонусы'];

export const bonusBalance = contract({
  name: 'adminSales.bonusBalance',
  method: 'GET',
  path: '/admin/bonuses/balance/:userId',
  tags: TAGS,
  summary: 'Бонусный баланс покупателя',
  params: pathParams({ userId: recordId('Покупатель', 'Неверный номер покупателя') }),
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['userId', 'balance'],
      properties: { userId: { type: 'integer' }, balance: { type: 'integer' } },
    }),
  },
});

export const adjustBonuses = contract({
  name: 'adminSales.adjustBonuses',
  method: 'POST',
  path: '/admin/bonuses/adjust',
  tags: TAGS,
  summary: 'Ручное начисление или списание баллов с основанием (списание — не больше баланса)',
  body: api('admin-bonus-adjust-request'),
  response: { 201: envelope(api('admin-bonus-entry')) },
});
