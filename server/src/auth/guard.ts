// Who may call what: a token resolves to a user on every request; admin routes check the role against
// the resource's x-access. A representative names the group they act for in X-User-Group (spec §6), and
// that claim is checked on every request too.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action, ResourceDef, Role } from '../crud/resource';
import type { Db } from '../db';
import { userGroups } from '../../generated/tables';
import { ApiError, forbidden, unauthorized } from '../http/errors';
import { userByToken, type AuthUser } from './sessions';

export interface ActingGroup {
  id: number;
  title: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The representative group this request acts for (a checked X-User-Group), or null. */
    actingGroup: ActingGroup | null;
  }
}

/** Spec §7: the token comes in Authorization with no prefix; a "Bearer " prefix is tolerated. */
export function tokenOf(request: FastifyRequest): string | null {
  const raw = request.headers.authorization;
  if (!raw) return null;
  return raw.startsWith('Bearer ') ? raw.slice(7) : raw;
}

export const notRepresentative = (id: number) =>
  forbidden(`Вы не являетесь представителем группы №${id}: действовать от её имени нельзя`);

/**
 * The group of a signed-in user's X-User-Group: one of their groups, flagged as representative and active;
 * anything else is refused with 403. A guest's header is ignored: a guest has no group to act for, and a
 * browser whose token has just expired still sends it until it notices, which must not break the catalogue.
 */
async function actingGroupOf(db: Db, request: FastifyRequest): Promise<ActingGroup | null> {
  const header = request.headers['x-user-group'];
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw || !request.user) return null;
  if (!/^\d{1,9}$/.test(raw))
    throw new ApiError(400, 'bad_request', 'Заголовок X-User-Group должен содержать номер группы');
  const id = Number(raw);
  if (!request.user.groupIds.includes(id)) throw notRepresentative(id);
  const [group] = await db
    .select({ id: userGroups.id, title: userGroups.title })
    .from(userGroups)
    .where(and(eq(userGroups.id, id), eq(userGroups.isRepresentative, true), eq(userGroups.active, true)));
  if (!group) throw notRepresentative(id);
  return group;
}

export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('actingGroup', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = tokenOf(request);
    if (token) request.user = await userByToken(db, token);
    request.actingGroup = await actingGroupOf(db, request);
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
