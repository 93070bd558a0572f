import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as pub from './public';
import * as publicForm from './public-form';

describe('public-form', () => {
  it('loads without zod, so the contact and Shop For Me pages can show their labels before zod downloads', () => {
    const source = readFileSync(new URL('./public-form.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import (type )?.* from '(.+)';$/gm)].map(([, type, from]) => `${type ?? ''}${from}`);
    // The money parser is plain TypeScript, no zod.
    expect(imports).toEqual(['../format/money', 'type ./public']);
  });

  it('is re-exported whole by ./public, where the server and the schemas take it from', () => {
    expect({ ...pub }).toMatchObject({ ...publicForm });
    expect(pub.CONTACT_SUBJECT_LABELS.general).toBe('General inquiry');
  });
});
