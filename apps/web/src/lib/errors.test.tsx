import { UI } from '@atende/contract';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../app/i18n';
import { ApiError } from './api';
import { errorMessage, toastError } from './errors';

describe('error display rule', () => {
  it('translates a known error code of the answer', () => {
    const err = new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS' });
    expect(errorMessage(err)).toBe('Falha na autenticação. Por favor, tente novamente.');
  });

  it('names the limit or the wait the server gives', () => {
    expect(errorMessage(new ApiError(413, { error: 'ERR_FILE_TOO_LARGE', details: { maxBytes: 16 * 1024 * 1024 } }))).toBe('O arquivo passa do limite de 16 MB.');
    expect(errorMessage(new ApiError(429, { error: 'ERR_TOO_MANY_UPLOADS', details: { retryAfterSeconds: 42 } }))).toBe(
      'Muitos envios de arquivos seguidos. Tente de novo em 42 s.',
    );
  });

  it('follows the chosen language', async () => {
    await i18n.changeLanguage('en');
    expect(errorMessage(new ApiError(409, { error: 'ERR_EMAIL_IN_USE' }))).toBe('This email is already in use.');
    await i18n.changeLanguage('es');
    expect(errorMessage(new ApiError(409, { error: 'ERR_EMAIL_IN_USE' }))).toBe('Este correo electrónico ya está en uso.');
  });

  it('shows the raw error text when the code has no translation', () => {
    expect(errorMessage(new ApiError(400, { error: 'ERR_SOMETHING_NEW' }))).toBe('ERR_SOMETHING_NEW');
    expect(errorMessage({ error: 'Not Found' })).toBe('Not Found');
  });

  it('shows a plain string error as it is', () => {
    expect(errorMessage('Falha ao gravar')).toBe('Falha ao gravar');
  });

  it("falls back to 'Ocorreu um erro!' for anything else", () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Ocorreu um erro!');
    expect(errorMessage(new ApiError(500, '<html>oops</html>'))).toBe('Ocorreu um erro!');
    expect(errorMessage(undefined)).toBe('Ocorreu um erro!');
    expect(errorMessage('')).toBe('Ocorreu um erro!');
  });

  it('toasts the message for 2 s', () => {
    const spy = vi.spyOn(toast, 'error').mockReturnValue('id');
    toastError(new ApiError(400, { error: 'ERR_CANNOT_DELETE_SELF' }));
    expect(spy).toHaveBeenCalledWith(
      'Você não pode excluir o seu próprio usuário.',
      expect.objectContaining({ autoClose: UI.errorToastMs }),
    );
    expect(UI.errorToastMs).toBe(2000);
  });
});
