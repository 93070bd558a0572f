import { z } from 'zod';
import { MAX_EMBED_ORIGINS, MAX_PUBLIC_STATS } from '../constants/public-site';
import { courierCodeField } from './platform';
import type { publicContentSchema } from './public-site';

/** The words of the public-site settings: tab, domains, embedding, default courier. */
export const PUBLIC_SITE_MESSAGES = {
  contentSaved: 'Public site content saved',
  contentFailed: 'Could not save the public site content',
  hostnameInvalid: 'Enter a host name such as portal.example.com (letters, digits, dots and hyphens)',
  hostnameTaken: 'This host name is already registered',
  domainRequested: 'Host name sent to the platform for approval',
  domainRemoved: 'Host name removed',
  domainNotFound: 'Host name not found',
  domainApproved: 'Host name approved',
  domainRejected: 'Host name rejected',
  tooManyDomains: 'A courier can register at most 10 host names',
  originInvalid: 'Enter an https origin such as https://www.example.com (no path; http only for localhost)',
  tooManyOrigins: `At most ${MAX_EMBED_ORIGINS} origins`,
  embedSaved: 'Embedding settings saved',
  defaultCourierSaved: 'Default courier saved',
  courierNotFound: 'Courier not found',
  linkInvalid: 'Enter a full link starting with https:// or http://',
} as const;

/** Blank text is "not set": the public site then shows its default wording. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));
const requiredText = (max: number, message: string) => z.string().trim().min(1, message).max(max, `Use at most ${max} characters`);

/** PUT /api/settings/public-content: the shape of PublicContent, trimmed, with no unknown fields. */
export const publicContentInputSchema = z.strictObject({
  tagline: optionalText(160),
  heroTitle: optionalText(120),
  heroText: optionalText(600),
  hours: z
    .array(z.strictObject({ days: requiredText(60, 'Enter the days'), time: requiredText(60, 'Enter the hours') }))
    .max(14, 'At most 14 lines of hours'),
  socialLinks: z
    .array(
      z.strictObject({
        label: requiredText(40, 'Enter a label'),
        url: z
          .string()
          .trim()
          .max(500)
          .refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), PUBLIC_SITE_MESSAGES.linkInvalid),
      }),
    )
    .max(10, 'At most 10 links'),
  faq: z
    .array(z.strictObject({ question: requiredText(300, 'Enter the question'), answer: requiredText(2000, 'Enter the answer') }))
    .max(50, 'At most 50 questions'),
  stats: z
    .array(z.strictObject({ value: requiredText(20, 'Enter the figure'), label: requiredText(60, 'Enter what it counts') }))
    .max(MAX_PUBLIC_STATS, `At most ${MAX_PUBLIC_STATS} figures`),
}) satisfies z.ZodType<z.infer<typeof publicContentSchema>, unknown>;
export type PublicContentInput = z.input<typeof publicContentInputSchema>;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** `Portal.Example.com.` -> `portal.example.com`; null when it is not a host name (IP addresses, ports and paths are not). */
export function normaliseHostname(input: string): string | null {
  const host = input.trim().toLowerCase().replace(/\.$/, '');
  if (host.length < 4 || host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  // The last label is a top-level domain: letters (or punycode), never all digits (an IPv4 address).
  const tld = labels[labels.length - 1] as string;
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return null;
  return host;
}

export const hostnameSchema = z.string().transform((value, ctx) => {
  const host = normaliseHostname(value);
  if (host === null) {
    ctx.addIssue({ code: 'custom', message: PUBLIC_SITE_MESSAGES.hostnameInvalid });
    return z.NEVER;
  }
  return host;
});

export const COURIER_DOMAIN_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CourierDomainStatus = (typeof COURIER_DOMAIN_STATUSES)[number];
export const COURIER_DOMAIN_STATUS_LABELS: Record<CourierDomainStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const domainRequestSchema = z.strictObject({ hostname: hostnameSchema });
export type DomainRequestInput = z.input<typeof domainRequestSchema>;

export const courierDomainSchema = z.object({
  id: z.number().int(),
  courierId: z.number().int(),
  courierName: z.string(),
  courierCode: z.string(),
  hostname: z.string(),
  status: z.enum(COURIER_DOMAIN_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CourierDomain = z.infer<typeof courierDomainSchema>;

/** A developer's own machine: the one place a page may embed the portal over plain http. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `https://Shop.Example.com:8443/` -> `https://shop.example.com:8443`; null unless an https origin
 * with no path (or http on localhost, which browsers treat as secure, for trying the embed code).
 */
export function normaliseOrigin(input: string): string | null {
  const text = input.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (url.protocol === 'http:') return LOOPBACK_HOSTS.has(url.hostname) ? url.origin : null;
  if (normaliseHostname(url.hostname) === null) return null;
  return url.origin;
}

export const embedSettingsInputSchema = z.strictObject({
  allowedOrigins: z
    .array(
      z.string().transform((value, ctx) => {
        const origin = normaliseOrigin(value);
        if (origin === null) {
          ctx.addIssue({ code: 'custom', message: PUBLIC_SITE_MESSAGES.originInvalid });
          return z.NEVER;
        }
        return origin;
      }),
    )
    .max(MAX_EMBED_ORIGINS, PUBLIC_SITE_MESSAGES.tooManyOrigins)
    .transform((origins) => [...new Set(origins)]),
});
export type EmbedSettingsInput = z.input<typeof embedSettingsInputSchema>;
export const embedSettingsSchema = z.object({
  allowedOrigins: z.array(z.string()),
  /** The courier's api key, for the snippet's `?api_key=`. */
  apiKey: z.string(),
});
export type EmbedSettings = z.infer<typeof embedSettingsSchema>;

/** GET/PUT /api/platform/default-courier. */
export const defaultCourierInputSchema = z.strictObject({
  courierCode: courierCodeField.nullable(),
});
export const defaultCourierSchema = z.object({
  courierCode: z.string().nullable(),
  /** DEFAULT_COURIER_CODE of the server's environment, used when no courier is chosen here. */
  environmentCourierCode: z.string().nullable(),
  /** The courier the public site falls back to right now (after every fallback), or null when none exists. */
  effectiveCourierCode: z.string().nullable(),
});
export type DefaultCourier = z.infer<typeof defaultCourierSchema>;
