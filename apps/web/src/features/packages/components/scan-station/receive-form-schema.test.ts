import { describe, expect, it } from 'vitest';
import { DIMENSIONS_FORMAT_MESSAGE } from '@courier/shared/domain/volumetric';
import { PACKAGE_MESSAGES } from '@courier/shared/schemas/packages';
import { EMPTY_RECEIVE_FIELDS, type ReceiveFields, VALUE_FORMAT_MESSAGE, receiveFormSchema } from './receive-form-schema';

const typed = (fields: Partial<ReceiveFields>) => receiveFormSchema.safeParse({ ...EMPTY_RECEIVE_FIELDS, ...fields });

/** The message under each field the clerk typed in. */
const errorsOf = (fields: Partial<ReceiveFields>) =>
  Object.fromEntries((typed(fields).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('the receive form as typed', () => {
  it('turns what the clerk typed into what the API takes', () => {
    const parsed = typed({
      weight: ' 3.5 ',
      mailbox: ' KIN123 ',
      dims: '12 x 10 x 8 in',
      valueUsd: '$1,250.10',
      pieces: '3',
      merchant: '',
      mode: 'SEA',
    });
    expect(parsed.data).toEqual({
      weight: 3.5,
      mailbox: 'KIN123',
      mode: 'SEA',
      tariffClass: 'general',
      dims: { lengthIn: 12, widthIn: 10, heightIn: 8 },
      description: undefined,
      merchant: undefined,
      valueUsd: 125_010,
      pieces: 3,
    });
  });

  it('leaves out what was not typed', () => {
    expect(typed({ weight: '1' }).data).toMatchObject({ mailbox: undefined, dims: undefined, valueUsd: undefined, pieces: undefined });
  });

  it.each([
    ['no weight', { weight: '' }, 'weight', PACKAGE_MESSAGES.weightRequired],
    ['a weight that is not a number', { weight: 'abc' }, 'weight', PACKAGE_MESSAGES.weightRequired],
    ['a zero weight', { weight: '0' }, 'weight', PACKAGE_MESSAGES.weightPositive],
    ['too heavy', { weight: '2500' }, 'weight', PACKAGE_MESSAGES.weightMax],
    ['three decimals of weight', { weight: '1.234' }, 'weight', PACKAGE_MESSAGES.twoDecimals],
    ['dimensions in no known shape', { weight: '1', dims: '12 by 10' }, 'dims', DIMENSIONS_FORMAT_MESSAGE],
    ['a side with three decimals', { weight: '1', dims: '12x10x8.125' }, 'dims', PACKAGE_MESSAGES.twoDecimals],
    ['a value that is not a number', { weight: '1', valueUsd: 'forty' }, 'valueUsd', VALUE_FORMAT_MESSAGE],
    ['a negative value', { weight: '1', valueUsd: '-5' }, 'valueUsd', PACKAGE_MESSAGES.valueNotNegative],
    ['a value with fractions of a cent', { weight: '1', valueUsd: '4.999' }, 'valueUsd', PACKAGE_MESSAGES.twoDecimals],
    ['too many boxes', { weight: '1', pieces: '51' }, 'pieces', 'The pieces must be from 1 to 50'],
  ])('refuses %s under its own field', (_case, fields, field, message) => {
    expect(errorsOf(fields)).toEqual({ [field]: message });
  });

  it('never shows zod’s own words', () => {
    for (const fields of [{ pieces: 'two' }, { dims: '2000x1x1' }, { mailbox: 'X'.repeat(40) }, { valueUsd: '999999999' }]) {
      const messages = Object.values(errorsOf({ weight: '1', ...fields }));
      expect(messages).toHaveLength(1);
      expect(messages[0]).not.toMatch(/Invalid|expected|received|Too (big|small)/);
    }
  });
});
