import type { ShippingMode } from '@courier/shared/constants/packages';
import { useHeldPackages } from '../api/manifests';

/**
 * On an open manifest: the packages of its mode held at the warehouse (most often for a missing
 * merchant invoice), which cannot go on it until the hold ends. Each says why.
 */
export function HeldPackagesNotice({ mode }: { mode: ShippingMode }) {
  const held = useHeldPackages(mode);
  const rows = held.data?.data ?? [];
  if (rows.length === 0) return null;
  const total = held.data?.total ?? rows.length;
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">
        {total} {mode} package{total === 1 ? ' is' : 's are'} on hold and cannot go on this manifest until released:
      </p>
      <ul className="mt-1 max-h-32 space-y-0.5 overflow-y-auto">
        {rows.map((p) => (
          <li key={p.id}>
            <span className="font-mono">{p.packageNumber}</span> {p.customerName ? `(${p.mailboxNumber})` : ''}: {p.holdReason ?? 'on hold'}
          </li>
        ))}
      </ul>
    </div>
  );
}
