import { describe, expect, it } from 'vitest';
import { avatarInitials } from './avatar';

describe('avatarInitials', () => {
  it.each([
    [{ firstName: 'Kimberly', lastName: 'Williams', email: 'k@x.test' }, 'KW'],
    [{ firstName: 'kimberly', lastName: '' }, 'K'],
    [{ firstName: '  ', lastName: 'Reid', email: 'm@x.test' }, 'R'],
    [{ email: 'mary.jane@example.test' }, 'MJ'],
    [{ email: 'andrea@example.test', username: 'zz' }, 'A'],
    [{ email: '', username: 'tanisha_brown' }, 'TB'],
    [{ username: 'staff01' }, 'S'],
    [{ firstName: null, lastName: null, email: null, username: null }, 'U'],
    [{}, 'U'],
    [{ email: '...@example.test' }, 'U'],
  ])('%o -> %s', (source, expected) => expect(avatarInitials(source)).toBe(expected));
});
