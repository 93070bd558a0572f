import { formatWeight } from '@courier/shared/format/weight';
import { useRef, useState } from 'react';
import { classifyScan } from '@courier/shared/domain/scan';
import type { PackageDetail } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { findUnknownByScan, useAssignPackage } from '@/features/packages/api/packages';
import { ScanStation } from '@/components/scan-station/scan-station';
import { type ScanOutcome, useScanStation } from '@/components/scan-station/use-scan-station';
import { UNKNOWN_ASSIGN_MESSAGES, nextAssignStep } from './assign-steps';

/**
 * Unknown packages at scan-gun speed: scan the package's label (or its carrier barcode), then the
 * customer's mailbox, and it is assigned; the same field, sounds and result panel as every other
 * scan screen. A second package scanned before a mailbox replaces the first.
 */
export function UnknownAssignStation() {
  const assignTo = useAssignPackage({ silent: true });
  const [target, setTarget] = useState<PackageDetail | null>(null);
  // Scans run one after another faster than React renders: the handler reads the ref, not the state.
  const targetRef = useRef<PackageDetail | null>(null);
  const choose = (pkg: PackageDetail | null) => {
    targetRef.current = pkg;
    setTarget(pkg);
  };

  const assign = async (pkg: PackageDetail, mailbox: string): Promise<ScanOutcome> => {
    const done = await assignTo.mutateAsync({ id: pkg.id, mailbox });
    choose(null);
    return { tone: 'ok', message: UNKNOWN_ASSIGN_MESSAGES.assigned(done) };
  };

  const station = useScanStation(async (code): Promise<ScanOutcome> => {
    const waiting = targetRef.current;
    if (nextAssignStep(waiting !== null, classifyScan(code)) === 'assign' && waiting) return assign(waiting, code);
    const pkg = await findUnknownByScan(code);
    choose(pkg);
    return { tone: 'ok', message: UNKNOWN_ASSIGN_MESSAGES.found(pkg) };
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Assign by scan</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ScanStation
          station={station}
          label={target ? `Mailbox for ${target.packageNumber}` : 'Unknown package'}
          hint={
            target
              ? 'Scan or type the customer’s mailbox number, then press Enter'
              : 'Scan the package’s label or carrier barcode, then press Enter'
          }
          action={target ? 'Assign' : 'Find'}
          autoFocus
          camera
        />
        {target && (
          <div
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
            data-testid="assign-target"
          >
            <p>
              Waiting for a mailbox: <strong>{target.packageNumber}</strong>{' '}
              <span className="font-mono break-all">{target.trackingNumber}</span> · {formatWeight(target.weightLb)} lb
            </p>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                choose(null);
                station.focus();
              }}
            >
              Cancel
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
