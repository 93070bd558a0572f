import { Plus, Trash2 } from 'lucide-react';
import { type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { lazyToast as toast } from '@/lib/lazy-toast';
import { TOAST_LONG_DURATION_MS } from '@courier/shared/constants/limits';
import type { AssistedPurchaseFormInput, AssistedPurchaseFormValues } from '@courier/shared/schemas/public';
import {
  ASSISTED_PURCHASE_REQUIRED_FIELDS,
  PUBLIC_FORM_LIMITS,
  PUBLIC_MESSAGES,
  toAssistedPurchaseRequest,
} from '@courier/shared/schemas/public-form';
import { SHOP_FOR_ME_MINIMUM_USD } from '@courier/shared/constants/public-site';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { useSubmitAssistedPurchase } from '@/features/public/api/submit-assisted-purchase';
import { errorMessage } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { paths } from '@/lib/paths';
import { resolveApiKey } from '@/lib/storage';
import { PageHero } from './page-parts';
import { PageTitle } from '@/app/page-title';

const EMPTY_ITEM = { itemUrl: '', itemDescription: '', quantity: '1', estimatedPrice: '' };
const EMPTY_FORM: AssistedPurchaseFormInput = {
  name: '',
  email: '',
  itemUrl1: '',
  itemDescription1: '',
  quantity1: '1',
  estimatedPrice1: '',
  additionalItems: [],
  notes: '',
};

// zod, its resolver and the schema load at the first validation (lib/lazy-resolver.ts).
const validation = lazyResolver(async () => {
  const [{ zodResolver }, { assistedPurchaseFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@courier/shared/schemas/public'),
  ]);
  return zodResolver(assistedPurchaseFormSchema);
});

/** Shop For Me: the request form, with any number of extra items. */
export function AssistedPurchasePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const submit = useSubmitAssistedPurchase();
  const { site } = usePublicSite();
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<AssistedPurchaseFormInput, unknown, AssistedPurchaseFormValues>({
    resolver: validation.resolver,
    defaultValues: EMPTY_FORM,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'additionalItems' });
  const canAdd = fields.length < PUBLIC_FORM_LIMITS.maxItems - 1;

  async function onValid(values: AssistedPurchaseFormValues) {
    try {
      const res = await submit.mutateAsync(
        toAssistedPurchaseRequest(values, resolveApiKey(location.search) || site.courier.apiKey || undefined),
      );
      toast.success(res.message, { duration: TOAST_LONG_DURATION_MS });
      reset(EMPTY_FORM);
      navigate(paths.home);
    } catch (error) {
      toast.error(errorMessage(error, 'We could not send your request. Please try again.'));
    }
  }

  function onInvalid(_errors: FieldErrors<AssistedPurchaseFormInput>) {
    const values = getValues();
    const missing = ASSISTED_PURCHASE_REQUIRED_FIELDS.some((field) => !String(values[field] ?? '').trim());
    if (missing) toast.error(PUBLIC_MESSAGES.missingInformationTitle, { description: PUBLIC_MESSAGES.missingInformation });
  }

  return (
    <>
      <PageTitle path="/assisted-purchase" />
      <PageHero eyebrow="Shop For Me" title="We buy it for you">
        No US card, or a store that will not ship to a forwarder? Tell us what you want. We send you a quote, and buy once you approve.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-3">
        <form
          onSubmit={handleSubmit(onValid, onInvalid)}
          onFocus={validation.preload}
          noValidate
          aria-label="Assisted purchase request"
          className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Full name" error={errors.name?.message}>
              <Input autoComplete="name" {...register('name')} required />
            </Field>
            <Field label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...register('email')} required />
            </Field>
          </div>

          <fieldset className="rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">Item 1</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Item URL" error={errors.itemUrl1?.message} className="sm:col-span-2">
                <Input type="url" inputMode="url" placeholder="https://www.amazon.com/..." {...register('itemUrl1')} required />
              </Field>
              <Field
                label="Item description"
                error={errors.itemDescription1?.message}
                hint="Size, colour, model: anything we need to buy the right one"
                className="sm:col-span-2"
              >
                <Input {...register('itemDescription1')} required />
              </Field>
              <Field label="Quantity" error={errors.quantity1?.message}>
                <Input type="number" inputMode="numeric" min={1} step={1} {...register('quantity1')} />
              </Field>
              <Field label="Estimated price (USD)" error={errors.estimatedPrice1?.message}>
                <Input type="number" inputMode="decimal" min={0} step={0.01} {...register('estimatedPrice1')} />
              </Field>
            </div>
          </fieldset>

          {fields.map((field, index) => {
            const itemErrors = errors.additionalItems?.[index];
            const number = index + 2;
            return (
              <fieldset key={field.id} className="rounded-lg border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-900">Item {number}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label="Item URL" error={itemErrors?.itemUrl?.message} className="sm:col-span-2">
                    <Input type="url" inputMode="url" placeholder="https://" {...register(`additionalItems.${index}.itemUrl`)} />
                  </Field>
                  <Field label="Item description" error={itemErrors?.itemDescription?.message} className="sm:col-span-2">
                    <Input {...register(`additionalItems.${index}.itemDescription`)} />
                  </Field>
                  <Field label="Quantity" error={itemErrors?.quantity?.message}>
                    <Input type="number" inputMode="numeric" min={1} step={1} {...register(`additionalItems.${index}.quantity`)} />
                  </Field>
                  <Field label="Estimated price (USD)" error={itemErrors?.estimatedPrice?.message}>
                    <Input type="number" inputMode="decimal" min={0} step={0.01} {...register(`additionalItems.${index}.estimatedPrice`)} />
                  </Field>
                </div>
                <Button variant="ghost" size="sm" className="mt-3 text-red-700 hover:bg-red-50" onClick={() => remove(index)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Remove item {number}
                </Button>
              </fieldset>
            );
          })}

          <div>
            <Button variant="secondary" onClick={() => append(EMPTY_ITEM)} disabled={!canAdd}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add another item
            </Button>
            {!canAdd && <p className="mt-2 text-sm text-slate-600">{PUBLIC_MESSAGES.tooManyItems}. Send another request for more.</p>}
          </div>

          <Field
            label="Notes (optional)"
            error={errors.notes?.message}
            hint="Delivery deadline, substitutes you would accept, coupon codes..."
          >
            <Textarea rows={4} {...register('notes')} />
          </Field>

          <Button type="submit" size="lg" busy={submit.isPending} className="w-full sm:w-auto">
            {submit.isPending ? 'Sending request...' : 'Submit Request'}
          </Button>
        </form>

        <aside className="space-y-4">
          <div className="rounded-xl bg-brand-800 p-6 text-white">
            <h2 className="text-lg font-semibold">Service fee</h2>
            <p className="mt-2 text-3xl font-bold text-highlight-400">{site.shopForMeFeePercent}%</p>
            <p className="text-sm text-brand-100">of the item cost, minimum ${SHOP_FOR_ME_MINIMUM_USD}.</p>
            <p className="mt-4 text-sm text-brand-100">
              We confirm the full price with you (items, US tax and delivery, our fee and estimated shipping to Jamaica) before we buy
              anything. Nothing is charged until you approve.
            </p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 className="font-semibold text-slate-900">Questions first?</h2>
            <p className="mt-2 text-sm text-slate-600">Not sure if an item can ship to Jamaica, or want a quote for something big?</p>
            <Link to={paths.contact} className="mt-3 inline-block font-medium text-brand-700 underline">
              Contact Us
            </Link>
          </div>
        </aside>
      </div>
    </>
  );
}
