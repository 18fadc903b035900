// The accounts' endpoints (server/src/domains/accounts): signing in and out, registration and the e-mail's
// confirmation link, passwords, the admin area's cookie session, and the customer's cabinet.
import { api, contract, envelope, failure } from './contract';

const AUTH = ['Вход'];
const ADMIN_SIGN_IN = ['Вход в администрирование'];
const CABINET = ['Личный кабинет'];
const SIGNED_IN = failure('Требуется вход');

export const login = contract({
  name: 'auth.login',
  method: 'POST',
  path: '/auth/login',
  tags: AUTH,
  summary: 'Вход по e-mail или телефону',
  body: api('login'),
  response: {
    200: {
      description: 'Токен для заголовка Authorization (без префикса)',
      ...envelope(api('login-result')),
    },
    400: failure('Ошибки в полях'),
    401: failure('Неверный логин или пароль'),
    403: failure('Учётная запись заблокирована'),
    429: failure('Слишком много попыток для этого логина или с этого адреса'),
  },
});

export const session = contract({
  name: 'auth.session',
  method: 'GET',
  path: '/auth/session',
  tags: AUTH,
  summary: 'Текущий пользователь',
  response: { 200: envelope(api('session-user')), 401: failure('Нет сессии или она истекла') },
});

export const logout = contract({
  name: 'auth.logout',
  method: 'POST',
  path: '/auth/logout',
  tags: AUTH,
  summary: 'Выход: токен отзывается',
  response: { 200: envelope({ type: 'null' }), 401: failure('Нет сессии') },
});

export const register = contract({
  name: 'auth.register',
  method: 'POST',
  path: '/auth/register',
  tags: AUTH,
  summary: 'Регистрация покупателя',
  description:
    'Записывает согласие на обработку персональных данных (consent: true обязательно), начисляет баллы ' +
    'за регистрацию из настроек, отправляет письмо со ссылкой /mail-confirm?token=… (24 часа), с ' +
    'subscribe: true — подписка на рассылку, которая включится после подтверждения e-mail. Затем входит ' +
    '(token), если не передано signIn: false (token: null). remember: true — токен на 30 дней.',
  body: api('register-request'),
  response: {
    201: { description: 'Зарегистрирован', ...envelope(api('register-result')) },
    400: failure('Ошибки по полям'),
    409: failure('E-mail или телефон уже зарегистрирован (поля email, phone)'),
    429: failure('Слишком много регистраций с этого адреса или на этот e-mail'),
  },
});

export const confirmEmail = contract({
  name: 'auth.confirmEmail',
  method: 'POST',
  path: '/auth/email/confirm',
  tags: AUTH,
  summary: 'Подтверждение e-mail по одноразовой ссылке из письма',
  body: api('email-confirm-request'),
  response: {
    200: {
      description: 'Подтверждён',
      ...envelope({
        type: 'object',
        additionalProperties: false,
        required: ['emailConfirmed'],
        properties: { emailConfirmed: { type: 'boolean', const: true } },
      }),
    },
    400: failure('Ссылка неизвестна, уже использована или устарела'),
    429: failure('Слишком много попыток с этого адреса'),
  },
});

export const resendConfirmation = contract({
  name: 'auth.resendConfirmation',
  method: 'POST',
  path: '/auth/email/resend',
  tags: AUTH,
  summary: 'Отправить письмо подтверждения ещё раз (прежняя ссылка перестаёт действовать)',
  response: {
    200: {
      description: 'Отправлено',
      ...envelope({
        type: 'object',
        additionalProperties: false,
        required: ['sent'],
        properties: { sent: { type: 'boolean', const: true } },
      }),
    },
    400: failure('E-mail уже подтверждён'),
    401: failure('Требуется вход'),
    429: failure('Слишком много писем за час'),
  },
});

export const recoverPassword = contract({
  name: 'auth.recover',
  method: 'POST',
  path: '/auth/password/recovery',
  tags: AUTH,
  summary: 'Восстановление пароля: письмо со ссылкой /change-password?token=… (1 час)',
  description: 'Ответ одинаков, зарегистрирован адрес или нет.',
  body: api('password-recovery-request'),
  response: {
    200: {
      description: 'Принято',
      ...envelope({
        type: 'object',
        additionalProperties: false,
        required: ['message'],
        properties: { message: { type: 'string' } },
      }),
    },
    400: failure('Неверный e-mail'),
    429: failure('Слишком много запросов с этого адреса или писем на этот e-mail'),
  },
});

export const resetPassword = contract({
  name: 'auth.reset',
  method: 'POST',
  path: '/auth/password/reset',
  tags: AUTH,
  summary: 'Новый пароль по ссылке из письма; все сессии покупателя завершаются',
  body: api('password-reset-request'),
  response: {
    200: envelope({ type: 'null' }),
    400: failure('Ссылка недействительна или пароль слишком простой'),
    429: failure('Слишком много попыток с этого адреса'),
  },
});

export const changePassword = contract({
  name: 'auth.changePassword',
  method: 'POST',
  path: '/auth/password/change',
  tags: AUTH,
  summary: 'Смена пароля в кабинете; другие сессии завершаются, текущая остаётся',
  body: api('password-change-request'),
  response: {
    200: envelope({ type: 'null' }),
    400: failure('Неверный текущий пароль (поле currentPassword) или слишком простой новый'),
    401: failure('Требуется вход'),
    429: failure('Слишком много попыток'),
  },
});

const csrfToken = { type: 'string', description: 'Значение заголовка X-CSRF-Token' };
const csrfAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['csrfToken'],
  properties: { csrfToken },
};

export const adminLogin = contract({
  name: 'auth.adminLogin',
  method: 'POST',
  path: '/auth/admin/login',
  tags: ADMIN_SIGN_IN,
  summary: 'Вход сотрудника: сессия в cookie HttpOnly, в ответе — CSRF-токен',
  body: api('login'),
  response: {
    200: { description: 'Вход выполнен; cookie admin.session установлена', ...envelope(csrfAnswer) },
    400: failure('Ошибки в полях'),
    401: failure('Неверный логин или пароль'),
    403: failure('Учётная запись заблокирована или это не сотрудник'),
    429: failure('Слишком много попыток'),
  },
});

export const adminSession = contract({
  name: 'auth.adminSession',
  method: 'GET',
  path: '/auth/admin/session',
  tags: ADMIN_SIGN_IN,
  summary: 'Сотрудник по cookie admin.session и CSRF-токен для изменяющих запросов',
  response: {
    200: {
      description: 'Пользователь и CSRF-токен; null — входа нет или он истёк',
      ...envelope({
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            additionalProperties: false,
            required: ['user', 'csrfToken'],
            properties: { user: api('session-user'), csrfToken },
          },
        ],
      }),
    },
  },
});

export const adminLogout = contract({
  name: 'auth.adminLogout',
  method: 'POST',
  path: '/auth/admin/logout',
  tags: ADMIN_SIGN_IN,
  summary: 'Выход из администрирования: сессия завершается, cookie удаляется',
  response: { 200: envelope({ type: 'null' }), 403: failure('Нет CSRF-токена') },
});

export const readProfile = contract({
  name: 'profile.get',
  method: 'GET',
  path: '/profile',
  tags: CABINET,
  summary: 'Данные покупателя',
  response: { 200: envelope(api('profile')), 401: SIGNED_IN },
});

export const updateProfile = contract({
  name: 'profile.update',
  method: 'PUT',
  path: '/profile',
  tags: CABINET,
  summary: 'Изменить имя, e-mail, телефон, дату рождения',
  description: 'Новый e-mail нужно подтвердить: на него уходит письмо со ссылкой.',
  body: api('profile-update-request'),
  response: {
    200: { description: 'Профиль после изменения', ...envelope(api('profile')) },
    400: failure('Ошибки по полям'),
    401: SIGNED_IN,
    409: failure('E-mail или телефон занят другой учётной записью'),
    429: failure('Слишком много изменений за час'),
  },
});

export const readCompany = contract({
  name: 'profile.company',
  method: 'GET',
  path: '/profile/company',
  tags: CABINET,
  summary: 'Реквизиты организации покупателя (null, если не заполнены)',
  response: { 200: envelope({ anyOf: [api('profile-company'), { type: 'null' }] }), 401: SIGNED_IN },
});

export const updateCompany = contract({
  name: 'profile.updateCompany',
  method: 'PUT',
  path: '/profile/company',
  tags: CABINET,
  summary: 'Сохранить реквизиты',
  description:
    'Проверяются контрольные числа ИНН (10 и 12 цифр), ОГРН/ОГРНИП, ключ расчётного счёта по БИК и ' +
    'соответствие ИНН, КПП и ОГРН организационно-правовой форме. Пустые необязательные поля — null.',
  body: api('profile-company'),
  response: {
    200: { description: 'Организация', ...envelope(api('profile-company')) },
    400: failure('Ошибки по полям'),
    401: SIGNED_IN,
    409: failure('Организация с этим ИНН уже есть в кабинете'),
    429: failure('Слишком много изменений за час'),
  },
});

export const readSubscriptions = contract({
  name: 'profile.subscriptions',
  method: 'GET',
  path: '/profile/subscriptions',
  tags: CABINET,
  summary: 'Подписки покупателя: новости по e-mail и по SMS',
  response: { 200: envelope(api('profile-subscriptions-state')), 401: SIGNED_IN },
});

export const updateSubscriptions = contract({
  name: 'profile.updateSubscriptions',
  method: 'PUT',
  path: '/profile/subscriptions',
  tags: CABINET,
  summary: 'Изменить подписки',
  description:
    'Включённая рассылка по e-mail действует сразу, если e-mail учётной записи подтверждён; иначе ' +
    'приходит письмо со ссылкой подтверждения (emailPending: true). Включение записывает согласие.',
  body: api('profile-subscriptions'),
  response: {
    200: { description: 'Подписки после изменения', ...envelope(api('profile-subscriptions-state')) },
    400: failure('Ошибки по полям'),
    401: SIGNED_IN,
    429: failure('Слишком много изменений за час'),
  },
});
