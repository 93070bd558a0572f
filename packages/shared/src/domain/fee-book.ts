import { CONTENTS_PHOTO_DEFAULT_CENTS, CONTENTS_PHOTO_DEFAULT_NAME } from '../schemas/contents-photos';
import { LEAVING_FEE_CODE, RETURN_DEFAULTS } from '../schemas/return-requests';
import { DEFAULT_SERVICE_FEE_VERSIONS, type FeeAppliesTo, type FeeCode, type FeeVersion, MIGRATED_FEES_FROM } from './fees';

/**
 * The fee book every courier starts with (invitation, super-admin create, the demo seed): every
 * coded fee with its dated versions, which the courier then reviews on its Fees tab. GCT keeps its
 * history: 16.5% until 31 March 2020, 15% from 1 April 2020 (Tax Administration Jamaica).
 */
export type DefaultVersion = Pick<
  FeeVersion,
  | 'method'
  | 'amountCents'
  | 'percentBps'
  | 'minimumCents'
  | 'bands'
  | 'bandBasis'
  | 'freeDays'
  | 'gctApplies'
  | 'effectiveFrom'
  | 'effectiveTo'
>;
export interface DefaultFee {
  code: FeeCode;
  name: string;
  appliesTo: FeeAppliesTo;
  versions: DefaultVersion[];
}

const version = (v: Partial<DefaultVersion> & Pick<DefaultVersion, 'method'>): DefaultVersion => ({
  amountCents: 0,
  percentBps: 0,
  minimumCents: 0,
  bands: [],
  bandBasis: 'weight',
  freeDays: 0,
  gctApplies: false,
  effectiveFrom: MIGRATED_FEES_FROM,
  effectiveTo: null,
  ...v,
});

/** The day Jamaica's GCT went from 16.5% to 15%. */
export const GCT_15_FROM = '2020-04-01';

export const DEFAULT_FEE_BOOK: readonly DefaultFee[] = [
  {
    code: 'gct',
    name: 'GCT',
    appliesTo: 'invoice',
    versions: [
      version({ method: 'percent_freight', percentBps: 1650, effectiveTo: '2020-03-31' }),
      version({ method: 'percent_freight', percentBps: 1500, effectiveFrom: GCT_15_FROM }),
    ],
  },
  {
    code: 'processing',
    name: 'Processing Fee',
    appliesTo: 'package',
    versions: [
      version({
        method: 'threshold',
        bands: [
          { from: 0.1, to: 5, cents: 300_00 },
          { from: 5, to: 20, cents: 500_00 },
          { from: 20, to: 100, cents: 800_00 },
        ],
      }),
    ],
  },
  { code: 'unknown', name: 'Unknown Fee', appliesTo: 'package', versions: [version({ method: 'fixed', amountCents: 500_00 })] },
  { code: 'uncollected', name: 'Uncollected Fee', appliesTo: 'package', versions: [version({ method: 'fixed', amountCents: 300_00 })] },
  { code: 'switching', name: 'Switching Fee', appliesTo: 'package', versions: [version({ method: 'fixed', amountCents: 200_00 })] },
  {
    code: 'storage',
    name: 'Storage',
    appliesTo: 'storage_day',
    versions: [version({ method: 'fixed', amountCents: 100_00, freeDays: 14 })],
  },
  {
    code: 'insurance',
    name: 'Insurance',
    appliesTo: 'package',
    versions: [version({ method: 'percent_value', percentBps: 200, minimumCents: 600_00, bandBasis: 'value' })],
  },
  ...(['consolidation', 'shop_for_me'] as const).map((code) => {
    const { name, ...priced } = DEFAULT_SERVICE_FEE_VERSIONS[code];
    return { code, name, appliesTo: 'service_request' as const, versions: [version({ ...priced, bandBasis: 'value' })] };
  }),
  {
    code: 'contents_photo',
    name: CONTENTS_PHOTO_DEFAULT_NAME,
    appliesTo: 'service_request',
    versions: [version({ method: 'fixed', amountCents: CONTENTS_PHOTO_DEFAULT_CENTS })],
  },
  ...(['return', 'discard'] as const).map((kind) => ({
    code: LEAVING_FEE_CODE[kind],
    name: RETURN_DEFAULTS[kind].name,
    appliesTo: 'service_request' as const,
    versions: [version({ method: 'fixed', amountCents: RETURN_DEFAULTS[kind].cents })],
  })),
];

/** The default GCT percent (one decimal) in force on a day, for the Manage Shipping Fees row. */
export const defaultGctTenthsOn = (day: string) => (day >= GCT_15_FROM ? 150 : 165);
