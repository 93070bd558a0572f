import { recordKeys } from '@/lib/query-keys';

/**
 * Every query key of cover (a package's insurance and storage, insurance claims). They start from
 * the packages root, so any change to a package refreshes its cover too.
 */
export const coverKeys = {
  /** Insurance, claims and storage of one package. */
  cover: (id: number, customer: boolean) => [...recordKeys.packages, 'cover', id, customer] as const,
  insureByDefault: [...recordKeys.packages, 'insure-by-default'] as const,
  /** The courier's insurance claims, optionally of one status. */
  insuranceClaims: (status: string) => [...recordKeys.packages, 'insurance-claims', status] as const,
  /** One photo (thumbnail) of an insurance claim. */
  claimPhoto: (claimId: number, photoId: number) => [...recordKeys.packages, 'claim-photo', claimId, photoId] as const,
};
