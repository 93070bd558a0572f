import { PageHeader } from '@/components/layout/page-header';
import { CarrierTrackingList } from '@/features/carrier-tracking/components/carrier-tracking-list';

/** Staff: pre-alerted parcels on their way with the carrier, and those delivered to us but not received. */
export default function CarrierTrackingPage() {
  return (
    <div>
      <PageHeader
        title="On the way to the warehouse"
        description="The carriers' scans of pre-alerted parcels. A parcel delivered to our Miami address and not scanned in by the end of the next day is raised as an alert."
      />
      <CarrierTrackingList />
    </div>
  );
}
