import { PageHeader } from '@/components/layout/page-header';
import { CustomerImport } from '@/features/customers/components/customer-import';
import { usePortal } from '@/lib/portal-context';

/** Customers brought across from the courier's old system, keeping their mailbox numbers. */
export function CustomerImportPage() {
  const { base } = usePortal();
  return (
    <div>
      <PageHeader
        title="Import Customers"
        description="Bring your customers across from your old system: each keeps the mailbox number on their parcels, and new customers are numbered after the highest."
        back={{ to: `${base}/customers`, label: 'Customers' }}
      />
      <CustomerImport />
    </div>
  );
}
