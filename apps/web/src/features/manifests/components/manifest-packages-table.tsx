import { formatWeight } from '@courier/shared/format/weight';
import type { ManifestDetail } from '@courier/shared/schemas/manifests';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { useRemoveManifestPackage } from '../api/manifests';
import { StatusBadge } from '@/components/ui/status-badge';

/** The packages on a manifest, held ones with their reason; an open one can lose a package here. */
export function ManifestPackagesTable({ m, canRemove }: { m: ManifestDetail; canRemove: boolean }) {
  const remove = useRemoveManifestPackage(m.id);
  return (
    <ScrollRegion label="Packages on the manifest">
      <table className="w-full text-sm">
        <caption className="sr-only">Packages on the manifest</caption>
        <thead>
          <tr className="border-b text-left text-slate-500">
            <th className="py-2 pr-3">Package</th>
            <th className="py-2 pr-3">Tracking</th>
            <th className="py-2 pr-3">Customer</th>
            <th className="py-2 pr-3">Weight</th>
            <th className="py-2 pr-3">Status</th>
            {canRemove && <th className="py-2">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {m.packages.length === 0 && (
            <tr>
              <td colSpan={6} className="py-4 text-center text-slate-500">
                No packages yet
              </td>
            </tr>
          )}
          {m.packages.map((p) => (
            <tr key={p.id} className="border-b">
              <td className="py-2 pr-3">{p.packageNumber}</td>
              <td className="py-2 pr-3 font-mono text-xs">{p.trackingNumber}</td>
              <td className="py-2 pr-3">{p.customerName ? `${p.customerName} (${p.mailboxNumber})` : '-'}</td>
              <td className="py-2 pr-3">{formatWeight(p.weightLb)}</td>
              <td className="py-2 pr-3">
                <StatusBadge kind="package" status={p.status} />
                {p.status === 'on_hold' && p.holdReason && <span className="mt-0.5 block text-xs text-amber-800">{p.holdReason}</span>}
              </td>
              {canRemove && (
                <td className="py-2">
                  <Button
                    size="sm"
                    variant="ghost"
                    busy={remove.isPending && remove.variables === p.id}
                    onClick={() => remove.mutate(p.id)}
                    aria-label={`Remove ${p.packageNumber}`}
                  >
                    Remove
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
