import { REQUEST_TIMEOUT_MS } from '@courier/shared/constants/limits';
import { CLIENT_MESSAGES } from '@courier/shared/messages';
import { API_BASE, ApiError, handleUnauthorized } from './api-client';
import { tokenStore } from './storage';

export interface UploadOptions {
  /** 0 to 100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Sends a multipart form with upload progress. `fetch` cannot report upload progress, so this uses
 * XMLHttpRequest, with everything else as `apiRequest` does it: the bearer token, no-cache, the
 * 30 s time-out (counted from the last progress, so a large file on a slow line is not cut off),
 * the same error messages, and the session expiry on a 401.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = tokenStore.get();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      action();
    };
    const armTimer = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        xhr.abort();
        finish(() => reject(new ApiError(CLIENT_MESSAGES.timeout, 'timeout')));
      }, timeoutMs);
    };
    const onAbort = () => {
      xhr.abort();
      finish(() => reject(new DOMException('Aborted', 'AbortError')));
    };

    xhr.open('POST', `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Cache-Control', 'no-cache');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      armTimer();
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => finish(() => reject(new ApiError(CLIENT_MESSAGES.network, 'network')));
    xhr.onload = () =>
      finish(() => {
        let data: unknown = null;
        try {
          data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          data = null;
        }
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.(100);
          resolve(data as T);
          return;
        }
        if (xhr.status === 401 && token) handleUnauthorized();
        const payload = (data ?? {}) as { message?: string; fieldErrors?: Record<string, string[]>; code?: string };
        reject(new ApiError(payload.message ?? `Request failed (${xhr.status})`, 'http', xhr.status, payload.fieldErrors, payload.code));
      });
    signal?.addEventListener('abort', onAbort);
    armTimer();
    xhr.send(form);
  });
}
