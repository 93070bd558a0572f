import { REQUEST_TIMEOUT_MS } from '@courier/shared/constants/limits';
import { API_BASE, ApiError, handleUnauthorized } from '@/lib/api-client';
import { tokenStore } from '@/lib/storage';

/**
 * Fetches a file the API serves behind the bearer token (invoice and receipt PDFs, report CSVs);
 * a plain link cannot carry the token.
 */
async function fetchFile(path: string, query: Record<string, string | number | undefined> = {}): Promise<Blob> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  const token = tokenStore.get();
  const response = await fetch(`${API_BASE}${path}${qs ? `?${qs}` : ''}`, {
    headers: { 'Cache-Control': 'no-cache', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) {
    if (response.status === 401 && token) handleUnauthorized();
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(body.message ?? `Request failed (${response.status})`, 'http', response.status);
  }
  return response.blob();
}

/** Opens a PDF in a new tab. The tab is opened first, inside the click, so pop-up blockers allow it. */
export async function openPdf(path: string, query?: Record<string, string | number | undefined>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await fetchFile(path, query);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export async function downloadFile(path: string, fileName: string, query?: Record<string, string | number | undefined>): Promise<void> {
  const blob = await fetchFile(path, query);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
