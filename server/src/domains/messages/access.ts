// Who may use the messaging endpoints, read from the schemas' x-access like the CRUD routes: sending (and
// sending again) is creating a mailing; the preview also serves whoever edits templates of that channel.
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/http/errors';
import type { Channel } from './catalog';
import { roleMay, resourceOf, userOf } from '../../platform/crud/resource-access';
import type { Registry } from '../../platform/crud/types';

export function messagesAccess(registry: Registry) {
  const mailings = resourceOf(registry, 'mailings');
  const outbox = resourceOf(registry, 'outbox-messages');
  const templates = {
    email: resourceOf(registry, 'mail-templates'),
    sms: resourceOf(registry, 'sms-templates'),
  };
  const previews = (role: string, channel: Channel) =>
    roleMay(mailings, role, 'create') ||
    roleMay(templates[channel], role, 'create') ||
    roleMay(templates[channel], role, 'edit');
  const check = (request: FastifyRequest, allowed: (role: string) => boolean) => {
    const user = userOf(request);
    if (!allowed(user.role)) throw forbidden();
    return user;
  };
  return {
    /** Composing and sending: the role may create mailings. */
    send: (request: FastifyRequest) => check(request, (role) => roleMay(mailings, role, 'create')),
    /** A mailing's progress: the role may see mailings. */
    watch: (request: FastifyRequest) => check(request, (role) => roleMay(mailings, role, 'show')),
    /** Queueing failed messages again: sending, and seeing the outbox. */
    resend: (request: FastifyRequest) =>
      check(request, (role) => roleMay(mailings, role, 'create') && roleMay(outbox, role, 'list')),
    preview: (request: FastifyRequest, channel: Channel) => check(request, (role) => previews(role, channel)),
    /** Before the body is read: a role that may preview at least one channel (which one, the body says). */
    previewAny: (request: FastifyRequest) =>
      check(request, (role) => previews(role, 'email') || previews(role, 'sms')),
  };
}

export type MessagesAccess = ReturnType<typeof messagesAccess>;

/**
 * A check as a route's preValidation hook: the role is known before the input is looked at, so a guest
 * learns nothing about what a request should hold. (Async: a hook that returns no promise must call done.)
 */
export const checkedFirst =
  (check: (request: FastifyRequest) => unknown) =>
  async (request: FastifyRequest): Promise<void> => {
    check(request);
  };
