// The admin's desktop: its figures in one call.
import { api, contract, envelope } from '../contract';

export const dashboard = contract({
  name: 'adminSales.dashboard',
  method: 'GET',
  path: '/admin/dashboard',
  tags: ['Рабочий стол'],
  summary: 'Рабочий стол: заказы, выручка за 30 дней, отзывы и заявки на модерации, заканчивающиеся товары',
  description: 'Каждый блок — только если роли доступен список, из которого он взят.',
  response: { 200: envelope(api('admin-dashboard')) },
});
