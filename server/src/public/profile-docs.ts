// OpenAPI description of the account endpoints (auth/register.ts, auth/password-routes.ts, profile.ts,
// profile-company.ts, profile-orders.ts), merged into /api/docs by docs.ts.
import emailConfirmRequest from '../../../schemas/api/email-confirm-request.schema.json' with { type: 'json' };
import passwordChangeRequest from '../../../schemas/api/password-change-request.schema.json' with { type: 'json' };
import passwordRecoveryRequest from '../../../schemas/api/password-recovery-request.schema.json' with { type: 'json' };
import passwordResetRequest from '../../../schemas/api/password-reset-request.schema.json' with { type: 'json' };
import profile from '../../../schemas/api/profile.schema.json' with { type: 'json' };
import profileBonuses from '../../../schemas/api/profile-bonuses.schema.json' with { type: 'json' };
import profileCompany from '../../../schemas/api/profile-company.schema.json' with { type: 'json' };
import profileOrder from '../../../schemas/api/profile-order.schema.json' with { type: 'json' };
import profileUpdateRequest from '../../../schemas/api/profile-update-request.schema.json' with { type: 'json' };
import registerRequest from '../../../schemas/api/register-request.schema.json' with { type: 'json' };
import { apiError, component, envelope, json, ref } from '../http/openapi';

const error = apiError;
const signedIn = error('Требуется вход');
const tooMany = error('Слишком много попыток: «Повторите через N с.»');
const paging = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'perPage', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
];
const meta = {
  type: 'object',
  properties: { total: { type: 'integer' }, page: { type: 'integer' }, perPage: { type: 'integer' } },
};
const AUTH = ['Вход'];
const CABINET = ['Личный кабинет'];
const done = { description: 'Готово', ...envelope({ type: 'null' }) };

export const PROFILE_DOC_PATHS = {
  '/api/auth/register': {
    post: {
      tags: AUTH,
      summary: 'Регистрация покупателя',
      description:
        'Записывает согласие на обработку персональных данных (consent: true обязательно), начисляет баллы ' +
        'за регистрацию из настроек, отправляет письмо со ссылкой /mail-confirm?token=… (24 часа), с ' +
        'subscribe: true — подписка на рассылку, которая включится после подтверждения e-mail. Затем входит ' +
        '(token), если не передано signIn: false (token: null). remember: true — токен на 30 дней.',
      requestBody: { required: true, ...json(ref('RegisterRequest')) },
      responses: {
        201: {
          description: 'Зарегистрирован',
          ...envelope({ type: 'object', properties: { token: { type: ['string', 'null'] } } }),
        },
        400: error('Ошибки по полям'),
        409: error('E-mail или телефон уже зарегистрирован (поля email, phone)'),
      },
    },
  },
  '/api/auth/email/confirm': {
    post: {
      tags: AUTH,
      summary: 'Подтверждение e-mail по одноразовой ссылке из письма',
      requestBody: { required: true, ...json(ref('EmailConfirmRequest')) },
      responses: {
        200: {
          description: 'Подтверждён',
          ...envelope({ type: 'object', properties: { emailConfirmed: { const: true } } }),
        },
        400: error('Ссылка неизвестна, уже использована или устарела'),
      },
    },
  },
  '/api/auth/email/resend': {
    post: {
      tags: AUTH,
      summary: 'Отправить письмо подтверждения ещё раз (прежняя ссылка перестаёт действовать)',
      responses: {
        200: {
          description: 'Отправлено',
          ...envelope({ type: 'object', properties: { sent: { const: true } } }),
        },
        400: error('E-mail уже подтверждён'),
        401: signedIn,
        429: tooMany,
      },
    },
  },
  '/api/auth/password/recovery': {
    post: {
      tags: AUTH,
      summary: 'Восстановление пароля: письмо со ссылкой /change-password?token=… (1 час)',
      description: 'Ответ одинаков, зарегистрирован адрес или нет.',
      requestBody: { required: true, ...json(ref('PasswordRecoveryRequest')) },
      responses: {
        200: {
          description: 'Принято',
          ...envelope({ type: 'object', properties: { message: { type: 'string' } } }),
        },
        400: error('Неверный e-mail'),
        429: tooMany,
      },
    },
  },
  '/api/auth/password/reset': {
    post: {
      tags: AUTH,
      summary: 'Новый пароль по ссылке из письма; все сессии покупателя завершаются',
      requestBody: { required: true, ...json(ref('PasswordResetRequest')) },
      responses: { 200: done, 400: error('Ссылка недействительна или пароль слишком простой') },
    },
  },
  '/api/auth/password/change': {
    post: {
      tags: AUTH,
      summary: 'Смена пароля в кабинете; другие сессии завершаются, текущая остаётся',
      requestBody: { required: true, ...json(ref('PasswordChangeRequest')) },
      responses: {
        200: done,
        400: error('Неверный текущий пароль (поле currentPassword) или слишком простой новый'),
        401: signedIn,
        429: tooMany,
      },
    },
  },
  '/api/profile': {
    get: {
      tags: CABINET,
      summary: 'Данные покупателя',
      responses: { 200: { description: 'Профиль', ...envelope(ref('Profile')) }, 401: signedIn },
    },
    put: {
      tags: CABINET,
      summary: 'Изменить имя, e-mail, телефон, дату рождения',
      description: 'Новый e-mail нужно подтвердить: на него уходит письмо со ссылкой.',
      requestBody: { required: true, ...json(ref('ProfileUpdateRequest')) },
      responses: {
        200: { description: 'Профиль после изменения', ...envelope(ref('Profile')) },
        400: error('Ошибки по полям'),
        401: signedIn,
        409: error('E-mail или телефон занят другой учётной записью'),
      },
    },
  },
  '/api/profile/company': {
    get: {
      tags: CABINET,
      summary: 'Реквизиты организации покупателя (null, если не заполнены)',
      responses: {
        200: {
          description: 'Организация',
          ...envelope({ anyOf: [ref('ProfileCompany'), { type: 'null' }] }),
        },
        401: signedIn,
      },
    },
    put: {
      tags: CABINET,
      summary: 'Сохранить реквизиты',
      description:
        'Проверяются контрольные числа ИНН (10 и 12 цифр), ОГРН/ОГРНИП, ключ расчётного счёта по БИК и ' +
        'соответствие ИНН, КПП и ОГРН организационно-правовой форме.',
      requestBody: { required: true, ...json(ref('ProfileCompany')) },
      responses: {
        200: { description: 'Организация', ...envelope(ref('ProfileCompany')) },
        400: error('Ошибки по полям'),
        401: signedIn,
      },
    },
  },
  '/api/profile/bonuses': {
    get: {
      tags: CABINET,
      summary: 'Бонусный счёт: баланс и операции, новые первыми',
      parameters: paging,
      responses: {
        200: {
          description: 'Баланс и страница операций',
          ...json({ type: 'object', properties: { data: ref('ProfileBonuses'), meta } }),
        },
        401: signedIn,
      },
    },
  },
  '/api/profile/orders': {
    get: {
      tags: CABINET,
      summary: 'Заказы покупателя (или группы, от имени которой он действует: X-User-Group)',
      parameters: [
        {
          name: 'status',
          in: 'query',
          description: 'active — в работе, completed — выполненные, canceled — отменённые',
          schema: { type: 'string', enum: ['active', 'completed', 'canceled'], default: 'active' },
        },
        ...paging,
      ],
      responses: {
        200: {
          description: 'Заказы без позиций',
          ...json({
            type: 'object',
            properties: { data: { type: 'array', items: ref('ProfileOrder') }, meta },
          }),
        },
        400: error('Неверный список'),
        401: signedIn,
      },
    },
  },
  '/api/profile/orders/{name}': {
    get: {
      tags: CABINET,
      summary: 'Заказ с позициями по номеру',
      parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        200: { description: 'Заказ', ...envelope(ref('ProfileOrder')) },
        401: signedIn,
        404: error('Нет такого заказа у покупателя'),
      },
    },
  },
};

export const PROFILE_DOC_SCHEMAS = {
  EmailConfirmRequest: component(emailConfirmRequest),
  PasswordChangeRequest: component(passwordChangeRequest),
  PasswordRecoveryRequest: component(passwordRecoveryRequest),
  PasswordResetRequest: component(passwordResetRequest),
  Profile: component(profile),
  ProfileBonuses: component(profileBonuses),
  ProfileCompany: component(profileCompany),
  ProfileOrder: component(profileOrder),
  ProfileUpdateRequest: component(profileUpdateRequest),
  RegisterRequest: component(registerRequest),
};
