import type { LoginRequest, RegisterRequest, SessionUser } from '@shop/schemas';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import {
  GROUP_COOKIE,
  PERSONAL,
  cookieString,
  expiredCookie,
  groupFromCookie,
  representedGroups,
  safeReturnPath,
  tokenCookieExpiry,
  validGroup,
} from './auth-cookies';
import { apiErrorStatus, useApi } from './browser-api';
import { CART_COUNT_COOKIE, TOKEN_COOKIE, readCookie } from './cookies';

// The session in the browser (spec §4). The server rendering hands over the session it saw (root loader);
// from then on this provider owns it: sign-in, sign-out, the refresh when the tab becomes visible again,
// and the representative's group. Navigations right after a change re-run the root loader
// (root.tsx shouldRevalidate), so the header's counters and the maintenance check follow the new session.

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface SignInOptions {
  /** Where to go afterwards: a path of this site, '/' when absent, or false to stay. */
  redirectTo?: string | null | false;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** The group the user acts for (sent as X-User-Group), or null. */
  group: number | null;
  signIn: (credentials: LoginRequest, options?: SignInOptions) => Promise<SessionUser>;
  /** Registers and, unless body.signIn is false, signs the new customer in (spec §4). */
  signUp: (body: RegisterRequest, options?: SignInOptions) => Promise<SessionUser | null>;
  signOut: () => Promise<void>;
  /** Loads the session again; without a token cookie it does nothing unless forced (spec §4). */
  refresh: (options?: { force?: boolean }) => Promise<SessionUser | null>;
  chooseGroup: (groupId: number | null) => void;
}

/**
 * Spec §8: an authentication request failed; it is logged and the caller gets this. `cause` is the API's
 * error (its status and Russian message), when there was one.
 */
export class AuthError extends Error {
  readonly status: number | undefined;
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'AuthError';
    this.status = apiErrorStatus(cause);
  }
}

const AuthContext = createContext<AuthContextValue | null>(null);

let changed = false;
/** Whether the session changed since the root loader last ran; reading it resets the flag. */
export function takeAuthChange(): boolean {
  const was = changed;
  changed = false;
  return was;
}

const secure = () => window.location.protocol === 'https:';
const setCookie = (value: string) => {
  document.cookie = value;
};
const tokenCookie = () => readCookie(document.cookie, TOKEN_COOKIE);

function clearSessionCookies() {
  setCookie(expiredCookie(TOKEN_COOKIE, secure()));
  setCookie(expiredCookie(GROUP_COOKIE, secure()));
}

/** A representative acts for their first group until they choose otherwise (spec §6). */
function defaultGroup(user: SessionUser) {
  const raw = readCookie(document.cookie, GROUP_COOKIE);
  if (raw === PERSONAL || validGroup(user, raw) !== null) return;
  const [first] = representedGroups(user);
  if (first) setCookie(cookieString(GROUP_COOKIE, String(first.id), { secure: secure() }));
  else if (raw) setCookie(expiredCookie(GROUP_COOKIE, secure()));
}

function currentGroup(user: SessionUser | null): number | null {
  if (typeof document === 'undefined') return user?.actingGroupId ?? null;
  return validGroup(user, groupFromCookie(document.cookie));
}

interface AuthProviderProps {
  /** The session the server rendering saw: null for a guest, undefined when unknown (the root loader failed). */
  serverUser: SessionUser | null | undefined;
  children: ReactNode;
}

export function AuthProvider({ serverUser, children }: AuthProviderProps) {
  const api = useApi();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [user, setUser] = useState<SessionUser | null>(serverUser ?? null);
  const [status, setStatus] = useState<AuthStatus>(
    serverUser === undefined ? 'loading' : serverUser ? 'authenticated' : 'unauthenticated',
  );
  const [group, setGroup] = useState<number | null>(serverUser?.actingGroupId ?? null);

  const apply = useCallback((next: SessionUser | null) => {
    setUser(next);
    setStatus(next ? 'authenticated' : 'unauthenticated');
    setGroup(currentGroup(next));
  }, []);

  // A new root loader answer (a revalidation) is the server's fresher view of the same cookies.
  const firstServerUser = useRef(true);
  useEffect(() => {
    if (firstServerUser.current) {
      firstServerUser.current = false;
      if (serverUser !== undefined) {
        setGroup(currentGroup(serverUser));
        return;
      }
    }
    if (serverUser !== undefined) apply(serverUser);
  }, [serverUser, apply]);

  const refresh = useCallback(
    async ({ force = false }: { force?: boolean } = {}): Promise<SessionUser | null> => {
      if (!tokenCookie() && !force) {
        // Signed out elsewhere (another tab): nothing to ask the server.
        apply(null);
        return null;
      }
      setStatus('loading');
      try {
        const next = await api.auth.session();
        apply(next);
        return next;
      } catch (error) {
        // Spec §4 and §8: a failed session fetch is a signed-out visitor.
        console.error('session fetch failed:', error);
        const refused = apiErrorStatus(error);
        if (refused === 401 || refused === 403) clearSessionCookies();
        apply(null);
        return null;
      }
    },
    [api, apply],
  );

  // Spec §4: the session is checked again whenever the tab becomes visible.
  useEffect(() => {
    if (serverUser === undefined) void refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
    // Only on mount: later root answers arrive through the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);

  // A token from sign-in or sign-up becomes the session: cookie, session fetch, group, then onwards.
  const startSession = useCallback(
    async (token: unknown, remember: boolean, redirectTo: SignInOptions['redirectTo']) => {
      if (typeof token !== 'string' || !token) {
        // Spec §5: no string token in the answer: nothing is stored.
        console.error('sign-in answer holds no token:', token);
        throw new AuthError('sign-in answer holds no token');
      }
      setCookie(cookieString(TOKEN_COOKIE, token, { secure: secure() }));
      let next: SessionUser;
      try {
        next = await api.auth.session();
      } catch (error) {
        console.error('session fetch after sign-in failed:', error);
        clearSessionCookies();
        apply(null);
        throw new AuthError('session fetch failed', error);
      }
      if (remember) {
        // Remember me: the cookie outlives the browser, as long as the session itself.
        const expires = tokenCookieExpiry({ remember, expiresAt: next.session.expiresAt });
        setCookie(cookieString(TOKEN_COOKIE, token, { secure: secure(), expires }));
      }
      defaultGroup(next);
      apply(next);
      changed = true;
      // Spec §4: after a successful sign-in the maintenance-mode call runs, then the user moves on.
      try {
        await api.maintenanceMode();
      } catch (error) {
        console.error('maintenance-mode check failed:', error);
      }
      if (redirectTo !== false) await navigate(safeReturnPath(redirectTo) ?? '/');
      return next;
    },
    [api, apply, navigate],
  );

  const signIn = useCallback(
    async (credentials: LoginRequest, { redirectTo }: SignInOptions = {}): Promise<SessionUser> => {
      let answer: { token?: unknown } | undefined;
      try {
        answer = await api.auth.login(credentials);
      } catch (error) {
        console.error('sign-in failed:', error);
        throw new AuthError('sign-in failed', error);
      }
      return startSession(answer?.token, credentials.remember === true, redirectTo);
    },
    [api, startSession],
  );

  const signUp = useCallback(
    async (body: RegisterRequest, { redirectTo }: SignInOptions = {}): Promise<SessionUser | null> => {
      let answer: { token?: unknown } | undefined;
      try {
        answer = await api.auth.register(body);
      } catch (error) {
        console.error('sign-up failed:', error);
        throw new AuthError('sign-up failed', error);
      }
      if (body.signIn === false) return null;
      return startSession(answer?.token, body.remember === true, redirectTo);
    },
    [api, startSession],
  );

  const signOut = useCallback(async () => {
    try {
      await api.auth.logout();
    } catch (error) {
      // Signed out here all the same; the token ends on the server at its expiry.
      console.error('sign-out request failed:', error);
    }
    clearSessionCookies();
    // Spec §4: cart count 0, admin false, groups empty, auth false, bonus null.
    setCookie(expiredCookie(CART_COUNT_COOKIE, secure()));
    changed = true;
    // Home first, then the session's end, in a transition as the router renders its own: the account page is gone
    // in the same render that says "unauthenticated". Its guard against a session ended elsewhere would otherwise
    // see it first and send the visitor to sign in again instead of to the home page.
    await navigate('/');
    startTransition(() => apply(null));
  }, [api, apply, navigate]);

  const chooseGroup = useCallback(
    (groupId: number | null) => {
      const value = groupId === null ? PERSONAL : String(groupId);
      setCookie(cookieString(GROUP_COOKIE, value, { secure: secure() }));
      setGroup(currentGroup(user));
      // Prices, orders and the profile now answer for the chosen group: load the page's data again.
      void revalidator.revalidate();
    },
    [revalidator, user],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, group, signIn, signUp, signOut, refresh, chooseGroup }),
    [status, user, group, signIn, signUp, signOut, refresh, chooseGroup],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const GUEST: AuthContextValue = {
  status: 'unauthenticated',
  user: null,
  group: null,
  signIn: () => Promise.reject(new AuthError('no auth provider')),
  signUp: () => Promise.reject(new AuthError('no auth provider')),
  signOut: () => Promise.resolve(),
  refresh: () => Promise.resolve(null),
  chooseGroup: () => undefined,
};

export function useAuth(): AuthContextValue {
  return useContext(AuthContext) ?? GUEST;
}

/** Spec §3: the client state the shop's parts read (the cart count comes from the shell data). */
export function useClientState() {
  const { status, user } = useAuth();
  return {
    isAuth: status === 'authenticated',
    isAdmin: user?.isAdmin ?? false,
    groups: user?.groups ?? [],
    isBonusAllowed: user ? user.isBonusAllowed : null,
  };
}
