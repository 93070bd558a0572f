import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { InsuranceClaimsList } from '@/features/cover/components/insurance-claims-list';

/** Staff: the courier's insurance claims, to approve or decline. */
export default function InsuranceClaimsPage() {
  const [params] = useSearchParams();
  return (
    <div>
      <PageHeader title="Insurance claims" description="Claims customers opened on insured packages: approve or decline each." />
      <InsuranceClaimsList initialClaim={params.get('claim')} />
    </div>
  );
}
