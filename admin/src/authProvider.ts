// react-admin's auth provider on the admin's cookie session (server/src/domains/accounts/admin-session.ts). The session
// token is an HttpOnly cookie the page's scripts never see, so an XSS or a compromised dependency cannot
// carry it off; the page keeps only the session's CSRF token, in memory, which the shared client sends as
// X-CSRF-Token on every call (the server refuses a change the cookie authenticates without it). After a
// reload the token is asked again with the session (user and role), once per session. Roles come from
// x-access (access.ts); the server lets no customer sign in here.
import type { AuthProvider, UserIdentity } from 'react-admin';
import { createApiClient, type ApiClient } from '@shop/client';
import type { SessionUser } from '@shop/schemas';
import { canRoleAccess, isStaffRole } from './access';

export const NO_ADMIN_ACCESS = 'Нет доступа к администрированию';
const LOGIN_FAILED = 'Произошла ошибка при авторизации';

/** Where the session's CSRF token is kept: memory only, gone with the page. */
export interface CsrfStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export function memoryCsrfStore(): CsrfStore {
  let token: string | null = null;
  return {
    get: () => token,
    set: (value) => {
      token = value;
    },
    clear: () => {
      token = null;
    },
  };
}

/** The one CSRF token of this page, which adminApiClient sends. */
const csrf = memoryCsrfStore();

/**
 * The admin's one API client (data and auth providers, screens, uploads): same origin, so the cookie goes by
 * itself, and the CSRF token beside it.
 */
export const adminApiClient: ApiClient = createApiClient({ baseURL: '', getCsrfToken: () => csrf.get() });

/** A rejection react-admin reads: `message: false` shows no notice. */
function authError(message: string | false): Error {
  return Object.assign(new Error(message || ''), { message });
}

function httpStatus(error: unknown): number | undefined {
  const e = error as { status?: unknown; response?: { status?: unknown } } | null | undefined;
  const status = e?.status ?? e?.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The server's Russian message for a failed sign-in (401 "Неверный логин или пароль", 403 for a customer). */
function loginErrorMessage(error: unknown): string {
  const body = (error as { response?: { data?: { error?: { message?: unknown } } } } | null)?.response?.data;
  const message = body?.error?.message;
  return typeof message === 'string' && message ? message : LOGIN_FAILED;
}

export function createAuthProvider(client: ApiClient, tokens: CsrfStore = csrf): AuthProvider {
  let session: Promise<SessionUser> | null = null;

  /** The cookie's session: the user, and its CSRF token kept for the calls that change something. */
  const loadSession = (): Promise<SessionUser> => {
    if (session) return session;
    const pending = client.auth.adminSession().then((answer) => {
      if (!answer) throw new Error('Нет входа');
      tokens.set(answer.csrfToken);
      return answer.user;
    });
    // A failed or empty answer is not kept: the next question goes to the server again.
    pending.catch(() => {
      if (session === pending) session = null;
    });
    session = pending;
    return pending;
  };

  const forget = () => {
    tokens.clear();
    session = null;
  };

  const signOut = async () => {
    // The sign-out is a change like any other: it needs the CSRF token, which a reloaded page asks first.
    if (!tokens.get()) await loadSession().catch(() => undefined);
    if (tokens.get()) await client.auth.adminLogout().catch(() => undefined);
    forget();
  };

  return {
    async login({ username, password }: { username: string; password: string }) {
      let csrfToken: string;
      try {
        ({ csrfToken } = await client.auth.adminLogin({ login: username, password }));
      } catch (error) {
        throw new Error(loginErrorMessage(error));
      }
      tokens.set(csrfToken);
      session = null;
      let user: SessionUser;
      try {
        user = await loadSession();
      } catch {
        forget();
        throw new Error(LOGIN_FAILED);
      }
      // The server admits staff only; a role changed since is caught here.
      if (!isStaffRole(user.role)) {
        await signOut();
        throw new Error(NO_ADMIN_ACCESS);
      }
    },

    logout: signOut,

    checkAuth() {
      // No session: back to the login page without a "please sign in" notice.
      return loadSession().then(
        () => undefined,
        () => Promise.reject(authError(false)),
      );
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
      const user = await loadSession().catch(() => null);
      return canRoleAccess(user?.role, resource, action);
    },
  };
}
