import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { costInJmdCents, rateUnits } from '@courier/shared/domain/cost-allocation';
import { formatDecimal, formatJmd, parseCents } from '@courier/shared/format/money';
import {
  COST_CURRENCIES,
  COST_KINDS,
  COST_KIND_LABELS,
  COST_MESSAGES,
  MAX_COST_CENTS,
  MAX_COST_LINES,
  type ManifestCosts,
} from '@courier/shared/schemas/margin';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useSaveManifestCosts } from '../api/margin';

/** A cost line as the person types it: the amount in dollars, the rate as text. */
const lineSchema = z
  .object({
    kind: z.enum(COST_KINDS, { error: COST_MESSAGES.kind }),
    description: z.string().trim().max(200, 'At most 200 characters'),
    amount: z.string().trim(),
    currency: z.enum(COST_CURRENCIES, { error: COST_MESSAGES.currency }),
    exchangeRate: z.string().trim(),
    incurredOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day of the cost'),
  })
  .superRefine((line, ctx) => {
    const cents = parseCents(line.amount);
    if (cents === null || cents < 1) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount like 1250.00' });
    else if (cents > MAX_COST_CENTS) ctx.addIssue({ code: 'custom', path: ['amount'], message: COST_MESSAGES.amountTooLarge });
    if (line.currency === 'USD' && rateUnits(line.exchangeRate) === null)
      ctx.addIssue({ code: 'custom', path: ['exchangeRate'], message: COST_MESSAGES.rate });
  });
const formSchema = z.object({ lines: z.array(lineSchema).max(MAX_COST_LINES, COST_MESSAGES.tooMany) });
type FormValues = z.input<typeof formSchema>;
type Line = FormValues['lines'][number];

/** A typed line in JMD cents, or null while it is not complete. */
function lineJmd(line: Line): number | null {
  const cents = parseCents(line.amount ?? '');
  if (cents === null) return null;
  if (line.currency === 'JMD') return cents;
  return rateUnits(line.exchangeRate ?? '') === null ? null : costInJmdCents(cents, 'USD', line.exchangeRate);
}

/** The flight's cost lines, edited as a whole: add, change or remove lines, then save them together. */
export function CostLinesForm({ costs, today }: { costs: ManifestCosts; today: string }) {
  const save = useSaveManifestCosts(costs.manifestId);
  const blank = (): Line => ({
    kind: 'freight',
    description: '',
    amount: '',
    currency: 'USD',
    exchangeRate: costs.defaultExchangeRate,
    incurredOn: costs.departureDate ?? today,
  });
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      lines: costs.lines.map((l) => ({
        kind: l.kind,
        description: l.description ?? '',
        amount: formatDecimal(l.amountCents),
        currency: l.currency,
        exchangeRate: l.exchangeRate ?? costs.defaultExchangeRate,
        incurredOn: l.incurredOn,
      })),
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const watched = form.watch('lines') ?? [];
  const typedTotal = watched.reduce<number | null>((sum, l) => {
    const jmd = lineJmd(l);
    return sum === null || jmd === null ? null : sum + jmd;
  }, 0);
  const errors = form.formState.errors.lines;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        lines: values.lines.map((l) => ({
          kind: l.kind,
          ...(l.description ? { description: l.description } : {}),
          amountCents: parseCents(l.amount) ?? 0,
          currency: l.currency,
          ...(l.currency === 'USD' ? { exchangeRate: l.exchangeRate } : {}),
          incurredOn: l.incurredOn,
        })),
      });
      toast.success(COST_MESSAGES.saved);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the costs'));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="Flight costs">
      {lines.fields.length === 0 && (
        <p className="text-sm text-slate-600">
          No costs yet: add the MAWB or BL freight, the agent's handling, the broker and local delivery.
        </p>
      )}
      {lines.fields.map((field, i) => {
        const e = errors?.[i];
        const typed = watched[i];
        const usd = typed?.currency === 'USD';
        const jmd = typed ? lineJmd(typed) : null;
        return (
          <fieldset key={field.id} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">Cost line {i + 1}</legend>
            <div className="grid gap-3 sm:grid-cols-6">
              <Field label="What for" error={e?.kind?.message} className="sm:col-span-2">
                <Select {...form.register(`lines.${i}.kind`)}>
                  {COST_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {COST_KIND_LABELS[k]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Amount" error={e?.amount?.message}>
                <Input inputMode="decimal" autoComplete="off" {...form.register(`lines.${i}.amount`)} />
              </Field>
              <Field label="Currency" error={e?.currency?.message}>
                <Select {...form.register(`lines.${i}.currency`)}>
                  {COST_CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label="Rate (JMD per USD)"
                error={usd ? e?.exchangeRate?.message : undefined}
                hint={usd ? undefined : 'Not needed for JMD'}
              >
                <Input inputMode="decimal" autoComplete="off" disabled={!usd} {...form.register(`lines.${i}.exchangeRate`)} />
              </Field>
              <Field label="Day" error={e?.incurredOn?.message}>
                <Input type="date" {...form.register(`lines.${i}.incurredOn`)} />
              </Field>
              <Field label="Note (optional)" error={e?.description?.message} className="sm:col-span-4">
                <Input autoComplete="off" {...form.register(`lines.${i}.description`)} />
              </Field>
              <div className="flex items-end justify-between gap-2 sm:col-span-2">
                <p className="pb-2 text-sm tabular-nums text-slate-700" data-testid={`line-jmd-${i + 1}`}>
                  {jmd === null ? '' : formatJmd(jmd)}
                </p>
                <Button type="button" variant="ghost" size="sm" onClick={() => lines.remove(i)} aria-label={`Remove cost line ${i + 1}`}>
                  <Trash2 className="size-4" aria-hidden /> Remove
                </Button>
              </div>
            </div>
          </fieldset>
        );
      })}
      {errors?.root?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="secondary" disabled={lines.fields.length >= MAX_COST_LINES} onClick={() => lines.append(blank())}>
          <Plus className="size-4" aria-hidden /> Add a cost
        </Button>
        <p className="text-sm font-medium tabular-nums" aria-live="polite">
          Total {typedTotal === null ? '…' : formatJmd(typedTotal)}
        </p>
        <Button type="submit" busy={save.isPending}>
          Save costs
        </Button>
      </div>
    </form>
  );
}
