import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CARRIERS, CARRIER_LABELS } from '@courier/shared/constants/packages';
import { shopQuoteTotals } from '@courier/shared/domain/shop-for-me';
import { formatDecimal, formatUsd, parseCents } from '@courier/shared/format/money';
import { SERVICE_MESSAGES, type ShopPurchaseInput, type ShopRequestDto, shopPurchaseSchema } from '@courier/shared/schemas/services';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useQuoteShopRequest, useRecordShopPurchase, useServiceFees } from '../api/forwarding';

const dollars = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount like 12.50');
/** A price field as it stands while typing, through the one money parser: blank or half-typed counts as 0. */
const toCents = (v: string) => parseCents(v) ?? 0;

const quoteFormSchema = z.object({
  items: z
    .array(
      z.object({
        description: z.string().trim().min(1, 'Please describe the item').max(500),
        url: z.string().trim().max(2000),
        quantity: z.coerce.number<string>().int().min(1, 'At least 1').max(999),
        unitPrice: dollars,
      }),
    )
    .min(1, SERVICE_MESSAGES.quoteItemsRequired),
  salesTax: dollars,
  usShipping: dollars,
  note: z.string().trim().max(1000),
});
type QuoteInput = z.input<typeof quoteFormSchema>;
type QuoteValues = z.output<typeof quoteFormSchema>;

/** Staff price the request; the fee and total show as they type (the server computes them again). */
export function ShopQuoteForm({ request, onDone }: { request: ShopRequestDto; onDone?: () => void }) {
  const fees = useServiceFees();
  const form = useForm<QuoteInput, unknown, QuoteValues>({
    resolver: zodResolver(quoteFormSchema),
    defaultValues: {
      items: request.items.map((i) => ({
        description: i.itemDescription,
        url: i.itemUrl,
        quantity: String(i.quantity),
        unitPrice: i.estimatedPriceUsdCents === null ? '' : formatDecimal(i.estimatedPriceUsdCents),
      })),
      salesTax: '0.00',
      usShipping: '0.00',
      note: '',
    },
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const quote = useQuoteShopRequest();
  const watched = form.watch();
  const preview = fees.data
    ? shopQuoteTotals(
        (watched.items ?? []).map((i) => ({ quantity: Number(i.quantity) || 0, unitPriceUsdCents: toCents(i.unitPrice) })),
        { salesTaxUsdCents: toCents(watched.salesTax), usShippingUsdCents: toCents(watched.usShipping) },
        { fee: fees.data.shopFee, gctBps: fees.data.shopFeeGctBps },
      )
    : null;
  const submit = form.handleSubmit(async (v) => {
    try {
      await quote.mutateAsync({
        id: request.id,
        items: v.items.map((i) => ({
          description: i.description,
          url: i.url,
          quantity: i.quantity,
          unitPriceUsdCents: toCents(i.unitPrice),
        })),
        salesTaxUsdCents: toCents(v.salesTax),
        usShippingUsdCents: toCents(v.usShipping),
        note: v.note,
      });
      toast.success(SERVICE_MESSAGES.quoted);
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not send the quote'));
    }
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Quote" noValidate>
      {items.fields.map((f, i) => (
        <div key={f.id} className="grid grid-cols-6 items-end gap-2">
          <Field label="Item" className="col-span-6 sm:col-span-3" error={errors.items?.[i]?.description?.message}>
            <Input {...form.register(`items.${i}.description`)} />
          </Field>
          <Field label="Qty" className="col-span-2 sm:col-span-1" error={errors.items?.[i]?.quantity?.message}>
            <Input inputMode="numeric" {...form.register(`items.${i}.quantity`)} />
          </Field>
          <Field label="Unit price (USD)" className="col-span-3 sm:col-span-1" error={errors.items?.[i]?.unitPrice?.message}>
            <Input inputMode="decimal" {...form.register(`items.${i}.unitPrice`)} />
          </Field>
          <Button
            type="button"
            variant="ghost"
            className="col-span-1"
            aria-label={`Remove item ${i + 1}`}
            disabled={items.fields.length === 1}
            onClick={() => items.remove(i)}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() => items.append({ description: '', url: '', quantity: '1', unitPrice: '' })}
      >
        <Plus className="h-4 w-4" aria-hidden="true" /> Add item
      </Button>
      <div className="grid grid-cols-2 gap-3">
        <Field label="US sales tax (USD)" error={errors.salesTax?.message}>
          <Input inputMode="decimal" {...form.register('salesTax')} />
        </Field>
        <Field label="US shipping (USD)" error={errors.usShipping?.message}>
          <Input inputMode="decimal" {...form.register('usShipping')} />
        </Field>
      </div>
      <Field label="Note to the customer (optional)" error={errors.note?.message}>
        <Textarea rows={2} {...form.register('note')} />
      </Field>
      {preview && (
        <p className="rounded-lg bg-slate-50 p-2 text-sm text-slate-700" data-testid="quote-preview">
          Items {formatUsd(preview.itemsUsdCents)} · service fee {formatUsd(preview.serviceFeeUsdCents)}
          {preview.serviceFeeGctUsdCents > 0 ? ` · GCT ${formatUsd(preview.serviceFeeGctUsdCents)}` : ''} · total{' '}
          <strong>{formatUsd(preview.totalUsdCents)}</strong>
        </p>
      )}
      <Button type="submit" busy={quote.isPending}>
        Send quote
      </Button>
    </form>
  );
}

/** What the clerk types ("89.99" per order) to what the API takes (cents, checked by the shared schema). */
const purchaseFormSchema = z
  .object({
    orders: z.array(
      z.object({
        merchant: z.string(),
        orderNumber: z.string(),
        trackingNumber: z.string(),
        carrier: z.enum(CARRIERS),
        itemCost: dollars.or(z.literal('')),
      }),
    ),
  })
  .transform(
    ({ orders }): ShopPurchaseInput => ({
      orders: orders.map(({ itemCost, ...o }) => ({ ...o, itemCostUsdCents: itemCost === '' ? null : toCents(itemCost) })),
    }),
  )
  .pipe(shopPurchaseSchema);
type PurchaseInput = z.input<typeof purchaseFormSchema>;
type PurchaseValues = z.output<typeof purchaseFormSchema>;

/** The shared schema's word on an order's cost, reported under the API's field name. */
function itemCostError(errors: FieldErrors<PurchaseInput>, i: number): string | undefined {
  const order = errors.orders?.[i] as Record<string, { message?: string } | undefined> | undefined;
  return order?.itemCostUsdCents?.message;
}

/** What staff bought: each merchant order and its tracking number, expected at the warehouse. */
export function ShopPurchaseForm({ request, onDone }: { request: ShopRequestDto; onDone?: () => void }) {
  const blank = { merchant: '', orderNumber: '', trackingNumber: '', carrier: 'OTHER' as const, itemCost: '' };
  const form = useForm<PurchaseInput, unknown, PurchaseValues>({
    resolver: zodResolver(purchaseFormSchema),
    defaultValues: { orders: [blank] },
  });
  const orders = useFieldArray({ control: form.control, name: 'orders' });
  const record = useRecordShopPurchase();
  const submit = form.handleSubmit(async (v) => {
    try {
      await record.mutateAsync({ id: request.id, ...v });
      toast.success(SERVICE_MESSAGES.purchased);
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not record the purchase'));
    }
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Record the purchase" noValidate>
      {orders.fields.map((f, i) => (
        <fieldset key={f.id} className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-2">
          <legend className="px-1 text-xs text-slate-600">Order {i + 1}</legend>
          <Field label="Merchant" error={errors.orders?.[i]?.merchant?.message}>
            <Input {...form.register(`orders.${i}.merchant`)} />
          </Field>
          <Field label="Merchant order number" error={errors.orders?.[i]?.orderNumber?.message}>
            <Input {...form.register(`orders.${i}.orderNumber`)} />
          </Field>
          <Field label="Tracking number" error={errors.orders?.[i]?.trackingNumber?.message}>
            <Input autoComplete="off" {...form.register(`orders.${i}.trackingNumber`)} />
          </Field>
          <Field
            label="Item cost (US$)"
            hint={orders.fields.length > 1 ? 'What this order cost' : 'Leave empty for the quoted items'}
            error={errors.orders?.[i]?.itemCost?.message ?? itemCostError(errors, i)}
          >
            <Input inputMode="decimal" autoComplete="off" {...form.register(`orders.${i}.itemCost`)} />
          </Field>
          <Field label="Carrier">
            <Select {...form.register(`orders.${i}.carrier`)}>
              {CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {CARRIER_LABELS[c]}
                </option>
              ))}
            </Select>
          </Field>
          {orders.fields.length > 1 && (
            <Button type="button" variant="ghost" size="sm" onClick={() => orders.remove(i)}>
              Remove order {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => orders.append(blank)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add order
        </Button>
        <Button type="submit" busy={record.isPending}>
          Record purchase
        </Button>
      </div>
    </form>
  );
}
