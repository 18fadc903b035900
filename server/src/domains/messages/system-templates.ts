// The texts of the templates the server sends by itself (SYSTEM_TEMPLATE_CODES). At every start the ones
// that are missing are created; a template that exists is never touched, so an administrator's edits (or
// switching one off) survive upgrades. Variables are only those catalog.ts gives each code.
import type { DbOrTx } from '../../platform/db';
import { mailTemplates, smsTemplates } from '../../../generated/tables';
import { templateVariables } from './render';

export interface MailTemplateText {
  code: string;
  title: string;
  description: string;
  subject: string;
  body: string;
}

export interface SmsTemplateText {
  code: string;
  title: string;
  description: string;
  body: string;
}

const signature = '<p>С уважением,<br>команда {{shopName}}<br>{{supportPhone}}</p>';

export const SYSTEM_MAIL_TEMPLATES: MailTemplateText[] = [
  {
    code: 'auth.registration',
    title: 'Подтверждение регистрации',
    description: 'Отправляется сразу после регистрации на сайте.',
    subject: 'Подтвердите регистрацию в {{shopName}}',
    body: `<p>Здравствуйте, {{customerName}}!</p>
<p>Спасибо за регистрацию в интернет-магазине {{shopName}}. Чтобы подтвердить адрес электронной почты, перейдите по ссылке:</p>
<p><a href="{{confirmUrl}}">Подтвердить адрес</a></p>
<p>Ссылка действует 24 часа. Если вы не регистрировались у нас, просто удалите это письмо.</p>
${signature}`,
  },
  {
    code: 'auth.password_recovery',
    title: 'Восстановление пароля',
    description: 'Ссылка на смену пароля по запросу покупателя.',
    subject: 'Восстановление пароля в {{shopName}}',
    body: `<p>Здравствуйте, {{customerName}}!</p>
<p>Мы получили запрос на смену пароля. Чтобы задать новый пароль, перейдите по ссылке:</p>
<p><a href="{{resetUrl}}">Сменить пароль</a></p>
<p>Ссылка действует один час. Если вы не запрашивали смену пароля, ничего делать не нужно: старый пароль продолжит работать.</p>
${signature}`,
  },
  {
    code: 'order.created',
    title: 'Заказ оформлен',
    description: 'Покупателю после оформления заказа.',
    subject: 'Заказ № {{orderNumber}} принят',
    body: `<p>Здравствуйте, {{customerName}}!</p>
<p>Спасибо за заказ. Мы приняли его в работу и сообщим, когда передадим его в службу доставки.</p>
<p>Номер заказа: <strong>{{orderNumber}}</strong><br>Сумма: {{orderTotal}}<br>Доставка: {{deliveryService}}<br>Оплата: {{paymentService}}</p>
{{orderItems}}
<p>Состав заказа, его статус и адрес доставки — <a href="{{orderUrl}}">на странице заказа</a>.</p>
${signature}`,
  },
  {
    code: 'order.admin_created',
    title: 'Новый заказ (администратору)',
    description: 'Администратору (адрес для уведомлений в настройках), когда покупатель оформил заказ.',
    subject: 'Новый заказ № {{orderNumber}} на {{orderTotal}}',
    body: `<p>На сайте {{shopName}} оформлен заказ № <strong>{{orderNumber}}</strong> на {{orderTotal}}.</p>
<p>Покупатель: {{customerName}}, {{customerPhone}}, <a href="mailto:{{customerEmail}}">{{customerEmail}}</a><br>Доставка: {{deliveryService}}<br>Оплата: {{paymentService}}</p>
{{orderItems}}
<p><a href="{{adminUrl}}">Открыть заказ в панели управления</a></p>`,
  },
  {
    code: 'order.status_changed',
    title: 'Статус заказа изменился',
    description: 'Покупателю при каждой смене статуса заказа.',
    subject: 'Заказ № {{orderNumber}}: {{orderStatus}}',
    body: `<p>Здравствуйте, {{customerName}}!</p>
<p>Статус вашего заказа № {{orderNumber}} изменился: <strong>{{orderStatus}}</strong>.</p>
<p>{{statusComment}}</p>
<p><a href="{{orderUrl}}">Открыть заказ</a> — там его состав, история и оплата.</p>
${signature}`,
  },
  {
    code: 'order.shipment_returning',
    title: 'Посылка возвращается (администратору)',
    description:
      'Администратору (адрес для уведомлений в настройках), когда служба доставки везёт посылку обратно в магазин.',
    subject: 'Заказ № {{orderNumber}}: посылка возвращается',
    body: `<p>Служба доставки возвращает в магазин посылку заказа № <strong>{{orderNumber}}</strong> (трек-номер {{trackNumber}}).</p>
<p>Последний статус службы: {{shipmentStatus}}.</p>
<p>Заказ не отменён: свяжитесь с покупателем и решите, что с ним делать. <a href="{{adminUrl}}">Открыть заказ в панели управления</a></p>`,
  },
  {
    code: 'feedback.call',
    title: 'Заказан обратный звонок',
    description: 'Администратору (адрес для уведомлений в настройках), когда покупатель заказал звонок.',
    subject: 'Обратный звонок: {{requestName}}, {{requestPhone}}',
    body: `<p>На сайте {{shopName}} заказан обратный звонок.</p>
<p>Имя: <strong>{{requestName}}</strong><br>Телефон: <strong>{{requestPhone}}</strong></p>
<p>Перезвоните, пожалуйста, в рабочее время. Заявка сохранена в разделе <a href="{{adminUrl}}">«Заявки с сайта»</a> панели управления: отметьте её обработанной после звонка.</p>`,
  },
  {
    code: 'feedback.message',
    title: 'Новое сообщение с сайта',
    description: 'Администратору (адрес для уведомлений в настройках), когда покупатель написал сообщение.',
    subject: 'Сообщение с сайта от {{requestName}}',
    body: `<p>На сайте {{shopName}} оставлено сообщение.</p>
<p>Имя: <strong>{{requestName}}</strong><br>E-mail: <a href="mailto:{{requestEmail}}">{{requestEmail}}</a><br>Телефон: {{requestPhone}}</p>
<blockquote style="margin:0 0 1em;padding:0.5em 1em;border-left:3px solid #ccc">{{requestMessage}}</blockquote>
<p>Ответьте покупателю на его e-mail. Заявка сохранена в разделе <a href="{{adminUrl}}">«Заявки с сайта»</a> панели управления.</p>`,
  },
  {
    code: 'feedback.represent',
    title: 'Заявка «Стать представителем»',
    description:
      'Администратору (адрес для уведомлений в настройках), когда на сайте оставили заявку представителя.',
    subject: 'Заявка представителя: {{requestName}}, {{requestCity}}',
    body: `<p>На сайте {{shopName}} оставлена заявка «Стать представителем».</p>
<p>Имя: <strong>{{requestName}}</strong><br>Город: <strong>{{requestCity}}</strong><br>Телефон: {{requestPhone}}<br>E-mail: <a href="mailto:{{requestEmail}}">{{requestEmail}}</a></p>
<p>Опыт работы:</p>
<blockquote style="margin:0 0 1em;padding:0.5em 1em;border-left:3px solid #ccc">{{requestExperience}}</blockquote>
<p>Свяжитесь с кандидатом и расскажите об условиях. Заявка сохранена в разделе <a href="{{adminUrl}}">«Заявки с сайта»</a> панели управления.</p>`,
  },
  {
    code: 'newsletter.confirm',
    title: 'Подтверждение подписки на новости',
    description:
      'Подписчику после ввода e-mail в подвале сайта: подписка начнёт действовать после перехода по ссылке.',
    subject: 'Подтвердите подписку на новости {{shopName}}',
    body: `<p>Здравствуйте!</p>
<p>Этот адрес указали при подписке на новости интернет-магазина {{shopName}}: новинки, акции и скидки для мастеров. Чтобы подтвердить подписку, перейдите по ссылке:</p>
<p><a href="{{confirmUrl}}">Подтвердить подписку</a></p>
<p>Если вы не подписывались, просто не отвечайте на это письмо: без подтверждения мы не будем присылать вам рассылку.</p>
<p>Отписаться можно в любой момент по ссылке в конце каждого письма рассылки.</p>
${signature}`,
  },
  {
    code: 'stock.back',
    title: 'Товар снова в наличии',
    description:
      'Покупателю, который нажал «Сообщить о поступлении», когда остаток варианта стал больше нуля. Одно письмо на запрос.',
    subject: '{{productName}} снова в наличии',
    body: `<p>Здравствуйте!</p>
<p>Вы просили сообщить, когда товар появится. Он снова в наличии:</p>
<p><strong>{{productName}}</strong><br>Вариант: {{variantName}}<br>Цена: {{productPrice}}</p>
<p><a href="{{productUrl}}">Перейти к товару</a> — остаток ограничен, поэтому лучше не откладывать.</p>
<p>Это письмо пришло один раз по вашему запросу на сайте {{shopName}}: других писем о поступлении этого товара не будет.</p>
${signature}`,
  },
];

export const SYSTEM_SMS_TEMPLATES: SmsTemplateText[] = [
  {
    code: 'auth.registration',
    title: 'Код подтверждения регистрации',
    description: 'Код для подтверждения телефона при регистрации.',
    body: '{{code}} — код подтверждения регистрации в {{shopName}}',
  },
  {
    code: 'auth.password_recovery',
    title: 'Код восстановления пароля',
    description: 'Код для смены пароля по запросу покупателя.',
    body: '{{code}} — код для смены пароля в {{shopName}}. Никому его не сообщайте',
  },
  {
    code: 'order.created',
    title: 'Заказ оформлен',
    description: 'Покупателю после оформления заказа.',
    body: 'Заказ {{orderNumber}} принят, сумма {{orderTotal}}. {{shopName}}',
  },
  {
    code: 'order.status_changed',
    title: 'Статус заказа изменился',
    description: 'Покупателю при каждой смене статуса заказа.',
    body: 'Заказ {{orderNumber}}: {{orderStatus}}. {{shopName}}',
  },
  {
    code: 'stock.back',
    title: 'Товар снова в наличии',
    description: 'Покупателю, который оставил телефон в «Сообщить о поступлении», когда вариант появился.',
    body: '{{productName}} ({{variantName}}) снова в наличии, {{productPrice}}: {{productUrl}} {{shopName}}',
  },
];

/** Rows for mail_templates, with the `variables` column the admin lists. */
export const mailTemplateRows = () =>
  SYSTEM_MAIL_TEMPLATES.map((t) => ({ ...t, variables: templateVariables(t.subject, t.body) }));

export const smsTemplateRows = () =>
  SYSTEM_SMS_TEMPLATES.map((t) => ({ ...t, variables: templateVariables(t.body) }));

/** Creates the system templates that do not exist yet (by code); answers how many of each were created. */
export async function ensureSystemTemplates(db: DbOrTx): Promise<{ mail: number; sms: number }> {
  const mail = await db
    .insert(mailTemplates)
    .values(mailTemplateRows())
    .onConflictDoNothing({ target: mailTemplates.code })
    .returning({ id: mailTemplates.id });
  const sms = await db
    .insert(smsTemplates)
    .values(smsTemplateRows())
    .onConflictDoNothing({ target: smsTemplates.code })
    .returning({ id: smsTemplates.id });
  return { mail: mail.length, sms: sms.length };
}
