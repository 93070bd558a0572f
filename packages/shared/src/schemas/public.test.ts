import { describe, expect, it } from 'vitest';
import {
  PUBLIC_MESSAGES,
  assistedPurchaseFormSchema,
  assistedPurchaseRequestSchema,
  contactFormSchema,
  toAssistedPurchaseRequest,
} from './public';

const validForm = {
  name: ' Jane Brown ',
  email: 'Jane@Example.com',
  itemUrl1: 'https://www.amazon.com/dp/B0TEST',
  itemDescription1: 'Blue running shoes, size 8',
  quantity1: '2',
  estimatedPrice1: '59.99',
  additionalItems: [],
  notes: '',
};

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('assisted purchase form', () => {
  it('accepts a complete request and maps it to the API body in cents', () => {
    const parsed = assistedPurchaseFormSchema.parse({
      ...validForm,
      additionalItems: [{ itemUrl: 'http://shein.com/x', itemDescription: 'Dress', quantity: '1', estimatedPrice: '' }],
    });
    const body = toAssistedPurchaseRequest(parsed, 'ck_key');
    expect(body).toEqual({
      apiKey: 'ck_key',
      name: 'Jane Brown',
      email: 'jane@example.com',
      items: [
        {
          itemUrl: 'https://www.amazon.com/dp/B0TEST',
          itemDescription: 'Blue running shoes, size 8',
          quantity: 2,
          estimatedPriceUsdCents: 5999,
        },
        { itemUrl: 'http://shein.com/x', itemDescription: 'Dress', quantity: 1, estimatedPriceUsdCents: null },
      ],
      notes: '',
    });
    expect(assistedPurchaseRequestSchema.safeParse(body).success).toBe(true);
  });

  it('names each missing required field', () => {
    const result = assistedPurchaseFormSchema.safeParse({ ...validForm, name: '', email: '', itemUrl1: '', itemDescription1: '' });
    expect(messages(result)).toMatchObject({
      name: PUBLIC_MESSAGES.nameRequired,
      email: PUBLIC_MESSAGES.emailRequired,
      itemUrl1: PUBLIC_MESSAGES.itemUrlRequired,
      itemDescription1: PUBLIC_MESSAGES.itemDescriptionRequired,
    });
  });

  it.each([
    ['quantity1', '0', PUBLIC_MESSAGES.quantityMin],
    ['quantity1', '1.5', PUBLIC_MESSAGES.quantityMin],
    ['estimatedPrice1', '-3', PUBLIC_MESSAGES.priceInvalid],
    ['estimatedPrice1', '1.999', PUBLIC_MESSAGES.priceInvalid],
    ['itemUrl1', 'javascript:alert(1)', PUBLIC_MESSAGES.itemUrlInvalid],
    ['itemUrl1', 'amazon.com/thing', PUBLIC_MESSAGES.itemUrlInvalid],
    ['email', 'jane@example', PUBLIC_MESSAGES.emailInvalid],
  ])('%s = %s -> %s', (field, value, message) => {
    expect(messages(assistedPurchaseFormSchema.safeParse({ ...validForm, [field]: value }))[field]).toBe(message);
  });

  it('refuses more than 20 items on the API', () => {
    const item = { itemUrl: 'https://a.com', itemDescription: 'x', quantity: 1, estimatedPriceUsdCents: null };
    const result = assistedPurchaseRequestSchema.safeParse({ name: 'a', email: 'a@b.co', items: Array(21).fill(item) });
    expect(messages(result).items).toBe(PUBLIC_MESSAGES.tooManyItems);
  });

  it('the fixed text of the toast', () => {
    expect(PUBLIC_MESSAGES.missingInformationTitle).toBe('Missing Information');
    expect(PUBLIC_MESSAGES.missingInformation).toBe('Please fill in your name, email, and details for at least one item.');
  });
});

describe('contact form', () => {
  it('requires all four fields', () => {
    const result = contactFormSchema.safeParse({ name: '', email: '', subject: '', message: ' ' });
    expect(messages(result)).toEqual({
      name: PUBLIC_MESSAGES.nameRequired,
      email: PUBLIC_MESSAGES.emailRequired,
      subject: PUBLIC_MESSAGES.subjectRequired,
      message: PUBLIC_MESSAGES.messageRequired,
    });
  });
  it('accepts the six subjects only', () => {
    for (const subject of ['general', 'shipping', 'account', 'tracking', 'billing', 'other']) {
      expect(contactFormSchema.safeParse({ name: 'A', email: 'a@b.co', subject, message: 'Hi' }).success).toBe(true);
    }
    expect(contactFormSchema.safeParse({ name: 'A', email: 'a@b.co', subject: 'sales', message: 'Hi' }).success).toBe(false);
  });
});
