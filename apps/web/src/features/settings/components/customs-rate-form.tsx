import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CUSTOMS_PART_LABELS, TARIFF_CLASS_LABELS } from '@courier/shared/domain/customs';
import { type CustomsRateInput, type CustomsRateView, customsRateInputSchema } from '@courier/shared/schemas/fees';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useAddCustomsRate } from '../api/rates-and-fees';

const number = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'Enter a number like 12.5');

/** What the admin types, turned into the API's new rate (checked again by the shared schema). */
const formSchema = z.object({ value: number, threshold: number, effectiveFrom: z.string(), source: z.string() });
type FormInput = z.input<typeof formSchema>;

/** Which figure a part is: a percentage of CIF, a flat JMD amount, or a limit. */
const kindOf = (part: CustomsRateView['part']) =>
  part === 'caf' || part === 'stamp_duty' ? 'amount' : part === 'de_minimis' ? 'limit' : 'percent';

/**
 * A new dated version of one customs rate, from today or later, with its published source: the
 * rows before it stay, so invoices of earlier days keep their rates.
 */
export function CustomsRateForm({ rate, today, onDone }: { rate: CustomsRateView; today: string; onDone: () => void }) {
  const kind = kindOf(rate.part);
  const form = useForm<FormInput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      value: String(kind === 'percent' ? rate.percent : kind === 'amount' ? rate.amount : rate.threshold),
      threshold: String(rate.threshold),
      effectiveFrom: today,
      source: '',
    },
  });
  const add = useAddCustomsRate();
  const submit = form.handleSubmit(async (v) => {
    const value = Number(v.value);
    const input: CustomsRateInput = {
      part: rate.part,
      tariffClass: rate.tariffClass,
      percent: kind === 'percent' ? value : 0,
      amount: kind === 'amount' ? value : 0,
      threshold: kind === 'limit' ? value : rate.part === 'stamp_duty' ? Number(v.threshold) : 0,
      effectiveFrom: v.effectiveFrom,
      source: v.source,
    };
    const checked = customsRateInputSchema.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'source' || issue.path[0] === 'effectiveFrom' ? issue.path[0] : 'value';
        form.setError(field, { message: issue.message });
      }
      return;
    }
    try {
      await add.mutateAsync(input);
      toast.success('Customs rate saved: in force from its date');
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the rate'));
    }
  });
  const { errors } = form.formState;
  const title = `${CUSTOMS_PART_LABELS[rate.part]}${rate.tariffClass ? ` · ${TARIFF_CLASS_LABELS[rate.tariffClass]}` : ''}`;
  return (
    <form
      onSubmit={submit}
      className="mt-2 grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
      aria-label={`Change ${title}`}
      noValidate
    >
      <Field
        label={kind === 'percent' ? 'Percent of CIF' : kind === 'amount' ? 'Amount (JMD)' : 'Duty-free up to (USD)'}
        error={errors.value?.message}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register('value')} />
      </Field>
      {rate.part === 'stamp_duty' && (
        <Field label="When CIF is over (JMD)" error={errors.threshold?.message}>
          <Input inputMode="decimal" autoComplete="off" {...form.register('threshold')} />
        </Field>
      )}
      <Field label="In force from" hint="Today or later; earlier invoices keep their rates" error={errors.effectiveFrom?.message}>
        <Input type="date" min={today} {...form.register('effectiveFrom')} />
      </Field>
      <Field label="Source" hint="The notice, gazette or page that publishes it" error={errors.source?.message} className="sm:col-span-2">
        <Input autoComplete="off" {...form.register('source')} />
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" busy={add.isPending}>
          Save new rate
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
