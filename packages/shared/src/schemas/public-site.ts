import { CUSTOMS_PARTS, TARIFF_CLASSES } from '../domain/customs';
import { z } from 'zod';
import { MAX_PUBLIC_STATS } from '../constants/public-site';

/**
 * What the public site shows of one courier: served by `GET /api/public/site` for the
 * tenant of the request (api_key, then host name, then the default courier) and embedded in the
 * HTML the server sends, so pages are right at first paint. Every field the courier has not set
 * falls back to the defaults (the default courier's seed data), server-side, so the web
 * app never mixes one courier's data with another's.
 */
export const publicBranchSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  parish: z.string().nullable(),
  phone: z.string().nullable(),
  hours: z.string().nullable(),
});

export const publicHoursSchema = z.object({ days: z.string(), time: z.string() });
export const publicFaqEntrySchema = z.object({ question: z.string(), answer: z.string() });
export const publicSocialLinkSchema = z.object({ label: z.string(), url: z.string() });
/** A figure the courier claims of itself ("5,000+" customers): shown only when the courier set it. */
export const publicStatSchema = z.object({ value: z.string(), label: z.string() });

/** The public content a courier edits in its settings ("Public site" tab). */
export const publicContentSchema = z.object({
  tagline: z.string().max(160).nullable(),
  heroTitle: z.string().max(120).nullable(),
  heroText: z.string().max(600).nullable(),
  hours: z.array(publicHoursSchema).max(14),
  socialLinks: z.array(publicSocialLinkSchema).max(10),
  faq: z.array(publicFaqEntrySchema).max(50),
  /** Its own figures for the home page; none set, none shown. Content stored before figures existed has none. */
  stats: z.array(publicStatSchema).max(MAX_PUBLIC_STATS).default([]),
});
export type PublicContent = z.infer<typeof publicContentSchema>;

export const publicSiteSchema = z.object({
  courier: z.object({
    name: z.string(),
    code: z.string(),
    /** The api key the site sends with its forms and the sign-in of this courier. */
    apiKey: z.string(),
    logoUrl: z.string(),
    /** The courier's accent colour (#rrggbb), null for the default. */
    accentColor: z.string().nullable().optional(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    shippingAddressAir: z.string().nullable(),
    shippingAddressSea: z.string().nullable(),
    /** The courier's zone (IANA): tracking times are said in it. */
    timeZone: z.string(),
  }),
  /** Active branches only, by name. */
  branches: z.array(publicBranchSchema),
  content: publicContentSchema,
  /** Active rates in JMD cents by whole pound, ascending; the calculator and pricing table use them. */
  rates: z.array(z.object({ weightLbs: z.number(), costCents: z.number().int() })),
  additionalPoundCents: z.number().int(),
  exchangeRateJmdPerUsd: z.number(),
  /** The customs rates in force today: the calculator estimates the entry invoices charge. */
  customsRates: z.array(
    z.object({
      part: z.enum(CUSTOMS_PARTS),
      tariffClass: z.enum(TARIFF_CLASSES).nullable(),
      percentBps: z.number().int(),
      amountCents: z.number().int(),
      thresholdCents: z.number().int(),
      effectiveFrom: z.string(),
      source: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** How the courier bills bulky parcels: the calculator bills the same weight. */
  volumetric: z.object({ airDivisorIn3PerLb: z.number().nullable(), seaLbPerFt3: z.number().nullable() }),
  tiers: z.array(z.object({ name: z.string(), packageCount: z.number().int(), discountPercent: z.number() })),
  /** Shop For Me service fee in percent of the item total. */
  shopForMeFeePercent: z.number(),
  /** How the tenant was found (`account`: the signed-in person's own courier): shown nowhere, useful in tests and logs. */
  resolvedBy: z.enum(['account', 'api_key', 'host', 'default']),
});
export type PublicSite = z.infer<typeof publicSiteSchema>;
