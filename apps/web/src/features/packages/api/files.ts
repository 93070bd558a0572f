import { API_BASE, ApiError } from '@/lib/api-client';
import { tokenStore } from '@/lib/storage';

export async function fetchBlob(path: string): Promise<Blob> {
  const token = tokenStore.get();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'cache-control': 'no-cache' },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(body.message ?? `Request failed (${response.status})`, 'http', response.status);
  }
  return response.blob();
}

/** Opens a PDF or image in a new tab (opened inside the click so pop-up blockers allow it). */
export async function openFile(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchBlob(path));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export async function downloadFile(path: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchBlob(path));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
