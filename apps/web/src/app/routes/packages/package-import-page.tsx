import { AgentPickupCard } from '@/features/integrations/components/agent-pickup-card';
import { ImportHistory } from '@/features/integrations/components/import-history';
import { PackageImportWizard } from '@/features/integrations/components/package-import-wizard';
import { useSession } from '@/lib/session';

/** Packages the US warehouse agent received, from its CSV or Excel file instead of typing each one. */
export default function PackageImportPage() {
  // The agent's folder is the courier's setting: the US agent sees its files, not where they are fetched.
  const { user } = useSession();
  const agent = user?.role.name === 'agent';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Import Packages</h1>
        <p className="text-sm text-slate-600">
          Receive the parcels your Miami warehouse agent lists in its file: each row is checked first; customers are found by mailbox or
          name, pre-alerts are matched, and parcels with no customer go to Unknown Packages. A file imported twice creates nothing twice.
        </p>
      </div>
      <PackageImportWizard />
      <ImportHistory />
      {!agent && <AgentPickupCard />}
    </div>
  );
}
