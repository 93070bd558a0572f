import type { Page } from '@playwright/test';
import { createSecondCourier } from '../support/couriers';
import { expect, test } from '../support/test';

/**
 * Every courier its own storefront. A second courier made by the super admin shows its
 * own branches and phone on home, contact and the sign-in page, and none of the demo courier's.
 */
const DEMO_MARKS = [
  'Jamaica Express Post',
  'May Pen',
  'Chapelton',
  '(876) 986-2040',
  '(876) 987-1150',
  'hello@jamaicaexpress.test',
  'Clarendon',
];

async function expectOwnDataOnly(page: Page, region: ReturnType<Page['locator']>) {
  await expect(region).toContainText('Ocho Rios');
  for (const mark of DEMO_MARKS) await expect(page.locator('body')).not.toContainText(mark);
}

test("a second courier's home, contact and sign-in pages show its own branches and phone, none of the demo courier's", async ({
  page,
  request,
}) => {
  const island = await createSecondCourier(request);

  await page.goto(`/?api_key=${island.apiKey}`);
  await expect(page.getByRole('banner').getByRole('link', { name: `${island.name} home` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Visit us in St. Ann' })).toBeVisible();
  await expect(page.getByTestId('home-locations')).toContainText('(876) 555-0100');
  await expect(page.getByRole('contentinfo')).toContainText('(876) 555-0199');
  await expect(page.getByRole('contentinfo')).toContainText(island.name);
  await expectOwnDataOnly(page, page.getByTestId('home-locations'));

  // The key stays with the tab (session storage): the other pages need no query string.
  await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByTestId('contact-details')).toContainText('(876) 555-0199');
  await expectOwnDataOnly(page, page.getByTestId('contact-details'));

  await page.goto(`/login?api_key=${island.apiKey}`);
  await expect(page.getByText(`Sign in to your ${island.name} account`)).toBeVisible();
  await expect(page.getByTestId('auth-contact')).toContainText('(876) 555-0199');
  await expectOwnDataOnly(page, page.getByTestId('auth-contact'));
});

test("the demo courier's pages show its own branches, and none of another courier's", async ({ page, request }) => {
  await createSecondCourier(request);
  await page.goto('/contact');
  await expect(page.getByTestId('contact-details')).toContainText('May Pen branch');
  await expect(page.getByTestId('contact-details')).toContainText('(876) 986-2040');
  await expect(page.locator('body')).not.toContainText('Ocho Rios');
  await page.goto('/login');
  await expect(page.getByTestId('auth-contact')).toContainText('Chapelton branch');
  await expect(page.locator('body')).not.toContainText('555-0199');
});

test("/track shows a demo package's status and timeline, from the home page's box", async ({ page }) => {
  await page.goto('/');
  // An empty box is answered in our words, not by the browser's "required" bubble, and keeps the focus.
  const box = page.getByRole('search').getByLabel('Tracking or package number');
  // Our message comes from the app: wait until React has taken over the pre-rendered form (before
  // that, the form works without scripts and an empty box opens the tracking page).
  await page.waitForFunction(() => {
    const form = document.querySelector('[role="search"]');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber'));
  });
  await page.getByRole('search').getByRole('button', { name: 'Track' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a tracking number, or the package number on your label.' })).toBeVisible();
  await expect(box).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
  await box.fill('9205590175547700112233');
  await expect(page.getByText('Enter a tracking number, or the package number on your label.')).toHaveCount(0);
  await page.getByRole('search').getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(/\/track\?number=9205590175547700112233$/);
  await expect(page.getByRole('heading', { name: 'Track a package', level: 1 })).toBeVisible();
  await expect(page.getByTestId('track-status')).toHaveText('Delivered');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(5);
  // Newest first, as the portal's timeline.
  await expect(timeline.getByRole('listitem').first()).toContainText('Delivered');
  await expect(timeline.getByRole('listitem').last()).toContainText('Received');
  // Nothing personal: no customer, merchant or item.
  for (const text of ['Etsy', 'Necklace', 'customer@example.test']) await expect(page.locator('main')).not.toContainText(text);

  await page.getByLabel('Tracking or package number').fill('');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a tracking number, or the package number on your label.' })).toBeVisible();
  await expect(page.getByTestId('track-status')).toHaveText('Delivered');
  await page.getByLabel('Tracking or package number').fill('NOSUCHNUMBER123');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText('We could not find a package with the number NOSUCHNUMBER123.', { exact: false })).toBeVisible();
});
