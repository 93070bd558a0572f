#!/usr/bin/env node
// One writer per table: a table listed here is inserted into, updated and deleted from by its
// owning API module only (tests and demo seeds aside); others ask the owner's services. Routes call
// services only: a *.routes.ts runs no query itself. Every module has its face, index.ts. An API
// source file stays within 400 lines.
// Part of scripts/boundaries.sh; `node scripts/table-writers.mjs [root]` checks the tree at root.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Each module's tables (Drizzle table names): written by that module alone. */
const OWNED = {
  'account-credit': ['accountCreditEntries', 'couponRedemptions', 'coupons', 'customerStatements'],
  'app-settings': ['appSettings'],
  auth: ['loginKnownIps', 'loginThrottles', 'passwordResetTokens', 'twoFactorRecoveryCodes', 'twoFactorSecrets'],
  branches: ['branches'],
  couriers: ['couriers'],
  'carrier-tracking': ['carrierTrackingAccounts', 'carrierTrackingEvents', 'carrierTrackings'],
  cover: ['insuranceClaimPhotos', 'insuranceClaims'],
  customers: ['customers'],
  deliveries: ['deliveryLocations', 'deliveryRequestPackages', 'deliveryRequests'],
  emails: ['batchEmails'],
  fees: ['courierFeeSettings', 'customsRates', 'feeVersions', 'fees'],
  forwarding: ['assistedPurchaseRequests', 'consolidationRequests'],
  integrations: ['apiIdempotencyKeys', 'apiKeys', 'importSourceFiles', 'importSources', 'webhookEndpoints'],
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

/** Drizzle table name → the module (apps/api/src/modules/<module>) that alone writes it. */
export const TABLE_OWNERS = Object.fromEntries(Object.entries(OWNED).flatMap(([module, tables]) => tables.map((t) => [t, module])));

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
  for (const [table, owner] of Object.entries(TABLE_OWNERS)) {
    // Drizzle's builders, `.update(customers)`, and SQL text naming the table, `update ${customers}`.
    const write = new RegExp(
      `\\.(insert|update|delete)\\(\\s*${table}\\s*\\)|\\b(update|insert\\s+into|delete\\s+from)\\s+\\$\\{\\s*${table}\\s*\\}`,
      'gi',
    );
    for (const match of text.matchAll(write)) {
      if (module === owner) continue;
      const line = text.slice(0, match.index).split('\n').length;
      const how = (match[1] ?? match[2]).toLowerCase().split(/\s+/)[0];
      problems.push(`${rel}:${line}: ${how}(${table}): the ${table} table is written by modules/${owner} only; call its service`);
    }
  }
}
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
        : 'table-one-writer';
for (const p of problems) console.error(`${ruleOf(p)} ${p}`);
if (problems.length > 0) {
  console.error(
    `\n✘ ${problems.length} table write(s) outside the owning module, queries in a route, modules without a face or files too long`,
  );
  process.exit(1);
}
