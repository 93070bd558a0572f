import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthShell } from './auth-shell';

const brand = { name: 'Jamaica Express Post', logoUrl: '/default-logo.svg' };

describe('AuthShell', () => {
  it('pitches the US address and the sign-in phrases to a courier’s customers', () => {
    render(
      <MemoryRouter>
        <AuthShell brand={brand} title="Customer Login">
          <p>form</p>
        </AuthShell>
      </MemoryRouter>,
    );
    expect(screen.getByText('Your US address, delivered to Jamaica.')).toBeInTheDocument();
    for (const phrase of ['Express Delivery', 'Secure Shipping', 'Real-time Tracking'])
      expect(screen.getAllByText(phrase).length).toBeGreaterThan(0);
  });

  it('pitches the portal, not a US address, to a courier’s owner setting it up', () => {
    render(
      <MemoryRouter>
        <AuthShell brand={brand} audience="courier" title="Set up your courier">
          <p>form</p>
        </AuthShell>
      </MemoryRouter>,
    );
    expect(screen.getByText('Run your courier from one portal.')).toBeInTheDocument();
    expect(screen.getAllByText('Receive and scan packages').length).toBeGreaterThan(0);
    expect(screen.queryByText(/US address/)).not.toBeInTheDocument();
    expect(screen.queryByText('Express Delivery')).not.toBeInTheDocument();
  });
});
