import { eq } from 'drizzle-orm';
import { type GatewaySettings, type GatewaySettingsInput, ONLINE_PAYMENT_MESSAGES } from '@courier/shared/schemas/online-payments';
import type { Db } from '../../db/client';
import { courierPaymentGateways } from '../../db/schema/online-payments';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { AuthUser } from '../../plugins/auth';

type Row = typeof courierPaymentGateways.$inferSelect;

/** What the settings screen may see: whether a key is stored, never the key. */
function toSettings(row: Row): GatewaySettings {
  return {
    provider: row.provider,
    account_number: row.accountNumber,
    api_key_set: row.apiKeyEncrypted.length > 0,
    environment: row.environment,
    fee_structure: row.feeStructure,
    status: row.status,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getGatewaySettings(db: Db, courierId: number): Promise<GatewaySettings | null> {
  const [row] = await db.select().from(courierPaymentGateways).where(eq(courierPaymentGateways.courierId, courierId));
  return row ? toSettings(row) : null;
}

/** The stored row with the key opened, for the gateway; null when none is active or it cannot be read. */
export async function activeGatewayCredentials(db: Db, secrets: SecretBox, courierId: number) {
  const [row] = await db.select().from(courierPaymentGateways).where(eq(courierPaymentGateways.courierId, courierId));
  if (row?.status !== 'active') return null;
  try {
    return { ...row, apiKey: secrets.open(row.apiKeyEncrypted) };
  } catch {
    // Sealed under another JWT_SECRET: the admin must enter the key again (as for SMTP, decision 004).
    return null;
  }
}

/** Saves the courier's WiPay account; an empty key keeps the stored one. Audited, never with the key. */
export async function saveGatewaySettings(options: {
  db: Db;
  secrets: SecretBox;
  actor: AuthUser;
  courierId: number;
  input: Required<GatewaySettingsInput>;
}): Promise<GatewaySettings> {
  const { db, secrets, actor, courierId, input } = options;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [existing] = await tx.select().from(courierPaymentGateways).where(eq(courierPaymentGateways.courierId, courierId)).for('update');
    const sealed = input.api_key !== '' ? secrets.seal(input.api_key) : existing?.apiKeyEncrypted;
    if (!sealed) {
      throw new AppError('bad_request', ONLINE_PAYMENT_MESSAGES.apiKeyRequired, { api_key: [ONLINE_PAYMENT_MESSAGES.apiKeyRequired] });
    }
    const values = {
      accountNumber: input.account_number,
      apiKeyEncrypted: sealed,
      environment: input.environment,
      feeStructure: input.fee_structure,
      status: input.status,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(courierPaymentGateways)
      .values({ courierId, ...values })
      .onConflictDoUpdate({ target: courierPaymentGateways.courierId, set: values })
      .returning();
    if (!row) throw new Error('Gateway settings upsert returned nothing');
    const { api_key: key, ...visible } = input;
    await audit(tx, {
      courierId,
      actor,
      action: 'payment_gateway.updated',
      entity: 'payment_gateway',
      entityId: courierId,
      details: {
        before: existing ? { ...toSettings(existing), updated_at: undefined, api_key_set: undefined } : null,
        after: visible,
        api_key_changed: key !== '',
      },
    });
    return toSettings(row);
  });
}
