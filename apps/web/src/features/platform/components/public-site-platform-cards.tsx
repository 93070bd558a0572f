import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  COURIER_DOMAIN_STATUS_LABELS,
  type CourierDomain,
  PUBLIC_SITE_MESSAGES,
  defaultCourierInputSchema,
} from '@courier/shared/schemas/public-site-settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDecideDomain, useDefaultCourier, usePlatformDomains, useSaveDefaultCourier } from '../api/public-sites';
import { DomainStatus } from '@/components/ui/domain-status';
import { DateText } from '@/lib/format-date';
import { useLocalTable } from '@/hooks/use-local-table';
import { useCourierOptions } from '@/hooks/use-options';
import { useSubmitOnce } from '@/hooks/use-submit-once';

/** The select's value: a courier's code, or blank for the fallback (sent as null). */
const defaultCourierFormSchema = z.object({
  courierCode: z
    .string()
    .transform((code) => code || null)
    .pipe(defaultCourierInputSchema.shape.courierCode),
});

/** The courier the public site shows when neither an api key nor an approved host name names one. */
export function DefaultCourierCard() {
  const current = useDefaultCourier();
  const options = useCourierOptions();
  const save = useSaveDefaultCourier();
  const form = useForm<z.input<typeof defaultCourierFormSchema>, unknown, z.output<typeof defaultCourierFormSchema>>({
    resolver: zodResolver(defaultCourierFormSchema),
    defaultValues: { courierCode: '' },
  });
  // Reset once both have loaded, so the select has the saved courier's option to show.
  useEffect(() => {
    if (current.data && options.data) form.reset({ courierCode: current.data.courierCode ?? '' });
  }, [current.data, options.data, form]);
  const submit = useSubmitOnce(async ({ courierCode }: { courierCode: string | null }) => {
    try {
      await save.mutateAsync(courierCode);
      toast.success(PUBLIC_SITE_MESSAGES.defaultCourierSaved);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save the default courier'));
    }
  });
  const { errors, isSubmitting } = form.formState;
  const env = current.data?.environmentCourierCode;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Default courier</CardTitle>
      </CardHeader>
      <CardContent>
        {current.isPending || options.isPending ? (
          <Spinner />
        ) : current.isError || options.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(current.error ?? options.error, 'Failed to load the default courier')}
          </p>
        ) : (
          <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <Field
              label="Public site courier"
              className="sm:w-96"
              hint={`Shown on the platform's own address. Now: ${current.data.effectiveCourierCode ?? 'no courier yet'}.`}
              error={errors.courierCode?.message}
            >
              <Select {...form.register('courierCode')}>
                <option value="">{env ? `From the environment (${env})` : 'The first active courier'}</option>
                {options.data.map((c) => (
                  <option key={c.id} value={c.code}>
                    {c.name} ({c.code})
                  </option>
                ))}
              </Select>
            </Field>
            <Button type="submit" busy={isSubmitting} className="sm:mt-6">
              Save default courier
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

const columns: Array<DataTableColumn<CourierDomain>> = [
  { field: 'hostname', label: 'Host name', sortable: true, filterable: false, width: 240 },
  { field: 'courierName', label: 'Courier', sortable: true, width: 200 },
  {
    field: 'status',
    label: 'Status',
    sortable: true,
    filterOptions: Object.entries(COURIER_DOMAIN_STATUS_LABELS).map(([value, label]) => ({ value, label })),
    render: (d) => <DomainStatus status={d.status} />,
  },
  { field: 'createdAt', label: 'Requested', sortable: true, render: (d) => <DateText value={d.createdAt} /> },
];
const searchText = (d: CourierDomain) => `${d.hostname} ${d.courierName} ${d.courierCode} ${d.status}`;
const value = (d: CourierDomain, field: string) => (d as unknown as Record<string, unknown>)[field];

/** Courier host names waiting for (or given) approval; only approved ones resolve a courier. */
export function DomainApprovalsCard() {
  const domains = usePlatformDomains();
  const decide = useDecideDomain();
  const table = useLocalTable(domains.data, { search: searchText, value });
  const act = async (domain: CourierDomain, decision: 'approve' | 'reject') => {
    try {
      await decide.mutateAsync({ id: domain.id, decision });
      toast.success(decision === 'approve' ? PUBLIC_SITE_MESSAGES.domainApproved : PUBLIC_SITE_MESSAGES.domainRejected);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save the decision'));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Courier domains</CardTitle>
      </CardHeader>
      <CardContent>
        {domains.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(domains.error, 'Failed to load the courier domains')}
          </p>
        ) : (
          <DataTable
            {...table}
            label="Courier domains"
            empty={{ description: 'Web addresses couriers add for their public sites wait here for your approval.' }}
            columns={columns}
            loading={domains.isPending}
            getRowId={(d) => d.id}
            searchPlaceholder="Search domains..."
            actions={(d) => (
              <div className="flex gap-1">
                {d.status !== 'approved' && (
                  <Button variant="ghost" size="sm" onClick={() => act(d, 'approve')} aria-label={`Approve ${d.hostname}`}>
                    <Check className="h-4 w-4" aria-hidden="true" />
                    Approve
                  </Button>
                )}
                {d.status !== 'rejected' && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700"
                    onClick={() => act(d, 'reject')}
                    aria-label={`Reject ${d.hostname}`}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                    Reject
                  </Button>
                )}
              </div>
            )}
          />
        )}
      </CardContent>
    </Card>
  );
}
