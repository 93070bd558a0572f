import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useBranch } from '@/features/branches/api/branches';
import { BranchFormDialog } from '@/features/branches/components/branch-form-dialog';
import { ActiveBadge, DetailList, PageError, PageHeader } from '@/components/layout/page-header';
import { usePortal } from '@/lib/portal-context';
import { useDateFormat } from '@/lib/format-date';

export function BranchDetailPage() {
  const dates = useDateFormat();
  const { id } = useParams();
  const { base, can, isSuperAdmin } = usePortal();
  const branch = useBranch(Number(id));
  const [editing, setEditing] = useState(false);
  const back = { to: `${base}/branches`, label: 'Branches' };
  if (branch.isPending) return <Skeleton className="h-64" />;
  if (branch.isError) return <PageError message={errorMessage(branch.error, 'Failed to load the branch')} />;
  const b = branch.data;
  return (
    <div>
      <PageHeader
        back={back}
        title={b.name}
        description={[b.code, b.parish].filter(Boolean).join(' · ')}
        actions={
          can('branches_edit') && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
          )
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Branch details</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              ...(isSuperAdmin ? ([['Courier', b.courierName]] as Array<[string, string]>) : []),
              ['Name', b.name],
              ['Code', b.code],
              ['Address', b.address],
              ['Parish', b.parish],
              ['Phone', b.phone],
              ['Opening hours', b.hours],
              ['Status', <ActiveBadge key="s" active={b.active} />],
              ['Staff', b.staffCount],
              ['Customers', b.customerCount],
              ['Created', dates.date(b.createdAt, b.timeZone)],
            ]}
          />
        </CardContent>
      </Card>
      <BranchFormDialog open={editing} onOpenChange={setEditing} branch={b} />
    </div>
  );
}
