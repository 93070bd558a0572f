import type { AuditAction } from '@courier/shared/schemas/audit';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/audit-log';
import type { AuthUser } from '../plugins/auth';

export interface AuditEntry {
  /** Whose data changed; null for platform-wide changes. */
  courierId: number | null;
  /** The signed-in caller, or null for the system (jobs, start-up). */
  actor: Pick<AuthUser, 'id' | 'kind' | 'impersonatorId'> | null;
  /** A verb in the past tense of the change, e.g. `shipping_rate.updated`: one with a label in the log. */
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  /** What changed; never secrets (passwords, tokens). */
  details?: Record<string, unknown>;
}

/**
 * Writes one audit log row. Pass the transaction of the change so the row is written if, and only
 * if, the change is. Impersonated sessions record the impersonator too.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  const details = entry.actor?.impersonatorId ? { ...entry.details, impersonatorId: entry.actor.impersonatorId } : entry.details;
  await db.insert(auditLog).values({
    courierId: entry.courierId,
    actorType: entry.actor ? entry.actor.kind : 'system',
    actorId: entry.actor?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: details ?? null,
  });
}
