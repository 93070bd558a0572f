import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as auth from './auth';
import * as authForm from './auth-form';

describe('auth-form', () => {
  it('loads without zod, so a sign-in page can show the messages before zod downloads', () => {
    const source = readFileSync(new URL('./auth-form.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import (type )?.* from '(.+)';$/gm)].map(([, type, from]) => `${type ?? ''}${from}`);
    expect(imports).toEqual(['../constants/limits', 'type ./auth']);
  });

  it('is re-exported whole by ./auth, where the server and the schemas take it from', () => {
    expect({ ...auth }).toMatchObject({ ...authForm });
    expect(auth.AUTH_MESSAGES.emailRequired).toBe('Email is required');
  });
});
