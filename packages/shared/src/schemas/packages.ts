/**
 * Packages, pre-alerts and unknown-package claims, one file per reason to change in `packages/`;
 * every name stays importable from here.
 */
export {
  PACKAGE_MESSAGES,
  DEFAULT_HEAVY_WEIGHT_LB,
  HEAVY_WEIGHT_CODE,
  trackingNumberSchema,
  weightSchema,
  dimensionSchema,
  packageStatusSchema,
  shippingModeSchema,
  carrierSchema,
} from './packages/fields';
export * from './packages/changes';
export * from './packages/warehouse-settings';
export * from './packages/views';
export * from './packages/scan';
export * from './packages/pre-alerts';
export * from './packages/unknown-claims';
