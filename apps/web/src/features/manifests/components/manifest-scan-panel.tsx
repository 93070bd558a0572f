import { useState } from 'react';
import { classifyScan } from '@courier/shared/domain/scan';
import { Button } from '@/components/ui/button';
import { useAddScanToManifest, useRemoveScanFromManifest } from '../api/manifests';
import { ScanStation } from '@/components/scan-station/scan-station';
import { type ScanOutcome, useScanStation } from '@/components/scan-station/use-scan-station';

/** Scans add (or, in remove mode, take off) one package each; the field is ready for the next at once. */
export function ManifestScanPanel({ id }: { id: number }) {
  const [scanMode, setScanMode] = useState<'add' | 'remove'>('add');
  const add = useAddScanToManifest(id);
  const removeScanned = useRemoveScanFromManifest(id);
  const station = useScanStation(async (code): Promise<ScanOutcome> => {
    const value = classifyScan(code)?.value;
    if (scanMode === 'remove') {
      const result = await removeScanned.mutateAsync(code);
      return { tone: 'ok', message: `${value ?? code} removed: ${result.pieces} pieces left` };
    }
    const result = await add.mutateAsync(code);
    const added = result.packages.find((p) => p.packageNumber === value || p.trackingNumber === value);
    return { tone: 'ok', message: `${added?.packageNumber ?? value ?? code} added: ${result.pieces} pieces` };
  });
  return (
    <div className="space-y-2">
      <fieldset className="flex gap-2">
        <legend className="sr-only">What a scan does</legend>
        {(['add', 'remove'] as const).map((mode) => (
          <Button
            key={mode}
            type="button"
            size="sm"
            variant={scanMode === mode ? 'primary' : 'secondary'}
            aria-pressed={scanMode === mode}
            onClick={() => {
              setScanMode(mode);
              station.focus();
            }}
          >
            {mode === 'add' ? 'Scan to add' : 'Scan to remove'}
          </Button>
        ))}
      </fieldset>
      <ScanStation
        station={station}
        label={scanMode === 'add' ? 'Scan a package to add it' : 'Scan a package to remove it'}
        action={scanMode === 'add' ? 'Add' : 'Remove'}
        autoFocus
        camera
      />
    </div>
  );
}
