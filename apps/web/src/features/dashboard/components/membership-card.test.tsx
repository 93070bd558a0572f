import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MembershipCard } from './membership-card';

const bronze = { name: 'Bronze', packageCount: 50, discountPercent: 5 };
const silver = { name: 'Silver', packageCount: 100, discountPercent: 10 };
const platinum = { name: 'Platinum', packageCount: 300, discountPercent: 20 };

describe('MembershipCard', () => {
  it('measures progress from the current tier to the next', () => {
    render(<MembershipCard membership={{ tier: bronze, deliveredCount: 60, nextTier: silver }} />);
    expect(screen.getByText('Bronze member')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress to Silver' })).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText('60 packages delivered. 40 more to reach Silver (10% off freight).')).toBeInTheDocument();
  });

  it('starts from zero without a tier and fills up at the highest tier', () => {
    const { unmount } = render(<MembershipCard membership={{ tier: null, deliveredCount: 1, nextTier: bronze }} />);
    expect(screen.getByText('No membership tier yet')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByText('1 package delivered. 49 more to reach Bronze (5% off freight).')).toBeInTheDocument();
    unmount();
    render(<MembershipCard membership={{ tier: platinum, deliveredCount: 310, nextTier: null }} />);
    expect(screen.getByRole('progressbar', { name: 'Highest tier reached' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('310 packages delivered. You have reached the highest tier.')).toBeInTheDocument();
  });
});
