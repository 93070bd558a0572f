import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALCULATOR_WEIGHT_MESSAGE } from '@courier/shared/domain/calculator';
import { ShippingCalculator } from './shipping-calculator';

// The spec's rates (1 lb JMD 650 ... 10 lb JMD 4,250, then 350 a pound; USD 1 = JMD 150).
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
    expect(row('Customs duty (20%)')).toHaveTextContent('JMD 3,000.30');
    expect(row('Estimated total')).toHaveTextContent('JMD 22,601.80');
    expect(row('Approx. in USD')).toHaveTextContent('USD 150.68');
    expect(screen.queryByText(CALCULATOR_WEIGHT_MESSAGE)).toBeNull();
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
      expect(row('Estimated total')).toHaveTextContent('JMD 38,250.00');
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});
