import { Plus, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import {
  COURIER_DOMAIN_STATUS_LABELS,
  type CourierDomain,
  PUBLIC_SITE_MESSAGES,
  type DomainRequestInput,
  domainRequestSchema,
} from '@courier/shared/schemas/public-site-settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { DomainStatus } from '@/components/ui/domain-status';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useDomains, useRemoveDomain, useRequestDomain } from '../api/public-site';
import { useLocalTable } from '@/hooks/use-local-table';
import { DateText } from '@/lib/format-date';
import { reportFailure } from './report';

const columns: Array<DataTableColumn<CourierDomain>> = [
  { field: 'hostname', label: 'Host name', sortable: true, filterable: false, width: 260 },
  {
    field: 'status',
    label: 'Status',
    sortable: true,
    filterOptions: Object.entries(COURIER_DOMAIN_STATUS_LABELS).map(([value, label]) => ({ value, label })),
    render: (d) => <DomainStatus status={d.status} />,
  },
  { field: 'createdAt', label: 'Requested', sortable: true, render: (d) => <DateText value={d.createdAt} /> },
];
const searchText = (d: CourierDomain) => `${d.hostname} ${d.status}`;
const value = (d: CourierDomain, field: string) => (d as unknown as Record<string, unknown>)[field];

/** Domains: the host names the public site answers on for this courier, once the platform approved them. */
type DomainRequest = z.output<typeof domainRequestSchema>;

export function DomainsCard() {
  const domains = useDomains();
  const request = useRequestDomain();
  const remove = useRemoveDomain();
  const table = useLocalTable(domains.data, { search: searchText, value });
  const { register, handleSubmit, reset, setError, formState } = useForm<DomainRequestInput, unknown, DomainRequest>({
    resolver: zodResolver(domainRequestSchema),
    defaultValues: { hostname: '' },
  });
  const [removing, setRemoving] = useState<CourierDomain | null>(null);

  const submit = handleSubmit(async ({ hostname }) => {
    try {
      await request.mutateAsync(hostname);
      reset({ hostname: '' });
      toast.success(PUBLIC_SITE_MESSAGES.domainRequested);
    } catch (error) {
      setError('hostname', { message: errorMessage(error, 'The host name was not added.') });
      reportFailure('request domain', error);
    }
  });
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(PUBLIC_SITE_MESSAGES.domainRemoved);
    } catch (error) {
      reportFailure('remove domain', error, 'The host name was not removed');
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Domains</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">
          Serve your public site and sign-in on your own address, such as portal.yourcompany.com. Point the name's DNS at this platform; it
          works once the platform approves it.
        </p>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field label="Host name" error={formState.errors.hostname?.message} className="sm:w-96">
            <Input placeholder="portal.yourcompany.com" autoComplete="off" {...register('hostname')} />
          </Field>
          <Button type="submit" busy={request.isPending} className="sm:mt-6">
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Host Name
          </Button>
        </form>
        {domains.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(domains.error, 'The host names could not be loaded')}
          </p>
        ) : (
          <DataTable
            {...table}
            label="Host names"
            empty={{ description: 'Host names you add above appear here, with whether the platform has approved them.' }}
            columns={columns}
            loading={domains.isPending}
            getRowId={(d) => d.id}
            searchPlaceholder="Search host names..."
            actions={(d) => (
              <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setRemoving(d)} aria-label={`Remove ${d.hostname}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Remove
              </Button>
            )}
          />
        )}
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(o) => !o && setRemoving(null)}
          title="Remove host name"
          message={`Remove ${removing?.hostname ?? 'this host name'}? Visitors on it will no longer see your site.`}
          busy={remove.isPending}
          onConfirm={confirmRemove}
        />
      </CardContent>
    </Card>
  );
}
