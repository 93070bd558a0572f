import { REQUEST_TIMEOUT_MS } from '@courier/shared/constants/limits';
import { CLIENT_MESSAGES } from '@courier/shared/messages';
import { API_BASE, ApiError, handleUnauthorized, type RequestOptions } from './api-client';
import { tokenStore } from './storage';

type Query = RequestOptions['query'];

/** An API path as the client calls it ("/reports/csv/x") or as the API links it ("/api/files/x"). */
function fileUrl(path: string, query: Query = {}): string {
  const url = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/**
 * The one way to fetch a file the API serves behind the bearer token (PDFs, CSVs, labels, images,
 * attachments): a plain link cannot carry the token. Same time-out and 401 handling as every call.
 */
export async function fetchBlob(path: string, query?: Query): Promise<Blob> {
  const token = tokenStore.get();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(fileUrl(path, query), {
      headers: { 'Cache-Control': 'no-cache', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: controller.signal,
    });
  } catch {
    throw controller.signal.aborted ? new ApiError(CLIENT_MESSAGES.timeout, 'timeout') : new ApiError(CLIENT_MESSAGES.network, 'network');
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    if (response.status === 401 && token) handleUnauthorized();
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(body.message ?? `Request failed (${response.status})`, 'http', response.status);
  }
  return response.blob();
}

/** Opens a PDF or image in a new tab. The tab is opened first, inside the click, so pop-up blockers allow it. */
export async function openFile(path: string, query?: Query): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchBlob(path, query));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Saves a file under the given name. */
export async function downloadFile(path: string, fileName: string, query?: Query): Promise<void> {
  const url = URL.createObjectURL(await fetchBlob(path, query));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
