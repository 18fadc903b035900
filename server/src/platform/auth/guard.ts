// Who may call what: a token resolves to a user on every request; admin routes check the role against
// the resource's x-access. A representative names the group they act for in X-User-Group (spec §6), and
// that claim is checked on every request too.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { ApiError, forbidden, unauthorized } from '../http/errors';
import { adminCookieToken } from './admin-cookie';
import { userByToken, type AuthUser, type TokenOwner } from './sessions';
import type { Action, ResourceDef, Role } from '../crud/types';

export type ActingGroup = NonNullable<TokenOwner['actingGroup']>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The representative group this request acts for (a checked X-User-Group), or null. */
    actingGroup: ActingGroup | null;
    /** The admin area's HttpOnly cookie's session token when that cookie authenticated `user`; else null. */
    cookieToken: string | null;
  }
}

/** Spec §7: the token comes in Authorization with no prefix; a "Bearer " prefix is tolerated. */
export function tokenOf(request: FastifyRequest): string | null {
  const raw = request.headers.authorization;
  if (!raw) return null;
  return raw.startsWith('Bearer ') ? raw.slice(7) : raw;
}

const notRepresentative = (id: number) =>
  forbidden(`Вы не являетесь представителем группы №${id}: действовать от её имени нельзя`);

/** X-User-Group as sent, trimmed; undefined without one. */
function groupClaim(request: FastifyRequest): string | undefined {
  const header = request.headers['x-user-group'];
  return (Array.isArray(header) ? header[0] : header)?.trim() || undefined;
}

/**
 * One query per request resolves the token and checks the claimed X-User-Group with it: the group must be
 * one of the user's, flagged as representative and active; anything else is refused with 403. A guest's
 * header is ignored: a guest has no group to act for, and a browser whose token has just expired still
 * sends it until it notices, which must not break the catalogue.
 */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('actingGroup', null);
  app.decorateRequest('cookieToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // Authorization first (API clients, the storefront): such a request never looks at the admin's cookie.
    // Without it, the admin's cookie on admin addresses, with the CSRF check for changes (admin-session.ts).
    const byHeader = request.headers.authorization !== undefined;
    const token = byHeader ? tokenOf(request) : adminCookieToken(request);
    if (!token) return;
    const claim = groupClaim(request);
    const groupId = claim && /^\d{1,9}$/.test(claim) ? Number(claim) : null;
    const owner = await userByToken(db, token, groupId);
    if (!owner) return;
    request.user = owner.user;
    if (!byHeader) request.cookieToken = token;
    if (claim === undefined) return;
    if (groupId === null)
      throw new ApiError(400, 'bad_request', 'Заголовок X-User-Group должен содержать номер группы');
    if (!owner.actingGroup) throw notRepresentative(groupId);
    request.actingGroup = owner.actingGroup;
  });
}

export const requireUser = async (request: FastifyRequest) => {
  if (!request.user) throw unauthorized();
};

export function requireAccess(def: ResourceDef, action: Action) {
  const roles = new Set<Role>(def.access[action]);
  return async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    if (!roles.has(request.user.role as Role)) throw forbidden();
  };
}
