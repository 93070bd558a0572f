import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { resolveApiKey, storageRefused } from '@/lib/storage';
import { issueHandoffCode, useFramePermission } from '../api/handoff';

/**
 * The origins of the pages framing this one, our own left out: undefined when the page is not in a
 * frame, null when the browser does not say (no `ancestorOrigins`, no referrer).
 */
export function framingOrigins(): string[] | null | undefined {
  if (typeof window === 'undefined' || window.top === window.self) return undefined;
  const own = window.location.origin;
  let origins: string[];
  if (window.location.ancestorOrigins && window.location.ancestorOrigins.length > 0) {
    origins = Array.from(window.location.ancestorOrigins);
  } else if (document.referrer) {
    try {
      origins = [new URL(document.referrer).origin];
    } catch {
      return null;
    }
  } else return null;
  return origins.filter((origin) => origin !== own);
}

export type FramedPortalState = { state: 'shown'; storageRefused: boolean } | { state: 'checking' } | { state: 'refused' };

/**
 * Whether the signed-in portal may show in this page. The HTML's frame-ancestors come from the
 * page's api key, before anyone knows who is signed in; in a frame, the portal shows only when the
 * signed-in customer's own courier allows every website framing it, and the page was opened for
 * that courier (the server decides both). A frame that cannot tell who frames it shows nothing.
 */
export function useFramedPortal(): FramedPortalState {
  const [origins] = useState(framingOrigins);
  // The tenant this page was opened for: the URL's api key, the host's courier, else the site the server served.
  const [apiKey] = useState(() => (origins === undefined ? null : resolveApiKey() || null));
  const external = origins === undefined ? null : origins;
  const permission = useFramePermission(external, apiKey);
  if (origins === undefined) return { state: 'shown', storageRefused: false };
  if (origins === null) return { state: 'refused' };
  if (origins.length > 0) {
    if (permission.isPending) return { state: 'checking' };
    if (!permission.data?.allowed) return { state: 'refused' };
  }
  return { state: 'shown', storageRefused: storageRefused() };
}

/** What a frame that may not show the portal shows instead: a way to the courier's own site. */
export function FramedPortalRefused({ courierName }: { courierName: string }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-slate-900">Your account cannot be shown on this website</h1>
        <p className="mt-2 text-sm text-slate-600">
          {courierName} has not allowed this website to show your account. Open it on {courierName}&apos;s own site instead.
        </p>
        <a
          href={paths.customer.dashboard}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-flex h-11 items-center gap-2 rounded-md bg-brand-700 px-5 font-medium text-white hover:bg-brand-800"
        >
          Open my account in a new tab
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
        </a>
      </div>
    </main>
  );
}

/**
 * A framed portal whose browser refuses it storage: the session lasts only while the page is open,
 * so the person can open the portal in its own tab, signed in, through a one-minute single-use code
 * in the new tab's fragment (never a session token in a URL).
 */
export function OpenInOwnTab() {
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const open = async () => {
    // Opened now, while the click still counts, so no pop-up blocker stands in the way; its address follows.
    const tab = window.open('', '_blank');
    setBusy(true);
    setProblem(null);
    try {
      const { code } = await issueHandoffCode();
      const url = `${window.location.origin}${paths.openPortal}#code=${encodeURIComponent(code)}`;
      if (tab) tab.location.href = url;
      else setLink(url);
    } catch (error) {
      tab?.close();
      setProblem(errorMessage(error, 'The new tab could not be opened. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <p>Your browser does not let this website remember your sign-in, so you stay signed in here only until you leave this page.</p>
      <div className="flex shrink-0 flex-col items-start gap-1">
        <Button variant="secondary" size="sm" onClick={open} busy={busy}>
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          Open in its own tab
        </Button>
        {link && (
          <a href={link} target="_blank" rel="noopener noreferrer" className="font-medium underline">
            Continue in the new tab
          </a>
        )}
        {problem && (
          <p role="alert" className="text-red-700">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
