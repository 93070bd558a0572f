import { toCents } from '@courier/shared/format/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type PackageContentsFormInput, type PackageDetail, packageContentsFormSchema } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useGiveContents } from '../api/packages';

/**
 * The customer's own parcel that came with no pre-alert: they give its merchant, contents and
 * declared value (USD), until it is on a manifest (the API also refuses once it is invoiced).
 */
export function PackageContentsForm({ pkg }: { pkg: PackageDetail }) {
  const give = useGiveContents(pkg.id);
  const form = useForm<PackageContentsFormInput>({
    resolver: zodResolver(packageContentsFormSchema),
    defaultValues: { merchant: pkg.merchant ?? '', description: pkg.description ?? '' },
  });
  const errors = form.formState.errors;
  const missing = !pkg.merchant || !pkg.description || pkg.declaredValueUsdCents === null;
  if (!missing || pkg.manifestId !== null || pkg.voidedAt) return null;
  const submit = form.handleSubmit(async (input) => {
    try {
      await give.mutateAsync({
        merchant: input.merchant,
        description: input.description,
        declaredValueUsdCents: toCents(input.declaredValueUsd),
      });
      toast.success('Thank you: the value and contents are saved');
    } catch (error) {
      toast.error(errorMessage(error, 'The value and contents could not be saved'));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-2 rounded-md border p-3 text-sm" aria-label="Value and contents">
      <p className="font-semibold">Tell us what is inside</p>
      <p>This package came without a pre-alert: customs needs its merchant, contents and value.</p>
      <Field label="Merchant" error={errors.merchant?.message}>
        <Input {...form.register('merchant')} />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Input {...form.register('description')} />
      </Field>
      <Field label="Declared value (USD)" error={errors.declaredValueUsd?.message}>
        <Input type="number" min={0} step="0.01" inputMode="decimal" {...form.register('declaredValueUsd', { valueAsNumber: true })} />
      </Field>
      <Button type="submit" size="sm" busy={give.isPending} className="justify-self-start">
        Save value and contents
      </Button>
    </form>
  );
}
