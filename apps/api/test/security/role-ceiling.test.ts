import { and, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, DEFAULT_BRANCH_MANAGER_PERMISSIONS, DEFAULT_STAFF_PERMISSIONS } from '@courier/shared/constants/permissions';
import type { StaffSideRole as Role } from '@courier/shared/constants/roles';
import { ROLE_CEILING_MESSAGES } from '@courier/shared/domain/role-ceiling';
import { API_MESSAGES } from '@courier/shared/messages';
import { STAFF_MESSAGES } from '@courier/shared/schemas/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../../src/db/schema/branches';
import { roles } from '../../src/db/schema/roles';
import { users } from '../../src/db/schema/users';
import { hashPassword } from '../../src/lib/passwords';
import { subjectOf } from '../../src/lib/tokens';
import { USER_NOT_FOUND } from '../../src/modules/settings/profile.service';
import { bearer } from '../helper';
import { POLICY } from './policy';
import { apiRoutes, readOperations } from './routes';
import { type SecurityWorld, buildSecurityWorld } from './world';

/**
 * The role ceiling (finding 1) as a generated matrix: every route that changes a role,
 * a permission list or another account (found from the route table and the OpenAPI document, so
 * a new one fails here until it has attempts) × every kind of staff-side caller. Each attempt is
 * an escalation the issue names, or a legitimate change that must keep working.
 */

const ACTOR_KINDS = ['super_admin', 'courier_admin', 'admin', 'branch_manager', 'staff', 'role_keeper'] as const;
type ActorKind = (typeof ACTOR_KINDS)[number];

interface Actor {
  kind: ActorKind;
  id: number;
  role: Role;
  roleId: number | null;
  permissions: readonly string[];
  headers: Record<string, string>;
}

/** What an attempt should get: 'ok' (2xx), or the status and message of the refusal. */
type Outcome = 'ok' | { status: number; message: string };
const refused = (message: string): Outcome => ({ status: 403, message });
const notFound = (message: string): Outcome => ({ status: 404, message });

interface Attempt {
  name: string;
  /** Builds the call for this actor, making any fresh records it needs. */
  request(actor: Actor): Promise<{ url: string; payload?: Record<string, unknown> }>;
  /** The answer once the caller passed the route's own guard. */
  outcome(actor: Actor): Outcome;
}

const PASSWORD = 'Ceiling#2026pw';
/** Super admin, courier admins and general admins: they hold every permission. */
const above = (a: Actor) => a.kind === 'super_admin' || a.kind === 'courier_admin' || a.kind === 'admin';

let w: SecurityWorld;
let branchA: number;
let passwordHash: string;
/** Courier A's roles: the seeded two, one holding settings and role rights, one with packages_view only. */
const roleIds = { manager: 0, staff: 0 };
let seq = 0;
const actors = {} as Record<ActorKind, Actor>;
let soleAdminB = 0;

async function insertRole(permissions: readonly string[]): Promise<number> {
  seq++;
  const [row] = await w.t.db
    .insert(roles)
    .values({ courierId: w.courierA, name: `Ceiling role ${seq}`, permissions: [...permissions] })
    .returning({ id: roles.id });
  if (!row) throw new Error('role insert');
  return row.id;
}
const powerRole = () => insertRole(['settings_edit', 'roles_create', 'roles_edit', 'roles_delete', 'roles_view', 'packages_view']);
const minimalRole = () => insertRole(['packages_view']);

async function insertUser(role: Role, roleId: number | null): Promise<number> {
  seq++;
  const [row] = await w.t.db
    .insert(users)
    .values({
      courierId: w.courierA,
      branchId: branchA,
      role,
      roleId,
      firstName: 'Ceiling',
      lastName: `Person ${seq}`,
      email: `ceiling${seq}@jamaicaexpress.test`,
      passwordHash,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert');
  return row.id;
}

async function makeActor(kind: ActorKind): Promise<Actor> {
  if (kind === 'super_admin') {
    return {
      kind,
      id: w.people.super_admin,
      role: 'super_admin',
      roleId: null,
      permissions: ALL_PERMISSIONS,
      headers: w.headers('super_admin'),
    };
  }
  const spec: Record<Exclude<ActorKind, 'super_admin'>, { role: Role; roleId: number | null; permissions: readonly string[] }> = {
    courier_admin: { role: 'courier_admin', roleId: null, permissions: ALL_PERMISSIONS },
    admin: { role: 'admin', roleId: null, permissions: ALL_PERMISSIONS },
    branch_manager: { role: 'branch_manager', roleId: roleIds.manager, permissions: DEFAULT_BRANCH_MANAGER_PERMISSIONS },
    staff: { role: 'staff', roleId: roleIds.staff, permissions: DEFAULT_STAFF_PERMISSIONS },
    role_keeper: { role: 'staff', roleId: 0, permissions: [] },
  };
  const s = spec[kind];
  if (kind === 'role_keeper') {
    // Staff and role rights without settings: may manage roles, yet not hand out settings_edit.
    s.permissions = [
      'packages_view',
      'staff_view',
      'staff_create',
      'staff_edit',
      'roles_view',
      'roles_create',
      'roles_edit',
      'roles_delete',
    ];
    s.roleId = await insertRole(s.permissions);
  }
  const id = await insertUser(s.role, s.roleId);
  const token = await w.t.ctx.tokens.sign({ sub: subjectOf('user', id), role: s.role, type: 'access', courierId: w.courierA }, 3600);
  return { kind, id, ...s, headers: bearer(token.token) };
}

function staffPayload(actor: Actor, fields: Record<string, unknown>) {
  seq++;
  return {
    firstName: 'New',
    lastName: `Member ${seq}`,
    email: `new${seq}@jamaicaexpress.test`,
    role: 'staff',
    branchId: branchA,
    ...(actor.kind === 'super_admin' ? { courierId: w.courierA } : {}),
    ...fields,
  };
}
const updatePayload = (fields: Record<string, unknown>) => {
  seq++;
  return { firstName: 'Edited', lastName: `Member ${seq}`, email: `edited${seq}@jamaicaexpress.test`, branchId: branchA, ...fields };
};

const ATTEMPTS: Record<string, Attempt[]> = {
  'POST /api/staff': [
    {
      name: 'creates an account with a role holding settings_edit and roles_*',
      request: async (a) => ({ url: '/api/staff', payload: staffPayload(a, { password: PASSWORD, roleId: await powerRole() }) }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.beyondOwnRights)),
    },
    {
      name: 'creates a courier admin',
      request: async (a) => ({ url: '/api/staff', payload: staffPayload(a, { password: PASSWORD, role: 'courier_admin' }) }),
      outcome: (a) =>
        a.kind === 'super_admin'
          ? 'ok'
          : above(a)
            ? refused(ROLE_CEILING_MESSAGES.courierAdminBySuperAdmin)
            : refused(ROLE_CEILING_MESSAGES.beyondOwnRights),
    },
    {
      name: 'creates staff with a role within his rights (legitimate)',
      request: async (a) => ({ url: '/api/staff', payload: staffPayload(a, { password: PASSWORD, roleId: await minimalRole() }) }),
      outcome: () => 'ok',
    },
  ],
  'PUT /api/staff/:id': [
    {
      name: 'changes his own role (the branch manager: to a role holding settings_edit)',
      request: async (a) => ({
        url: `/api/staff/${a.id}`,
        payload: updatePayload(
          a.role === 'courier_admin' || a.role === 'admin'
            ? { role: 'branch_manager', roleId: roleIds.manager }
            : { role: a.role === 'super_admin' ? 'staff' : a.role, roleId: await powerRole() },
        ),
      }),
      outcome: (a) => (a.kind === 'super_admin' ? notFound(STAFF_MESSAGES.notFound) : refused(ROLE_CEILING_MESSAGES.ownRights)),
    },
    {
      name: 'gives a staff member a role holding settings_edit',
      request: async () => ({
        url: `/api/staff/${await insertUser('staff', await minimalRole())}`,
        payload: updatePayload({ role: 'staff', roleId: await powerRole() }),
      }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.beyondOwnRights)),
    },
    {
      name: 'edits an account of role admin (every permission)',
      request: async () => ({
        url: `/api/staff/${await insertUser('admin', null)}`,
        payload: updatePayload({ role: 'staff', roleId: await minimalRole() }),
      }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.targetAbove)),
    },
    {
      name: "demotes courier B's last courier admin",
      request: async () => ({
        url: `/api/staff/${soleAdminB}`,
        payload: updatePayload({ role: 'staff', roleId: Number(w.other.role), branchId: Number(w.other.branch) }),
      }),
      // Only the super admin reaches courier B (so the role and branch named are B's).
      outcome: (a) => (a.kind === 'super_admin' ? refused(ROLE_CEILING_MESSAGES.lastCourierAdmin) : notFound(STAFF_MESSAGES.notFound)),
    },
    {
      name: 'renames a staff member and gives a role within his rights (legitimate)',
      request: async () => ({
        url: `/api/staff/${await insertUser('staff', await minimalRole())}`,
        payload: updatePayload({ role: 'staff', roleId: await minimalRole() }),
      }),
      outcome: () => 'ok',
    },
  ],
  'PATCH /api/staff/:id/status': [
    {
      name: 'deactivates an account of role admin',
      request: async () => ({ url: `/api/staff/${await insertUser('admin', null)}/status`, payload: { active: false } }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.targetAbove)),
    },
    {
      name: "deactivates courier B's last courier admin",
      request: async () => ({ url: `/api/staff/${soleAdminB}/status`, payload: { active: false } }),
      outcome: (a) => (a.kind === 'super_admin' ? refused(ROLE_CEILING_MESSAGES.lastCourierAdmin) : notFound(STAFF_MESSAGES.notFound)),
    },
    {
      name: 'deactivates a staff member (legitimate)',
      request: async () => ({ url: `/api/staff/${await insertUser('staff', await minimalRole())}/status`, payload: { active: false } }),
      outcome: () => 'ok',
    },
  ],
  'POST /api/staff/:id/reset-password': [
    {
      name: 'resets the password of an account of role admin',
      request: async () => ({ url: `/api/staff/${await insertUser('admin', null)}/reset-password`, payload: { password: PASSWORD } }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.targetAbove)),
    },
    {
      name: 'resets the password of a courier admin',
      request: async () => ({
        url: `/api/staff/${await insertUser('courier_admin', null)}/reset-password`,
        payload: { password: PASSWORD },
      }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.targetAbove)),
    },
    {
      name: 'resets the password of someone holding a role with settings_edit',
      request: async () => ({
        url: `/api/staff/${await insertUser('staff', await powerRole())}/reset-password`,
        payload: { password: PASSWORD },
      }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.targetAbove)),
    },
    {
      name: 'resets a staff password (legitimate)',
      request: async () => ({
        url: `/api/staff/${await insertUser('staff', await minimalRole())}/reset-password`,
        payload: { password: PASSWORD },
      }),
      outcome: () => 'ok',
    },
  ],
  'POST /api/roles': [
    {
      name: 'creates a role holding settings_edit',
      request: async (a) => ({
        url: '/api/roles',
        payload: {
          name: `Made ${++seq}`,
          permissions: ['settings_edit', 'packages_view'],
          ...(a.kind === 'super_admin' ? { courierId: w.courierA } : {}),
        },
      }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.beyondOwnRights)),
    },
    {
      name: 'creates a role within his rights (legitimate)',
      request: async (a) => ({
        url: '/api/roles',
        payload: { name: `Made ${++seq}`, permissions: ['packages_view'], ...(a.kind === 'super_admin' ? { courierId: w.courierA } : {}) },
      }),
      outcome: () => 'ok',
    },
  ],
  'PUT /api/roles/:id': [
    {
      name: 'adds settings_edit to a role',
      request: async () => ({
        url: `/api/roles/${await minimalRole()}`,
        payload: { name: `Edited ${++seq}`, permissions: ['packages_view', 'settings_edit'] },
      }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.beyondOwnRights)),
    },
    {
      name: 'edits the role he holds himself',
      request: async (a) => ({
        url: `/api/roles/${a.roleId ?? (await minimalRole())}`,
        payload: { name: `Own ${++seq}`, permissions: ['packages_view'] },
      }),
      outcome: (a) => (a.roleId === null ? 'ok' : refused(ROLE_CEILING_MESSAGES.ownRights)),
    },
    {
      name: 'edits a role holding settings_edit',
      request: async () => ({
        url: `/api/roles/${await powerRole()}`,
        payload: { name: `Power ${++seq}`, permissions: ['packages_view'] },
      }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.roleAbove)),
    },
    {
      name: 'renames a role within his rights (legitimate)',
      request: async () => ({
        url: `/api/roles/${await minimalRole()}`,
        payload: { name: `Renamed ${++seq}`, permissions: ['packages_view'] },
      }),
      outcome: () => 'ok',
    },
  ],
  'DELETE /api/roles/:id': [
    {
      name: 'deletes a role holding settings_edit',
      request: async () => ({ url: `/api/roles/${await powerRole()}` }),
      outcome: (a) => (above(a) ? 'ok' : refused(ROLE_CEILING_MESSAGES.roleAbove)),
    },
    {
      name: 'deletes a role within his rights (legitimate)',
      request: async () => ({ url: `/api/roles/${await minimalRole()}` }),
      outcome: () => 'ok',
    },
  ],
  'POST /api/auth/register': [
    {
      name: 'registers a general admin (every permission)',
      request: async (a) => {
        seq++;
        const courier = a.kind === 'super_admin' ? { courierId: w.courierA } : {};
        return {
          url: '/api/auth/register',
          payload: { firstName: 'Gen', lastName: 'Admin', email: `gen${seq}@jamaicaexpress.test`, password: PASSWORD, ...courier },
        };
      },
      outcome: () => 'ok',
    },
  ],
  'POST /api/auth/staff/register': [
    {
      name: 'registers staff with a role holding settings_edit',
      request: async (a) => {
        seq++;
        const courier = a.kind === 'super_admin' ? { courierId: w.courierA } : {};
        const payload = {
          firstName: 'Reg',
          lastName: 'Staff',
          email: `reg${seq}@jamaicaexpress.test`,
          password: PASSWORD,
          role: 'staff',
          roleId: await powerRole(),
          branchId: branchA,
        };
        return { url: '/api/auth/staff/register', payload: { ...payload, ...courier } };
      },
      outcome: () => 'ok',
    },
  ],
  'POST /api/auth/impersonate/:userId': [
    {
      name: 'impersonates an account of role admin',
      request: async () => ({ url: `/api/auth/impersonate/${await insertUser('admin', null)}` }),
      outcome: () => 'ok',
    },
  ],
  'PUT /api/users/:id': [
    {
      name: "changes an admin's profile (e-mail) through the own-profile route",
      request: async () => ({
        url: `/api/users/${await insertUser('admin', null)}`,
        payload: { firstName: 'X', lastName: 'Y', email: `took${++seq}@evil.test` },
      }),
      outcome: () => notFound(USER_NOT_FOUND),
    },
    {
      name: 'changes his own profile (legitimate)',
      request: async (a) => ({
        url: `/api/users/${a.id}`,
        payload: { firstName: 'Own', lastName: 'Name', email: `own${++seq}@jamaicaexpress.test` },
      }),
      outcome: () => 'ok',
    },
  ],
  'PUT /api/users/:id/password': [
    {
      name: "sets an admin's password through the own-password route",
      request: async () => ({
        url: `/api/users/${await insertUser('admin', null)}/password`,
        payload: { currentPassword: PASSWORD, newPassword: `${PASSWORD}x` },
      }),
      outcome: () => notFound(USER_NOT_FOUND),
    },
  ],
};

/** Routes that change a role, a permission list or an account other than the caller's. */
function ceilingRoutes(): string[] {
  const operations = readOperations(w.t.app);
  return apiRoutes(w.t.app)
    .filter((route) => {
      const body = operations.get(route.key)?.body;
      const fields = Object.keys(body?.properties ?? {});
      const grants = fields.some((f) => f === 'role' || f === 'roleId' || f === 'permissions');
      const params = Object.values(POLICY[route.key]?.params ?? {});
      const actsOn = route.method !== 'GET' && params.some((kind) => kind === 'user' || kind === 'role');
      return grants || actsOn;
    })
    .map((r) => r.key)
    .sort();
}

/** Whether the route's own guard (its POLICY entry) lets the actor in. */
function passesGuard(routeKey: string, actor: Actor): boolean {
  const access = POLICY[routeKey]?.access;
  if (!access) return false;
  switch (access.kind) {
    case 'permission':
      return actor.role === 'super_admin' || access.anyOf.some((p) => actor.permissions.includes(p));
    case 'roles':
      // STAFF_SIDE routes name `staff`: every staff-side account passes; others name exact roles.
      return access.roles.includes('staff') || (access.roles as readonly string[]).includes(actor.role);
    default:
      return true;
  }
}

beforeAll(async () => {
  w = await buildSecurityWorld();
  passwordHash = await hashPassword(PASSWORD);
  const [branch] = await w.t.db.select({ id: branches.id }).from(branches).where(eq(branches.courierId, w.courierA));
  branchA = branch?.id ?? 0;
  for (const [key, name] of [
    ['manager', 'Branch Manager'],
    ['staff', 'Staff'],
  ] as const) {
    const [row] = await w.t.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.courierId, w.courierA), eq(roles.name, name)));
    roleIds[key] = row?.id ?? 0;
  }
  const [adminB] = await w.t.db.select({ id: users.id }).from(users).where(eq(users.email, 'omar@islandbox.test'));
  soleAdminB = adminB?.id ?? 0;
  for (const kind of ACTOR_KINDS) actors[kind] = await makeActor(kind);
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

describe('role ceiling matrix', () => {
  it('has attempts for every role-and-permission-changing route', () => {
    expect(Object.keys(ATTEMPTS).sort()).toEqual(ceilingRoutes());
  });

  it('refuses every escalation with a clear 403 and lets every legitimate change through', async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const [routeKey, attempts] of Object.entries(ATTEMPTS)) {
      const method = routeKey.split(' ')[0] as 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      for (const attempt of attempts) {
        for (const kind of ACTOR_KINDS) {
          // A fresh actor per cell: an escalation that succeeded must not leak into the next one.
          const actor = kind === 'super_admin' ? actors[kind] : await makeActor(kind);
          const { url, payload } = await attempt.request(actor);
          const expected: Outcome = passesGuard(routeKey, actor) ? attempt.outcome(actor) : refused(API_MESSAGES.forbidden);
          const res = await w.t.api({ method, path: url, headers: actor.headers, ...(payload ? { payload } : {}) });
          cells++;
          const where = `${routeKey} (${attempt.name}) as ${kind}`;
          if (expected === 'ok') {
            if (res.statusCode >= 300) failures.push(`${where}: expected 2xx, got ${res.statusCode} ${res.body}`);
          } else if (res.statusCode !== expected.status || res.json().message !== expected.message) {
            failures.push(`${where}: expected ${expected.status} "${expected.message}", got ${res.statusCode} ${res.body}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(cells).toBe(Object.values(ATTEMPTS).flat().length * ACTOR_KINDS.length);
  }, 300_000);
});
