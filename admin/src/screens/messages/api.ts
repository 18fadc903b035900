// The messaging endpoints (server/src/domains/messages/) through the one API client, with the area's
// Russian error type from the admin's shared helpers (admin-api.ts).
import type { AdminMailingRequest, AdminMessagePreviewRequest } from '@shop/schemas';
import { countOf } from '@shop/schemas/rules/plural';
import { callAdmin } from '../../admin-api';

export type Channel = 'email' | 'sms';
export type Audience = AdminMailingRequest['audience'];

export const previewMessage = (req: AdminMessagePreviewRequest) =>
  callAdmin((api) => api.adminMessages.preview(req));

export function countRecipients(q: {
  channel: Channel;
  audience: Audience;
  userId?: number;
  groupId?: number;
}) {
  const query = {
    channel: q.channel,
    audience: q.audience,
    ...(q.userId ? { userId: q.userId } : {}),
    ...(q.groupId ? { groupId: q.groupId } : {}),
  };
  return callAdmin((api) => api.adminMessages.countAudience(query));
}

export const createMailing = (req: AdminMailingRequest) =>
  callAdmin((api) => api.adminMessages.sendMailing(req));

export const mailingProgress = (id: number) => callAdmin((api) => api.adminMessages.mailingProgress(id));

export const resendMessage = (id: number) => callAdmin((api) => api.adminMessages.resendMessage(id));

export const resendAll = (channel: Channel) =>
  callAdmin((api) => api.adminMessages.resendChannel({ channel }));

/** "1 получатель", "3 получателя", "25 получателей". */
export const recipientsText = (n: number) => countOf(n, ['получатель', 'получателя', 'получателей']);
