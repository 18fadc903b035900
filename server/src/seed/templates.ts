// Mail and SMS templates the server picks by code. Variables are written {{name}}; the `variables`
// column lists them for the admin and is derived here from the texts, as the server would do.
const variablesOf = (...texts: string[]) => [
  ...new Set(texts.flatMap((t) => [...t.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!))),
];

const signature = '<p>С уважением,<br>команда {{shopName}}<br>+7 (800) 555-35-35</p>';

const MAIL = [
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
<p>Следить за заказом можно в <a href="{{orderUrl}}">личном кабинете</a>.</p>
${signature}`,
  },
  {
    code: 'order.status_changed',
    title: 'Статус заказа изменился',
    description: 'Покупателю при каждой смене статуса заказа.',
    subject: 'Заказ № {{orderNumber}}: {{orderStatus}}',
    body: `<p>Здравствуйте, {{customerName}}!</p>
<p>Статус вашего заказа № {{orderNumber}} изменился: <strong>{{orderStatus}}</strong>.</p>
<p>{{statusComment}}</p>
<p>Подробности — в <a href="{{orderUrl}}">личном кабинете</a>.</p>
${signature}`,
  },
];

const SMS = [
  {
    code: 'auth.registration',
    title: 'Код подтверждения регистрации',
    body: '{{code}} — код подтверждения регистрации в {{shopName}}',
  },
  {
    code: 'auth.password_recovery',
    title: 'Код восстановления пароля',
    body: '{{code}} — код для смены пароля в {{shopName}}. Никому его не сообщайте',
  },
  {
    code: 'order.created',
    title: 'Заказ оформлен',
    body: 'Заказ {{orderNumber}} принят, сумма {{orderTotal}}. {{shopName}}',
  },
  {
    code: 'order.status_changed',
    title: 'Статус заказа изменился',
    body: 'Заказ {{orderNumber}}: {{orderStatus}}. {{shopName}}',
  },
];

export const mailTemplateRows = () => MAIL.map((t) => ({ ...t, variables: variablesOf(t.subject, t.body) }));
export const smsTemplateRows = () => SMS.map((t) => ({ ...t, variables: variablesOf(t.body) }));
