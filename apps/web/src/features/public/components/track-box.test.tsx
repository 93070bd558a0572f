import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetSite } from '@/lib/public-site-store';
import { TrackBox } from './track-box';

afterEach(() => {
  sessionStorage.clear();
  forgetSite();
});

/** The home page's tracking box, as a browser without scripts submits it. */
function formAt(url: string): HTMLFormElement {
  render(
    <MemoryRouter initialEntries={[url]}>
      <TrackBox />
    </MemoryRouter>,
  );
  const form = screen.getByRole('search');
  if (!(form instanceof HTMLFormElement)) throw new Error('no form');
  return form;
}

describe('the tracking box without scripts', () => {
  it('is a GET of /track with the number', () => {
    const form = formAt('/');
    expect(form.getAttribute('action')).toBe('/track');
    expect(form.getAttribute('method')).toBe('get');
    expect(screen.getByLabelText('Tracking or package number').getAttribute('name')).toBe('number');
  });

  it("keeps the address's courier: the api key goes with the number", () => {
    const form = formAt('/?api_key=ck_island');
    const fields = new FormData(form);
    expect(fields.get('api_key')).toBe('ck_island');
    expect([...fields.keys()].sort()).toEqual(['api_key', 'number']);
  });

  it('can be submitted before the page has hydrated: its button is not disabled in the server render', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/']}>
        <TrackBox />
      </MemoryRouter>,
    );
    const button = /<button [^>]*type="submit"[^>]*>/.exec(html)?.[0];
    expect(button).toBeDefined();
    expect(button).not.toMatch(/\sdisabled=/);
  });
});
