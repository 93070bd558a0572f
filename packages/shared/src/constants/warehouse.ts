/** Hazard flags staff put on a parcel at check-in or later. */
export const HAZARD_LEVELS = ['hazardous', 'prohibited'] as const;
export type HazardLevel = (typeof HAZARD_LEVELS)[number];

/** What the hazard is; carriers refuse these by air (IATA dangerous goods). */
export const HAZARD_CATEGORIES = ['lithium_batteries', 'aerosols', 'perfume', 'liquids', 'flammable', 'other'] as const;
export type HazardCategory = (typeof HAZARD_CATEGORIES)[number];
export const HAZARD_CATEGORY_LABELS: Record<HazardCategory, string> = {
  lithium_batteries: 'Lithium batteries',
  aerosols: 'Aerosols',
  perfume: 'Perfume',
  liquids: 'Liquids',
  flammable: 'Flammable goods',
  other: 'Other dangerous goods',
};
export const HAZARD_LEVEL_LABELS: Record<HazardLevel, string> = { hazardous: 'Hazardous', prohibited: 'Prohibited' };

/** What happens to a flagged parcel: it ships by sea, or goes back to the sender, or is disposed of (both with the courier's fee). */
export const HAZARD_OUTCOMES = ['sea', 'return', 'dispose'] as const;
export type HazardOutcome = (typeof HAZARD_OUTCOMES)[number];
export const HAZARD_OUTCOME_LABELS: Record<HazardOutcome, string> = {
  sea: 'Ship by sea',
  return: 'Return to sender',
  dispose: 'Dispose of',
};

/** A shelf or bin code: letters, digits and hyphens (A-01-3, HOLD-1). */
export const SHELF_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,23}$/;
/** The raw TCP port label printers listen on (Zebra and the like). */
export const LABEL_PRINTER_PORT = 9100;
/** The most boxes one carrier tracking number may carry. */
export const MAX_PIECES = 50;
