import { savedCards } from '../../src/db/schema/saved-cards';
import { labelPrinters } from '../../src/db/schema/label-printers';
import { shelves } from '../../src/db/schema/shelves';
import { and, asc, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '@courier/shared/constants/permissions';
import type { Role } from '@courier/shared/constants/roles';
import { batchEmails } from '../../src/db/schema/batch-emails';
import { emailOutbox } from '../../src/db/schema/email';
import { branches } from '../../src/db/schema/branches';
import { processingFees } from '../../src/db/schema/courier-fees';
import { coupons } from '../../src/db/schema/account-credit';
import { fees, feeVersions } from '../../src/db/schema/fees';
import { insuranceClaims } from '../../src/db/schema/insurance-claims';
import { authorisedPeople } from '../../src/db/schema/authorised-people';
import { branchTransfers } from '../../src/db/schema/branch-transfers';
import { couriers } from '../../src/db/schema/couriers';
import { customers } from '../../src/db/schema/customers';
import { deliveryLocations } from '../../src/db/schema/delivery-locations';
import { deliveryRequests } from '../../src/db/schema/delivery-requests';
import { consolidationRequests } from '../../src/db/schema/consolidation-requests';
import { assistedPurchaseRequests } from '../../src/db/schema/assisted-purchase-requests';
import { invoices } from '../../src/db/schema/invoices';
import { manifests } from '../../src/db/schema/manifests';
import { notifications } from '../../src/db/schema/notifications';
import { packages } from '../../src/db/schema/packages';
import { payments } from '../../src/db/schema/payments';
import { preAlerts } from '../../src/db/schema/pre-alerts';
import { courierDomains, courierPublicContent } from '../../src/db/schema/public-site';
import { roles } from '../../src/db/schema/roles';
import { shippingRates } from '../../src/db/schema/shipping-rates';
import { ticketMessages } from '../../src/db/schema/ticket-messages';
import { tickets } from '../../src/db/schema/tickets';
import { unknownPackageClaims } from '../../src/db/schema/unknown-package-claims';
import { users } from '../../src/db/schema/users';
import { seedBillingDemo } from '../../src/modules/invoices/billing.seed';
import { seedPackagesDemo } from '../../src/modules/packages/packages.seed';
import { seedSettingsDemo } from '../../src/modules/settings/settings.seed';
import { subjectOf } from '../../src/lib/tokens';
import { packageImports } from '../../src/db/schema/package-imports';
import { apiKeys } from '../../src/db/schema/api-keys';
import { webhookDeliveries, webhookEndpoints } from '../../src/db/schema/webhooks';
import { type TestApp, bearer, buildTestApp, seedDemoData } from '../helper';
import { loadOpenApi } from './routes';

/**
 * The security suite's world: the demo courier (A) with one person of every role, and a second
 * courier (B) with a record of every kind, each carrying MARKER so a leak shows in any response.
 */
export const MARKER = 'Qz7LeakMarkerB';

/** The callers of the access matrix. `lacking` is a staff member whose role lacks the route's permission. */
export const MATRIX_ROLES = ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'customer', 'anonymous', 'lacking'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

/** Kinds of record a route parameter can name; the cross-courier test fills them with courier B's ids. */
export const RESOURCE_KINDS = [
  'courier',
  'branch',
  'role',
  'user',
  'customer',
  'businessCustomer',
  'package',
  'unknownPackage',
  'manifest',
  'invoiceNo',
  'receiptNo',
  'ticket',
  'deliveryRequest',
  'deliveryLocation',
  'preAlert',
  'unknownClaim',
  'batchEmail',
  'outboxMail',
  'shippingRate',
  'processingFee',
  'coupon',
  'notification',
  'courierDomain',
  'consolidation',
  'shopRequest',
  'packageImport',
  'apiKey',
  'webhook',
  'webhookDelivery',
  'shelf',
  'labelPrinter',
  'fee',
  'insuranceClaim',
  'authorisedPerson',
  'savedCard',
  'transfer',
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export interface SecurityWorld {
  t: TestApp;
  courierA: number;
  /** Ids of the records behind courier A's callers (its courier, the people): fuzzing must not disable them. */
  callerIds: string[];
  /** The account id of each of courier A's callers (the super admin's too). */
  people: Record<'super_admin' | 'courier_admin' | 'branch_manager' | 'staff' | 'customer', number>;
  /** Courier B's record of each kind, as the URL parameter names it. */
  other: Record<ResourceKind, string>;
  /** Bearer headers of courier A's people (and courier B's admin and customer). */
  headers(role: Exclude<MatrixRole, 'lacking'> | 'otherAdmin' | 'otherCustomer'): Record<string, string>;
  /** A staff member of courier A whose role holds every permission except the given ones. */
  lackingHeaders(without: readonly string[]): Promise<Record<string, string>>;
  /** A fresh token for a person (for calls that spend it, like logout). */
  freshToken(role: 'super_admin' | 'courier_admin' | 'branch_manager' | 'staff' | 'customer'): Promise<string>;
}

const STAFF_EMAILS = {
  super_admin: 'superadmin@courierportal.test',
  courier_admin: 'admin@jamaicaexpress.test',
  branch_manager: 'manager@jamaicaexpress.test',
  staff: 'staff@jamaicaexpress.test',
} as const;

async function first<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`security world: no ${what} in courier B`);
  return row;
}

export async function buildSecurityWorld(): Promise<SecurityWorld> {
  const t = await buildTestApp();
  await seedDemoData(t);
  await loadOpenApi(t.app);
  const { db, ctx } = t;

  const signUser = async (id: number, role: Role, courierId: number | null) =>
    (await ctx.tokens.sign({ sub: subjectOf('user', id), role, type: 'access', courierId }, 3600)).token;
  const signCustomer = async (id: number, courierId: number) =>
    (await ctx.tokens.sign({ sub: subjectOf('customer', id), role: 'customer', type: 'access', courierId }, 3600)).token;

  const userByEmail = async (email: string) => first(db.select().from(users).where(eq(users.email, email)), email);
  const tokens: Record<string, string> = {};
  const callerIds = new Set<string>();
  const people = { super_admin: 0, courier_admin: 0, branch_manager: 0, staff: 0, customer: 0 };
  for (const [role, email] of Object.entries(STAFF_EMAILS) as Array<[keyof typeof STAFF_EMAILS, string]>) {
    const u = await userByEmail(email);
    tokens[role] = await signUser(u.id, u.role, u.courierId);
    callerIds.add(String(u.id));
    people[role] = u.id;
  }
  const customerA = await first(db.select().from(customers).where(eq(customers.email, 'customer@example.test')), 'customer A');
  const courierA = customerA.courierId;
  tokens.customer = await signCustomer(customerA.id, courierA);
  callerIds.add(String(customerA.id)).add(String(courierA));
  people.customer = customerA.id;

  // Courier B, made the way the super admin makes one, then given a record of every kind.
  const created = await t.api('POST', '/platform/couriers', tokens.super_admin ?? '', {
    name: `Island Box ${MARKER}`,
    code: 'IBX',
    email: 'hello@islandbox.test',
    admin: { firstName: 'Omar', lastName: MARKER, email: 'omar@islandbox.test', password: 'IslandBox#2026' },
  });
  if (created.statusCode !== 201) throw new Error(`courier B: ${created.body}`);
  const courierB: number = created.json().id;
  const adminB = await userByEmail('omar@islandbox.test');
  tokens.otherAdmin = await signUser(adminB.id, adminB.role, courierB);

  const [branchB] = await db
    .insert(branches)
    .values({ courierId: courierB, name: `Ocho Rios ${MARKER}`, code: 'OCR', address: `1 Main St ${MARKER}`, parish: 'St. Ann' })
    .returning();
  const [roleB] = await db
    .insert(roles)
    .values({ courierId: courierB, name: `Role ${MARKER}`, permissions: [...ALL_PERMISSIONS] })
    .returning();
  if (!branchB || !roleB) throw new Error('security world: branch or role of courier B');
  const [staffB] = await db
    .insert(users)
    .values({
      role: 'staff',
      courierId: courierB,
      branchId: branchB.id,
      roleId: roleB.id,
      firstName: 'Keisha',
      lastName: MARKER,
      email: 'keisha@islandbox.test',
      passwordHash: 'x',
    })
    .returning();
  const customerRow = (mailbox: string, email: string, accountType: 'individual' | 'business') => ({
    courierId: courierB,
    branchId: branchB.id,
    mailboxNumber: mailbox,
    firstName: `Dane ${MARKER}`,
    lastName: MARKER,
    email,
    phone: '(876) 555-0199',
    address: `9 ${MARKER} Road`,
    passwordHash: 'x',
    accountType,
    businessName: accountType === 'business' ? `Hardware ${MARKER}` : null,
  });
  // The same e-mail as courier A's customer: a customer is per courier, and the seeds find it by it.
  const [customerB] = await db
    .insert(customers)
    .values(customerRow('IBX-10001', 'customer@example.test', 'individual'))
    .returning();
  const [businessB] = await db
    .insert(customers)
    .values(customerRow('IBX-10002', 'biz@islandbox.test', 'business'))
    .returning();
  if (!staffB || !customerB || !businessB) throw new Error('security world: people of courier B');
  tokens.otherCustomer = await signCustomer(customerB.id, courierB);

  await seedSettingsDemo(db, 'IBX');
  await seedPackagesDemo(db, 'IBX');
  await seedBillingDemo(db, 'IBX');
  const inB = <T extends { courierId: unknown }>(table: T) => eq(table.courierId as never, courierB);
  await db
    .update(packages)
    .set({ description: `Parcel ${MARKER}`, merchant: MARKER })
    .where(inB(packages));
  await db
    .update(manifests)
    .set({ mawbOrBl: `MAWB-${MARKER}` })
    .where(inB(manifests));
  await db
    .update(deliveryLocations)
    .set({ name: `Zone ${MARKER}` })
    .where(inB(deliveryLocations));
  await db
    .update(preAlerts)
    .set({ description: `Pre-alert ${MARKER}` })
    .where(inB(preAlerts));

  // Invoice numbers count per courier, so B's first would equal A's: number B's out of A's range.
  for (const invoice of await db.select().from(invoices).where(inB(invoices))) {
    await db
      .update(invoices)
      .set({ invoiceNo: invoice.invoiceNo.replace(/^INV-0/, 'INV-9') })
      .where(eq(invoices.id, invoice.id));
  }
  const packageB = await first(
    db
      .select()
      .from(packages)
      .where(and(inB(packages), eq(packages.status, 'received'))),
    'package',
  );
  const unknownB = await first(
    db
      .select()
      .from(packages)
      .where(and(inB(packages), eq(packages.status, 'unknown'))),
    'unknown package',
  );
  const [ticketB] = await db
    .insert(tickets)
    .values({
      courierId: courierB,
      ticketNo: 'TKT-900001',
      customerId: customerB.id,
      subject: `Where is ${MARKER}`,
      department: 'Packages',
    })
    .returning();
  if (!ticketB) throw new Error('security world: ticket of courier B');
  await db.insert(ticketMessages).values({ courierId: courierB, ticketId: ticketB.id, customerId: customerB.id, body: `Help ${MARKER}` });
  const [batchB] = await db
    .insert(batchEmails)
    .values({ courierId: courierB, subject: `News ${MARKER}`, body: `Body ${MARKER}`, audience: 'all', createdBy: adminB.id })
    .returning();
  const [outboxB] = await db
    .insert(emailOutbox)
    .values({ courierId: courierB, toAddress: 'b@example.test', subject: `Mail ${MARKER}`, textBody: `Body ${MARKER}`, status: 'failed' })
    .returning();
  if (!batchB || !outboxB) throw new Error('security world: mail of courier B');
  const [paymentB] = await db
    .insert(payments)
    .values({ courierId: courierB, customerId: customerB.id, receiptNo: 'RCT-900001', amountCents: 1000, method: 'cash', notes: MARKER })
    .returning();
  const location = await first(db.select().from(deliveryLocations).where(inB(deliveryLocations)), 'delivery location');
  const [requestB] = await db
    .insert(deliveryRequests)
    .values({
      courierId: courierB,
      customerId: customerB.id,
      locationId: location.id,
      preferredDate: '2030-01-01',
      phone: '(876) 555-0199',
      notes: MARKER,
    })
    .returning();
  const [claimB] = await db
    .insert(unknownPackageClaims)
    .values({
      courierId: courierB,
      packageId: unknownB.id,
      customerId: customerB.id,
      note: MARKER,
      proofPath: 'claims/none.pdf',
      proofName: `${MARKER}.pdf`,
      proofMime: 'application/pdf',
    })
    .returning();
  const [notificationB] = await db
    .insert(notifications)
    .values({ courierId: courierB, type: 'announcement', title: `Notice ${MARKER}`, body: MARKER })
    .returning();
  const [domainB] = await db.insert(courierDomains).values({ courierId: courierB, hostname: 'portal.leakmarkerb.test' }).returning();
  await db.insert(courierPublicContent).values({
    courierId: courierB,
    content: {
      tagline: MARKER,
      heroTitle: null,
      heroText: null,
      hours: [],
      socialLinks: [],
      faq: [],
      stats: [{ value: MARKER, label: MARKER }],
    },
    embedOrigins: ['https://qz7leakmarkerb.test'],
  });
  if (!batchB || !paymentB || !requestB || !claimB || !notificationB || !domainB) throw new Error('security world: records of courier B');
  const [consolidationB] = await db
    .insert(consolidationRequests)
    .values({ courierId: courierB, customerId: customerB.id, requestNo: 'CON-900001', repack: 'keep_boxes', notes: MARKER, feeCents: 1000 })
    .returning();
  const [shopB] = await db
    .insert(assistedPurchaseRequests)
    .values({ courierId: courierB, customerId: customerB.id, name: MARKER, email: 'b-shop@example.test', items: [], notes: MARKER })
    .returning();
  if (!consolidationB || !shopB) throw new Error('security world: service requests of courier B');
  const [importB] = await db
    .insert(packageImports)
    .values({
      courierId: courierB,
      fileName: `${MARKER}.csv`,
      fileSha256: MARKER,
      headers: [MARKER],
      rows: [{ row: 2, cells: [MARKER] }],
      totalRows: 1,
    })
    .returning();
  const [apiKeyB] = await db
    .insert(apiKeys)
    .values({ courierId: courierB, name: MARKER, prefix: 'cpk_leakmark', keyHash: `leak-${MARKER}`, scopes: ['packages:read'] })
    .returning();
  const [webhookB] = await db
    .insert(webhookEndpoints)
    .values({ courierId: courierB, url: `https://${MARKER}.example.com/hook`, events: ['package.received'], secretSealed: MARKER })
    .returning();
  if (!webhookB) throw new Error('security world: webhook of courier B');
  const [deliveryB] = await db
    .insert(webhookDeliveries)
    .values({
      courierId: courierB,
      endpointId: webhookB.id,
      event: 'package.received',
      body: JSON.stringify({ marker: MARKER }),
      status: 'succeeded',
    })
    .returning();
  if (!batchB || !paymentB || !requestB || !claimB || !notificationB || !domainB || !importB || !apiKeyB || !deliveryB)
    throw new Error('security world: records of courier B');

  const invoiceB = await first(db.select().from(invoices).where(inB(invoices)).orderBy(asc(invoices.id)), 'invoice');
  const manifestB = await first(db.select().from(manifests).where(inB(manifests)), 'manifest');
  const preAlertB = await first(db.select().from(preAlerts).where(inB(preAlerts)), 'pre-alert');
  const rateB = await first(db.select().from(shippingRates).where(inB(shippingRates)), 'shipping rate');
  const feeB = await first(db.select().from(processingFees).where(inB(processingFees)), 'processing fee');
  const [engineFeeB] = await db
    .insert(fees)
    .values({ courierId: courierB, name: `Fee ${MARKER}`, appliesTo: 'package' })
    .returning();
  if (!engineFeeB) throw new Error('security world: fee of courier B');
  await db.insert(feeVersions).values({
    courierId: courierB,
    feeId: engineFeeB.id,
    name: `Fee ${MARKER}`,
    method: 'fixed',
    amountCents: 100,
    effectiveFrom: '2000-01-01',
  });
  if (packageB.customerId === null) throw new Error('security world: package of courier B without customer');
  const [insuranceClaimB] = await db
    .insert(insuranceClaims)
    .values({
      courierId: courierB,
      claimNo: 'CLM-900001',
      packageId: packageB.id,
      customerId: packageB.customerId,
      reason: 'lost',
      description: MARKER,
      insuredValueUsdCents: 100,
    })
    .returning();
  if (!insuranceClaimB) throw new Error('security world: claim of courier B');
  const [authorisedB] = await db
    .insert(authorisedPeople)
    .values({
      courierId: courierB,
      customerId: packageB.customerId,
      name: MARKER,
      idType: 'passport',
      idNumber: 'B1234567',
      phone: '876 555 0100',
    })
    .returning();
  if (!authorisedB) throw new Error('security world: authorised person of courier B');
  const [savedCardB] = await db
    .insert(savedCards)
    .values({
      courierId: courierB,
      customerId: packageB.customerId,
      tokenSealed: MARKER,
      brand: 'Visa',
      last4: '0006',
      expiryMonth: 12,
      expiryYear: 2030,
      test: true,
    })
    .returning();
  if (!savedCardB) throw new Error('security world: saved card of courier B');

  const courierRow = await first(db.select().from(couriers).where(eq(couriers.id, courierB)), 'courier');
  const [couponB] = await db
    .insert(coupons)
    .values({ courierId: courierB, code: 'LEAKMARKERB', kind: 'fixed', amountCents: 1000 })
    .returning();
  if (!couponB) throw new Error('security world: coupon of courier B');
  const [shelfB] = await db.insert(shelves).values({ courierId: courierB, branchId: branchB.id, code: 'B-01-1' }).returning();
  const [printerB] = await db
    .insert(labelPrinters)
    .values({ courierId: courierB, branchId: branchB.id, name: 'B printer', host: '127.0.0.1', port: 9 })
    .returning();
  if (!shelfB || !printerB) throw new Error('security world: no shelf or printer in courier B');
  const [branchB2] = await db
    .insert(branches)
    .values({ courierId: courierB, name: `Browns Town ${MARKER}` })
    .returning();
  const [transferB] = branchB2
    ? await db
        .insert(branchTransfers)
        .values({ courierId: courierB, transferNumber: 'TRF-000001', fromBranchId: branchB.id, toBranchId: branchB2.id })
        .returning()
    : [];
  if (!transferB) throw new Error('security world: no transfer in courier B');

  const other: Record<ResourceKind, string> = {
    courier: String(courierRow.id),
    branch: String(branchB.id),
    role: String(roleB.id),
    user: String(staffB.id),
    customer: String(customerB.id),
    businessCustomer: String(businessB.id),
    package: String(packageB.id),
    unknownPackage: String(unknownB.id),
    manifest: String(manifestB.id),
    invoiceNo: invoiceB.invoiceNo,
    receiptNo: paymentB.receiptNo,
    ticket: String(ticketB.id),
    deliveryRequest: String(requestB.id),
    deliveryLocation: String(location.id),
    preAlert: String(preAlertB.id),
    unknownClaim: String(claimB.id),
    batchEmail: String(batchB.id),
    outboxMail: String(outboxB.id),
    shippingRate: String(rateB.id),
    processingFee: String(feeB.id),
    coupon: String(couponB.id),
    notification: String(notificationB.id),
    courierDomain: String(domainB.id),
    consolidation: String(consolidationB.id),
    shopRequest: String(shopB.id),
    packageImport: String(importB.id),
    apiKey: String(apiKeyB.id),
    webhook: String(webhookB.id),
    webhookDelivery: String(deliveryB.id),
    shelf: String(shelfB.id),
    labelPrinter: String(printerB.id),
    fee: String(engineFeeB.id),
    insuranceClaim: String(insuranceClaimB.id),
    authorisedPerson: String(authorisedB.id),
    savedCard: String(savedCardB.id),
    transfer: String(transferB.id),
  };

  const lacking = new Map<string, Record<string, string>>();
  return {
    t,
    courierA,
    callerIds: [...callerIds],
    people,
    other,
    headers(role) {
      if (role === 'anonymous') return {};
      const token = tokens[role];
      if (!token) throw new Error(`no token for ${role}`);
      return bearer(token);
    },
    async lackingHeaders(without) {
      const key = [...without].sort().join(',');
      const known = lacking.get(key);
      if (known) return known;
      const n = lacking.size + 1;
      const [role] = await db
        .insert(roles)
        .values({ courierId: courierA, name: `Lacking ${n}`, permissions: ALL_PERMISSIONS.filter((p) => !without.includes(p)) })
        .returning();
      const [user] = await db
        .insert(users)
        .values({
          role: 'staff',
          courierId: courierA,
          branchId: customerA.branchId,
          roleId: role?.id ?? null,
          firstName: 'Lacking',
          lastName: String(n),
          email: `lacking${n}@jamaicaexpress.test`,
          passwordHash: 'x',
        })
        .returning();
      if (!user) throw new Error('lacking user');
      const headers = bearer(await signUser(user.id, 'staff', courierA));
      lacking.set(key, headers);
      return headers;
    },
    async freshToken(role) {
      if (role === 'customer') return signCustomer(customerA.id, courierA);
      const u = await userByEmail(STAFF_EMAILS[role]);
      return signUser(u.id, u.role, u.courierId);
    },
  };
}
