import type { PublicSite } from '@courier/shared/schemas/public-site';
import { MapPin } from 'lucide-react';
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

/**
 * One branch as a list item: a pin, "<name> branch", its address and (where asked) its phone. The
 * contact page and the footer differ only in colours and size, given as class names.
 */
export function BranchContact({
  branch,
  withPhone = false,
  itemClassName,
  iconClassName,
  nameClassName,
}: {
  branch: Branch;
  withPhone?: boolean;
  itemClassName: string;
  iconClassName: string;
  nameClassName: string;
}) {
  const address = branchAddress(branch);
  return (
    <li className={itemClassName}>
      <MapPin className={cn('mt-0.5 shrink-0', iconClassName)} aria-hidden="true" />
      <span>
        <span className={nameClassName}>{branch.name} branch</span>
        {address && (
          <>
            <br />
            {address}
          </>
        )}
        {withPhone && branch.phone && (
          <>
            <br />
            {branch.phone}
          </>
        )}
      </span>
    </li>
  );
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
