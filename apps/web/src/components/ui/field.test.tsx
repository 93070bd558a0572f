import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

const HINT = 'Password must be at least 8 characters long';

describe('Field', () => {
  it('shows its hint, then the error in its place when the error says the same words', () => {
    const { rerender } = render(
      <Field label="New Password" hint={HINT}>
        <input />
      </Field>,
    );
    expect(screen.getAllByText(HINT)).toHaveLength(1);
    rerender(
      <Field label="New Password" hint={HINT} error={HINT}>
        <input />
      </Field>,
    );
    expect(screen.getAllByText(HINT)).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(HINT);
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-describedby', expect.stringContaining('-error'));
  });

  it('keeps a different hint beside the error', () => {
    render(
      <Field label="Code" hint="Two to eight letters" error="Code is required">
        <input />
      </Field>,
    );
    expect(screen.getByText('Two to eight letters')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Code is required');
  });
});
