import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { DEMO_LOGINS } from '../../../api/src/db/demo-logins';

export type DemoRole = 'super_admin' | 'courier_admin' | 'branch_manager' | 'staff' | 'customer';
export interface Credentials {
  email: string;
  password: string;
}

/** The API's sign-in call for each login page. */
const API_LOGIN_OF_PAGE: Record<string, string> = {
  '/superadmin/login': '/api/auth/super-admin/login',
  '/admin/login': '/api/auth/login',
  '/staff/login': '/api/auth/staff/login',
  '/login': '/api/customers/login',
};

const byRole = (role: DemoRole) => {
  const login = DEMO_LOGINS.find((l) => l.role === role);
  if (!login) throw new Error(`No demo login for ${role}`);
  return login;
};
const ROLES: DemoRole[] = ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'customer'];

/** The seeded demo people's credentials (apps/api/src/db/demo-logins.ts), as the sign-in calls take them. */
export const DEMO = Object.fromEntries(
  ROLES.map((role) => [role, { email: byRole(role).email, password: byRole(role).password }]),
) as Record<DemoRole, Credentials>;
/** Each demo person's login page. */
export const LOGIN_PAGE = Object.fromEntries(ROLES.map((role) => [role, byRole(role).loginPath])) as Record<DemoRole, string>;
/** The API's sign-in call for each demo person (customers, courier admins, staff, the super admin). */
export const API_LOGIN = Object.fromEntries(ROLES.map((role) => [role, API_LOGIN_OF_PAGE[byRole(role).loginPath] ?? ''])) as Record<
  DemoRole,
  string
>;

/** Who signs in: a demo role, or other credentials with their API sign-in call. */
export type Who = DemoRole | (Credentials & { apiLogin: string });
const resolve = (who: Who) => (typeof who === 'string' ? { ...DEMO[who], apiLogin: API_LOGIN[who] } : who);

/** Signs in through the API and answers the session token. */
export async function tokenFor(request: APIRequestContext, who: Who): Promise<string> {
  const { apiLogin, email, password } = resolve(who);
  const res = await request.post(apiLogin, { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Signs in through the API and hands the token to the page the way the session layer stores it,
 * before the page's next load. Answers the headers for the journey's own API calls.
 */
export async function loginAs(page: Page, request: APIRequestContext, who: Who) {
  const token = await tokenFor(request, who);
  // Every document of the page runs it, a printed label's frame too, which has no storage.
  await page.addInitScript((t) => window.localStorage?.setItem('token', t), token);
  return { token, authorization: `Bearer ${token}` };
}

/** Signs in through a login page's form, as a person does (the page stays where sign-in sends it). */
export async function signIn(page: Page, who: DemoRole | Credentials, loginPath = typeof who === 'string' ? LOGIN_PAGE[who] : '/login') {
  const { email, password } = typeof who === 'string' ? DEMO[who] : who;
  if (!page.url().endsWith(loginPath)) await page.goto(loginPath);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
