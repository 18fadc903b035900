// react-admin's auth provider on the shop's own token (spec §7: sent in Authorization with no prefix).
// The token lives in localStorage 'auth.token'; the session (user and role) is asked from the server once
// per token and kept in memory. Roles come from x-access (access.ts); a customer cannot sign in here.
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { ApiClient } from '@shop/client';
import { canRoleAccess, isStaffRole } from './access';

export const TOKEN_KEY = 'auth.token';

export const NO_ADMIN_ACCESS = 'Нет доступа к администрированию';
const LOGIN_FAILED = 'Произошла ошибка при авторизации';

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export function localTokenStore(storage: Storage = window.localStorage): TokenStore {
  return {
    get: () => storage.getItem(TOKEN_KEY),
    set: (token) => storage.setItem(TOKEN_KEY, token),
    clear: () => storage.removeItem(TOKEN_KEY),
  };
}

type Session = Awaited<ReturnType<ApiClient['auth']['session']>>;

/** A rejection react-admin reads: `message: false` shows no notice. */
function authError(message: string | false): Error {
  return Object.assign(new Error(message || ''), { message });
}

function httpStatus(error: unknown): number | undefined {
  const e = error as { status?: unknown; response?: { status?: unknown } } | null | undefined;
  const status = e?.status ?? e?.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The server's Russian message for a failed sign-in (401: "Неверный логин или пароль"). */
function loginErrorMessage(error: unknown): string {
  const body = (error as { response?: { data?: { error?: { message?: unknown } } } } | null)?.response?.data;
  const message = body?.error?.message;
  return typeof message === 'string' && message ? message : LOGIN_FAILED;
}

export function createAuthProvider(client: ApiClient, tokens: TokenStore): AuthProvider {
  let session: Promise<Session> | null = null;

  const loadSession = (): Promise<Session> => {
    if (!tokens.get()) return Promise.reject(new Error('Нет входа'));
    session ??= client.auth.session().catch((error: unknown) => {
      session = null;
      throw error;
    });
    return session;
  };

  const forget = () => {
    tokens.clear();
    session = null;
  };

  return {
    async login({ username, password }: { username: string; password: string }) {
      let token: string;
      try {
        ({ token } = await client.auth.login({ login: username, password }));
      } catch (error) {
        throw new Error(loginErrorMessage(error));
      }
      tokens.set(token);
      session = null;
      let user: Session;
      try {
        user = await loadSession();
      } catch {
        forget();
        throw new Error(LOGIN_FAILED);
      }
      if (!isStaffRole(user.role)) {
        await client.auth.logout().catch(() => undefined);
        forget();
        throw new Error(NO_ADMIN_ACCESS);
      }
    },

    async logout() {
      if (tokens.get()) await client.auth.logout().catch(() => undefined);
      forget();
    },

    checkAuth() {
      // No token: back to the login page without a "please sign in" notice.
      return tokens.get() ? Promise.resolve() : Promise.reject(authError(false));
    },

    checkError(error: unknown) {
      const status = httpStatus(error);
      if (status === 401) {
        session = null;
        return Promise.reject(authError('ra.notification.logged_out'));
      }
      // 403: stay signed in. The failed call itself reports the server's Russian message ("Недостаточно
      // прав...", see dataProvider.ts); rejecting here would make react-admin treat the call as answered
      // with empty data, so a refused save would also say "Элемент обновлён".
      return Promise.resolve();
    },

    async getIdentity(): Promise<UserIdentity> {
      const user = await loadSession();
      return { id: user.id, fullName: user.name || user.email };
    },

    async getPermissions() {
      return (await loadSession()).role;
    },

    async canAccess({ resource, action }: { resource: string; action: string }) {
      if (!tokens.get()) return false;
      const user = await loadSession().catch(() => null);
      return canRoleAccess(user?.role, resource, action);
    },
  };
}
