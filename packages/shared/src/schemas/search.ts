import { z } from 'zod';

/** The command palette's lookup (GET /api/search?q=): a few matches per kind, by number or name. */
export const searchQuerySchema = z.object({
  /** Blank answers nothing found. */
  q: z.string().trim().max(100, 'Search for at most 100 characters').default(''),
});

/** The most matches of each kind one lookup returns. */
export const SEARCH_LIMIT_PER_KIND = 5;

export const searchPackageSchema = z.object({
  id: z.number(),
  courierId: z.number(),
  packageNumber: z.string(),
  trackingNumber: z.string(),
  customerName: z.string().nullable(),
});

export const searchCustomerSchema = z.object({
  id: z.number(),
  courierId: z.number(),
  mailboxNumber: z.string(),
  name: z.string(),
  accountType: z.enum(['individual', 'business']),
});

export const searchInvoiceSchema = z.object({
  invoiceNo: z.string(),
  courierId: z.number(),
  customerName: z.string().nullable(),
});

export const searchResultSchema = z.object({
  packages: z.array(searchPackageSchema),
  customers: z.array(searchCustomerSchema),
  invoices: z.array(searchInvoiceSchema),
});

export type SearchPackage = z.infer<typeof searchPackageSchema>;
export type SearchCustomer = z.infer<typeof searchCustomerSchema>;
export type SearchInvoice = z.infer<typeof searchInvoiceSchema>;
export type SearchResult = z.infer<typeof searchResultSchema>;
