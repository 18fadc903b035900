// Accounts for the tests that act as a staff member or a customer: created by the administrator through the
// API (no public allowance spent), then signed in.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** A client address for X-Forwarded-For (the API believes it from loopback): a suite about limits. */
type From = { ip?: string };

/** The token of a sign-in through POST /api/auth/login, which must succeed. */
export async function signIn(
  app: FastifyInstance,
  login: string,
  password: string,
  { ip }: From = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login, password },
    ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}),
  });
  expect(res.statusCode, `sign-in of ${login}: ${res.body}`).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}

/**
 * A user the administrator creates through POST /api/admin/users (any fields of the form besides these;
 * the role defaults to the form's, customer), signed in once: the id and the token.
 */
export async function signedInUser(
  t: { app: FastifyInstance; adminToken: string },
  user: { email: string; password: string; name?: string; role?: string } & Record<string, unknown>,
  from: From = {},
): Promise<{ id: number; token: string }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: { authorization: t.adminToken },
    payload: { name: user.role ?? 'Пользователь', ...user },
  });
  expect(created.statusCode, created.body).toBe(201);
  return {
    id: created.json<{ id: number }>().id,
    token: await signIn(t.app, user.email, user.password, from),
  };
}
