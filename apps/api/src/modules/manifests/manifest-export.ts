import { formatWeight } from '@courier/shared/format/weight';
import { and, eq, inArray } from 'drizzle-orm';
import type { ManifestDetail } from '@courier/shared/schemas/manifests';
import type { Db } from '../../db/client';
import { couriers } from '../../db/schema/couriers';
import { customers } from '../../db/schema/customers';
import { courierAddress } from '../../lib/pdf/letterhead';
import type { AuthUser } from '../../plugins/auth';
import { toCsv } from '../../lib/csv';
import { getManifest } from './manifest-queries.service';
import { writeXlsx } from './xlsx';
import { formatDecimal } from '@courier/shared/format/money';
import { billableWeight, freightFor } from '@courier/shared/domain/charges';
import { type CustomsBreakdown, customsFor } from '@courier/shared/domain/customs';
import { chargeableWeight } from '@courier/shared/domain/volumetric';
import { packages } from '../../db/schema/packages';
import { getCourierRates, volumetricRuleOf } from '../settings/index';

/**
 * The manifest as a Jamaican customs broker needs it: per package the consignee's name,
 * TRN, address and parish, the description, pieces, weight and declared value in USD, whether it
 * is held and why; and the courier (the importer of record) by name and address; and the customs
 * entry billing computes (tariff class, freight, CIF, each part). CSV, Excel and the PDF carry the
 * same table.
 */

export const EXPORT_HEADER = [
  'manifest',
  'package_number',
  'tracking_number',
  'carrier',
  'mailbox',
  'consignee_name',
  'description',
  'merchant',
  'weight_lb',
  'length_in',
  'width_in',
  'height_in',
  'declared_value_usd',
  'status',
  'pieces',
  'consignee_trn',
  'consignee_address',
  'consignee_parish',
  'hold',
  'courier_name',
  'courier_address',
  // The customs entry as billing computes it (JMD): the broker checks each part against the assessment.
  'tariff_class',
  'freight_jmd',
  'cif_jmd',
  'import_duty_jmd',
  'scf_jmd',
  'environmental_levy_jmd',
  'import_gct_jmd',
  'caf_jmd',
  'stamp_duty_jmd',
  'customs_total_jmd',
];
export const CUSTOMS_COLUMNS = ['import_duty', 'scf', 'environmental_levy', 'import_gct', 'caf', 'stamp_duty'] as const;
/** Columns written as numbers in the workbook, so a spreadsheet can total them. */
const NUMERIC = new Set([
  'weight_lb',
  'length_in',
  'width_in',
  'height_in',
  'declared_value_usd',
  'pieces',
  'freight_jmd',
  'cif_jmd',
  ...CUSTOMS_COLUMNS.map((c) => `${c}_jmd`),
  'customs_total_jmd',
]);

export interface ConsigneeDetails {
  trn: string | null;
  address: string | null;
  parish: string | null;
}

export interface BrokerManifest {
  manifest: ManifestDetail;
  courier: { name: string; address: string };
  consignees: Map<number, ConsigneeDetails>;
  /** Each package's customs entry (JMD), as its invoice computes it. */
  entries: Map<number, CustomsBreakdown & { freightCents: number }>;
  rows: Array<Array<string | number | null>>;
}

export async function brokerManifest(db: Db, user: AuthUser, id: number): Promise<BrokerManifest> {
  const m = await getManifest(db, user, id);
  const [courier] = await db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, m.courierId));
  const { address } = await courierAddress(db, m.courierId, m.branchId);
  const customerIds = [...new Set(m.packages.map((p) => p.customerId).filter((c): c is number => c !== null))];
  const consigneeRows =
    customerIds.length === 0
      ? []
      : await db
          .select({ id: customers.id, trn: customers.trn, address: customers.address, parish: customers.parish })
          .from(customers)
          .where(and(eq(customers.courierId, m.courierId), inArray(customers.id, customerIds)));
  const consignees = new Map(consigneeRows.map((c) => [c.id, { trn: c.trn, address: c.address, parish: c.parish }]));
  const courierName = courier?.name ?? '';
  const entries = await customsEntries(db, m);
  const rows = m.packages.map((p) => {
    const c = p.customerId === null ? undefined : consignees.get(p.customerId);
    const entry = entries.get(p.id);
    return [
      m.manifestNumber,
      p.packageNumber,
      p.trackingNumber,
      p.carrier,
      p.mailboxNumber,
      p.customerName,
      p.description,
      p.merchant,
      formatWeight(p.weightLb),
      p.lengthIn,
      p.widthIn,
      p.heightIn,
      p.declaredValueUsdCents === null ? null : formatDecimal(p.declaredValueUsdCents),
      p.status,
      1,
      c?.trn ?? null,
      c?.address ?? null,
      c?.parish ?? null,
      p.status === 'on_hold' ? (p.holdReason ?? 'On hold') : null,
      courierName,
      address,
      entry?.tariffClass ?? 'general',
      entry ? formatDecimal(entry.freightCents) : null,
      entry ? formatDecimal(entry.cifJmdCents) : null,
      ...CUSTOMS_COLUMNS.map((part) => formatDecimal(entry?.parts.find((x) => x.part === part)?.cents ?? 0)),
      formatDecimal(entry?.totalCents ?? 0),
    ];
  });
  return { manifest: m, courier: { name: courierName, address }, consignees, entries, rows };
}

export async function manifestCsv(db: Db, user: AuthUser, id: number): Promise<{ name: string; csv: string }> {
  const { manifest, rows } = await brokerManifest(db, user, id);
  return { name: `${manifest.manifestNumber}.csv`, csv: await toCsv(EXPORT_HEADER, rows) };
}

export async function manifestXlsx(db: Db, user: AuthUser, id: number): Promise<{ name: string; xlsx: Buffer }> {
  const { manifest, rows } = await brokerManifest(db, user, id);
  const cells = rows.map((r) =>
    r.map((v, i) => (NUMERIC.has(EXPORT_HEADER[i] ?? '') && v !== null && v !== undefined && v !== '' ? Number(v) : (v ?? null))),
  );
  return { name: `${manifest.manifestNumber}.xlsx`, xlsx: await writeXlsx(manifest.manifestNumber, EXPORT_HEADER, cells) };
}

/** Each package's customs entry as its invoice computes it: freight on the weight billed, CIF, the parts. */
async function customsEntries(db: Db, m: ManifestDetail) {
  const ids = m.packages.map((p) => p.id);
  const result = new Map<number, CustomsBreakdown & { freightCents: number }>();
  if (ids.length === 0) return result;
  const rates = await getCourierRates(db, m.courierId);
  const rule = await volumetricRuleOf(db, m.courierId);
  const rows = await db
    .select({ id: packages.id, tariffClass: packages.tariffClass, mode: packages.mode })
    .from(packages)
    .where(and(eq(packages.courierId, m.courierId), inArray(packages.id, ids)));
  for (const p of m.packages) {
    const row = rows.find((r) => r.id === p.id);
    if (!row || !(p.weightLb > 0)) continue;
    const weight = chargeableWeight(
      { weightLb: p.weightLb, lengthIn: p.lengthIn, widthIn: p.widthIn, heightIn: p.heightIn, mode: row.mode },
      rule,
    );
    const freightCents = freightFor(billableWeight(weight.chargedLb), rates.rates, rates.additionalPoundCents);
    const entry = customsFor(
      {
        fobUsdCents: p.declaredValueUsdCents ?? 0,
        freightJmdCents: freightCents,
        tariffClass: row.tariffClass,
        exchangeRateJmdPerUsd: rates.exchangeRateJmdPerUsd,
      },
      rates.customsRates,
    );
    result.set(p.id, { ...entry, freightCents });
  }
  return result;
}
