import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { CustomersPage } from '@/app/routes/organisation/customers-page';
import { TimeZoneScope } from '@/lib/format-date';
import { useCourierDetail } from '@/features/couriers/api/couriers';

/** One courier's customers (super admin), from the courier's page. */
export function CourierCustomersPage() {
  const { id } = useParams();
  const courier = useCourierDetail(Number(id));
  return (
    <div>
      <PageHeader
        back={{ to: `/superadmin/couriers/${id}`, label: courier.data?.name ?? 'Courier' }}
        title={`Customers${courier.data ? ` of ${courier.data.name}` : ''}`}
      />
      {/* The courier's customers, their dates in that courier's time zone. */}
      <TimeZoneScope zone={courier.data?.timeZone}>
        <CustomersPage area="customers" fixedCourierId={Number(id)} />
      </TimeZoneScope>
    </div>
  );
}
