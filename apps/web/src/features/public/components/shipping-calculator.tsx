import { zodResolver } from '@hookform/resolvers/zod';
import { Calculator } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type ProductCategory, PRODUCT_CATEGORIES } from '@courier/shared/constants/rates';
import { CALCULATOR_WEIGHT_MESSAGE, type ShippingQuote, calculateShipping } from '@courier/shared/domain/calculator';
import { TARIFF_CLASS_OF_CATEGORY } from '@courier/shared/domain/customs';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatJmd, formatUsd } from '@courier/shared/format/money';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { cn } from '@/lib/cn';

const isCategory = (value: string): value is ProductCategory => (PRODUCT_CATEGORIES as readonly string[]).includes(value);

const CATEGORY_LABELS: Record<ProductCategory, string> = {
  watch: 'Watch',
  computer_laptop: 'Computer / laptop',
  cellphone: 'Cellphone',
  car_parts: 'Car parts',
  clothing: 'Clothing',
  documents: 'Documents',
  books: 'Books',
  electronics_small: 'Small electronics',
  shoes: 'Shoes',
  other: 'Other',
};

/** The fields as typed; the weight is checked by the calculator's own rule (a number above 0). */
const calculatorFormSchema = z.object({
  weight: z.string().refine((weight) => calculateShipping({ weightLbs: weight }).ok, CALCULATOR_WEIGHT_MESSAGE),
  itemCost: z.string(),
  category: z.string(),
  length: z.string(),
  width: z.string(),
  height: z.string(),
});
type CalculatorForm = z.infer<typeof calculatorFormSchema>;

/**
 * The shipping and customs calculator: computed when the button is pressed, with the
 * rule from packages/shared and the courier's own rates and exchange rate, so the estimate and the
 * invoices agree.
 */
export function ShippingCalculator({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const [quote, setQuote] = useState<ShippingQuote | null>(null);
  const resultId = useId();
  const Heading = headingLevel;
  const { site } = usePublicSite();
  // No default values: each field is read from the page when it registers, so on a pre-rendered
  // page what a visitor typed before React hydrated still counts.
  const form = useForm<CalculatorForm>({ resolver: zodResolver(calculatorFormSchema) });

  const calculate = (values: CalculatorForm) => {
    const result = calculateShipping(
      {
        weightLbs: values.weight,
        itemCostUsd: values.itemCost,
        lengthIn: values.length,
        widthIn: values.width,
        heightIn: values.height,
        tariffClass: isCategory(values.category) ? TARIFF_CLASS_OF_CATEGORY[values.category] : 'general',
      },
      {
        rates: site.rates,
        additionalPoundCents: site.additionalPoundCents,
        exchangeRateJmdPerUsd: site.exchangeRateJmdPerUsd,
        customsRates: site.customsRates,
        volumetric: site.volumetric,
      },
    );
    if (result.ok) setQuote(result.quote);
    else form.setError('weight', { message: result.error });
  };
  const error = form.formState.errors.weight?.message;

  return (
    <div className="grid gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:grid-cols-2">
      <form
        onSubmit={form.handleSubmit(calculate, () => setQuote(null))}
        noValidate
        aria-label="Shipping and customs calculator"
        className="space-y-4"
      >
        <Heading className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Calculator className="h-5 w-5 text-brand-700" aria-hidden="true" />
          Rate calculator
        </Heading>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Weight (lbs)" error={error} hint="Rounded up to the next whole pound">
            <Input type="number" inputMode="decimal" min="0" step="0.01" required {...form.register('weight')} />
          </Field>
          <Field label="Item cost (USD)" hint="Optional. Duty applies above USD 100">
            <Input type="number" inputMode="decimal" min="0" step="0.01" {...form.register('itemCost')} />
          </Field>
        </div>
        <Field label="Item category (optional)">
          <Select {...form.register('category')}>
            <option value="">Choose a category</option>
            {PRODUCT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Dimensions in inches (optional)</legend>
          <div className="grid grid-cols-3 gap-2">
            <Input aria-label="Length (inches)" placeholder="L" type="number" inputMode="decimal" min="0" {...form.register('length')} />
            <Input aria-label="Width (inches)" placeholder="W" type="number" inputMode="decimal" min="0" {...form.register('width')} />
            <Input aria-label="Height (inches)" placeholder="H" type="number" inputMode="decimal" min="0" {...form.register('height')} />
          </div>
        </fieldset>
        <Button type="submit" className="w-full sm:w-auto">
          Calculate
        </Button>
      </form>

      <section aria-labelledby={`${resultId}-title`} aria-live="polite" className="rounded-lg bg-brand-50 p-5">
        <p id={`${resultId}-title`} className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
          Your estimate
        </p>
        {quote ? (
          <dl className="mt-4 space-y-2 text-sm" data-testid="calculator-result">
            <Row
              label={quote.weightBasis === 'volumetric' ? 'Billable weight (by size)' : 'Billable weight'}
              value={`${quote.billableWeightLbs} lb${quote.billableWeightLbs === 1 ? '' : 's'}`}
            />
            <Row label="Shipping" value={formatJmd(quote.shippingJmdCents)} />
            <Row label="Item cost" value={formatJmd(quote.itemCostJmdCents)} />
            {quote.customsParts.length > 0 ? (
              quote.customsParts.map((part) => <Row key={part.part} label={part.label} value={formatJmd(part.cents)} />)
            ) : (
              <Row label="Customs duty" value={formatJmd(quote.customsJmdCents)} />
            )}
            {/* A <dl> may only hold dt/dd groups, so the rule above the total is the row's own border. */}
            <Row label="Estimated total" value={formatJmd(quote.totalJmdCents)} strong className="mt-3 border-t border-brand-200 pt-3" />
            <Row label="Approx. in USD" value={formatUsd(quote.approxTotalUsdCents)} />
          </dl>
        ) : (
          <p className="mt-4 text-sm text-slate-600">
            Enter the weight of your package and, if you know it, what you paid for the item. Press Calculate to see shipping, any customs
            duty and your total in Jamaican dollars.
          </p>
        )}
        <p className="mt-4 text-xs text-slate-600" data-testid="calculator-customs-note">
          Estimates use USD 1 = JMD {site.exchangeRateJmdPerUsd} and {site.courier.name}'s customs table: on the CIF value (cost, insurance,
          freight: the item cost plus shipping), import duty, the standard compliance fee (SCF), the environmental levy and GCT. Customs may
          assess a different amount; your invoice shows the final amount.
        </p>
      </section>
    </div>
  );
}

function Row({ label, value, strong, className }: { label: string; value: string; strong?: boolean; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', className)}>
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd className={strong ? 'text-lg font-bold text-brand-800' : 'font-medium text-slate-900'}>{value}</dd>
    </div>
  );
}
