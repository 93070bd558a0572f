import { type StatusKind, type StatusOf, statusLabel, statusTone } from '@courier/shared/format/status';
import { cn } from '@/lib/cn';
import { Badge } from './badge';

/**
 * The one status badge: a package, manifest, invoice, ticket, delivery, pre-alert or claim status
 * with its one label and colour (`@courier/shared/format/status`). It never truncates its label.
 */
export function StatusBadge<K extends StatusKind>({ kind, status, className }: { kind: K; status: StatusOf<K>; className?: string }) {
  return (
    <Badge tone={statusTone(kind, status)} data-status={status} className={cn('whitespace-nowrap', className)}>
      {statusLabel(kind, status)}
    </Badge>
  );
}
