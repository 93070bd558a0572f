import { feeSourceLabel } from '@courier/shared/domain/fees';
import { formatJmd } from '@courier/shared/format/money';
import { FileDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { PAYMENT_METHOD_LABELS } from '@courier/shared/constants/billing';
import { PACKAGE_STATUS_LABELS, type PackageStatus } from '@courier/shared/constants/packages';
import type { InvoiceDetail } from '@courier/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { openFile } from '@/lib/download';

import { useDateFormat } from '@/lib/format-date';
import { StatusBadge } from '@/components/ui/status-badge';
import { TestBadge } from '@/components/ui/test-badge';

export function PdfButton({ invoiceNo, courierId }: { invoiceNo: string; courierId?: number }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await openFile(`/invoices/${encodeURIComponent(invoiceNo)}/pdf`, { courierId });
        } catch (error) {
          toast.error(errorMessage(error, 'Could not open the PDF'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FileDown className="size-4" aria-hidden /> Download PDF
    </Button>
  );
}

export function InvoicePackages({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Packages on this invoice">
      {invoice.packages.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <span>
            <span className="font-medium">{p.packageNumber}</span> <span className="text-slate-500">{p.trackingNumber}</span>
            {p.description && <span className="block text-slate-600">{p.description}</span>}
          </span>
          <span className="text-slate-600">
            {p.weightLb} lb · {PACKAGE_STATUS_LABELS[p.status as PackageStatus] ?? p.status}
          </span>
        </li>
      ))}
    </ul>
  );
}

interface InvoiceViewProps {
  invoice: InvoiceDetail;
  courierId?: number;
  /** h1 where the invoice is the page (the customer's), h2 inside a staff panel. */
  heading?: 'h1' | 'h2';
  /** Beside the balance due: the way to pay it (the customer's Pay now). */
  pay?: ReactNode;
  /** Under the total, folded: other ways to settle the balance (account credit, a coupon). */
  afterTotal?: ReactNode;
}

/** An invoice as the customer and staff read it: charges, packages, payments, balance, bank details. */
export function InvoiceView({ invoice, courierId, heading = 'h2', pay, afterTotal }: InvoiceViewProps) {
  const dates = useDateFormat();
  // Its sections' headings sit one level under its title.
  const Sub = heading === 'h1' ? 'h2' : 'h3';
  const title = (
    <>
      Invoice {invoice.invoiceNo}{' '}
      <span data-testid="invoice-status" className="align-middle text-sm font-normal">
        <StatusBadge kind="invoice" status={invoice.status} />
      </span>
    </>
  );
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="flex flex-wrap items-center justify-between gap-3">
          <div>
            {heading === 'h1' ? <h1 className="text-2xl font-semibold text-slate-900">{title}</h1> : <CardTitle>{title}</CardTitle>}
            <p className="mt-1 text-sm text-slate-600">
              {invoice.customerName} ({invoice.mailboxNumber}) · issued {dates.date(invoice.issuedAt, invoice.timeZone)}
              {invoice.branchName ? ` · pickup at ${invoice.branchName}` : ''}
            </p>
            {invoice.status === 'void' && (
              <p className="mt-1 text-sm text-red-700">
                Void{invoice.voidReason ? `: ${invoice.voidReason}` : ''}
                {invoice.replacedByInvoiceNo ? ` · replaced by ${invoice.replacedByInvoiceNo}` : ''}
              </p>
            )}
            {invoice.replacesInvoiceNo && <p className="mt-1 text-sm text-slate-600">Replaces {invoice.replacesInvoiceNo}</p>}
            {invoice.collectedAt && (
              <p className="mt-1 text-sm text-green-700">
                Collected by {invoice.collectorName}
                {invoice.collectorId ? ` (authorised, ${invoice.collectorId} checked)` : ''} on{' '}
                {dates.date(invoice.collectedAt, invoice.timeZone)}
              </p>
            )}
          </div>
          <PdfButton invoiceNo={invoice.invoiceNo} courierId={courierId} />
        </CardHeader>
        <CardContent className="space-y-4">
          {/* What is left to pay is the figure the reader came for: large, with the way to pay it beside it, before the lines. */}
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-slate-50 px-4 py-3">
            <dl>
              <dt className="text-sm font-medium text-slate-600">Balance due</dt>
              <dd
                className="whitespace-nowrap text-2xl font-semibold tabular-nums text-slate-900 sm:text-3xl"
                data-testid="invoice-balance"
              >
                {formatJmd(invoice.balanceCents)}
              </dd>
            </dl>
            {pay}
          </div>
          <table className="w-full text-sm">
            <caption className="sr-only">Charges</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-500">
                <th className="py-2 font-medium">Charge</th>
                <th className="py-2 text-right font-medium">Amount</th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an invoice keep their printed order
                <tr key={`${l.kind}-${i}`} className="border-b border-slate-100">
                  <td className="py-2 pr-2">
                    {l.description}
                    {/* Each line names the fee that made it. */}
                    {l.fee && <span className="block text-xs text-slate-500">{feeSourceLabel(l.fee)}</span>}
                  </td>
                  <td className="whitespace-nowrap py-2 text-right tabular-nums">{formatJmd(l.amountCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th className="py-2 text-left">Total</th>
                <td className="whitespace-nowrap py-2 text-right font-semibold tabular-nums">{formatJmd(invoice.totalCents)}</td>
              </tr>
              {invoice.creditNotes.map((c) => (
                <tr key={c.creditNoteNo}>
                  <th className="py-1 text-left font-normal">
                    Credit note {c.creditNoteNo} <span className="text-slate-500">(refund of {c.receiptNo})</span>
                  </th>
                  <td className="whitespace-nowrap py-1 text-right tabular-nums">−{formatJmd(c.amountCents)}</td>
                </tr>
              ))}
              {invoice.creditedCents > 0 && (
                <tr>
                  <th className="py-1 text-left">Total after credit notes</th>
                  <td className="whitespace-nowrap py-1 text-right font-semibold tabular-nums" data-testid="invoice-net-total">
                    {formatJmd(invoice.totalCents - invoice.creditedCents)}
                  </td>
                </tr>
              )}
              <tr>
                <th className="py-1 text-left font-normal">Paid</th>
                <td className="whitespace-nowrap py-1 text-right tabular-nums">{formatJmd(invoice.paidCents)}</td>
              </tr>
              {invoice.creditedCents > 0 && (
                <tr>
                  <th className="py-1 text-left font-normal">Refunded</th>
                  <td className="whitespace-nowrap py-1 text-right tabular-nums">−{formatJmd(invoice.creditedCents)}</td>
                </tr>
              )}
              <tr>
                <th className="py-1 text-left">Balance due</th>
                <td className="whitespace-nowrap py-1 text-right font-semibold tabular-nums">{formatJmd(invoice.balanceCents)}</td>
              </tr>
            </tfoot>
          </table>
          {afterTotal}
          <div>
            <Sub className="mb-2 text-sm font-semibold text-slate-900">Packages</Sub>
            <InvoicePackages invoice={invoice} />
          </div>
          {invoice.customsHistory.length > 0 && (
            <div>
              <Sub className="mb-2 text-sm font-semibold text-slate-900">Customs history</Sub>
              <ul className="space-y-1 text-sm text-slate-700" data-testid="customs-history">
                {invoice.customsHistory.map((h) => (
                  <li key={`${h.packageId}-${h.at}`}>
                    {h.packageNumber}: computed {formatJmd(h.computedCents)} →{' '}
                    {h.assessedCents === null ? 'back to computed' : `assessed ${formatJmd(h.assessedCents)}`} · total{' '}
                    {formatJmd(h.totalBeforeCents)} → {formatJmd(h.totalAfterCents)}
                    {h.byName ? ` · ${h.byName}` : ''} · {dates.date(h.at, invoice.timeZone)}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Payments</CardTitle>
        </CardHeader>
        <CardContent>
          {invoice.payments.length === 0 ? (
            <p className="text-sm text-slate-600">No payments yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {invoice.payments.map((p) => (
                <li key={p.receiptNo} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    {dates.date(p.paidAt, invoice.timeZone)} · {p.receiptNo} · {PAYMENT_METHOD_LABELS[p.method]}
                    {p.reference ? ` (${p.reference})` : ''}
                    {p.test && (
                      <>
                        {' '}
                        <TestBadge />
                      </>
                    )}
                  </span>
                  <span className="tabular-nums">{formatJmd(p.amountCents)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {invoice.bankDetails.length > 0 && invoice.status !== 'void' && (
        <Card>
          <CardHeader>
            <CardTitle>Bank transfer details</CardTitle>
          </CardHeader>
          <CardContent>
            <address className="text-sm not-italic text-slate-700">
              {invoice.bankDetails.map((line, i) => (
                // Lines may repeat (e.g. two blank-looking labels); their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: static list of lines
                <span key={i} className="block">
                  {line}
                </span>
              ))}
              <span className="mt-2 block">Reference: {invoice.invoiceNo}</span>
            </address>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
