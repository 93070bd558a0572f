import { downloadFile, fetchBlob, openFile } from '@/lib/download';

/** The station's "auto-print" switch: a label prints by itself after every receive. */
const AUTO_PRINT_KEY = 'scanStation.autoPrint';

export function isAutoPrint(): boolean {
  try {
    return localStorage.getItem(AUTO_PRINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function setAutoPrint(on: boolean) {
  try {
    if (on) localStorage.setItem(AUTO_PRINT_KEY, '1');
    else localStorage.removeItem(AUTO_PRINT_KEY);
  } catch {
    // No storage: the switch lasts for this page only.
  }
}

const idsQuery = (ids: number[]) => `ids=${ids.join(',')}`;

/**
 * Prints a label PDF without a click: the PDF loads in a hidden frame whose print() opens the
 * print dialog (or prints straight away on a kiosk-mode station). The frame is replaced by the
 * next label, so a fast receiver never waits for one to be cleaned up.
 */
export async function printLabels(ids: number[]): Promise<void> {
  const path = ids.length === 1 ? `/packages/${ids[0]}/label` : `/packages/labels.pdf?${idsQuery(ids)}`;
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

export const openLabel = (id: number) => openFile(`/packages/${id}/label`);
export const openLabels = (ids: number[]) => openFile(`/packages/labels.pdf?${idsQuery(ids)}`);
export const downloadZpl = (ids: number[], name: string) =>
  downloadFile(ids.length === 1 ? `/packages/${ids[0]}/label.zpl` : `/packages/labels.zpl?${idsQuery(ids)}`, name);
