import { downloadFile, openFile } from '@/lib/download';

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

export const openLabel = (id: number) => openFile(`/packages/${id}/label`);
export const openLabels = (ids: number[]) => openFile(`/packages/labels.pdf?${idsQuery(ids)}`);
export const downloadZpl = (ids: number[], name: string) =>
  downloadFile(ids.length === 1 ? `/packages/${ids[0]}/label.zpl` : `/packages/labels.zpl?${idsQuery(ids)}`, name);
