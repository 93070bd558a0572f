import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@courier/shared/schemas/two-factor';
import { type FakeAnswer, fakeApi, renderWithApi, signedInWithFakeApi, slowly, submitTwice } from '@/test/fake-api';
import { TwoFactorCard } from './two-factor-card';

/** The two-step sign-in API; a POST answers after 50 ms, a wrong code or password with a 400. */
function serve({ enabled }: { enabled: boolean }) {
  const api = fakeApi(async ({ url, method, body }): Promise<FakeAnswer> => {
    if (method === 'GET') return { body: { enabled, recoveryCodesLeft: 10, required: false } };
    await slowly();
    const sent = body as { code?: string; password?: string };
    if (url === '/api/auth/two-factor/setup')
      return { body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/png;base64,' } };
    if (url === '/api/auth/two-factor/enable')
      return sent.code === '123456'
        ? { body: { recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'], message: TWO_FACTOR_MESSAGES.enabled } }
        : { status: 400, body: { message: TWO_FACTOR_MESSAGES.invalidCode } };
    return sent.password === 'wrong'
      ? { status: 400, body: { message: TWO_FACTOR_MESSAGES.passwordWrong } }
      : { body: { message: TWO_FACTOR_MESSAGES.disabled } };
  });
  return {
    posts: (url: string) =>
      api
        .sent('POST')
        .filter((c) => c.url === url)
        .map((c) => c.body),
  };
}

const renderCard = () => renderWithApi(<TwoFactorCard />);

signedInWithFakeApi();

describe('TwoFactorCard: set-up (the TOTP code)', () => {
  it('asks for the code before sending anything', async () => {
    const api = serve({ enabled: false });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('6-digit code'), '   ');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('6-digit code')).toHaveAttribute('aria-invalid', 'true');
    expect(api.posts('/api/auth/two-factor/enable')).toEqual([]);
  });

  it("shows the server's answer to a wrong code under the box", async () => {
    serve({ enabled: false });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.invalidCode)).toBeInTheDocument();
  });

  it('sends the code once, however often submitted, then shows the recovery codes', async () => {
    const api = serve({ enabled: false });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '123456');
    submitTwice(code);
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('aaaa-bbbb');
    expect(api.posts('/api/auth/two-factor/enable')).toEqual([{ code: '123456' }]);
  });
});

describe('TwoFactorCard: turning it off', () => {
  it('asks for the password before sending anything', async () => {
    const api = serve({ enabled: true });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.passwordWrong)).toBeInTheDocument();
    expect(api.posts('/api/auth/two-factor/disable')).toEqual([]);
  });

  it('sends the password once, and says a wrong one under the field', async () => {
    const api = serve({ enabled: true });
    const user = userEvent.setup();
    renderCard();
    const password = await screen.findByLabelText('Password to turn it off');
    await user.type(password, 'wrong');
    submitTwice(password);
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.passwordWrong)).toBeInTheDocument();
    expect(api.posts('/api/auth/two-factor/disable')).toEqual([{ password: 'wrong' }]);
    await user.clear(password);
    await user.type(password, 'Secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.disabled)).toBeInTheDocument();
    expect(api.posts('/api/auth/two-factor/disable')).toEqual([{ password: 'wrong' }, { password: 'Secret-pass-1' }]);
  });
});
