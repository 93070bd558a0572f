import { dayInZone } from '@courier/shared/domain/datetime';
import { FEE_MESSAGES, type CustomsRateInput, customsRateInputSchema } from '@courier/shared/schemas/fees';
import { toCents } from '@courier/shared/format/money';
import type { Db } from '../../db/client';
import { customsRates } from '../../db/schema/fees';
import { audit } from '../../lib/audit';
import { courierTimeZone } from '../../lib/courier-zone';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * A customs rate changes by a new dated row naming its source, from today or later: the rows
 * before it stay, so an invoice priced again keeps the rates of its day. Audited.
 */
export async function addCustomsRate(options: { db: Db; courierId: number; actor: AuthUser; input: CustomsRateInput; now?: Date }) {
  const { db, courierId, actor } = options;
  const input = customsRateInputSchema.parse(options.input);
  const now = options.now ?? new Date();
  const today = dayInZone(now, await courierTimeZone(db, courierId));
  if (input.effectiveFrom < today) throw new AppError('bad_request', FEE_MESSAGES.pastDate);
  // Duty and GCT may be per tariff class; the other parts are one rate for every class.
  const perClass = input.part === 'import_duty' || input.part === 'import_gct';
  const values = {
    courierId,
    part: input.part,
    tariffClass: perClass ? input.tariffClass : null,
    percentBps: Math.round(input.percent * 100),
    amountCents: toCents(input.amount),
    thresholdCents: toCents(input.threshold),
    effectiveFrom: input.effectiveFrom,
    source: input.source,
    createdBy: actor.kind === 'user' ? actor.id : null,
    createdAt: now,
  };
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.insert(customsRates).values(values).returning({ id: customsRates.id });
    await audit(tx, {
      courierId,
      actor,
      action: 'customs_rate.added',
      entity: 'customs_rate',
      entityId: row?.id ?? 0,
      details: { ...input },
    });
    return { id: row?.id ?? 0 };
  });
}
