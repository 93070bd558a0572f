import { expect, test } from '../support/test';

// The calculator's rules (the weight it asks for, the totals of several weights one after another)
// are in shipping-calculator.test.tsx; what only a real browser shows stays here.

test('a weight typed into the pre-rendered calculator before the page has hydrated counts', async ({ page }) => {
  // The app's script is held back: the visitor types into the server's HTML, then React takes over.
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/pricing', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Shipping and customs calculator' });
  await form.getByLabel('Weight (lbs)').fill('4.2');
  await form.getByLabel('Item cost (USD)').fill('200');
  release();
  await expect(form.getByRole('button', { name: 'Calculate' })).toBeEnabled();
  await form.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('calculator-result').getByText('Estimated total').locator('..')).toContainText('JMD 47,401.70');
});
