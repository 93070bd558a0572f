import type { PublicSite } from '@courier/shared/schemas/public-site';
import { cn } from '@/lib/cn';

type Branch = PublicSite['branches'][number];

/** A grey bar of about one line of text, while the courier's site loads: the layout keeps its size. */
export function TextSkeleton({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-block h-4 w-40 max-w-full animate-pulse rounded bg-slate-300/60 align-middle', className)}
      aria-hidden="true"
    />
  );
}

/** A branch's address as one line: street, town and parish as the courier wrote them, then the country. */
export function branchAddress(branch: Branch): string {
  const parts = [branch.address, branch.parish].filter((p): p is string => Boolean(p?.trim()));
  return parts.length > 0 ? `${parts.join(', ')}, Jamaica` : '';
}

/** The parishes of the courier's branches, for a heading such as "Visit us in Clarendon" (none: null). */
export function branchParishes(site: PublicSite): string | null {
  const parishes = [...new Set(site.branches.map((b) => b.parish?.trim()).filter((p): p is string => Boolean(p)))];
  if (parishes.length === 0) return null;
  if (parishes.length === 1) return parishes[0] ?? null;
  return `${parishes.slice(0, -1).join(', ')} and ${parishes.at(-1)}`;
}

/**
 * The courier's e-mail and phone in running text ("Write to a@b.test, call 876..."): `lead` before
 * the e-mail, `phoneLead` before a phone shown without one, `trail` after. Nothing while the site
 * loads (a placeholder) or when the courier has neither.
 */
export function ContactSentence({
  site,
  loading,
  lead,
  phoneLead,
  joiner,
  trail = '',
}: {
  site: PublicSite;
  loading: boolean;
  lead: string;
  phoneLead: string;
  joiner: string;
  trail?: string;
}) {
  if (loading) return <TextSkeleton className="w-48" />;
  const { email, phone } = site.courier;
  if (!email && !phone) return null;
  return (
    <>
      {email ? (
        <>
          {lead}
          <a href={`mailto:${email}`}>{email}</a>
          {phone && `${joiner}${phone}`}
        </>
      ) : (
        `${phoneLead}${phone}`
      )}
      {trail}
    </>
  );
}
