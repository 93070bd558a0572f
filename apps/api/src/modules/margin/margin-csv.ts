import { formatDecimal } from '@courier/shared/format/money';
import { COST_KINDS, COST_KIND_LABELS, type MarginCsvName, type MarginReport, type TaxReport } from '@courier/shared/schemas/margin';
import { type CsvCell, toCsv } from '../../lib/csv';

// The margin and tax tables as CSV: the same rows and money (JMD, two decimals) as the screen.

const money = formatDecimal;

export function marginCsv(report: MarginReport, name: MarginCsvName): Promise<string> {
  let header: string[];
  let rows: CsvCell[][];
  switch (name) {
    case 'flights':
      header = [
        'Manifest',
        'Type',
        'Flight / vessel',
        'MAWB / BL',
        'Departure',
        'Parcels',
        'Billable lb',
        ...COST_KINDS.map((k) => `${COST_KIND_LABELS[k]} (JMD)`),
        'Costs (JMD)',
        'Revenue (JMD)',
        'Margin (JMD)',
      ];
      rows = report.flights.map((f) => [
        f.manifestNumber,
        f.type,
        f.flightOrVessel,
        f.mawbOrBl,
        f.departureDate,
        f.parcels,
        f.billableLb,
        ...COST_KINDS.map((k) => money(f.costsByKind[k])),
        money(f.costCents),
        money(f.revenueCents),
        money(f.marginCents),
      ]);
      break;
    case 'customers':
      header = ['Customer', 'Mailbox', 'Revenue (JMD)', 'Costs (JMD)', 'Margin (JMD)'];
      rows = report.customers.map((c) => [c.customer, c.mailboxNumber, money(c.revenueCents), money(c.costCents), money(c.marginCents)]);
      break;
    case 'months':
      header = ['Month', 'Revenue (JMD)', 'Costs (JMD)', 'Margin (JMD)'];
      rows = report.months.map((m) => [m.month.slice(0, 7), money(m.revenueCents), money(m.costCents), money(m.marginCents)]);
      break;
  }
  return toCsv(header, rows);
}

export function taxCsv(report: TaxReport): Promise<string> {
  return toCsv(
    ['Month', 'Invoices', 'GCT payable (JMD)', 'Duty collected (JMD)'],
    report.months.map((m) => [m.month.slice(0, 7), m.invoices, money(m.gctCents), money(m.dutyCents)]),
  );
}
