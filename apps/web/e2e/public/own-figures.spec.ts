import { DEFAULT_API_KEY } from '@courier/shared/constants/limits';
import { createSecondCourier } from '../support/couriers';
import { expect, test } from '../support/test';
import { shot } from '../support/screenshots';

/** The marketing claims: the demo courier's own figures, in fixed words (docs/decisions/019-public-claims-are-the-couriers.md). */
const SPEC_FIGURES = [
  ['5,000+', 'customers'],
  ['100,000+', 'packages forwarded'],
  ['150+', 'countries served'],
] as const;
/** What a courier never said of itself must not show on its site. */
const INVENTED = ['5,000+', '100,000+', '150+', 'countries served', 'every week', 'weekly'];

test("a new courier's home claims no figures, the demo courier's shows its seeded ones, and a courier's own figures show once set", async ({
  page,
  browser,
  request,
}) => {
  const island = await createSecondCourier(request);

  // The demo courier keeps its seeded figures, in the server's HTML and after the app has run.
  const demoHtml = await (await request.get(`/?api_key=${DEFAULT_API_KEY}`)).text();
  for (const [value, label] of SPEC_FIGURES) {
    expect(demoHtml).toContain(value);
    expect(demoHtml).toContain(label);
  }
  await page.goto(`/?api_key=${DEFAULT_API_KEY}`);
  const figures = page.getByTestId('home-figures');
  for (const [value, label] of SPEC_FIGURES) {
    await expect(figures).toContainText(value);
    await expect(figures).toContainText(label);
  }
  await shot(page, { path: test.info().outputPath('demo-courier-home.png') });

  // A new courier's: the HTML the server sends (pre-rendered for it) already invents nothing. Its
  // api key then stays with the tab.
  const html = await (await request.get(`/?api_key=${island.apiKey}`)).text();
  expect(html).toContain(island.name);
  for (const claim of INVENTED) expect(html).not.toContain(claim);

  await page.goto(`/?api_key=${island.apiKey}`);
  await expect(page.getByRole('banner').getByRole('link', { name: `${island.name} home` })).toBeVisible();
  await expect(page.getByText('US to St. Ann package forwarding')).toBeVisible();
  await expect(page.getByTestId('home-figures')).toHaveCount(0);
  for (const claim of INVENTED) await expect(page.locator('body')).not.toContainText(claim);
  await shot(page, { path: test.info().outputPath('new-courier-home.png') });

  // The new courier's admin states its own figures and schedule on the "Public site" tab.
  const login = await request.post('/api/auth/login', { data: island.admin });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await admin.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await admin.goto('/admin/settings?tab=public-site');
    await expect(admin.getByText('None: the home page shows no figures.')).toBeVisible();
    await admin.getByRole('button', { name: 'Add figure' }).click();
    await admin.getByLabel('Figure 1').fill('1,200+');
    await admin.getByLabel('Description 1').fill('parcels a month');
    await admin.getByLabel('Tagline').fill('Miami to Ocho Rios, twice a week');
    await admin.getByRole('button', { name: 'Save Public Site' }).click();
    await expect(admin.getByText('Public site content saved')).toBeVisible();
  } finally {
    await adminContext.close();
  }

  const ownHtml = await (await request.get(`/?api_key=${island.apiKey}`)).text();
  expect(ownHtml).toContain('1,200+');
  expect(ownHtml).toContain('Miami to Ocho Rios, twice a week');
  await page.goto(`/?api_key=${island.apiKey}`);
  await expect(page.getByTestId('home-figures')).toHaveText(/1,200\+\s*parcels a month|parcels a month\s*1,200\+/);
  // Its own schedule, in the hero and the footer alike.
  await expect(page.locator('#main').getByText('Miami to Ocho Rios, twice a week')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Miami to Ocho Rios, twice a week');
  await shot(page, { path: test.info().outputPath('own-figures-home.png') });
  for (const claim of INVENTED) await expect(page.locator('body')).not.toContainText(claim);
});
