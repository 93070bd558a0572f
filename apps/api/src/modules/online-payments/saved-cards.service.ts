import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { cardBrandOf, cardDigits, maskedCard } from '@courier/shared/domain/card';
import { CUSTOMER_ADMIN_MESSAGES } from '@courier/shared/schemas/customers';
import {
  SAVED_CARD_MESSAGES,
  type SaveCardInput,
  type SavedCard,
  type SavedCardsResponse,
  parseExpiry,
} from '@courier/shared/schemas/saved-cards';
import { asDb, type Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import { payments } from '../../db/schema/payments';
import { cardCharges, cardChecks, savedCards } from '../../db/schema/saved-cards';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { type CardDeps, cardProcessorFor } from './card-processor-for';
import { type CardCheck, type CompletionResult, ProcessorUnavailableError } from './powertranz';
import { POWERTRANZ_SIMULATOR_LIMITS } from './powertranz-simulator';
import { cardResponsePath } from './test-mode';

/** A customer of a courier: who may save, see and remove a card. */
function customerOf(user: AuthUser): { courierId: number; customerId: number } {
  if (user.kind !== 'customer' || user.courierId === null) throw new AppError('forbidden', 'Only customers keep saved cards');
  return { courierId: user.courierId, customerId: user.id };
}

/** Card checks one customer may start in an hour. */
export const CARD_CHECKS_PER_HOUR = 10;

const testMark = (test: boolean) => (test ? { mode: 'TEST' } : {});

const cardView = (row: typeof savedCards.$inferSelect): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expiryMonth: row.expiryMonth,
  expiryYear: row.expiryYear,
  autopay: row.autopay,
  test: row.test,
  createdAt: row.createdAt.toISOString(),
});

/** The customer's live card (one at most), scoped to their courier. */
export async function liveCardOf(db: Db, courierId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.courierId, courierId), eq(savedCards.customerId, customerId), isNull(savedCards.removedAt)));
  return row ?? null;
}

/** The customer's card screen: whether cards are offered, the card, and its charges (last 20). */
export async function listSavedCards(deps: Pick<CardDeps, 'db' | 'config' | 'ownOrigin'>, user: AuthUser): Promise<SavedCardsResponse> {
  const { courierId, customerId } = customerOf(user);
  const processor = await cardProcessorFor(deps, courierId);
  const card = await liveCardOf(deps.db, courierId, customerId);
  const charges = await deps.db
    .select({
      id: cardCharges.id,
      invoiceNo: invoices.invoiceNo,
      amountCents: cardCharges.amountCents,
      chargeOn: cardCharges.chargeOn,
      status: cardCharges.status,
      message: cardCharges.message,
      receiptNo: payments.receiptNo,
      test: cardCharges.test,
    })
    .from(cardCharges)
    .innerJoin(invoices, eq(invoices.id, cardCharges.invoiceId))
    .leftJoin(payments, eq(payments.id, cardCharges.paymentId))
    .where(and(eq(cardCharges.courierId, courierId), eq(cardCharges.customerId, customerId)))
    .orderBy(desc(cardCharges.id))
    .limit(20);
  return { available: processor !== null, test: processor?.test ?? false, cards: card ? [cardView(card)] : [], charges };
}

/**
 * Saves a card: a zero-amount check with 3-D Secure at the processor. The card's number and code
 * go to the processor in that one request and are kept nowhere (not in a table, log or audit);
 * the customer's browser is then sent to the bank's check.
 */
export async function startCardCheck(
  deps: Pick<CardDeps, 'db' | 'config' | 'ownOrigin' | 'secrets'>,
  user: AuthUser,
  input: SaveCardInput,
  origin: string,
): Promise<{ challengeUrl: string }> {
  const { courierId, customerId } = customerOf(user);
  const processor = await cardProcessorFor(deps, courierId);
  if (!processor) throw new AppError('unprocessable', SAVED_CARD_MESSAGES.notOffered);
  // Card testing (trying stolen numbers one after another) is slowed to a few checks an hour.
  const [recent] = await deps.db
    .select({ n: count() })
    .from(cardChecks)
    .where(and(eq(cardChecks.customerId, customerId), gt(cardChecks.createdAt, new Date(Date.now() - 3_600_000))));
  if ((recent?.n ?? 0) >= CARD_CHECKS_PER_HOUR) throw new AppError('too_many_requests', SAVED_CARD_MESSAGES.tooManyChecks);
  const digits = cardDigits(input.cardNumber);
  const expiry = parseExpiry(input.expiry);
  if (!digits || !expiry) throw new AppError('bad_request', SAVED_CARD_MESSAGES.cardNumberInvalid);
  const publicKey = randomBytes(24).toString('base64url');
  let check: CardCheck | { refused: string };
  try {
    check = await processor.startCardCheck({
      orderIdentifier: `CARD-${courierId}-${customerId}-${randomBytes(4).toString('hex')}`,
      card: { number: digits, cvv: input.cvv, expiryMonth: expiry.month, expiryYear: expiry.year, holder: input.cardholderName },
      merchantResponseUrl: `${origin}${cardResponsePath(courierId)}`,
    });
  } catch (error) {
    if (error instanceof ProcessorUnavailableError) throw new AppError('unprocessable', SAVED_CARD_MESSAGES.processorUnavailable);
    throw error;
  }
  if ('refused' in check) throw new AppError('unprocessable', `${SAVED_CARD_MESSAGES.checkFailed} (${check.refused})`);
  const brand = cardBrandOf(digits);
  const last4 = digits.slice(-4);
  await deps.db.insert(cardChecks).values({
    courierId,
    customerId,
    publicKey,
    transactionIdentifier: check.transactionIdentifier,
    spiTokenSealed: deps.secrets.seal(check.spiToken),
    redirectData: check.redirectData,
    brand,
    last4,
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    test: processor.test,
  });
  await audit(deps.db, {
    courierId,
    actor: user,
    action: 'saved_card.check_started',
    entity: 'customer',
    entityId: customerId,
    details: { card: maskedCard({ brand, last4, expiryMonth: expiry.month, expiryYear: expiry.year }), ...testMark(processor.test) },
  });
  return { challengeUrl: `${origin}/api/online-payments/powertranz/checks/${publicKey}` };
}

/** The processor's page that starts the bank's check, while the check is open (minutes). */
export async function challengePage(db: Db, publicKey: string): Promise<string | null> {
  const since = new Date(Date.now() - POWERTRANZ_SIMULATOR_LIMITS.sessionTtlMs);
  const [row] = await db
    .select({ redirectData: cardChecks.redirectData })
    .from(cardChecks)
    .where(and(eq(cardChecks.publicKey, publicKey), eq(cardChecks.status, 'pending'), gt(cardChecks.createdAt, since)));
  return row?.redirectData ?? null;
}

export type CheckOutcome = 'saved' | 'failed' | 'ended';

/**
 * The customer's browser back from the bank's check, carrying the processor's `Response`. It proves
 * nothing by itself: it names the check, which is claimed once, and the processor's own Payment
 * answer (server to server, with the SPI token we kept) decides. Approved, the PanToken is sealed
 * and kept, replacing any card saved before.
 */
export async function completeCardCheck(
  deps: Pick<CardDeps, 'db' | 'config' | 'ownOrigin' | 'secrets'>,
  courierId: number,
  params: Record<string, unknown>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<CheckOutcome> {
  let response: { TransactionIdentifier?: unknown; SpiToken?: unknown };
  try {
    response = JSON.parse(typeof params.Response === 'string' ? params.Response.slice(0, 20_000) : '{}');
  } catch {
    return 'ended';
  }
  const transactionIdentifier = typeof response.TransactionIdentifier === 'string' ? response.TransactionIdentifier.slice(0, 64) : '';
  // Claimed once: a second post of the same outcome finds it taken.
  const [check] = await deps.db
    .update(cardChecks)
    .set({ completedAt: new Date() })
    .where(
      and(
        eq(cardChecks.courierId, courierId),
        eq(cardChecks.transactionIdentifier, transactionIdentifier),
        eq(cardChecks.status, 'pending'),
        isNull(cardChecks.completedAt),
      ),
    )
    .returning();
  if (!check) {
    log?.warn({ courierId }, 'card check response for no open check');
    return 'ended';
  }
  const spiToken = deps.secrets.open(check.spiTokenSealed);
  if (typeof response.SpiToken === 'string' && response.SpiToken !== spiToken)
    log?.warn({ courierId }, 'card check response names another SPI token');
  const processor = await cardProcessorFor(deps, courierId);
  const fail = async (message: string) => {
    await deps.db
      .update(cardChecks)
      .set({ status: 'failed', message: message.slice(0, 300), redirectData: null })
      .where(eq(cardChecks.id, check.id));
    await audit(deps.db, {
      courierId,
      actor: null,
      action: 'saved_card.check_failed',
      entity: 'customer',
      entityId: check.customerId,
      details: { message: message.slice(0, 300), ...testMark(check.test) },
    });
    return 'failed' as const;
  };
  // A check opened in test mode is never completed live, nor the other way round.
  if (!processor || processor.test !== check.test) return fail('card payments changed mode since the check began');
  let result: CompletionResult;
  try {
    result = await processor.complete(spiToken);
  } catch (error) {
    if (error instanceof ProcessorUnavailableError) return fail(error.message);
    throw error;
  }
  if (!result.approved) return fail(`${result.isoResponseCode}: ${result.message}`);
  const approved = result;
  await deps.db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const now = new Date();
    // One live card: a new one replaces the old, and charges waiting on the old one move to it.
    const [old] = await tx
      .update(savedCards)
      .set({ removedAt: now })
      .where(and(eq(savedCards.customerId, check.customerId), eq(savedCards.courierId, courierId), isNull(savedCards.removedAt)))
      .returning();
    const [card] = await tx
      .insert(savedCards)
      .values({
        courierId,
        customerId: check.customerId,
        tokenSealed: deps.secrets.seal(approved.panToken),
        brand: approved.cardBrand ?? check.brand,
        last4: check.last4,
        expiryMonth: check.expiryMonth,
        expiryYear: check.expiryYear,
        test: check.test,
        autopay: old?.autopay ?? false,
      })
      .returning();
    if (!card) throw new Error('Saved card insert returned nothing');
    if (old) {
      await tx
        .update(cardCharges)
        .set({ savedCardId: card.id })
        .where(and(eq(cardCharges.savedCardId, old.id), eq(cardCharges.status, 'scheduled')));
    }
    await tx.update(cardChecks).set({ status: 'saved', savedCardId: card.id, redirectData: null }).where(eq(cardChecks.id, check.id));
    await audit(tx, {
      courierId,
      actor: null,
      action: 'saved_card.saved',
      entity: 'customer',
      entityId: check.customerId,
      details: { card: maskedCard(card), replaced: old ? maskedCard(old) : null, ...testMark(card.test) },
    });
  });
  return 'saved';
}

/** Removes the customer's card: its token is forgotten and nothing more is charged to it. */
export async function removeSavedCard(db: Db, user: AuthUser, cardId: number): Promise<void> {
  const { courierId, customerId } = customerOf(user);
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [card] = await tx
      .update(savedCards)
      .set({ removedAt: new Date(), autopay: false, tokenSealed: '' })
      .where(
        and(
          eq(savedCards.id, cardId),
          eq(savedCards.courierId, courierId),
          eq(savedCards.customerId, customerId),
          isNull(savedCards.removedAt),
        ),
      )
      .returning();
    if (!card) throw new AppError('not_found', SAVED_CARD_MESSAGES.cardNotFound);
    await tx
      .update(cardCharges)
      .set({ status: 'cancelled', message: 'The card was removed' })
      .where(and(eq(cardCharges.savedCardId, card.id), eq(cardCharges.status, 'scheduled')));
    await audit(tx, {
      courierId,
      actor: user,
      action: 'saved_card.removed',
      entity: 'customer',
      entityId: customerId,
      details: { card: maskedCard(card), ...testMark(card.test) },
    });
  });
}

/** Turns automatic payment of new invoices on or off for the customer's card. */
export async function setAutopay(db: Db, user: AuthUser, cardId: number, autopay: boolean): Promise<SavedCard> {
  const { courierId, customerId } = customerOf(user);
  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [card] = await tx
      .update(savedCards)
      .set({ autopay })
      .where(
        and(
          eq(savedCards.id, cardId),
          eq(savedCards.courierId, courierId),
          eq(savedCards.customerId, customerId),
          isNull(savedCards.removedAt),
        ),
      )
      .returning();
    if (!card) throw new AppError('not_found', SAVED_CARD_MESSAGES.cardNotFound);
    if (!autopay) {
      await tx
        .update(cardCharges)
        .set({ status: 'cancelled', message: 'Automatic payment was turned off' })
        .where(and(eq(cardCharges.savedCardId, card.id), eq(cardCharges.status, 'scheduled')));
    }
    await audit(tx, {
      courierId,
      actor: user,
      action: autopay ? 'saved_card.autopay_on' : 'saved_card.autopay_off',
      entity: 'customer',
      entityId: customerId,
      details: { card: maskedCard(card), ...testMark(card.test) },
    });
    return cardView(card);
  });
}

/** What staff see of a customer's card: masked, never the token. */
export async function staffCardView(db: Db, courierId: number, customerId: number): Promise<SavedCard | null> {
  // Another courier's customer is not found, as any record of theirs.
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.courierId, courierId)));
  if (!customer) throw new AppError('not_found', CUSTOMER_ADMIN_MESSAGES.notFound);
  const card = await liveCardOf(db, courierId, customerId);
  return card ? cardView(card) : null;
}
