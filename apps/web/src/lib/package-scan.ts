import type { ScanLookup } from '@courier/shared/schemas/packages';
import { api } from './api-client';

/** What a scanned code names (a package, a carrier's tracking number, a mailbox): receiving and put-away both ask. */
export const lookupTracking = (trackingNumber: string) => api.get<ScanLookup>('/packages/scan', { query: { trackingNumber } });
