/**
 * A flight's or vessel's costs spread over its parcels by billable weight, to the cent: each parcel
 * gets the whole cents of its exact share, and the cents left over go one each to the parcels with
 * the largest remainders (ties to the earlier parcel), so the shares always add up to the total.
 */

export interface WeightedParcel {
  id: number;
  /** The billable weight in whole pounds; 0 takes no share. */
  weightLb: number;
}

/** Each parcel's share of `totalCents`, in the parcels' order; all zero when no parcel has weight. */
export function allocateByWeight(totalCents: number, parcels: readonly WeightedParcel[]): Array<{ id: number; cents: number }> {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError('The total must be whole cents, not below 0');
  const weights = parcels.map((p) => {
    if (!Number.isSafeInteger(p.weightLb) || p.weightLb < 0) throw new RangeError('A weight must be whole pounds, not below 0');
    return BigInt(p.weightLb);
  });
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (sum === 0n) return parcels.map((p) => ({ id: p.id, cents: 0 }));
  // Exact integer arithmetic: share = total × w / sum, its remainder kept to rank the leftovers.
  const total = BigInt(totalCents);
  const shares = weights.map((w, index) => ({ index, cents: (total * w) / sum, remainder: (total * w) % sum }));
  let left = total - shares.reduce((s, x) => s + x.cents, 0n);
  const ranked = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of ranked) {
    if (left === 0n) break;
    share.cents += 1n;
    left -= 1n;
  }
  return parcels.map((p, i) => ({ id: p.id, cents: Number(shares[i]?.cents ?? 0n) }));
}

/** An exchange rate as typed ("157.25" JMD per USD) in ten-thousandths (1572500); null when it is not one. */
export function rateUnits(rate: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{1,4}))?$/.exec(rate.trim());
  if (!match) return null;
  const units = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return units > 0 ? units : null;
}

/**
 * A cost line in JMD cents: JMD as it is, USD times the rate of its day, half a cent up. Exact:
 * integers only, no floating point.
 */
export function costInJmdCents(amountCents: number, currency: 'JMD' | 'USD', rate: string | null): number {
  if (currency === 'JMD') return amountCents;
  const units = rate === null ? null : rateUnits(rate);
  if (units === null) throw new RangeError('A USD cost needs its exchange rate');
  const scaled = BigInt(amountCents) * BigInt(units);
  return Number((scaled + 5_000n) / 10_000n);
}
