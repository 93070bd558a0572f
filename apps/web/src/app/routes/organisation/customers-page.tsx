import { Eye, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PARISHES } from '@courier/shared/constants/parishes';
import type { CustomerRecord } from '@courier/shared/schemas/customers';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, useListState } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { type CustomerArea, useCustomerPage } from '@/features/customers/api/customers';
import { CourierFilter } from '@/components/ui/courier-filter';
import { ActiveBadge, PageHeader } from '@/components/layout/page-header';
import { usePortal } from '@/lib/portal-context';
import { useDateFormat } from '@/lib/format-date';

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
const TYPE_OPTIONS = [
  { value: 'individual', label: 'Individual' },
  { value: 'business', label: 'Business' },
];

/** Customers, or business customers (the same records, accountType business). */
export function CustomersPage({ area, fixedCourierId }: { area: CustomerArea; fixedCourierId?: number }) {
  const dates = useDateFormat();
  const { base, isSuperAdmin, can } = usePortal();
  const list = useListState();
  const [chosenCourier, setChosenCourier] = useState<number | undefined>();
  const courierId = fixedCourierId ?? chosenCourier;
  const page = useCustomerPage(area, { ...list.query, courierId });
  const business = area === 'business-customers';
  // The super admin reads customers from a courier's page; the detail lives in the courier portals.
  const detailPath = (c: CustomerRecord) => (isSuperAdmin ? undefined : `${base}/${area}/${c.id}`);

  const columns: Array<DataTableColumn<CustomerRecord>> = [
    { field: 'mailboxNumber', priority: 1, label: 'Mailbox', sortable: true, width: 120 },
    {
      field: 'name',
      priority: 1,
      label: 'Name',
      sortable: true,
      render: (c) => {
        const to = detailPath(c);
        return to ? (
          <Link to={to} className="font-medium text-brand-700 hover:underline">
            {c.name}
          </Link>
        ) : (
          c.name
        );
      },
    },
    ...(business
      ? [{ field: 'businessName', priority: 2, label: 'Business', sortable: true } satisfies DataTableColumn<CustomerRecord>]
      : []),
    { field: 'email', priority: 2, label: 'Email', sortable: true, width: 220 },
    { field: 'phone', priority: 3, label: 'Phone', nowrap: true, width: 140 },
    ...(business ? [] : [{ field: 'accountType', priority: 3, label: 'Account', sortable: true, filterOptions: TYPE_OPTIONS, width: 120 }]),
    { field: 'parish', priority: 4, label: 'Parish', sortable: true, filterOptions: PARISHES.map((p) => ({ value: p, label: p })) },
    { field: 'branchName', priority: 4, label: 'Branch', sortable: true },
    {
      field: 'active',
      priority: 1,
      card: 'status',
      label: 'Status',
      sortable: true,
      width: 110,
      filterOptions: ACTIVE_OPTIONS,
      render: (c) => <ActiveBadge active={c.active} />,
    },
    { field: 'createdAt', priority: 3, label: 'Joined', sortable: true, filterable: false, render: (c) => dates.date(c.createdAt) },
  ];

  return (
    <div>
      {fixedCourierId === undefined && (
        <PageHeader
          title={business ? 'Business Customers' : 'Customers'}
          description={business ? 'Customers with business accounts.' : 'Everyone with a mailbox at the courier.'}
          actions={
            !business &&
            !isSuperAdmin &&
            can('customers_edit') && (
              <Button asChild variant="secondary">
                <Link to={`${base}/customers/import`}>
                  <Upload className="h-4 w-4" aria-hidden="true" />
                  Import customers
                </Link>
              </Button>
            )
          }
        />
      )}
      <DataTable
        label={business ? 'Business customers' : 'Customers'}
        empty={{
          description: business
            ? 'Customers with a business account appear here.'
            : 'Customers appear here when they register on the public site or are signed up at the counter.',
          filtered: fixedCourierId === undefined && chosenCourier !== undefined,
          onClearFilters: () => setChosenCourier(undefined),
        }}
        columns={columns}
        data={page.data?.data ?? []}
        total={page.data?.total ?? 0}
        loading={page.isFetching}
        error={page.error ? errorMessage(page.error, 'Failed to load customers') : null}
        onRetry={() => void page.refetch()}
        exportPath={`/${area}`}
        exportQuery={{ courierId }}
        getRowId={(c) => c.id}
        searchPlaceholder="Search by mailbox, name, email, phone..."
        toolbar={isSuperAdmin && fixedCourierId === undefined && <CourierFilter value={chosenCourier} onChange={setChosenCourier} />}
        actions={
          isSuperAdmin
            ? undefined
            : (c) => (
                <Button asChild variant="ghost" size="sm" aria-label={`View ${c.name}`} data-row-open>
                  <Link to={`${base}/${area}/${c.id}`}>
                    <Eye className="h-4 w-4" aria-hidden="true" />
                  </Link>
                </Button>
              )
        }
        {...list.tableProps}
      />
    </div>
  );
}

export const CustomersRoute = () => <CustomersPage area="customers" />;
export const BusinessCustomersRoute = () => <CustomersPage area="business-customers" />;
