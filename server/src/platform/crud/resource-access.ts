// Role checks of the hand-written sales endpoints, read from the same x-access as the CRUD routes, so a
// role that cannot list a resource cannot reach it through these endpoints either.
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';
import type { Action, Registry, ResourceDef, Role } from './types';

export function resourceOf(registry: Registry, name: string): ResourceDef {
  const def = registry.get(name);
  if (!def) throw new Error(`Нет ресурса ${name} в регистрации`);
  return def;
}

/** Whether a signed-in user's role may do an action on a resource. */
export function roleMay(def: ResourceDef, role: string | undefined, action: Action): boolean {
  return !!role && def.access[action].includes(role as Role);
}

/** The signed-in user of a request; 401 otherwise. */
export function userOf(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}
