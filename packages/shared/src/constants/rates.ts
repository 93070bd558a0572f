/** Shipping rate table (JMD per whole pound), the default seed of every courier. */
export const DEFAULT_RATE_TABLE: ReadonlyArray<{ weightLbs: number; costJmd: number }> = [
  { weightLbs: 1, costJmd: 650 },
  { weightLbs: 2, costJmd: 1050 },
  { weightLbs: 3, costJmd: 1450 },
  { weightLbs: 4, costJmd: 1850 },
  { weightLbs: 5, costJmd: 2250 },
  { weightLbs: 6, costJmd: 2650 },
  { weightLbs: 7, costJmd: 3050 },
  { weightLbs: 8, costJmd: 3450 },
  { weightLbs: 9, costJmd: 3850 },
  { weightLbs: 10, costJmd: 4250 },
];
export const ADDITIONAL_POUND_JMD = 350;
export const EXCHANGE_RATE_JMD_PER_USD = 150;
export const CUSTOMS_THRESHOLD_USD = 100;
export const CUSTOMS_DUTY_RATE = 0.2;

export const MEMBERSHIP_TIERS = [
  { name: 'Bronze', packageCount: 50, discountPercent: 5 },
  { name: 'Silver', packageCount: 100, discountPercent: 10 },
  { name: 'Gold', packageCount: 150, discountPercent: 12 },
  { name: 'Platinum', packageCount: 300, discountPercent: 20 },
] as const;

export const PRODUCT_CATEGORIES = [
  'watch',
  'computer_laptop',
  'cellphone',
  'car_parts',
  'clothing',
  'documents',
  'books',
  'electronics_small',
  'shoes',
  'other',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
