import { Link } from 'react-router';
import { DEFAULT_BRAND } from '@/features/public/api/get-courier-brand';
import { usePublicSite } from '@/features/public/api/get-public-site';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

/** The courier's logo and name, the default brand when it has none or cannot be read. */
export function BrandLink({ inverted = false }: { inverted?: boolean }) {
  const { site, loading } = usePublicSite();
  const brand = { name: site.courier.name || DEFAULT_BRAND.name, logoUrl: site.courier.logoUrl || DEFAULT_BRAND.logoUrl };
  return (
    <Link
      to={paths.home}
      className={cn('flex min-w-0 items-center gap-2 rounded-md font-semibold', inverted ? 'text-white' : 'text-brand-800')}
      aria-label={loading ? 'Home' : `${brand.name} home`}
    >
      {loading ? (
        <>
          <span className="h-9 w-9 shrink-0 animate-pulse rounded-md bg-slate-200" aria-hidden="true" />
          <span className="h-4 w-32 animate-pulse rounded bg-slate-200" aria-hidden="true" />
        </>
      ) : (
        <>
          <img
            src={brand.logoUrl}
            alt=""
            height={36}
            // A fixed height and the logo's own width (up to a limit): a wide logo keeps its shape.
            className="h-9 w-auto max-w-40 shrink-0 object-contain"
            onError={(event) => {
              // A broken uploaded logo falls back to the default mark instead of a broken image.
              if (!event.currentTarget.src.endsWith(DEFAULT_BRAND.logoUrl)) event.currentTarget.src = DEFAULT_BRAND.logoUrl;
            }}
          />
          <span className="truncate text-base sm:text-lg">{brand.name}</span>
        </>
      )}
    </Link>
  );
}
