// The messaging endpoints (server/src/domains/messages/) through the one API client, with the area's
// Russian error type from the admin's shared helpers (admin-api.ts).
import type {
  AdminMailingProgress,
  AdminMailingRequest,
  AdminMessagePreview,
  AdminMessagePreviewRequest,
} from '@shop/schemas';
import { pluralWord } from '@shop/schemas/rules/plural';
import { getAdmin, postAdmin } from '../../admin-api';

export type Channel = 'email' | 'sms';
export type Audience = AdminMailingRequest['audience'];

export const previewMessage = (req: AdminMessagePreviewRequest) =>
  postAdmin<AdminMessagePreview>('/messages/preview', req);

export function countRecipients(q: {
  channel: Channel;
  audience: Audience;
  userId?: number;
  groupId?: number;
}) {
  const params = new URLSearchParams({ channel: q.channel, audience: q.audience });
  if (q.userId) params.set('userId', String(q.userId));
  if (q.groupId) params.set('groupId', String(q.groupId));
  return getAdmin<{ total: number }>(`/messages/audience?${params.toString()}`);
}

export const createMailing = (req: AdminMailingRequest) =>
  postAdmin<{ id: number; total: number }>('/messages/mailings', req);

export const mailingProgress = (id: number) =>
  getAdmin<AdminMailingProgress>(`/messages/mailings/${id}/progress`);

export const resendMessage = (id: number) =>
  postAdmin<{ count: number }>(`/messages/outbox/${id}/resend`, {});

export const resendAll = (channel: Channel) =>
  postAdmin<{ count: number }>('/messages/outbox/resend', { channel });

/** "1 получатель", "3 получателя", "25 получателей". */
export function plural(n: number, one: string, few: string, many: string): string {
  return `${n.toLocaleString('ru-RU')} ${pluralWord(n, one, few, many)}`;
}

export const recipientsText = (n: number) => plural(n, 'получатель', 'получателя', 'получателей');
