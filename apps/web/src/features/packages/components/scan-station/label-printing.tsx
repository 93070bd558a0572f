import { useState } from 'react';
import type { PackageDetail } from '@courier/shared/schemas/packages';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { StatusBadge } from '@/components/ui/status-badge';
import { openFile } from '@/lib/download';
import { printLabel, printLabels } from '@/lib/package-label';
import { isAutoPrint, setAutoPrint } from '../../api/labels';

/** Prints one package's label: the label printer first, else the PDF. */
export function PrintLabelButton({ pkg }: { pkg: Pick<PackageDetail, 'id' | 'packageNumber'> }) {
  return (
    <Button size="sm" variant="secondary" onClick={() => printLabel(pkg, () => openFile(`/packages/${pkg.id}/label`))}>
      Print label
    </Button>
  );
}

/** The station's auto-print switch, kept on this device. */
export function useAutoPrint() {
  const [autoPrint, setState] = useState(isAutoPrint);
  return {
    autoPrint,
    setAutoPrint: (on: boolean) => {
      setAutoPrint(on);
      setState(on);
    },
    /** Prints a just-received package's label when auto-print is on; a failure is said, never thrown. */
    afterReceive: (pkg: Pick<PackageDetail, 'id' | 'packageNumber'>) => {
      if (!isAutoPrint()) return;
      void printLabel(pkg, () => printLabels([pkg.id]));
    },
  };
}

export function AutoPrintToggle({ printing }: { printing: ReturnType<typeof useAutoPrint> }) {
  return <Checkbox label="Auto-print labels" checked={printing.autoPrint} onChange={(e) => printing.setAutoPrint(e.target.checked)} />;
}

/** The last package received at this station, with its label one click away. */
export function LastReceivedCard({ last }: { last: PackageDetail | null }) {
  if (!last) return null;
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
        <p className="text-sm" aria-live="polite">
          Last received: <strong>{last.packageNumber}</strong> <StatusBadge kind="package" status={last.status} />{' '}
          {last.customerName ? `for ${last.customerName} (${last.mailboxNumber})` : 'with no customer'}
        </p>
        <PrintLabelButton pkg={last} />
      </CardContent>
    </Card>
  );
}
