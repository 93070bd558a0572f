import type { emailOutbox } from '../../db/schema/email';

/** Mail is sent in one lane per courier; mail of the platform itself (no courier) has its own. */
export const PLATFORM_LANE = 'platform';
export type CourierLane = number | typeof PLATFORM_LANE;
export type OutboxRow = typeof emailOutbox.$inferSelect;

export function laneOf(mail: { courierId: number | null }): CourierLane {
  return mail.courierId ?? PLATFORM_LANE;
}

/** Claimed mail grouped by lane, each group in claim (id) order. */
export function byLane(mails: OutboxRow[]): Map<CourierLane, OutboxRow[]> {
  const lanes = new Map<CourierLane, OutboxRow[]>();
  for (const mail of mails) {
    const lane = laneOf(mail);
    lanes.set(lane, [...(lanes.get(lane) ?? []), mail]);
  }
  return lanes;
}
