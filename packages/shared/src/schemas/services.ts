import { z } from 'zod';
import { CARRIERS } from '../constants/packages';
import { FEE_BAND_BASES, FEE_METHODS } from '../domain/fees';
import { CONSOLIDATION_STATUSES, REPACK_OPTIONS, SHOP_REQUEST_STAGES, SHOP_REQUEST_STATUSES } from '../constants/services';
import { calendarDateSchema, idSchema, queryIdSchema } from './common';
import { dimensionSchema, weightSchema } from './packages';
import { assistedPurchaseItemSchema } from './public';

/** Consolidation and Shop For Me, in our words. */
export const SERVICE_MESSAGES = {
  consolidationNotFound: 'Consolidation request not found',
  chooseTwoPackages: 'Choose at least two packages in the warehouse, or a date to hold new ones until',
  packagesNotInWarehouse: 'Only your packages received at the warehouse and not yet shipped can be consolidated',
  packageInOtherRequest: (number: string, request: string) => `${number} is already in consolidation ${request}`,
  holdDateInPast: 'The hold date cannot be in the past',
  onlyRequestedCancel: 'Only a consolidation not yet repacked can be cancelled',
  onlyRequestedComplete: 'This consolidation is no longer open',
  needsTwoToRepack: 'A consolidation repacks at least two packages',
  packageNotInRequest: (number: string) => `${number} is not in this consolidation`,
  requested: 'Consolidation requested',
  cancelled: 'Consolidation cancelled: no fee is charged',
  completed: (number: string) => `Repacked into ${number}`,
  shopNotFound: 'Shop For Me request not found',
  quoteNotNow: 'Only a request awaiting its quote (or quoted, not yet accepted) can be quoted',
  decideNotNow: 'Only a quoted request can be accepted or declined',
  purchaseNotNow: 'A purchase is recorded once the quote is paid',
  quoteItemsRequired: 'Add at least one item with its price',
  trackingRequired: 'Please enter the tracking number',
  orderRequired: 'Please enter the merchant order number',
  orderCostRequired: 'Please enter what this order cost: with more than one order, each keeps its own item cost',
  notYourRequest: 'This request was sent with another e-mail address',
  quoted: 'Quote sent to the customer',
  accepted: 'Quote accepted: pay the invoice to let us buy',
  declined: 'Quote declined',
  purchased: 'Purchase recorded: the packages are expected at the warehouse',
  requestSent: 'Request sent: we will e-mail you the quote',
  cancelConfirm: 'Cancel this consolidation? Nothing is charged before the repack.',
  declineConfirm: 'Decline this quote? We will not buy the items.',
  packagesNotFound: 'Package not found',
} as const;

/* ---------- Consolidation ---------- */

export const createConsolidationSchema = z.strictObject({
  packageIds: z.array(idSchema).max(50).default([]),
  repack: z.enum(REPACK_OPTIONS),
  holdUntil: calendarDateSchema().nullable().default(null),
  notes: z.string().trim().max(500).default(''),
});
export type CreateConsolidationInput = z.input<typeof createConsolidationSchema>;

export const completeConsolidationSchema = z.strictObject({
  weightLb: weightSchema,
  lengthIn: dimensionSchema,
  widthIn: dimensionSchema,
  heightIn: dimensionSchema,
  /** The packages actually repacked; all of the request's when left out. */
  packageIds: z.array(idSchema).max(50).optional(),
});
export type CompleteConsolidationInput = z.input<typeof completeConsolidationSchema>;

export const consolidationPackageSchema = z.object({
  id: z.number().int(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  description: z.string().nullable(),
  weightLb: z.number(),
  status: z.string(),
});

export const consolidationSchema = z.object({
  id: z.number().int(),
  requestNo: z.string(),
  status: z.enum(CONSOLIDATION_STATUSES),
  repack: z.enum(REPACK_OPTIONS),
  holdUntil: z.string().nullable(),
  notes: z.string(),
  feeCents: z.number().int(),
  customer: z.object({ id: z.number().int(), name: z.string(), mailbox: z.string().nullable() }),
  packages: z.array(consolidationPackageSchema),
  newPackage: z.object({ id: z.number().int(), packageNumber: z.string() }).nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type ConsolidationDto = z.infer<typeof consolidationSchema>;

export const consolidationListQuerySchema = z.object({
  status: z.enum(CONSOLIDATION_STATUSES).optional(),
  /** A scanned package or tracking number: the open request that holds it. */
  packageRef: z.string().trim().min(1).max(100).optional(),
  customerId: queryIdSchema.optional(),
});
export const consolidationListSchema = z.object({ data: z.array(consolidationSchema), feeCents: z.number().int() });

/** The packages a customer is thinking of consolidating (at least two). */
export const consolidationPreviewInputSchema = z.strictObject({
  packageIds: z.array(idSchema).max(50),
});
export type ConsolidationPreviewInput = z.input<typeof consolidationPreviewInputSchema>;

const previewParcelSchema = z.object({
  declaredValueUsdCents: z.number().int(),
  weightLb: z.number(),
  customsCents: z.number().int(),
  /** Within the de minimis: no customs at all. */
  deMinimis: z.boolean(),
});

/**
 * What consolidating changes, in JMD cents at today's rates: customs on each parcel as it is,
 * customs on the one parcel of their summed value and weight, the consolidation fee, and
 * `differenceCents` = customs together + fee − customs separately.
 */
export const consolidationPreviewSchema = z.object({
  separately: z.object({
    customsCents: z.number().int(),
    parcels: z.array(previewParcelSchema.extend({ id: z.number().int(), packageNumber: z.string() })),
  }),
  together: previewParcelSchema,
  feeCents: z.number().int(),
  differenceCents: z.number().int(),
  /** The de minimis (FOB, US cents) in force; null when the courier has none. */
  deMinimisUsdCents: z.number().int().nullable(),
  /** Consolidating makes customs due on goods that are duty-free as separate parcels. */
  crossesDeMinimis: z.boolean(),
  /** Packages with no declared value: their customs cannot be estimated. */
  missingValue: z.array(z.string()),
});
export type ConsolidationPreview = z.infer<typeof consolidationPreviewSchema>;

/* ---------- Shop For Me ---------- */

/** A signed-in customer's request: the items and notes (name and e-mail come from the account). */
export const customerShopRequestSchema = z.strictObject({
  items: z.array(assistedPurchaseItemSchema).min(1).max(20),
  notes: z.string().trim().max(2000).default(''),
});
export type CustomerShopRequestInput = z.input<typeof customerShopRequestSchema>;

const usdCents = z.number().int().min(0, 'Amounts cannot be negative').max(10_000_000, 'Amount is too large');

export const quoteItemSchema = z.strictObject({
  description: z.string().trim().min(1, 'Please describe the item').max(500),
  url: z.string().trim().max(2000).default(''),
  quantity: z.number().int().min(1).max(999),
  unitPriceUsdCents: usdCents,
});

export const shopQuoteSchema = z.strictObject({
  items: z.array(quoteItemSchema).min(1, SERVICE_MESSAGES.quoteItemsRequired).max(20),
  salesTaxUsdCents: usdCents,
  usShippingUsdCents: usdCents,
  note: z.string().trim().max(1000).default(''),
});
export type ShopQuoteInput = z.input<typeof shopQuoteSchema>;

export const shopDecisionSchema = z.strictObject({
  decision: z.enum(['accept', 'decline']),
  reason: z.string().trim().max(500).default(''),
});

export const shopPurchaseSchema = z.strictObject({
  orders: z
    .array(
      z.strictObject({
        merchant: z.string().trim().min(1, 'Please enter the merchant').max(200),
        orderNumber: z.string().trim().min(1, SERVICE_MESSAGES.orderRequired).max(100),
        trackingNumber: z.string().trim().min(1, SERVICE_MESSAGES.trackingRequired).max(100),
        carrier: z.enum(CARRIERS).default('OTHER'),
        /** What the merchant charged for this order's items (its customs value); one order may leave it to the quote. */
        itemCostUsdCents: z.number().int().min(0).max(100_000_000).nullish(),
      }),
    )
    .min(1, SERVICE_MESSAGES.trackingRequired)
    .max(20)
    .superRefine((orders, ctx) => {
      if (orders.length < 2) return;
      for (const [i, o] of orders.entries()) {
        if (o.itemCostUsdCents == null) {
          ctx.addIssue({ code: 'custom', path: [i, 'itemCostUsdCents'], message: SERVICE_MESSAGES.orderCostRequired });
        }
      }
    }),
});
export type ShopPurchaseInput = z.input<typeof shopPurchaseSchema>;

export const shopQuoteDtoSchema = z.object({
  items: z.array(z.object({ description: z.string(), url: z.string(), quantity: z.number().int(), unitPriceUsdCents: z.number().int() })),
  itemsUsdCents: z.number().int(),
  salesTaxUsdCents: z.number().int(),
  usShippingUsdCents: z.number().int(),
  serviceFeeUsdCents: z.number().int(),
  /** GCT on the service fee when its fee entry says GCT applies; 0 on quotes from before. */
  serviceFeeGctUsdCents: z.number().int(),
  serviceFeeGctBps: z.number().int(),
  /** The fee engine version that priced the service fee (null on quotes from before the engine held it). */
  serviceFeeVersionId: z.number().int().nullable(),
  totalUsdCents: z.number().int(),
  note: z.string(),
});
export type ShopQuoteDto = z.infer<typeof shopQuoteDtoSchema>;

export const shopRequestSchema = z.object({
  id: z.number().int(),
  requestNo: z.string(),
  status: z.enum(SHOP_REQUEST_STATUSES),
  stage: z.enum(SHOP_REQUEST_STAGES),
  name: z.string(),
  email: z.string(),
  customerId: z.number().int().nullable(),
  items: z.array(
    z.object({
      itemUrl: z.string(),
      itemDescription: z.string(),
      quantity: z.number().int(),
      estimatedPriceUsdCents: z.number().int().nullable(),
    }),
  ),
  notes: z.string(),
  quote: shopQuoteDtoSchema.nullable(),
  invoice: z.object({ invoiceNo: z.string(), totalCents: z.number().int(), status: z.string() }).nullable(),
  orders: z.array(
    z.object({
      merchant: z.string(),
      orderNumber: z.string(),
      trackingNumber: z.string(),
      carrier: z.string(),
      /** The item cost entered for this order (null on purchases recorded before it was asked). */
      itemCostUsdCents: z.number().int().nullable(),
      arrived: z.boolean(),
      packageNumber: z.string().nullable(),
    }),
  ),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  quotedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  purchasedAt: z.string().nullable(),
});
export type ShopRequestDto = z.infer<typeof shopRequestSchema>;

export const shopListQuerySchema = z.object({ stage: z.enum(SHOP_REQUEST_STAGES).optional() });
export const shopListSchema = z.object({ data: z.array(shopRequestSchema) });

/**
 * The services' prices in force today, read from the fee engine (changed on the Fees tab): the
 * consolidation fee a new request is charged (JMD cents), and the Shop For Me fee entry (amounts
 * in USD cents) with the GCT rate a quote adds when the entry says GCT applies.
 */
export const serviceFeesSchema = z.object({
  consolidationFeeCents: z.number().int(),
  shopFee: z.object({
    feeId: z.number().int(),
    versionId: z.number().int(),
    code: z.literal('shop_for_me'),
    name: z.string(),
    appliesTo: z.literal('service_request'),
    method: z.enum(FEE_METHODS),
    amountCents: z.number().int(),
    percentBps: z.number().int(),
    minimumCents: z.number().int(),
    bands: z.array(z.object({ from: z.number(), to: z.number().nullable(), cents: z.number().int() })),
    bandBasis: z.enum(FEE_BAND_BASES),
    freeDays: z.number().int(),
    gctApplies: z.boolean(),
    effectiveFrom: z.string(),
    effectiveTo: z.string().nullable(),
    createdAt: z.string(),
  }),
  shopFeeGctBps: z.number().int(),
});
export type ServiceFees = z.infer<typeof serviceFeesSchema>;
