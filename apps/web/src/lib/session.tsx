import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { AUTH_CHECK_MIN_GAP_MS, PROFILE_REFRESH_MS } from '@courier/shared/constants/limits';
import type { Role } from '@courier/shared/constants/roles';
import { ROLES } from '@courier/shared/constants/roles';
import { DEFAULT_TIME_ZONE } from '@courier/shared/domain/datetime';
import { clearCustomerAppData, forgetPushOnThisDevice } from './customer-app';
import type { AccountType, BranchBrief, CourierBrief, CustomerProfile, StaffProfile } from '@courier/shared/schemas/auth';
import { ApiError, api, setSessionExpiredHandler } from './api-client';
import { takeEarly, takeReady, tokenRole } from './early-requests';
import { useHydrated } from './hydration';
import { decodeToken, offlineProfileStore, tokenStore } from './storage';

/**
 * The signed-in person as every screen sees it: the profile with `role` normalised
 * to `{ name, permissions }`, so `hasPermission(user, p)` from `@courier/shared/domain/permissions`
 * works on it, and both spellings of the names (staff profiles say first_name, customers firstName).
 */
export interface SessionUser {
  id: number;
  kind: 'user' | 'customer';
  firstName: string;
  lastName: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string | null;
  avatarUrl: string | null;
  phone: string | null;
  role: { name: Role; permissions: string[] };
  permissions: string[];
  courier: CourierBrief | null;
  branch: BranchBrief | null;
  /** True when a super admin opened this courier admin session by impersonation. */
  impersonated: boolean;
  /** The courier's time zone (the platform default for the super admin): every screen date uses it. */
  timeZone: string;
  /** Customers only. */
  accountType?: AccountType;
  businessName?: string | null;
  mailboxNumber?: string;
}

export interface SessionState {
  user: SessionUser | null;
  userType: Role | null;
  isAuthenticated: boolean;
  loading: boolean;
  /** Re-reads the token (skipped within 5 s of the last check unless forced) and the profile (every 5 minutes). */
  check: (force?: boolean) => Promise<void>;
  /**
   * Stores a token from a sign-in, registration or impersonation and loads its profile. With
   * `tabOnly` (impersonation) the token lives in this tab only.
   */
  login: (token: string, options?: { tabOnly?: boolean }) => Promise<void>;
  /** Revokes the token on the server (failures only logged), removes it and clears the state. */
  logout: () => Promise<void>;
}

export function fromStaffProfile(p: StaffProfile): SessionUser {
  return {
    id: p.id,
    kind: 'user',
    firstName: p.first_name,
    lastName: p.last_name,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    username: p.username,
    avatarUrl: p.avatarUrl,
    phone: p.phone,
    role: { name: p.role.name, permissions: p.role.permissions },
    permissions: p.permissions,
    courier: p.courier,
    branch: p.branch,
    impersonated: p.impersonated,
    timeZone: p.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

export function fromCustomerProfile(p: CustomerProfile): SessionUser {
  return {
    id: p.id,
    kind: 'customer',
    firstName: p.firstName,
    lastName: p.lastName,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    username: null,
    avatarUrl: p.avatarUrl,
    phone: p.phone,
    role: { name: 'customer', permissions: [] },
    permissions: [],
    courier: p.courier,
    branch: p.branch,
    impersonated: false,
    timeZone: p.timeZone ?? DEFAULT_TIME_ZONE,
    accountType: p.accountType,
    businessName: p.businessName,
    mailboxNumber: p.mailboxNumber,
  };
}

/**
 * Profile source by role: the customer profile for customers (the one the entry asked for early,
 * when it was for this token), the auth profile otherwise.
 */
export async function fetchProfile(role: Role): Promise<SessionUser> {
  if (role === 'customer') {
    const early = await takeEarly<CustomerProfile>('/customers/profile', tokenStore.get());
    return fromCustomerProfile(early ?? (await api.get<CustomerProfile>('/customers/profile')));
  }
  return fromStaffProfile(await api.get<StaffProfile>('/auth/profile'));
}

/** How long a first load that could not reach the server waits before asking again. */
export const SESSION_RETRY_MS = 5_000;

/** Pauses before each retry of a profile fetch that failed for a passing reason. */
export const PROFILE_RETRY_DELAYS_MS = [500, 1_500];

/** A dropped connection, a timeout, a busy or failing server: worth another try. A refusal is not. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind !== 'http') return true;
  return error.status === 429 || (error.status ?? 0) >= 500;
}

/**
 * The profile for the check. The session logs the person out when a check fails; a check only fails
 * once the server refused the token or a passing fault outlasted the retries, so a reload during a
 * network blip does not sign anyone out.
 */
async function fetchProfileWithRetries(role: Role): Promise<SessionUser> {
  for (const delay of PROFILE_RETRY_DELAYS_MS) {
    try {
      return await fetchProfile(role);
    } catch (error) {
      if (!isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return fetchProfile(role);
}

/**
 * A customer's profile the entry asked for early and already has (lib/early-requests.ts): the
 * session starts signed in with it, so the first render is the page, not a spinner and then the page.
 */
function earlyStart(): { user: SessionUser; at: number } | null {
  const token = tokenStore.get();
  if (!token || tokenRole(token) !== 'customer') return null;
  const ready = takeReady<CustomerProfile>('/customers/profile', token);
  return ready ? { user: fromCustomerProfile(ready.data), at: ready.at } : null;
}

/** The roles that work the scan station, whose last profile is kept for an offline start. */
const OFFLINE_ROLES: ReadonlySet<Role> = new Set<Role>(['staff', 'branch_manager', 'courier_admin']);

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

const SessionContext = createContext<SessionState | null>(null);

interface Snapshot {
  user: SessionUser | null;
  userType: Role | null;
  loading: boolean;
}

/**
 * The session Mounted once in `app/providers.tsx`; `navigate` (the router's) is used
 * when any call answers 401, so the app moves to the role's login page without a reload.
 */
export function SessionProvider({ children, navigate }: { children: ReactNode; navigate?: (to: string) => void }) {
  const [start] = useState(earlyStart);
  const [snapshot, setSnapshot] = useState<Snapshot>(() =>
    start ? { user: start.user, userType: 'customer', loading: false } : { user: null, userType: null, loading: tokenStore.get() !== null },
  );
  // A start from the early profile counts as the first check (it was one, with this token).
  const lastCheckAt = useRef(start ? Date.now() : 0);
  const lastFetchAt = useRef(start?.at ?? 0);
  const userRef = useRef<SessionUser | null>(start?.user ?? null);
  const inFlight = useRef<Promise<void> | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const queryClient = useQueryClient();
  const clear = useCallback(() => {
    tokenStore.clear();
    offlineProfileStore.clear();
    void clearCustomerAppData();
    // Nothing cached for one account may show up for the next one.
    queryClient.clear();
    userRef.current = null;
    lastFetchAt.current = 0;
    setSnapshot({ user: null, userType: null, loading: false });
  }, [queryClient]);

  const runCheck = useCallback(
    async (force: boolean) => {
      const now = Date.now();
      if (!force && now - lastCheckAt.current < AUTH_CHECK_MIN_GAP_MS) return;
      lastCheckAt.current = now;
      const token = tokenStore.get();
      if (!token) {
        userRef.current = null;
        setSnapshot({ user: null, userType: null, loading: false });
        return;
      }
      const payload = decodeToken(token);
      const role = payload?.role;
      if (!payload || !isRole(role) || (payload.exp !== undefined && payload.exp * 1000 <= now)) {
        clear();
        return;
      }
      const stale = !userRef.current || force || now - lastFetchAt.current > PROFILE_REFRESH_MS;
      if (!stale) {
        setSnapshot((s) => (s.loading || s.userType !== role ? { ...s, userType: role, loading: false } : s));
        return;
      }
      // Only the first load shows the spinner; a background refresh keeps the page on screen.
      if (!userRef.current) setSnapshot((s) => ({ ...s, loading: true }));
      try {
        const user = await fetchProfileWithRetries(role);
        // A sign-out or another sign-in while this was in flight wins.
        if (tokenStore.get() !== token) return;
        userRef.current = user;
        lastFetchAt.current = Date.now();
        if (OFFLINE_ROLES.has(role)) offlineProfileStore.set(token, user);
        setSnapshot({ user, userType: role, loading: false });
      } catch (error) {
        if (tokenStore.get() !== token) return;
        // A check the server refused clears the token silently. A fault on the way
        // (offline, a time-out, a failing server) is no refusal: the session stays, the screen
        // stays, and a first load keeps its spinner and asks again shortly.
        if (!isTransient(error)) {
          clear();
          return;
        }
        if (!userRef.current) {
          // An installed scan station opened offline: the last profile of this same token shows
          // the screen (its calls say they are offline) until the server answers again.
          const stored = OFFLINE_ROLES.has(role) ? offlineProfileStore.get<SessionUser>(token) : null;
          if (stored) {
            userRef.current = stored;
            setSnapshot({ user: stored, userType: role, loading: false });
          }
        }
        // Until a profile has come from the server (first load, or a stored one), ask again shortly.
        if (lastFetchAt.current === 0) {
          lastCheckAt.current = 0;
          clearTimeout(retryTimer.current);
          retryTimer.current = setTimeout(() => void runCheckRef.current?.(true), SESSION_RETRY_MS);
        }
      }
    },
    [clear],
  );
  const runCheckRef = useRef<((force: boolean) => Promise<void>) | null>(null);
  runCheckRef.current = runCheck;
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const check = useCallback(
    async (force = false) => {
      if (inFlight.current && !force) return inFlight.current;
      const run = runCheck(force).finally(() => {
        if (inFlight.current === run) inFlight.current = null;
      });
      inFlight.current = run;
      return run;
    },
    [runCheck],
  );

  const login = useCallback(
    async (token: string, options: { tabOnly?: boolean } = {}) => {
      tokenStore.set(token, options);
      userRef.current = null;
      await check(true);
    },
    [check],
  );

  const logout = useCallback(async () => {
    if (tokenStore.get()) {
      if (userRef.current?.role.name === 'customer') await forgetPushOnThisDevice();
      try {
        await api.post('/auth/logout', undefined, { sessionCall: false, timeoutMs: 5_000 });
      } catch (error) {
        // A logout failure is only logged; the token is removed all the same.
        console.warn('Logout request failed', error);
      }
    }
    clear();
    // Ending an impersonation clears only this tab's token: the super admin's own session is back.
    if (tokenStore.get()) await check(true);
  }, [clear, check]);

  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    setSessionExpiredHandler((loginPath) => {
      queryClient.clear();
      void clearCustomerAppData();
      userRef.current = null;
      lastFetchAt.current = 0;
      setSnapshot({ user: null, userType: null, loading: false });
      if (navigateRef.current) navigateRef.current(loginPath);
      else window.location.assign(loginPath);
    });
    // Unmounted, the session leaves the next 401 to the plain redirect.
    return () => setSessionExpiredHandler(undefined);
  }, [queryClient]);

  useEffect(() => {
    if (!start) void check(true);
  }, [check, start]);

  // A pre-rendered page is hydrated as the server rendered it, signed out (the server cannot read
  // the token); the session shows from the render right after.
  const hydrated = useHydrated();
  const value = useMemo<SessionState>(
    () => ({
      user: hydrated ? snapshot.user : null,
      userType: hydrated ? snapshot.userType : null,
      isAuthenticated: hydrated && snapshot.user !== null,
      loading: hydrated && snapshot.loading,
      check,
      login,
      logout,
    }),
    [hydrated, snapshot, check, login, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session where there is one (a component rendered outside the provider gets null). */
export function useOptionalSession(): SessionState | null {
  return useContext(SessionContext);
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
