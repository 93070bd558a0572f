import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HazardCategory, HazardOutcome } from '@courier/shared/constants/warehouse';
import { nextStatuses } from '@courier/shared/domain/package-status';
import type { PackageDetail } from '@courier/shared/schemas/packages';
import { renderWithApi, signedInWithFakeApi, stubApi } from '@/test/fake-api';
import { PackageDetailDialog } from './package-detail-dialog';

signedInWithFakeApi();

/** A received parcel flagged hazardous, with the next statuses the API works out for it (the shared rule). */
function flagged(category: HazardCategory, outcome: HazardOutcome | null): PackageDetail {
  const hazard = { level: 'hazardous', outcome } as const;
  return {
    id: 5,
    courierId: 1,
    timeZone: 'America/Jamaica',
    packageNumber: 'PKG-000005',
    trackingNumber: '1ZHZ0000000005',
    carrier: 'UPS',
    status: 'received',
    heldFrom: null,
    holdReason: null,
    voidedAt: null,
    voidReason: null,
    customerId: 3,
    customerName: 'Ann Brown',
    mailboxNumber: 'JXP-10001',
    branchId: 1,
    branchName: 'Kingston',
    preAlertId: null,
    weightLb: 2,
    lengthIn: null,
    widthIn: null,
    heightIn: null,
    mode: 'AIR',
    manifestId: null,
    manifestNumber: null,
    declaredValueUsdCents: null,
    description: null,
    merchant: null,
    hasInvoice: false,
    shopRequestNo: null,
    tariffClass: 'general',
    assignedFromUnknown: false,
    receivedAt: '2026-11-20T15:00:00.000Z',
    readyAt: null,
    deliveredAt: null,
    uncollectedSince: null,
    hazardLevel: hazard.level,
    hazardCategory: category,
    hazardNote: null,
    hazardOutcome: outcome,
    hazardFeeCents: null,
    shelfId: null,
    shelfCode: null,
    contentsPhotoAsked: false,
    labelMailbox: null,
    labelName: null,
    pieceNumber: 1,
    pieceCount: 1,
    piecesIn: 1,
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    events: [],
    nextStatuses: nextStatuses('received', { hazard }),
  } as PackageDetail;
}

describe('the package dialog of a hazardous parcel, for a plain staff member', () => {
  it.each([
    ['to be disposed of', flagged('aerosols', 'dispose')],
    ['lithium with no outcome chosen', flagged('lithium_batteries', null)],
  ])('a parcel %s may be held, but is offered no way on', async (_, pkg) => {
    stubApi({ 'GET /packages/5': pkg });
    renderWithApi(<PackageDetailDialog id={5} onClose={() => {}} canEdit />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'On Hold' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'In Transit' })).toBeNull();
  });
});
