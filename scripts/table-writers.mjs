#!/usr/bin/env node
// One writer per table: every table of apps/api/src/db/schema is listed here and is inserted into,
// updated and deleted from by its owner only (tests and demo seeds aside): an API module, or for
// infrastructure a file under apps/api/src (lib/audit.ts); others ask the owner. A table of the
// schema no one owns fails the check, as does an owned table the schema no longer has. Routes call
// services only: a *.routes.ts runs no query itself. Every module has its face, index.ts. An API
// source file stays within 400 lines.
// Part of scripts/boundaries.sh; `node scripts/table-writers.mjs [root]` checks the tree at root.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Each owner's tables (Drizzle table names): written by that owner alone. An owner is a module
 * (apps/api/src/modules/<name>) or, for infrastructure, a file under apps/api/src.
 */
const OWNED = {
  'db/counters.ts': ['courierCounters'],
  'lib/audit.ts': ['auditLog'],
  'lib/domain-events.ts': ['domainEventDeliveries', 'domainEvents'],
  'lib/mailer.ts': ['emailOutbox'],
  'lib/tokens.ts': ['revokedTokens'],
  'account-credit': ['accountCreditEntries', 'couponRedemptions', 'coupons', 'customerStatements'],
  'app-settings': ['appSettings'],
  auth: ['loginKnownIps', 'loginThrottles', 'passwordResetTokens', 'twoFactorRecoveryCodes', 'twoFactorSecrets'],
  branches: ['branches'],
  couriers: ['couriers'],
  'carrier-tracking': ['carrierTrackingAccounts', 'carrierTrackingEvents', 'carrierTrackings'],
  cover: ['insuranceClaimPhotos', 'insuranceClaims'],
  customers: ['customers'],
  deliveries: ['deliveryLocations', 'deliveryRequestPackages', 'deliveryRequests'],
  emails: ['batchEmailRecipients', 'batchEmails'],
  fees: ['courierFeeSettings', 'customsRates', 'feeVersions', 'fees', 'taxRates'],
  forwarding: ['assistedPurchaseRequests', 'consolidationRequests'],
  integrations: ['apiIdempotencyKeys', 'apiKeys', 'importSourceFiles', 'importSources', 'webhookDeliveries', 'webhookEndpoints'],
  invoices: ['invoiceDeliveryFees', 'invoiceLines', 'invoicePackages', 'invoices'],
  manifests: ['manifestScans', 'manifests'],
  margin: ['manifestCosts'],
  messaging: ['customerPhones', 'messageOutbox', 'messagingProviders', 'pushSubscriptions'],
  notifications: ['notificationReads', 'notifications'],
  'online-payments': ['cardCharges', 'cardChecks', 'courierPaymentGateways', 'onlinePaymentAttempts', 'prepayments', 'savedCards'],
  'package-imports': ['importMappings', 'packageImports'],
  packages: [
    'authorisedPeople',
    'collectionSignatures',
    'consolidationRequestPackages',
    'contentsPhotoRequests',
    'packageEvents',
    'packagePhotos',
    'packageStatusCounts',
    'packages',
    'returnRequests',
    'unknownPackageClaims',
  ],
  payments: ['cashUps', 'paymentAllocations', 'paymentRefunds', 'payments'],
  platform: ['courierInvitations'],
  'pre-alerts': ['preAlerts'],
  public: ['contactMessages'],
  'public-site': ['courierDomains', 'courierPublicContent'],
  roles: ['roles'],
  settings: ['courierEmailConfigs', 'processingFees', 'shippingRates'],
  staff: ['users'],
  tickets: ['ticketMessages', 'ticketReads', 'ticketUnread', 'tickets'],
  'time-tracking': ['timeEntries'],
  transfers: ['branchTransferPackages', 'branchTransfers'],
  warehouse: ['labelPrinters', 'shelves'],
};

/**
 * A second writer of a table, each with its reason: the owner's rule with a named exception, not a
 * second owner. Keys are `table: file under apps/api/src`.
 */
const ALSO_WRITES = {
  'emailOutbox: modules/emails/emails.service.ts':
    "a batch queues one mail per recipient in one insert ... select, inside the batch's transaction",
};

/** Drizzle table name → its owner: a module name, or a file under apps/api/src. */
export const TABLE_OWNERS = Object.fromEntries(Object.entries(OWNED).flatMap(([owner, tables]) => tables.map((t) => [t, owner])));
const ownerName = (owner) => (owner.includes('/') ? owner : `modules/${owner}`);

/** The longest an API source file (tests and seeds aside) may be. */
const MAX_LINES = 400;

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const src = path.join(root, 'apps/api/src');

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    // Tests and demo seeds (a module's *.seed.ts, db/seed.ts) write what they need.
    else if (/\.ts$/.test(entry.name) && !/\.(test|seed)\.ts$/.test(entry.name) && path.relative(src, full) !== path.join('db', 'seed.ts'))
      yield full;
  }
}

const problems = [];
for await (const file of files(src)) {
  const text = await readFile(file, 'utf8');
  const rel = path.relative(root, file).split(path.sep).join('/');
  const module = /^apps\/api\/src\/modules\/([^/]+)\//.exec(rel)?.[1] ?? null;
  // A file a newcomer reads in one sitting: split along its reasons to change past this.
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES)
    problems.push(`${rel}: ${lines} lines: an API source file stays within ${MAX_LINES} lines; split it along its reasons to change`);
  if (rel.endsWith('.routes.ts')) {
    for (const match of text.matchAll(/\b(?:db|tx)\s*\.(select|selectDistinct|insert|update|delete|execute|transaction|query)\b/g)) {
      const line = text.slice(0, match.index).split('\n').length;
      problems.push(`${rel}:${line}: ${match[1]}: a route calls a service, never the database`);
    }
  }
  const inSrc = path.relative(src, file).split(path.sep).join('/');
  for (const [table, owner] of Object.entries(TABLE_OWNERS)) {
    if (owner === module || owner === inSrc || `${table}: ${inSrc}` in ALSO_WRITES) continue;
    // Drizzle's builders, `.update(customers)`, and SQL text naming the table, `update ${customers}`.
    const write = new RegExp(
      `\\.(insert|update|delete)\\(\\s*${table}\\s*\\)|\\b(update|insert\\s+into|delete\\s+from)\\s+\\$\\{\\s*${table}\\s*\\}`,
      'gi',
    );
    for (const match of text.matchAll(write)) {
      const line = text.slice(0, match.index).split('\n').length;
      const how = (match[1] ?? match[2]).toLowerCase().split(/\s+/)[0];
      problems.push(`${rel}:${line}: ${how}(${table}): the ${table} table is written by ${ownerName(owner)} only; call it`);
    }
  }
}
// Every table of the schema has its owner, and every owned table is in the schema.
const schemaTables = new Set();
for (const entry of await readdir(path.join(src, 'db/schema')).catch(() => [])) {
  const text = await readFile(path.join(src, 'db/schema', entry), 'utf8');
  for (const match of text.matchAll(/export const (\w+) = pgTable\(/g)) schemaTables.add(match[1]);
}
for (const table of [...schemaTables].sort())
  if (!(table in TABLE_OWNERS)) problems.push(`${table}: a table of the schema no one owns; list its owner in scripts/table-writers.mjs`);
for (const table of Object.keys(TABLE_OWNERS))
  if (!schemaTables.has(table)) problems.push(`${table}: owned in scripts/table-writers.mjs but not a table of the schema`);

// Every API module has its one face, index.ts, naming what others may use (even if nothing yet).
const modulesDir = path.join(src, 'modules');
for (const entry of await readdir(modulesDir, { withFileTypes: true }).catch(() => [])) {
  if (!entry.isDirectory()) continue;
  const face = await readFile(path.join(modulesDir, entry.name, 'index.ts'), 'utf8').catch(() => null);
  if (face === null) problems.push(`apps/api/src/modules/${entry.name}: has no index.ts naming what other modules may use`);
}

const ruleOf = (p) =>
  p.includes('a route calls')
    ? 'routes-call-services'
    : p.includes('has no index.ts')
      ? 'module-face'
      : p.includes('lines: an API source file')
        ? 'file-size'
        : p.includes('no one owns') || p.includes('not a table of the schema')
          ? 'table-owner'
          : 'table-one-writer';
for (const p of problems) console.error(`${ruleOf(p)} ${p}`);
if (problems.length > 0) {
  console.error(
    `\n✘ ${problems.length} table write(s) outside the owner, tables without an owner, queries in a route, modules without a face or files too long`,
  );
  process.exit(1);
}
