// Which gateway delivers each channel, decided at send time: an administrator may fill in the SMTP or SMS
// settings while the server runs, and held messages then go out at the next poll. Environment variables
// (SMTP_URL, MAIL_FROM, SMS_RU_API_ID) win over the settings row.
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { settings } from '../../../generated/tables';
import { settingsRow } from '../settings';
import { sendEmail, type SmtpOptions } from './email';
import { sendSmsRu } from './sms-ru';

export interface OutgoingMessage {
  id: number;
  to: string;
  subject: string | null;
  body: string;
}

export interface Gateway {
  /** Sends one message; answers the provider's id for it. Throws DeliveryError. */
  send(msg: OutgoingMessage): Promise<string>;
}

export type Resolved = { gateway: Gateway; reason?: undefined } | { gateway: null; reason: string };

export interface Gateways {
  email: Resolved;
  sms: Resolved;
}

type SettingsRow = typeof settings.$inferSelect;

const SMS_PROVIDER_NAMES: Record<string, string> = { smsc: 'SMSC.ru', smsaero: 'SMS Aero' };

/** "Shop <noreply@host>" from MAIL_FROM, else the settings, else the shop's name and its site's host. */
export function senderOf(config: Config, s: SettingsRow | undefined, smtpUser: string | null): string {
  if (config.mailFrom) return config.mailFrom;
  const name = (s?.mailFromName || s?.shopName || 'Интернет-магазин').replace(/["\\]/g, '');
  let host = 'localhost';
  try {
    if (config.siteUrl) host = new URL(config.siteUrl).hostname;
  } catch {
    // A malformed SITE_URL leaves the fallback host.
  }
  // Many SMTP services only send from the account's own address.
  const email = s?.mailFromEmail || (smtpUser?.includes('@') ? smtpUser : null) || `noreply@${host}`;
  return `"${name}" <${email}>`;
}

function smtpOf(config: Config, s: SettingsRow | undefined): SmtpOptions | string {
  if (config.smtpUrl) return { url: config.smtpUrl };
  if (!s?.smtpHost) return 'e-mail: задайте SMTP_URL или SMTP-сервер в настройках магазина';
  return {
    host: s.smtpHost,
    port: s.smtpPort,
    secure: s.smtpSecure,
    user: s.smtpUser,
    password: s.smtpPassword,
  };
}

function smtpUserOf(smtp: SmtpOptions): string | null {
  if (!smtp.url) return smtp.user ?? null;
  try {
    return decodeURIComponent(new URL(smtp.url).username) || null;
  } catch {
    return null;
  }
}

function emailGateway(config: Config, s: SettingsRow | undefined): Resolved {
  const smtp = smtpOf(config, s);
  if (typeof smtp === 'string') return { gateway: null, reason: smtp };
  const from = senderOf(config, s, smtpUserOf(smtp));
  return {
    gateway: {
      send: (m) => sendEmail(smtp, { id: m.id, from, to: m.to, subject: m.subject ?? '', html: m.body }),
    },
  };
}

function smsGateway(config: Config, s: SettingsRow | undefined, timeoutMs?: number): Resolved {
  const smsRu = (apiId: string): Resolved => ({
    gateway: {
      send: (m) =>
        sendSmsRu({ url: config.smsRuUrl, apiId, from: s?.smsSenderName, timeoutMs }, m.to, m.body),
    },
  });
  if (config.smsRuApiId) return smsRu(config.smsRuApiId);
  const provider = s?.smsProvider;
  if (!provider)
    return { gateway: null, reason: 'SMS: задайте SMS_RU_API_ID или SMS-провайдера в настройках магазина' };
  if (provider !== 'smsru')
    return {
      gateway: null,
      reason: `SMS-провайдер ${SMS_PROVIDER_NAMES[provider] ?? provider} пока не поддерживается`,
    };
  if (!s.smsApiKey)
    return { gateway: null, reason: 'SMS.ru: в настройках магазина не указан API-ключ (api_id)' };
  return smsRu(s.smsApiKey);
}

/** The gateways as configured right now; a channel without one gets the reason instead. */
export async function resolveGateways(
  db: Db,
  config: Config,
  opts: { smsTimeoutMs?: number } = {},
): Promise<Gateways> {
  const s = await settingsRow(db);
  return { email: emailGateway(config, s), sms: smsGateway(config, s, opts.smsTimeoutMs) };
}
