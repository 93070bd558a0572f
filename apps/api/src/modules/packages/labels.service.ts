import { and, eq, inArray } from 'drizzle-orm';
import { PACKAGE_MESSAGES, type PackageDto } from '@courier/shared/schemas/packages';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema/packages';
import { AppError } from '../../lib/errors';
import { type Letterhead, type LetterheadDeps, loadLetterheads } from '../../lib/pdf/letterhead';
import { type ZplGraphic, zplLogo } from '../../lib/pdf/logo-image';
import type { AuthUser } from '../../plugins/auth';
import { packageLabelPdf, packageLabelZpl } from './package-label';
import { selectPackages, toPackageDto } from './package-rows.service';
import { recordScope } from '../../lib/courier-scope';

/**
 * The packages to print, in the order asked, all within the caller's courier: one id of another
 * courier (or unknown) refuses the whole print, so no label of someone else's parcel comes out.
 */
async function labelPackages(db: Db, user: AuthUser, ids: number[]): Promise<PackageDto[]> {
  const courierId = recordScope(user);
  const unique = [...new Set(ids)];
  const rows = await selectPackages(db).where(
    and(inArray(packages.id, unique), courierId === null ? undefined : eq(packages.courierId, courierId)),
  );
  if (rows.length !== unique.length) throw new AppError('not_found', PACKAGE_MESSAGES.packageNotFound);
  const byId = new Map(rows.map((r) => [r.pkg.id, toPackageDto(r)]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** Each package's courier's letterhead (a super admin's batch may span couriers). */
const headsOf = (deps: LetterheadDeps, pkgs: PackageDto[]) =>
  loadLetterheads(
    deps,
    pkgs.map((p) => p.courierId),
  );

/** One PDF, a 4x6 page per package. */
export async function labelsPdf(deps: LetterheadDeps, user: AuthUser, ids: number[]) {
  const pkgs = await labelPackages(deps.db, user, ids);
  const name = pkgs.length === 1 ? `label-${pkgs[0]?.packageNumber}.pdf` : `labels-${pkgs.length}.pdf`;
  return { name, pdf: await packageLabelPdf(pkgs, await headsOf(deps, pkgs)) };
}

/** Each courier's logo as a ZPL graphic, converted once per request (nothing is kept between requests). */
async function zplLogosOf(heads: Map<number, Letterhead>): Promise<Map<number, ZplGraphic | null>> {
  const entries = await Promise.all(
    [...heads].map(async ([courierId, lh]) => [courierId, lh.logo ? await zplLogo(lh.logo) : null] as const),
  );
  return new Map(entries);
}

/** The ZPL of every package, one ^XA...^XZ format after another: a Zebra prints them in a row. */
export async function labelsZpl(deps: LetterheadDeps, user: AuthUser, ids: number[]) {
  const pkgs = await labelPackages(deps.db, user, ids);
  const heads = await headsOf(deps, pkgs);
  const logos = await zplLogosOf(heads);
  const name = pkgs.length === 1 ? `label-${pkgs[0]?.packageNumber}.zpl` : `labels-${pkgs.length}.zpl`;
  return { name, packages: pkgs, zpl: pkgs.map((p) => packageLabelZpl(p, heads.get(p.courierId), logos.get(p.courierId))).join('') };
}
