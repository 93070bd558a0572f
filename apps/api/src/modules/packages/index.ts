// What the rest of the server may use of packages.
export { tellReceived } from './received-notice.subscriber';
export { tellStatusNews } from './status-notice.subscriber';
export { packagesFollowBranch } from './package-branch.service';
export { labelsZpl } from './labels.service';
export { consolidateInto, holdForConsolidation, releaseFromConsolidation } from './package-consolidation.service';
export { createPackage, createPackages } from './package-create.service';
export {
  composeCustomerEmail,
  customerForEmail,
  queueReceivedMessages,
  sendCustomerEmail,
  type PackageForEmail,
} from './package-emails.service';
export { hazardRefusal } from './package-hazards.service';
export { invoiceHoldReason, remindMissingInvoices } from './package-holds.service';
export { releaseForAttachedInvoice } from './invoice-attached.subscriber';
export { putOnManifest, takeOffManifest } from './package-manifest.service';
export { clearShelf, markStorageReminded, setInsured, shelvePackage } from './package-marks.service';
export { PackageNoticeBatch, sendPackageNotices } from './package-notices.service';
export { PHOTO_UPLOAD, shrinkPhoto } from './package-photos.service';
export { customerNameSql, selectPackages, toPackageDto, type PackageRow } from './package-rows.service';
export {
  actorOf,
  bulkPackageColumns,
  transitionPackage,
  transitionPackages,
  writeEvent,
  writeEvents,
  type Actor,
} from './package-status.service';
export { refuseVoided, resolveScan } from './scan-resolver.service';
export { flagUncollected } from './uncollected.service';
export { branchesOf, clearForTransfer, noteOn, placeAt } from './package-location.service';
export { findPackage, findPackagesByIds } from './package-rows.service';
export { foldStatusCounts, packageStatusCountsOf } from './status-counts.service';
