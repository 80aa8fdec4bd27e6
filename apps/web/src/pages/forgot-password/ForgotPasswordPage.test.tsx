import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { serveApi } from '../../test/serve';
import ForgotPasswordPage from './ForgotPasswordPage';

afterEach(() => vi.unstubAllGlobals());

describe('<ForgotPasswordPage>', { timeout: 20_000 }, () => {
  it('says recovery is not configured when the server cannot mail codes', async () => {
    serveApi({ 'GET /api/forgetpassword': () => jsonResponse(200, { configured: false }) });
    renderWithApp(<ForgotPasswordPage />, { route: '/forgetpsw' });
    expect((await screen.findByTestId('forgot-not-configured')).textContent).toContain('não está configurada');
    expect(screen.queryByTestId('forgot-email')).toBeNull();
  });

  it('asks for the code and a strong new password that matches its confirmation', async () => {
    const sent = serveApi({
      'GET /api/forgetpassword': () => jsonResponse(200, { configured: true }),
      'POST /api/forgetpassword/ana%40acme.test': () => jsonResponse(200, {}),
      'POST /api/resetpasswords/ana%40acme.test/123456/NovaSenha123': () => jsonResponse(200, {}),
    });
    const user = userEvent.setup();
    renderWithApp(<ForgotPasswordPage />, { route: '/forgetpsw' });
    await user.type(await screen.findByTestId('forgot-email'), 'ana@acme.test');
    await user.click(screen.getByTestId('forgot-submit'));
    await user.type(await screen.findByTestId('forgot-code'), '123456');
    await user.type(screen.getByTestId('forgot-password'), 'fraca');
    await user.type(screen.getByTestId('forgot-confirm'), 'outra');
    await user.click(screen.getByTestId('forgot-reset'));
    expect(await screen.findByText('As senhas não correspondem')).toBeTruthy();
    expect(screen.getByText(/pelo menos 8 caracteres/)).toBeTruthy();
    await user.clear(screen.getByTestId('forgot-password'));
    await user.type(screen.getByTestId('forgot-password'), 'NovaSenha123');
    await user.clear(screen.getByTestId('forgot-confirm'));
    await user.type(screen.getByTestId('forgot-confirm'), 'NovaSenha123');
    await user.click(screen.getByTestId('forgot-reset'));
    expect(await screen.findByText('Senha redefinida com sucesso.')).toBeTruthy();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toContain('POST /api/resetpasswords/ana%40acme.test/123456/NovaSenha123');
  });
});
