import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { loginAs } from '../support/auth';

test.describe('the Public site settings tab', () => {
  test('edits the public content, registers a host name and shows the embed code', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { authorization } = await loginAs(page, request, 'courier_admin');
    const auth = { authorization };
    // Journeys share the database: keep what was there, to put it back at the end.
    const before = await (await request.get('/api/settings/public-content', { headers: auth })).json();
    const host = `e2e-${Date.now()}.example.com`;
    try {
      await page.goto('/admin/settings?tab=public-site');
      await expect(page.getByRole('tab', { name: 'Public site' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: 'Public site content' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      const tagline = `Miami to May Pen ${Date.now()}`;
      await page.getByLabel('Tagline').fill(tagline);
      await page.getByRole('button', { name: 'Add question' }).click();
      await page.getByLabel('Question 1').fill('Where do I collect?');
      await page.getByLabel('Answer 1').fill('At your branch.');
      await page.getByRole('button', { name: 'Save Public Site' }).click();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Public site content saved' })).toBeVisible();
      const site = await (await request.get('/api/public/site')).json();
      expect(site.content.tagline).toBe(tagline);
      expect(site.content.faq).toEqual([{ question: 'Where do I collect?', answer: 'At your branch.' }]);

      await page.getByRole('textbox', { name: 'Host name', exact: true }).fill(host.toUpperCase());
      await page.getByRole('button', { name: 'Add Host Name' }).click();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Host name sent to the platform for approval' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: host });
      await expect(row).toContainText('Waiting for approval');

      await expect(page.getByText(/<iframe src=".*\/login\?api_key=/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
    } finally {
      await request.put('/api/settings/public-content', { headers: auth, data: before });
      const domains = (await (await request.get('/api/settings/domains', { headers: auth })).json()) as Array<{
        id: number;
        hostname: string;
      }>;
      for (const d of domains.filter((x) => x.hostname === host)) await request.delete(`/api/settings/domains/${d.id}`, { headers: auth });
    }
  });
});
