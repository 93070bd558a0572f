import type { PackageDto } from '@courier/shared/schemas/packages';
import { hazardSummary } from './hazard-flag';

/** Where a parcel sits, which piece it is and whether it is dangerous, in one line. */
export function WarehouseFacts({ pkg }: { pkg: PackageDto }) {
  const hazard = hazardSummary(pkg);
  const pieces = pkg.pieceCount > 1 ? `Piece ${pkg.pieceNumber} of ${pkg.pieceCount} · ${pkg.piecesIn} of ${pkg.pieceCount} in` : null;
  if (!hazard && !pieces && !pkg.shelfCode) return null;
  return (
    <p className="flex flex-wrap gap-2 text-sm" data-testid="warehouse-facts">
      {pkg.shelfCode && <span className="rounded bg-slate-800 px-2 py-0.5 font-mono font-semibold text-white">Shelf {pkg.shelfCode}</span>}
      {pieces && (
        <span
          className={`rounded px-2 py-0.5 font-semibold ${pkg.piecesIn < pkg.pieceCount ? 'bg-amber-200 text-amber-950' : 'bg-green-100 text-green-900'}`}
        >
          {pieces}
        </span>
      )}
      {hazard && <span className="rounded bg-red-700 px-2 py-0.5 font-semibold text-white">{hazard}</span>}
    </p>
  );
}
