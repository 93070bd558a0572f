import { parseCents } from '@courier/shared/format/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { PUBLIC_MESSAGES } from '@courier/shared/schemas/public';
import { SERVICE_MESSAGES, type ShopRequestDto } from '@courier/shared/schemas/services';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCreateShopRequest } from '../api/forwarding';

const dollars = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d+(\.\d{1,2})?$/.test(v), PUBLIC_MESSAGES.priceInvalid);
const formSchema = z.object({
  items: z
    .array(
      z.object({
        itemUrl: z.url({ error: PUBLIC_MESSAGES.itemUrlInvalid }),
        itemDescription: z.string().trim().min(1, PUBLIC_MESSAGES.itemDescriptionRequired).max(500),
        quantity: z.coerce.number<string>().int(PUBLIC_MESSAGES.quantityMin).min(1, PUBLIC_MESSAGES.quantityMin).max(999),
        estimatedPrice: dollars,
      }),
    )
    .min(1)
    .max(20, PUBLIC_MESSAGES.tooManyItems),
  notes: z.string().trim().max(2000),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

const blankItem = { itemUrl: '', itemDescription: '', quantity: '1', estimatedPrice: '' };

/** A signed-in customer's Shop For Me request: the items to buy (link, what, how many, price guess). */
export function ShopRequestForm({ onDone }: { onDone?: (created: ShopRequestDto) => void }) {
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { items: [blankItem], notes: '' },
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const create = useCreateShopRequest();
  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({
        items: values.items.map((i) => ({
          itemUrl: i.itemUrl,
          itemDescription: i.itemDescription,
          quantity: i.quantity,
          estimatedPriceUsdCents: parseCents(i.estimatedPrice),
        })),
        notes: values.notes,
      });
      toast.success(SERVICE_MESSAGES.requestSent);
      form.reset({ items: [blankItem], notes: '' });
      onDone?.(created);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not send the request'));
    }
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Ask us to buy for you" noValidate>
      {items.fields.map((field, i) => (
        <fieldset key={field.id} className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Item {i + 1}</legend>
          <Field label="Item URL" error={errors.items?.[i]?.itemUrl?.message}>
            <Input type="url" inputMode="url" placeholder="https://" {...form.register(`items.${i}.itemUrl`)} />
          </Field>
          <Field label="Item description" error={errors.items?.[i]?.itemDescription?.message}>
            <Input placeholder="Size, colour, model" {...form.register(`items.${i}.itemDescription`)} />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Quantity" error={errors.items?.[i]?.quantity?.message}>
              <Input type="number" min={1} inputMode="numeric" {...form.register(`items.${i}.quantity`)} />
            </Field>
            <Field label="Estimated price (USD)" error={errors.items?.[i]?.estimatedPrice?.message}>
              <Input inputMode="decimal" placeholder="0.00" {...form.register(`items.${i}.estimatedPrice`)} />
            </Field>
          </div>
          {items.fields.length > 1 && (
            <Button type="button" variant="ghost" size="sm" onClick={() => items.remove(i)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove item {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      <Button type="button" variant="secondary" onClick={() => items.append(blankItem)} disabled={items.fields.length >= 20}>
        <Plus className="h-4 w-4" aria-hidden="true" /> Add another item
      </Button>
      <Field label="Notes (optional)" error={errors.notes?.message}>
        <Textarea rows={2} {...form.register('notes')} />
      </Field>
      <p className="text-sm text-slate-600">Service fee such as 10% of item cost, minimum $5, confirmed before purchase.</p>
      <Button type="submit" busy={create.isPending} className="w-full sm:w-auto">
        Send request
      </Button>
    </form>
  );
}
