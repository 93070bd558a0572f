import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

// The schema (and zod) load at the first validation: the field messages must still appear as before.
describe('LoginForm', () => {
  it('passes Remember me on, so the session lasts weeks', async () => {
    const user = userEvent.setup();
    const onSignIn = vi.fn(async () => undefined);
    render(<LoginForm onSignIn={onSignIn} />);
    await user.type(screen.getByLabelText('Email'), 'ann@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onSignIn).toHaveBeenCalledWith('ann@example.test', 'secret', true));
  });

  it('shows the messages for empty fields and a malformed e-mail, and signs in with valid ones', async () => {
    const user = userEvent.setup();
    const onSignIn = vi.fn(async () => undefined);
    render(<LoginForm onSignIn={onSignIn} />);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(onSignIn).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), ' Ann@Example.TEST ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onSignIn).toHaveBeenCalledWith('ann@example.test', 'secret', false));
    expect(screen.queryByText('Invalid email format')).not.toBeInTheDocument();
  });

  it('shows the error of a failed sign-in', async () => {
    const user = userEvent.setup();
    render(
      <LoginForm
        onSignIn={async () => {
          throw new Error('Invalid email or password');
        }}
      />,
    );
    await user.type(screen.getByLabelText('Email'), 'ann@example.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });
});
