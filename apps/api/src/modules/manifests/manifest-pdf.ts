import { type CustomsPart, TARIFF_CLASS_LABELS } from '@courier/shared/domain/customs';
import { formatCalendarDay } from '@courier/shared/domain/datetime';
import { formatAmount, formatUsd } from '@courier/shared/format/money';
import { formatWeight } from '@courier/shared/format/weight';
import { type Column, drawHeader, drawLines, drawSection, drawTable, drawTotals, pageOptions } from '../../lib/pdf/layout';
import type { Letterhead } from '../../lib/pdf/letterhead';
import { renderPdf } from '../../lib/pdf/render';
import { type BrokerManifest, CUSTOMS_COLUMNS } from './manifest-export';

/** The customs parts' column titles, short enough for one landscape row. */
const CUSTOMS_SHORT: Record<CustomsPart, string> = {
  import_duty: 'Duty',
  scf: 'SCF',
  environmental_levy: 'Env. levy',
  import_gct: 'GCT',
  caf: 'CAF',
  stamp_duty: 'Stamp duty',
  de_minimis: 'De minimis',
};

const COLUMNS = [
  { header: '#', width: 20 },
  { header: 'Package', width: 60 },
  { header: 'Tracking', width: 108 },
  { header: 'Consignee', width: 92 },
  { header: 'TRN', width: 56 },
  { header: 'Address' },
  { header: 'Parish', width: 58 },
  { header: 'Description', width: 96 },
  { header: 'Pcs', width: 24, align: 'right' },
  { header: 'Lb', width: 38, align: 'right' },
  { header: 'USD', width: 52, align: 'right' },
  { header: 'Hold', width: 34 },
] as const;

/**
 * The printable manifest for the customs broker, landscape on the courier's paper: the courier's
 * letterhead (the manifest's branch's address), transport details, one row per package with the
 * consignee's name, TRN, address and parish, description, pieces, weight and declared value (USD),
 * held packages flagged; then the totals. A long name or tracking number wraps inside its row.
 */
export function manifestPdf({ manifest: m, consignees, entries }: BrokerManifest, lh: Letterhead): Promise<Buffer> {
  const air = m.type === 'AIR';
  return renderPdf(
    (doc) => {
      drawHeader(doc, lh, {
        title: `${m.type} Manifest ${m.manifestNumber}`,
        lines: [
          `${air ? 'MAWB' : 'Bill of lading'}: ${m.mawbOrBl ?? '-'}    ${air ? 'Flight' : 'Vessel'}: ${m.flightOrVessel ?? '-'}`,
          `Departure: ${m.departureDate ? formatCalendarDay(m.departureDate) : '-'}    Arrival: ${m.arrivalDate ? formatCalendarDay(m.arrivalDate) : '-'}`,
          `Status: ${m.status}`,
        ],
      });
      drawTable(
        doc,
        lh,
        [...COLUMNS],
        m.packages.map((p, i) => {
          const c = p.customerId === null ? undefined : consignees.get(p.customerId);
          return {
            cells: [
              String(i + 1),
              p.packageNumber,
              p.trackingNumber,
              p.customerName ? `${p.customerName} (${p.mailboxNumber})` : '',
              c?.trn ?? '',
              c?.address ?? '',
              c?.parish ?? '',
              p.description ?? '',
              '1',
              formatWeight(p.weightLb),
              p.declaredValueUsdCents === null ? '' : formatAmount(p.declaredValueUsdCents),
              p.status === 'on_hold' ? 'HELD' : '',
            ],
          };
        }),
        { fontSize: 7.5, empty: 'No packages on this manifest yet.' },
      );
      const value = m.packages.reduce((s, p) => s + (p.declaredValueUsdCents ?? 0), 0);
      drawTotals(doc, lh, [
        { label: 'Total pieces', amount: String(m.pieces) },
        { label: 'Total weight', amount: `${formatWeight(m.weightLb)} lb` },
        { label: 'Declared value', amount: formatUsd(value), strong: true },
      ]);
      const held = m.packages.filter((p) => p.status === 'on_hold');
      if (held.length > 0)
        drawLines(
          doc,
          held.map((p) => `HELD ${p.packageNumber}: ${p.holdReason ?? 'on hold'}`),
          8.5,
        );
      // The broker's breakdown: each package's entry as billing computes it, part by part, in JMD.
      drawSection(doc, 'Customs entries (JMD, on CIF: item cost, insurance and freight)');
      const money = (header: string): Column => ({ header, width: 56, align: 'right' });
      const sum = new Map<string, number>();
      const add = (k: string, cents: number) => {
        sum.set(k, (sum.get(k) ?? 0) + cents);
        return formatAmount(cents);
      };
      const rows = m.packages.map((p, i) => {
        const e = entries.get(p.id);
        const part = (k: CustomsPart) => add(k, e?.parts.find((x) => x.part === k)?.cents ?? 0);
        return {
          cells: [
            String(i + 1),
            p.packageNumber,
            TARIFF_CLASS_LABELS[e?.tariffClass ?? 'general'],
            add('freight', e?.freightCents ?? 0),
            add('cif', e?.cifJmdCents ?? 0),
            ...CUSTOMS_COLUMNS.map(part),
            add('total', e?.totalCents ?? 0),
          ],
        };
      });
      const keys = ['freight', 'cif', ...CUSTOMS_COLUMNS, 'total'];
      drawTable(
        doc,
        lh,
        [
          { header: '#', width: 20 },
          { header: 'Package', width: 64 },
          { header: 'Tariff class' },
          money('Freight'),
          money('CIF'),
          ...CUSTOMS_COLUMNS.map((k) => money(CUSTOMS_SHORT[k])),
          money('Total'),
        ],
        [...rows, { cells: ['', 'Total', '', ...keys.map((k) => formatAmount(sum.get(k) ?? 0))], strong: true }],
        { fontSize: 7.5, empty: 'No packages on this manifest yet.' },
      );
      const dutyFree = m.packages.filter((p) => entries.get(p.id)?.deMinimis);
      if (dutyFree.length > 0)
        drawLines(doc, [`Duty-free (value under the de minimis): ${dutyFree.map((p) => p.packageNumber).join(', ')}`], 8.5);
    },
    pageOptions(lh, `Manifest ${m.manifestNumber}`, { layout: 'landscape', margin: 30 }),
  );
}
