import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALCULATOR_WEIGHT_MESSAGE } from '@courier/shared/domain/calculator';
import { ShippingCalculator } from './shipping-calculator';

// The default rates (1 lb JMD 650 ... 10 lb JMD 4,250, then 350 a pound; USD 1 = JMD 150).
vi.mock('@/features/public/api/get-public-site', async (original) => {
  const actual = await original<typeof import('@/features/public/api/get-public-site')>();
  return { ...actual, usePublicSite: () => ({ site: actual.FALLBACK_SITE, loading: false, failed: false }) };
});

const fetchSpy = vi.fn();
beforeEach(() => {
  fetchSpy.mockReset();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const calculator = () => screen.getByRole('form', { name: 'Shipping and customs calculator' });
const row = (label: string) => within(screen.getByTestId('calculator-result')).getByText(label).parentElement;

describe('ShippingCalculator', () => {
  it('asks for a weight above 0 and shows no estimate (nothing is sent anywhere)', async () => {
    const user = userEvent.setup();
    render(<ShippingCalculator />);
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await within(calculator()).findByText(CALCULATOR_WEIGHT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Weight (lbs)')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Weight (lbs)'), '0');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(within(calculator()).getByText(CALCULATOR_WEIGHT_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByTestId('calculator-result')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('totals shipping, customs duty above USD 100 and the USD approximation', async () => {
    const user = userEvent.setup();
    render(<ShippingCalculator />);
    await user.type(screen.getByLabelText('Weight (lbs)'), '10.01');
    await user.type(screen.getByLabelText('Item cost (USD)'), '100.01');
    await user.type(screen.getByLabelText('Length (inches)'), '30');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(row('Shipping')).toHaveTextContent('JMD 4,600.00');
    // 11 lb 4,600.00; USD 100.01 at 150 = 15,001.50; CIF 19,601.50: duty 20% 3,920.30, SCF 0.3% 58.80,
    // levy 0.5% 98.01, GCT on import 15% of 23,678.61 = 3,551.79, CAF 2,500.00, stamp duty 100.00
    expect(row('Import duty')).toHaveTextContent('JMD 3,920.30');
    expect(row('Standard compliance fee (SCF)')).toHaveTextContent('JMD 58.80');
    expect(row('Environmental levy')).toHaveTextContent('JMD 98.01');
    expect(row('GCT on import')).toHaveTextContent('JMD 3,551.79');
    expect(row('Customs administrative fee (CAF)')).toHaveTextContent('JMD 2,500.00');
    expect(row('Stamp duty')).toHaveTextContent('JMD 100.00');
    expect(row('Estimated total')).toHaveTextContent('JMD 29,830.40');
    expect(row('Approx. in USD')).toHaveTextContent('USD 198.87');
    expect(screen.queryByText(CALCULATOR_WEIGHT_MESSAGE)).toBeNull();
  });

  it('a valid weight sent with Enter after the error shows the estimate and takes the error away', async () => {
    const user = userEvent.setup();
    render(<ShippingCalculator />);
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await within(calculator()).findByText(CALCULATOR_WEIGHT_MESSAGE)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Weight (lbs)'), '2{Enter}');
    expect(await screen.findByTestId('calculator-result')).toHaveTextContent('JMD 1,050.00');
    expect(within(calculator()).queryByText(CALCULATOR_WEIGHT_MESSAGE)).toBeNull();
    expect(screen.getByLabelText('Weight (lbs)')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('totals one weight after another in the same form, each press giving that weight its estimate', async () => {
    // Weight, item cost, shipping, customs (one "Customs duty" line, or the entry's import duty), total, USD.
    // Up to 1 lb is 1 lb; USD 100 is within the de minimis; above 10 lb, 350 a pound.
    const cases = [
      { weight: '0.4', cost: '', shipping: 'JMD 650.00', customs: 'JMD 0.00', total: 'JMD 650.00', usd: 'USD 4.33' },
      { weight: '10', cost: '100', shipping: 'JMD 4,250.00', customs: 'JMD 0.00', total: 'JMD 19,250.00', usd: 'USD 128.33' },
      { weight: '10.01', cost: '100.01', shipping: 'JMD 4,600.00', duty: 'JMD 3,920.30', total: 'JMD 29,830.40', usd: 'USD 198.87' },
      { weight: '4.2', cost: '200', shipping: 'JMD 2,250.00', duty: 'JMD 6,450.00', total: 'JMD 47,401.70', usd: 'USD 316.01' },
      { weight: '15', cost: '', shipping: 'JMD 6,000.00', customs: 'JMD 0.00', total: 'JMD 6,000.00', usd: 'USD 40.00' },
    ];
    const user = userEvent.setup();
    render(<ShippingCalculator />);
    const fill = async (label: string, value: string) => {
      await user.clear(screen.getByLabelText(label));
      if (value) await user.type(screen.getByLabelText(label), value);
    };
    for (const c of cases) {
      await fill('Weight (lbs)', c.weight);
      await fill('Item cost (USD)', c.cost);
      await fill('Length (inches)', '30');
      await user.click(screen.getByRole('button', { name: 'Calculate' }));
      expect(row('Shipping')).toHaveTextContent(c.shipping);
      const result = within(screen.getByTestId('calculator-result'));
      if (c.duty) expect(result.getByText(/^Import duty/).parentElement).toHaveTextContent(c.duty);
      else expect(result.getByText(/^Customs duty/).parentElement).toHaveTextContent(c.customs ?? '');
      expect(row('Estimated total')).toHaveTextContent(c.total);
      expect(row('Approx. in USD')).toHaveTextContent(c.usd);
    }
  });

  it('with dimensions, bills the volumetric weight the courier bills', async () => {
    const user = userEvent.setup();
    render(<ShippingCalculator />);
    await user.type(screen.getByLabelText('Weight (lbs)'), '2.6');
    await user.type(screen.getByLabelText('Length (inches)'), '14');
    await user.type(screen.getByLabelText('Width (inches)'), '10');
    await user.type(screen.getByLabelText('Height (inches)'), '8');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    // The fallback courier bills by actual weight: 3 lb; a courier's own rule is in its site (calculator.test.ts).
    expect(row('Billable weight')).toHaveTextContent('3 lbs');
  });

  it('a weight cleared after an estimate takes the estimate away', async () => {
    const user = userEvent.setup();
    render(<ShippingCalculator />);
    await user.type(screen.getByLabelText('Weight (lbs)'), '2');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(row('Shipping')).toHaveTextContent('JMD 1,050.00');
    await user.clear(screen.getByLabelText('Weight (lbs)'));
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText(CALCULATOR_WEIGHT_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByTestId('calculator-result')).toBeNull();
  });

  it('on the pre-rendered page, what was typed before React hydrated counts', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ShippingCalculator />);
    document.body.appendChild(container);
    // Typed into the server's HTML, before the app's script has run.
    (container.querySelector('input[name="weight"]') as HTMLInputElement).value = '4.2';
    (container.querySelector('input[name="itemCost"]') as HTMLInputElement).value = '200';
    const root = await act(async () => hydrateRoot(container, <ShippingCalculator />));
    try {
      await userEvent.setup().click(within(container).getByRole('button', { name: 'Calculate' }));
      expect(row('Shipping')).toHaveTextContent('JMD 2,250.00');
      // 30,000.00 + 2,250.00 + customs on CIF 32,250.00 (6,450.00 + 96.75 + 161.25 + 5,843.70 + 2,500.00 + 100.00)
      expect(row('Estimated total')).toHaveTextContent('JMD 47,401.70');
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});
