import { toast } from 'sonner';
import type { PackageDetail } from '@courier/shared/schemas/packages';
import type { PrintResult } from '@courier/shared/schemas/warehouse';
import { api, errorMessage } from '@/lib/api-client';
import { fetchBlob } from '@/lib/download';

/**
 * A package's label, printed where a parcel is made: the scan station's receive and the
 * consolidation station's repack both print it this way.
 */

/** Sends a package's label to the branch's label printer; `printed: false` says why (the caller opens the PDF). */
export const printToPrinter = (packageId: number) => api.post<PrintResult>(`/packages/${packageId}/print-label`, {});

/**
 * Prints a label PDF without a click: the PDF loads in a hidden frame whose print() opens the
 * print dialog (or prints straight away on a kiosk-mode station). The frame is replaced by the
 * next label, so a fast receiver never waits for one to be cleaned up.
 */
export async function printLabels(ids: number[]): Promise<void> {
  const path = ids.length === 1 ? `/packages/${ids[0]}/label` : `/packages/labels.pdf?ids=${ids.join(',')}`;
  const url = URL.createObjectURL(await fetchBlob(path));
  document.getElementById('label-print-frame')?.remove();
  const frame = document.createElement('iframe');
  frame.id = 'label-print-frame';
  frame.title = 'Label to print';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  frame.dataset.printed = 'false';
  frame.addEventListener('load', () => {
    // The person is already scanning the next parcel: printing must not take their focus.
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    try {
      frame.contentWindow?.print();
      active?.focus();
      frame.dataset.printed = 'true';
      // Lets a print agent or a test know a label went to the printer without a click.
      window.dispatchEvent(new CustomEvent('label-printed', { detail: { ids } }));
    } finally {
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    }
  });
  frame.src = url;
  document.body.append(frame);
}

/**
 * Sends the label to the branch's label printer with no dialog; when there is none, or it cannot
 * be reached, says so and falls back to the PDF (`pdf`). A failure is said, never thrown.
 */
export async function printLabel(pkg: Pick<PackageDetail, 'id' | 'packageNumber'>, pdf: () => Promise<void>): Promise<void> {
  try {
    const result = await printToPrinter(pkg.id);
    if (result.printed) {
      toast.success(`${pkg.packageNumber}: ${result.message}`);
      return;
    }
    if (result.printerName) toast.warning(result.message);
    await pdf();
  } catch (e) {
    toast.error(errorMessage(e, `Could not print the label of ${pkg.packageNumber}`));
  }
}
