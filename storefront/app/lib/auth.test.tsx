import type { SessionUser } from '@shop/schemas';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { Outlet, createRoutesStub, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BrowserApi from './browser-api';
import { AuthError, AuthProvider, useAuth, useClientState } from './auth';
import { loginPath, safeReturnPath, validGroup } from './auth-cookies';
import { readCookie } from './cookies';
import { SIGN_IN_FAILED, WRONG_CREDENTIALS, signInMessage } from '../features/account/login-page';

// Plain functions rather than vi.fn(): vitest fails a test whose vi.fn() returned a rejected promise,
// even one the code under test caught.
const calls: string[] = [];
let sessionAnswer: () => Promise<SessionUser>;
let loginAnswer: () => Promise<unknown>;
const api = {
  auth: {
    session: () => {
      calls.push('session');
      return sessionAnswer();
    },
    login: (body: unknown) => {
      calls.push(`login ${JSON.stringify(body)}`);
      return loginAnswer();
    },
    logout: () => {
      calls.push('logout');
      return Promise.resolve();
    },
  },
  maintenanceMode: () => {
    calls.push('maintenance');
    return Promise.resolve({ maintenanceMode: false, cartCount: 0 });
  },
};
// The page's calls go to the mock; the error helpers are the real ones (they read the loaded client).
vi.mock('./browser-api', async (importOriginal) => {
  const real = await importOriginal<typeof BrowserApi>();
  await real.loadApiClient();
  return { ...real, useApi: () => api };
});

const USER: SessionUser = {
  id: 7,
  email: 'vera@example.ru',
  name: 'Вера',
  role: 'customer',
  isAdmin: false,
  groups: [
    { id: 3, title: 'Салон «Ресница»', isRepresentative: true },
    { id: 4, title: 'Клуб', isRepresentative: false },
  ],
  phone: '+79991234567',
  emailConfirmed: true,
  isBonusAllowed: true,
  bonusBalance: 120,
  userType: null,
  actingGroupId: null,
  session: { expiresAt: '2099-01-31T10:00:00.000Z', remember: true },
};

function refusal(status: number) {
  const response = {
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { error: { code: 'x', message: 'Слишком много попыток входа. Повторите через 30 с.' } },
  } as AxiosResponse;
  return new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

let latest: ReturnType<typeof useAuth>;
function Probe() {
  latest = useAuth();
  const state = useClientState();
  const { pathname } = useLocation();
  return (
    <p data-testid="probe">
      {latest.status} {latest.user?.name ?? '—'} admin:{String(state.isAdmin)} groups:{state.groups.length}{' '}
      bonus:{String(state.isBonusAllowed)} group:{String(latest.group)} at:{pathname}
    </p>
  );
}

/** What the account's layout does (features/account/profile-layout.tsx): a visitor signed out elsewhere is sent to sign in. */
function ProfileGuard() {
  const { status } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'unauthenticated') void navigate('/login?redirect=%2Fprofile%2Forders', { replace: true });
  }, [status, navigate]);
  return null;
}

function renderAuth(serverUser: SessionUser | null | undefined, at = '/') {
  const Shell = () => (
    <AuthProvider serverUser={serverUser}>
      <Probe />
      <Outlet />
    </AuthProvider>
  );
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: Shell,
      children: [
        { index: true, Component: () => null },
        { path: 'profile/orders', Component: ProfileGuard },
        { path: 'login', Component: () => null },
      ],
    },
  ]);
  render(<Stub initialEntries={[at]} />);
}

const probe = () => screen.getByTestId('probe').textContent;
const cookie = (name: string) => readCookie(document.cookie, name);

function clearCookies() {
  for (const name of ['auth.token', 'auth.group', 'productCard'])
    document.cookie = `${name}=; Path=/; Max-Age=0`;
}

async function becomeVisible() {
  await act(async () => {
    fireEvent(document, new Event('visibilitychange'));
    await Promise.resolve();
  });
}

describe('the session in the browser', () => {
  beforeEach(() => {
    calls.length = 0;
    clearCookies();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('starts from the session the server saw, with the client state of spec §3', () => {
    document.cookie = 'auth.token=t1; Path=/';
    document.cookie = 'auth.group=3; Path=/';
    renderAuth(USER);
    expect(probe()).toBe('authenticated Вера admin:false groups:2 bonus:true group:3 at:/');
    expect(calls).toEqual([]);
  });

  it('a guest has no admin, no groups and no bonus flag', () => {
    renderAuth(null);
    expect(probe()).toBe('unauthenticated — admin:false groups:0 bonus:null group:null at:/');
  });

  it('a failed session fetch signs out and removes a refused token', async () => {
    document.cookie = 'auth.token=t1; Path=/';
    document.cookie = 'auth.group=3; Path=/';
    sessionAnswer = () => Promise.reject(refusal(401));
    renderAuth(USER);
    await becomeVisible();
    expect(calls).toEqual(['session']);
    expect(probe()).toBe('unauthenticated — admin:false groups:0 bonus:null group:null at:/');
    expect(cookie('auth.token')).toBeUndefined();
    expect(cookie('auth.group')).toBeUndefined();
    expect(console.error).toHaveBeenCalled();
  });

  it('an API outage on refresh signs out for now but keeps the cookie for the next try', async () => {
    document.cookie = 'auth.token=t1; Path=/';
    sessionAnswer = () => Promise.reject(refusal(502));
    renderAuth(USER);
    await becomeVisible();
    expect(probe()).toMatch(/^unauthenticated/);
    expect(cookie('auth.token')).toBe('t1');
  });

  it('refreshes when the tab becomes visible again: a sign-in in another tab shows up', async () => {
    renderAuth(null);
    document.cookie = 'auth.token=t2; Path=/';
    sessionAnswer = () => Promise.resolve({ ...USER, name: 'Вера Н.' });
    await becomeVisible();
    expect(calls).toEqual(['session']);
    expect(probe()).toMatch(/^authenticated Вера Н\./);
  });

  it('a hidden tab is not refreshed, and without a token nothing is asked (spec §4)', async () => {
    renderAuth(null);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await becomeVisible();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await becomeVisible();
    expect(calls).toEqual([]);
    expect(probe()).toMatch(/^unauthenticated/);
  });

  it('a sign-in answer without a string token logs an error and stores nothing', async () => {
    renderAuth(null);
    for (const answer of [{}, { token: 42 }, { token: '' }, null]) {
      loginAnswer = () => Promise.resolve(answer);
      await act(async () => {
        await expect(latest.signIn({ login: 'vera@example.ru', password: 'p4ssword' })).rejects.toThrow(
          AuthError,
        );
      });
    }
    expect(calls.filter((c) => c === 'session')).toEqual([]);
    expect(cookie('auth.token')).toBeUndefined();
    expect(console.error).toHaveBeenCalledTimes(4);
    expect(probe()).toBe('unauthenticated — admin:false groups:0 bonus:null group:null at:/');
  });

  it('a refused sign-in is logged and raised with the API status', async () => {
    renderAuth(null);
    loginAnswer = () => Promise.reject(refusal(401));
    let caught: unknown;
    await act(async () => {
      caught = await latest.signIn({ login: 'vera@example.ru', password: 'wrong' }).catch((e: unknown) => e);
    });
    expect(caught).toBeInstanceOf(AuthError);
    expect((caught as AuthError).status).toBe(401);
    expect(console.error).toHaveBeenCalled();
    expect(cookie('auth.token')).toBeUndefined();
  });

  it('sign-in with remember me: token cookie, session, maintenance check, then the return address', async () => {
    renderAuth(null, '/login');
    loginAnswer = () => Promise.resolve({ token: 'fresh' });
    sessionAnswer = () => Promise.resolve(USER);
    await act(async () => {
      await latest.signIn(
        { login: 'vera@example.ru', password: 'p4ssword', remember: true },
        { redirectTo: '/profile/orders' },
      );
    });
    expect(calls).toEqual([
      'login {"login":"vera@example.ru","password":"p4ssword","remember":true}',
      'session',
      'maintenance',
    ]);
    expect(cookie('auth.token')).toBe('fresh');
    // A representative acts for their group from the start.
    expect(cookie('auth.group')).toBe('3');
    expect(probe()).toBe('authenticated Вера admin:false groups:2 bonus:true group:3 at:/profile/orders');
  });

  it('sign-in goes to / without a return address, and never to another site', async () => {
    renderAuth(null, '/login');
    loginAnswer = () => Promise.resolve({ token: 'fresh' });
    sessionAnswer = () => Promise.resolve(USER);
    await act(async () => {
      await latest.signIn({ login: 'v', password: 'p' }, { redirectTo: '//evil.example/' });
    });
    expect(probe()).toMatch(/at:\/$/);
  });

  it('sign-out: the endpoint, no cookies, cart count 0, admin false, groups empty, bonus null, to /', async () => {
    document.cookie = 'auth.token=t1; Path=/';
    document.cookie = 'auth.group=3; Path=/';
    document.cookie = 'productCard=4; Path=/';
    renderAuth({ ...USER, isAdmin: true }, '/profile/orders');
    expect(probe()).toMatch(/admin:true/);
    await act(async () => {
      await latest.signOut();
    });
    expect(calls).toEqual(['logout']);
    expect(cookie('auth.token')).toBeUndefined();
    expect(cookie('auth.group')).toBeUndefined();
    expect(cookie('productCard')).toBeUndefined();
    expect(probe()).toBe('unauthenticated — admin:false groups:0 bonus:null group:null at:/');
  });

  it('a representative may act for themselves instead of the group', async () => {
    document.cookie = 'auth.token=t1; Path=/';
    document.cookie = 'auth.group=3; Path=/';
    renderAuth(USER);
    act(() => latest.chooseGroup(null));
    expect(cookie('auth.group')).toBe('none');
    expect(probe()).toMatch(/group:null/);
    act(() => latest.chooseGroup(3));
    expect(probe()).toMatch(/group:3/);
  });
});

describe('sign-in helpers', () => {
  it('the login page says the spec §8 messages', () => {
    expect(signInMessage(new AuthError('x', refusal(401)))).toBe(WRONG_CREDENTIALS);
    expect(signInMessage(new AuthError('x', refusal(429)))).toBe(
      'Слишком много попыток входа. Повторите через 30 с.',
    );
    expect(signInMessage(new AuthError('x', refusal(500)))).toBe(SIGN_IN_FAILED);
    expect(signInMessage(new AuthError('no token'))).toBe(SIGN_IN_FAILED);
  });

  it('return addresses stay on this site', () => {
    expect(safeReturnPath('/profile/orders?page=2')).toBe('/profile/orders?page=2');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
    expect(loginPath('/profile/orders?status=active')).toBe(
      '/login?redirect=%2Fprofile%2Forders%3Fstatus%3Dactive',
    );
  });

  it('only a group the user represents is acted for', () => {
    expect(validGroup(USER, '3')).toBe(3);
    expect(validGroup(USER, '4')).toBeNull();
    expect(validGroup(USER, 'none')).toBeNull();
    expect(validGroup(null, '3')).toBeNull();
  });
});
