import { PACKAGE_STATUS_LABELS } from '@courier/shared/constants/packages';
import { SCAN_MESSAGES } from '@courier/shared/domain/scan';
import { UNKNOWN_SCAN_MESSAGES, type PackageDetail } from '@courier/shared/schemas/packages';
import type { AuthUser } from '../../plugins/auth';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { detailOf } from './package-queries.service';
import { refuseVoided, resolveScan } from './scan-resolver.service';
import { listScope } from '../../lib/courier-scope';

/**
 * The unknown package a scan names, for the assignment station of Unknown packages: our label's
 * number (any case, hyphen or not) or the carrier's tracking number, through the one resolver.
 * A mailbox, a package that is not unknown or nothing at all is refused in our words.
 */
export async function findUnknownByScan(db: Db, user: AuthUser, raw: string): Promise<PackageDetail> {
  const courierId = listScope(user);
  if (courierId === null) throw new AppError('bad_request', 'Choose a courier');
  const found = await resolveScan(db, courierId, raw);
  if (!found.code) throw new AppError('bad_request', SCAN_MESSAGES.unreadable);
  if (found.customer) throw new AppError('bad_request', SCAN_MESSAGES.notAPackage(found.customer.mailboxNumber));
  if (!found.pkg) {
    refuseVoided(found);
    throw new AppError('not_found', SCAN_MESSAGES.notFound(found.code.value));
  }
  const { pkg } = found.pkg;
  if (pkg.status !== 'unknown')
    throw new AppError('conflict', UNKNOWN_SCAN_MESSAGES.notUnknown(pkg.packageNumber, PACKAGE_STATUS_LABELS[pkg.status]));
  return detailOf(db, courierId, pkg.id);
}
