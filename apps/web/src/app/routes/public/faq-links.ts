/** The FAQ sections the contact page links to; the ids match the sections of the FAQ page. */
export const FAQ_LINKS = [
  { hash: 'getting-started', label: 'Getting your US address' },
  { hash: 'shipping', label: 'Shipping times and tracking' },
  { hash: 'pricing', label: 'Rates, customs and payment' },
  { hash: 'account', label: 'Your account and passwords' },
] as const;
