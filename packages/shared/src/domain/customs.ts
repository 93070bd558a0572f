import type { ProductCategory } from '../constants/rates';
import { formatAmount, formatDecimal } from '../format/money';
import { percentOfBps } from './fees';

/**
 * A Jamaican customs entry for one parcel, the way the Jamaica Customs Agency computes it: on the
 * CIF value (cost + insurance + freight, in JMD) import duty by tariff class, the standard
 * compliance fee and the environmental levy, GCT on CIF + duty + those two, the customs
 * administrative fee and stamp duty. Personal parcels up to the de minimis (FOB, USD) pay none of
 * it. The rates are dated data a courier reviews (its `customs_rates`), each naming its source.
 * Every amount is integer cents; each part is rounded half-up once.
 */

export const TARIFF_CLASSES = [
  'general',
  'clothing_footwear',
  'electronics',
  'mobile_phones',
  'computers',
  'books',
  'cosmetics',
  'auto_parts',
] as const;
export type TariffClass = (typeof TARIFF_CLASSES)[number];

export const TARIFF_CLASS_LABELS: Record<TariffClass, string> = {
  general: 'General merchandise',
  clothing_footwear: 'Clothing and footwear',
  electronics: 'Electronics',
  mobile_phones: 'Mobile phones',
  computers: 'Computers and laptops',
  books: 'Books',
  cosmetics: 'Cosmetics and perfume',
  auto_parts: 'Auto parts',
};

/** The calculator's item categories, by the tariff class their duty goes by. */
export const TARIFF_CLASS_OF_CATEGORY: Record<ProductCategory, TariffClass> = {
  watch: 'general',
  computer_laptop: 'computers',
  cellphone: 'mobile_phones',
  car_parts: 'auto_parts',
  clothing: 'clothing_footwear',
  documents: 'books',
  books: 'books',
  electronics_small: 'electronics',
  shoes: 'clothing_footwear',
  other: 'general',
};

export const CUSTOMS_PARTS = ['import_duty', 'scf', 'environmental_levy', 'import_gct', 'caf', 'stamp_duty', 'de_minimis'] as const;
export type CustomsPart = (typeof CUSTOMS_PARTS)[number];

export const CUSTOMS_PART_LABELS: Record<CustomsPart, string> = {
  import_duty: 'Import duty',
  scf: 'Standard compliance fee (SCF)',
  environmental_levy: 'Environmental levy',
  import_gct: 'GCT on import',
  caf: 'Customs administrative fee (CAF)',
  stamp_duty: 'Stamp duty',
  de_minimis: 'Duty-free up to (FOB)',
};

/**
 * One dated customs rate. Percentages in basis points of the CIF value (GCT: of CIF + duty + SCF +
 * levy); `amountCents` a flat JMD amount (CAF, stamp duty); `thresholdCents` the stamp duty's CIF
 * floor (JMD) or the de minimis (USD, FOB). Duty and GCT may be per tariff class; a row without a
 * class is the rate of every class that has none of its own.
 */
export interface CustomsRate {
  part: CustomsPart;
  tariffClass: TariffClass | null;
  percentBps: number;
  amountCents: number;
  thresholdCents: number;
  effectiveFrom: string;
  source: string;
  /** When the rate was written: an invoice only sees rates written before it was issued. */
  createdAt: string;
}

/** The rate of each part (and class) in force on a day, among those written by `asOf`. */
export function customsRatesInForce(rates: CustomsRate[], day: string, asOf?: string): CustomsRate[] {
  const byKey = new Map<string, CustomsRate>();
  for (const r of rates) {
    if (r.effectiveFrom > day) continue;
    if (asOf !== undefined && r.createdAt > asOf) continue;
    const key = `${r.part}:${r.tariffClass ?? ''}`;
    const current = byKey.get(key);
    if (
      !current ||
      r.effectiveFrom > current.effectiveFrom ||
      (r.effectiveFrom === current.effectiveFrom && r.createdAt >= current.createdAt)
    )
      byKey.set(key, r);
  }
  return [...byKey.values()];
}

function rateFor(inForce: CustomsRate[], part: CustomsPart, tariffClass: TariffClass): CustomsRate | undefined {
  return (
    inForce.find((r) => r.part === part && r.tariffClass === tariffClass) ?? inForce.find((r) => r.part === part && r.tariffClass === null)
  );
}

export interface CustomsSubject {
  /** What the goods cost (FOB), in US cents. */
  fobUsdCents: number;
  /** Freight to Jamaica and the insurance premium, in JMD cents (0 when not insured). */
  freightJmdCents: number;
  insuranceJmdCents?: number;
  tariffClass?: TariffClass;
  exchangeRateJmdPerUsd: number;
}

export interface CustomsPartLine {
  part: Exclude<CustomsPart, 'de_minimis'>;
  label: string;
  cents: number;
  /** How it was reached, for the invoice line: "20% of CIF 31,950.00". */
  basis: string;
}

export interface CustomsBreakdown {
  /** Within the de minimis: nothing is due. */
  deMinimis: boolean;
  fobJmdCents: number;
  cifJmdCents: number;
  tariffClass: TariffClass;
  parts: CustomsPartLine[];
  totalCents: number;
}

const pct = (bps: number) => `${formatDecimal(bps).replace(/\.?0+$/, '')}%`;

/**
 * The entry for one parcel. Over the de minimis the whole value is dutiable (not only the excess):
 * duty, SCF and levy on CIF; GCT on CIF + duty + SCF + levy; the CAF flat; stamp duty flat when
 * CIF is over its floor. With no rate for a part, that part is not charged.
 */
export function customsFor(subject: CustomsSubject, inForce: CustomsRate[]): CustomsBreakdown {
  const tariffClass = subject.tariffClass ?? 'general';
  const fob = Math.max(0, Math.round(subject.fobUsdCents));
  const fobJmdCents = Math.round(fob * subject.exchangeRateJmdPerUsd);
  const cifJmdCents = fobJmdCents + Math.max(0, subject.freightJmdCents) + Math.max(0, subject.insuranceJmdCents ?? 0);
  const deMinimis = rateFor(inForce, 'de_minimis', tariffClass);
  if (fob === 0 || (deMinimis && fob <= deMinimis.thresholdCents))
    return { deMinimis: true, fobJmdCents, cifJmdCents, tariffClass, parts: [], totalCents: 0 };

  const parts: CustomsPartLine[] = [];
  const cif = formatAmount(cifJmdCents);
  const onCif = (part: 'import_duty' | 'scf' | 'environmental_levy') => {
    const rate = rateFor(inForce, part, tariffClass);
    const cents = rate ? percentOfBps(cifJmdCents, rate.percentBps) : 0;
    parts.push({ part, label: CUSTOMS_PART_LABELS[part], cents, basis: `${pct(rate?.percentBps ?? 0)} of CIF ${cif}` });
    return cents;
  };
  const duty = onCif('import_duty');
  const scf = onCif('scf');
  const levy = onCif('environmental_levy');
  const gctRate = rateFor(inForce, 'import_gct', tariffClass);
  const gctBase = cifJmdCents + duty + scf + levy;
  parts.push({
    part: 'import_gct',
    label: CUSTOMS_PART_LABELS.import_gct,
    cents: gctRate ? percentOfBps(gctBase, gctRate.percentBps) : 0,
    basis: `${pct(gctRate?.percentBps ?? 0)} of ${formatAmount(gctBase)} (CIF, duty, SCF and levy)`,
  });
  const caf = rateFor(inForce, 'caf', tariffClass);
  parts.push({ part: 'caf', label: CUSTOMS_PART_LABELS.caf, cents: caf?.amountCents ?? 0, basis: 'flat per entry' });
  const stamp = rateFor(inForce, 'stamp_duty', tariffClass);
  const stampDue = stamp !== undefined && cifJmdCents > stamp.thresholdCents;
  parts.push({
    part: 'stamp_duty',
    label: CUSTOMS_PART_LABELS.stamp_duty,
    cents: stampDue ? stamp.amountCents : 0,
    basis: `flat when CIF is over ${formatAmount(stamp?.thresholdCents ?? 0)}`,
  });
  const charged = parts.filter((p) => p.cents > 0);
  return { deMinimis: false, fobJmdCents, cifJmdCents, tariffClass, parts: charged, totalCents: charged.reduce((s, p) => s + p.cents, 0) };
}

const JCA_DUTIES =
  'Jamaica Customs Agency, "Duties, Taxes and Fees on Imported Items Collected by Customs" (jacustoms.gov.jm): SCF 0.3% and environmental levy 0.5% of CIF; stamp duty J$100 on CIF over J$5,500';
const CET = 'Jamaica Customs Tariff (First Schedule, Customs Act; CARICOM Common External Tariff)';
const PHONES =
  'Jamaica Customs Agency via JIS, "Jamaica Customs Offers Clarity on the Importation of Mobile Phones" (8 Nov 2018): duty 20%, GCT 25%, levy 0.5%, SCF 0.3% on CIF';
const DE_MINIMIS =
  'Jamaica Customs Agency: personal items up to US$100 (value of the goods) free of duty and taxes from 1 April 2024, US$50 before (DHL Express notice; Loop Jamaica, 12 Apr 2024)';
const GCT = 'Tax Administration Jamaica: GCT standard rate 15% from 1 April 2020, 16.5% before';
const CAF =
  'Jamaica Customs Agency customs administrative fee on a courier (express) entry, J$2,500, as couriers publish it (e.g. aeolusshipping.com/customs)';

type DefaultRate = Omit<CustomsRate, 'createdAt'>;
const rate = (part: CustomsPart, tariffClass: TariffClass | null, v: Partial<DefaultRate> & { source: string }): DefaultRate => ({
  part,
  tariffClass,
  percentBps: 0,
  amountCents: 0,
  thresholdCents: 0,
  effectiveFrom: '2000-01-01',
  ...v,
});

/** Every courier's customs rates until it reviews them, each with its published source. */
export const DEFAULT_CUSTOMS_RATES: readonly DefaultRate[] = [
  rate('de_minimis', null, { thresholdCents: 5_000, source: DE_MINIMIS }),
  rate('de_minimis', null, { thresholdCents: 10_000, effectiveFrom: '2024-04-01', source: DE_MINIMIS }),
  rate('import_duty', null, { percentBps: 2000, source: `${CET}: most goods 20%` }),
  rate('import_duty', 'clothing_footwear', { percentBps: 2000, source: `${CET}: HS chapters 61-64, 20%` }),
  rate('import_duty', 'electronics', {
    percentBps: 1000,
    source: `${CET}: HS chapter 85 consumer electronics, 10% (check your broker's classification)`,
  }),
  rate('import_duty', 'mobile_phones', { percentBps: 2000, source: PHONES }),
  rate('import_duty', 'computers', { percentBps: 0, source: `${CET}: HS 8471 computers, 0%` }),
  rate('import_duty', 'books', { percentBps: 0, source: `${CET}: HS 4901 printed books, 0%` }),
  rate('import_duty', 'cosmetics', { percentBps: 2000, source: `${CET}: HS 3303-3304 perfume and cosmetics, 20%` }),
  rate('import_duty', 'auto_parts', { percentBps: 3000, source: `${CET}: HS 8708 motor vehicle parts, 30%` }),
  rate('scf', null, { percentBps: 30, source: JCA_DUTIES }),
  rate('environmental_levy', null, { percentBps: 50, source: JCA_DUTIES }),
  rate('import_gct', null, { percentBps: 1650, source: GCT }),
  rate('import_gct', null, { percentBps: 1500, effectiveFrom: '2020-04-01', source: GCT }),
  rate('import_gct', 'mobile_phones', { percentBps: 2500, source: PHONES }),
  rate('import_gct', 'books', { percentBps: 0, source: 'General Consumption Tax Act, Third Schedule: books are zero-rated' }),
  rate('caf', null, { amountCents: 250_000, source: CAF }),
  rate('stamp_duty', null, { amountCents: 10_000, thresholdCents: 550_000, source: JCA_DUTIES }),
];

/** The default rates as written "then" (each on its own first day), so an invoice of any day finds them. */
export const defaultCustomsRates = (): CustomsRate[] =>
  DEFAULT_CUSTOMS_RATES.map((r) => ({ ...r, createdAt: `${r.effectiveFrom}T00:00:00.000Z` }));
