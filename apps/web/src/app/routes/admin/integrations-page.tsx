import { ApiKeysCard } from '@/features/integrations/components/api-keys-card';
import { WebhooksCard } from '@/features/integrations/components/webhooks-card';

/** /admin/integrations: the courier's API keys for the inbound API, and its webhooks out. */
export default function IntegrationsPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Integrations</h1>
        <p className="mt-1 text-sm text-slate-600">
          Let your warehouse agent and your other systems send packages in and hear about changes.
        </p>
      </div>
      <ApiKeysCard />
      <WebhooksCard />
    </div>
  );
}
