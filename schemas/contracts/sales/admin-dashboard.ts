// The admin's desktop: its figures in one call, and «Сегодня» (today against yesterday, what waits for the shop).
import { api, contract, envelope, failure } from '../contract';

export const dashboard = contract({
  name: 'adminSales.dashboard',
  method: 'GET',
  path: '/admin/dashboard',
  tags: ['Рабочий стол'],
  summary: 'Рабочий стол: заказы, выручка за 30 дней, отзывы и заявки на модерации, заканчивающиеся товары',
  description: 'Каждый блок — только если роли доступен список, из которого он взят.',
  response: { 200: envelope(api('admin-dashboard')) },
});

export const dashboardToday = contract({
  name: 'adminSales.dashboardToday',
  method: 'GET',
  path: '/admin/dashboard/today',
  tags: ['Рабочий стол'],
  summary:
    'Сегодня: выручка и заказы за день против вчера, заказы к подтверждению, к отправке и неоплаченные',
  description:
    'Дни — московские. Выручка — сумма заказов, оформленных за день, кроме отменённых. У каждой цифры — ' +
    'фильтр списка заказов, которым она посчитана. Для ролей, которым доступен список заказов.',
  response: {
    200: envelope(api('admin-dashboard-today')),
    401: failure('Нужно войти'),
    403: failure('Роли недоступен список заказов'),
  },
});
