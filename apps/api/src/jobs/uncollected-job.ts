import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { pruneDomainEvents } from '../lib/domain-events';
import type { Mailer } from '../lib/mailer';
import { countJobRun } from '../lib/metrics';
import { remindStorage } from '../modules/cover/index';
import { accrueStorageAfterPayment } from '../modules/invoices/index';
import { remindMissingInvoices, flagUncollected } from '../modules/packages/index';
import { runExclusive } from './job-lock';
import { repeatEvery } from './repeat';

const HOUR = 3_600_000;

/**
 * The daily uncollected check. It runs at start and then every hour: flagging is idempotent (a
 * package is flagged once, when `uncollected_since` is still empty), so an hourly run marks each
 * package within an hour of its 15th day and a restart never double-charges. Several replicas run
 * it under one advisory lock: while one replica runs it, the others skip that round.
 */
export async function runUncollectedCheck(services: { db: Db; mailer: Mailer }, now = new Date()) {
  const outcome = await runExclusive(services.db, 'uncollected', (tx) => flagUncollected({ db: tx, mailer: services.mailer }, now));
  countJobRun('uncollected', outcome.ran ? 'ran' : 'skipped');
  return outcome;
}

/** Reminds once, under its own advisory lock, each customer whose parcel has waited on hold for its invoice. */
export async function runInvoiceReminders(services: { db: Db; mailer: Mailer }, now = new Date()) {
  const outcome = await runExclusive(services.db, 'invoice_reminder', (tx) =>
    remindMissingInvoices({ db: tx, mailer: services.mailer }, now),
  );
  countJobRun('invoice_reminder', outcome.ran ? 'ran' : 'skipped');
  return outcome;
}

export function startUncollectedJob(services: { db: Db; mailer: Mailer }, log: FastifyBaseLogger, intervalMs = HOUR) {
  return repeatEvery('uncollected', intervalMs, log, async () => {
    const outcome = await runUncollectedCheck(services);
    if (outcome.ran && outcome.result > 0) log.info({ flagged: outcome.result }, 'uncollected packages flagged');
    // The same hourly round reminds customers whose free storage days are ending.
    const reminded = await runExclusive(services.db, 'storage_reminder', (tx) => remindStorage({ db: tx, mailer: services.mailer }));
    if (reminded.ran && reminded.result > 0) log.info({ reminded: reminded.result }, 'storage reminders sent');
    // Storage grown since a parcel's invoice was paid becomes an invoice to pay before release.
    const storage = await runExclusive(services.db, 'storage_after_payment', (tx) =>
      accrueStorageAfterPayment(tx, services.mailer, { courierId: null, customerId: null }),
    );
    if (storage.ran && storage.result > 0) log.info({ parcels: storage.result }, 'storage after payment checked');
    // And customers whose parcel has waited two days on hold for its merchant invoice.
    const invoices = await runInvoiceReminders(services);
    if (invoices.ran && invoices.result > 0) log.info({ reminded: invoices.result }, 'invoice reminders sent');
    // Domain events handled by all their subscribers are kept 30 days.
    const pruned = await runExclusive(services.db, 'domain_events_prune', (tx) => pruneDomainEvents(tx));
    countJobRun('domain_events_prune', pruned.ran ? 'ran' : 'skipped');
    if (pruned.ran && pruned.result > 0) log.info({ events: pruned.result }, 'old domain events pruned');
  });
}
