// Who may call what: a token resolves to a user on every request; admin routes check the role against
// the resource's x-access.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action, ResourceDef, Role } from '../crud/resource';
import type { Db } from '../db';
import { forbidden, unauthorized } from '../http/errors';
import { userByToken, type AuthUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Spec §7: the token comes in Authorization with no prefix; a "Bearer " prefix is tolerated. */
export function tokenOf(request: FastifyRequest): string | null {
  const raw = request.headers.authorization;
  if (!raw) return null;
  return raw.startsWith('Bearer ') ? raw.slice(7) : raw;
}

export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = tokenOf(request);
    if (token) request.user = await userByToken(db, token);
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
