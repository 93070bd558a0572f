import { z } from 'zod';

/** Bringing a courier's customers across from its old system, with the mailbox numbers they have. */
export const CUSTOMER_IMPORT_MESSAGES = {
  noNameColumns: 'The file needs a first and last name column (or one Name column)',
  noEmailColumn: 'The file needs an Email column',
  firstNameMissing: 'First name is missing',
  lastNameMissing: 'Last name is missing',
  emailMissing: 'Email is missing',
  emailInvalid: (value: string) => `"${value}" is not an e-mail address`,
  emailTaken: (value: string) => `${value} is already a customer of this courier`,
  emailTwice: (value: string, line: number) => `${value} is also on line ${line}`,
  mailboxInvalid: (value: string) => `"${value}" is not a mailbox number (letters, a hyphen and digits, e.g. JXP-2045)`,
  mailboxTaken: (value: string) => `Mailbox ${value} belongs to another customer already`,
  mailboxTwice: (value: string, line: number) => `Mailbox ${value} is also on line ${line}`,
  branchUnknown: (value: string) => `No branch called "${value}": use a branch's name or code`,
  parishUnknown: (value: string) => `"${value}" is not a parish of Jamaica`,
  tooLong: (field: string) => `${field} is too long`,
  imported: (n: number) => `${n} customer${n === 1 ? '' : 's'} imported`,
  invited: (n: number) => `${n} invitation${n === 1 ? '' : 's'} sent`,
  inviting: (done: number, total: number) => `Sending invitations: ${done} of ${total}`,
  nothingToInvite: 'Every imported customer has been invited already',
} as const;

/** The columns a file may have, each found by any of its usual headers (case and spacing ignored). */
export const CUSTOMER_IMPORT_COLUMNS = {
  firstName: ['first name', 'firstname', 'first', 'given name', 'forename'],
  lastName: ['last name', 'lastname', 'last', 'surname', 'family name'],
  name: ['name', 'full name', 'customer name', 'customer'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'mail'],
  phone: ['phone', 'telephone', 'tel', 'mobile', 'cell', 'phone number', 'contact number'],
  mailboxNumber: [
    'mailbox',
    'mailbox number',
    'mailbox #',
    'mailbox no',
    'box',
    'box number',
    'account',
    'account number',
    'account #',
    'account no',
    'customer number',
    'customer #',
    'customer id',
  ],
  branch: ['branch', 'pickup branch', 'location', 'pickup location'],
  trn: ['trn', 'tax registration number', 'tax id'],
  address: ['address', 'street', 'address line 1', 'address 1', 'street address'],
  city: ['city', 'town', 'district'],
  parish: ['parish'],
  businessName: ['business', 'business name', 'company', 'company name'],
} as const;
export type CustomerImportColumn = keyof typeof CUSTOMER_IMPORT_COLUMNS;

export const customerImportRowSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The mailbox the customer keeps, or null when the courier's next number is given. */
  mailboxNumber: z.string().nullable(),
  branchName: z.string().nullable(),
  problems: z.array(z.string()),
});
export type CustomerImportRow = z.infer<typeof customerImportRowSchema>;

export const customerImportResultSchema = z.object({
  /** Which header of the file each column was read from (null: not in the file). */
  columns: z.record(z.string(), z.string().nullable()),
  rows: z.array(customerImportRowSchema),
  ready: z.number().int(),
  refused: z.number().int(),
  /** Set when the rows were imported, not only checked. */
  imported: z.number().int().nullable(),
  /** The mailbox number the next new customer will get. */
  nextMailboxNumber: z.string(),
});
export type CustomerImportResult = z.infer<typeof customerImportResultSchema>;

export const customerImportQuerySchema = z.object({
  /** Check the file and answer what would happen, without importing. */
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Send each imported customer the invitation to choose a password now (else later, from the list). */
  invite: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** One batch of invitations sent, and how many imported customers still wait for theirs. */
export const customerInvitationsResultSchema = z.object({ invited: z.number().int(), remaining: z.number().int(), message: z.string() });
export const pendingInvitationsSchema = z.object({ pending: z.number().int() });
