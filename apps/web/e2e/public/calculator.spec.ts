import { expect, test } from '../support/test';

const CASES = [
  // weight, item cost USD, shipping, customs, total JMD, approx USD. Customs is the demo courier's
  // entry on CIF (item + freight): duty 20%, SCF 0.3%, levy 0.5%, GCT 15% on CIF + those three,
  // CAF JMD 2,500 and stamp duty JMD 100; nothing up to the USD 100 de minimis.
  // 10.01 lb, USD 100.01: CIF 15,001.50 + 4,600 = 19,601.50; 3,920.30 + 58.80 + 98.01
  //   + 15% of 23,678.61 = 3,551.79, + 2,500 + 100 = 10,228.90.
  // 4.2 lb, USD 200: CIF 30,000 + 2,250 = 32,250; 6,450 + 96.75 + 161.25 + 15% of 38,958 = 5,843.70,
  //   + 2,500 + 100 = 15,151.70.
  { weight: '0.4', cost: '', shipping: 'JMD 650.00', customs: 'JMD 0.00', total: 'JMD 650.00', usd: 'USD 4.33' },
  { weight: '10', cost: '100', shipping: 'JMD 4,250.00', customs: 'JMD 0.00', total: 'JMD 19,250.00', usd: 'USD 128.33' },
  {
    weight: '10.01',
    cost: '100.01',
    shipping: 'JMD 4,600.00',
    customs: 'JMD 10,228.90',
    duty: 'JMD 3,920.30',
    total: 'JMD 29,830.40',
    usd: 'USD 198.87',
  },
  {
    weight: '4.2',
    cost: '200',
    shipping: 'JMD 2,250.00',
    customs: 'JMD 15,151.70',
    duty: 'JMD 6,450.00',
    total: 'JMD 47,401.70',
    usd: 'USD 316.01',
  },
  { weight: '15', cost: '', shipping: 'JMD 6,000.00', customs: 'JMD 0.00', total: 'JMD 6,000.00', usd: 'USD 40.00' },
];

test('the calculator totals several weights on button press', async ({ page }) => {
  await page.goto('/pricing');
  const form = page.getByRole('form', { name: 'Shipping and customs calculator' });
  const weight = form.getByLabel('Weight (lbs)');
  const cost = form.getByLabel('Item cost (USD)');
  const result = page.getByTestId('calculator-result');

  for (const c of CASES) {
    await weight.fill(c.weight);
    await cost.fill(c.cost);
    await form.getByLabel('Length (inches)').fill('30');
    await form.getByRole('button', { name: 'Calculate' }).click();
    await expect(result.getByText('Shipping', { exact: true }).locator('..')).toContainText(c.shipping);
    // An entry is shown part by part (its sum is in the total); no entry is one "Customs duty" line.
    if ('duty' in c && c.duty) await expect(result.getByText(/^Import duty/).locator('..')).toContainText(c.duty);
    else await expect(result.getByText(/^Customs duty/).locator('..')).toContainText(c.customs);
    await expect(result.getByText('Estimated total').locator('..')).toContainText(c.total);
    await expect(result.getByText('Approx. in USD').locator('..')).toContainText(c.usd);
  }
});

test('the calculator asks for a weight greater than 0', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Shipping and customs calculator' });
  await form.getByRole('button', { name: 'Calculate' }).click();
  await expect(form.getByText('Please enter a valid weight greater than 0 lbs.')).toBeVisible();
  await expect(form.getByLabel('Weight (lbs)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Weight (lbs)').fill('0');
  await form.getByRole('button', { name: 'Calculate' }).click();
  await expect(form.getByText('Please enter a valid weight greater than 0 lbs.')).toBeVisible();
  await expect(page.getByTestId('calculator-result')).toHaveCount(0);
  await form.getByLabel('Weight (lbs)').fill('2');
  await form.getByLabel('Weight (lbs)').press('Enter');
  await expect(page.getByTestId('calculator-result')).toContainText('JMD 1,050.00');
  await expect(form.getByText('Please enter a valid weight greater than 0 lbs.')).toHaveCount(0);
});

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
