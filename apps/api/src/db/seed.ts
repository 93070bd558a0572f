import { count } from 'drizzle-orm';
import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { DEFAULT_BRANCH_MANAGER_PERMISSIONS, DEFAULT_STAFF_PERMISSIONS } from '@courier/shared/constants/permissions';
import { DEFAULT_PUBLIC_CONTENT, DEMO_PUBLIC_STATS } from '@courier/shared/constants/public-site';
import { DEFAULT_RATE_TABLE } from '@courier/shared/constants/rates';
import { hashPassword } from '../lib/passwords';
import { seedForwardingDemo } from '../modules/forwarding/forwarding.seed';
import { seedBillingDemo } from '../modules/invoices/billing.seed';
import { seedAccountCreditDemo } from '../modules/account-credit/account-credit.seed';
import { seedPackagesDemo } from '../modules/packages/packages.seed';
import { seedWarehouseDemo } from '../modules/warehouse/warehouse.seed';
import { seedSettingsDemo } from '../modules/settings/settings.seed';
import type { Db } from './client';
import { nextCounter } from './counters';
import { branches } from './schema/branches';
import { couriers } from './schema/couriers';
import { customers } from './schema/customers';
import { courierPublicContent } from './schema/public-site';
import { roles } from './schema/roles';
import { shippingRates } from './schema/shipping-rates';
import { users } from './schema/users';
import { DEMO_LOGINS, type DemoLogin } from './demo-logins';

export { DEMO_LOGINS, type DemoLogin } from './demo-logins';

function demoPassword(role: string): string {
  const login = DEMO_LOGINS.find((l) => l.role === role);
  if (!login) throw new Error(`No demo login for ${role}`);
  return login.password;
}

/** The mailbox number of part DOMAIN.md: `{COURIER CODE}-{sequence}`, sequences from 10001. */
export async function nextMailboxNumber(db: Db, courierId: number, courierCode: string): Promise<string> {
  const value = await nextCounter(db, courierId, 'mailbox', 10_001);
  return `${courierCode}-${value}`;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(couriers);
  const [usersRow] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0 && (usersRow?.n ?? 0) === 0;
}

/** Seeds the demo courier with the built-in default api key, its people and its rates. */
export async function seedDemo(db: Db): Promise<DemoLogin[]> {
  await db.transaction(async (tx) => {
    const [courier] = await tx
      .insert(couriers)
      .values({
        name: 'Jamaica Express Post',
        code: 'JXP',
        apiKey: DEFAULT_API_KEY,
        // The demo takes card payments through the test gateway; real couriers start live.
        paymentTestMode: true,
        contactFirstName: 'Andrea',
        contactLastName: 'Campbell',
        email: 'hello@jamaicaexpress.test',
        phone: '(876) 986-2040',
        shippingAddressAir: '8351 NW 68th Street\nSuite JXP-AIR\nMiami, FL 33166\nUnited States',
        shippingAddressSea: '3601 NW 79th Avenue\nSuite JXP-SEA\nDoral, FL 33122\nUnited States',
        bankDetails:
          'Bank: National Commercial Bank Jamaica\nBranch: May Pen\nAccount name: Jamaica Express Post Ltd\nAccount number: 354-123-456\nAccount type: Savings (JMD)',
      })
      .returning();
    if (!courier) throw new Error('Courier insert failed');
    // The marketing figures are the demo courier's own claims, kept in its public content.
    await tx
      .insert(courierPublicContent)
      .values({ courierId: courier.id, content: { ...DEFAULT_PUBLIC_CONTENT, stats: DEMO_PUBLIC_STATS } });

    const branchRows = await tx
      .insert(branches)
      .values([
        {
          courierId: courier.id,
          name: 'May Pen',
          code: 'MPN',
          address: '23 Main Street, May Pen',
          parish: 'Clarendon',
          phone: '(876) 986-2040',
          hours: 'Mon-Fri 9:00 AM-6:00 PM, Sat 10:00 AM-4:00 PM',
        },
        {
          courierId: courier.id,
          name: 'Chapelton',
          code: 'CHP',
          address: '4 Market Street, Chapelton',
          parish: 'Clarendon',
          phone: '(876) 987-1150',
          hours: 'Mon-Fri 9:00 AM-6:00 PM, Sat 10:00 AM-4:00 PM',
        },
      ])
      .returning();
    const mayPen = branchRows[0];
    if (!mayPen) throw new Error('Branch insert failed');

    const [managerRole, staffRole] = await tx
      .insert(roles)
      .values([
        {
          courierId: courier.id,
          name: 'Branch Manager',
          description: 'Runs a branch',
          permissions: [...DEFAULT_BRANCH_MANAGER_PERMISSIONS],
        },
        { courierId: courier.id, name: 'Staff', description: 'Counter and warehouse staff', permissions: [...DEFAULT_STAFF_PERMISSIONS] },
      ])
      .returning();

    await tx
      .insert(shippingRates)
      .values(DEFAULT_RATE_TABLE.map((r) => ({ courierId: courier.id, weight: String(r.weightLbs), costCents: r.costJmd * 100 })));

    const people = [
      { role: 'super_admin' as const, courierId: null, branchId: null, roleId: null, firstName: 'Platform', lastName: 'Owner' },
      { role: 'courier_admin' as const, courierId: courier.id, branchId: null, roleId: null, firstName: 'Andrea', lastName: 'Campbell' },
      {
        role: 'branch_manager' as const,
        courierId: courier.id,
        branchId: mayPen.id,
        roleId: managerRole?.id ?? null,
        firstName: 'Marcus',
        lastName: 'Reid',
      },
      {
        role: 'staff' as const,
        courierId: courier.id,
        branchId: mayPen.id,
        roleId: staffRole?.id ?? null,
        firstName: 'Tanisha',
        lastName: 'Brown',
      },
    ];
    for (const person of people) {
      const login = DEMO_LOGINS.find((l) => l.role === person.role);
      if (!login) continue;
      await tx.insert(users).values({ ...person, email: login.email, passwordHash: await hashPassword(login.password) });
    }

    await tx.insert(customers).values({
      courierId: courier.id,
      branchId: mayPen.id,
      mailboxNumber: await nextMailboxNumber(tx as unknown as Db, courier.id, courier.code),
      accountType: 'individual',
      title: 'Ms.',
      firstName: 'Kimberly',
      lastName: 'Williams',
      email: 'customer@example.test',
      phone: '(876) 555-0142',
      trn: '123-456-789',
      address: '12 Manchester Avenue',
      parish: 'Clarendon',
      city: 'May Pen',
      passwordHash: await hashPassword(demoPassword('customer')),
    });
  });
  await seedSettingsDemo(db);
  await seedPackagesDemo(db);
  await seedWarehouseDemo(db);
  // Billing invoices the packages the demo data made ready: keep it after the packages seed.
  await seedBillingDemo(db);
  await seedForwardingDemo(db);
  await seedAccountCreditDemo(db);
  return DEMO_LOGINS;
}

export function formatDemoLogins(baseUrl: string, logins: DemoLogin[] = DEMO_LOGINS): string {
  const lines = logins.map((l) => `  ${l.role.padEnd(15)} ${l.email.padEnd(32)} ${l.password.padEnd(20)} ${baseUrl}${l.loginPath}`);
  return ['Demo logins (role, e-mail, password, sign-in page):', ...lines].join('\n');
}
