import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketContext } from '../../../app/SocketProvider';
import { connection } from '../../../test/connections';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { fakeSocket, serveApi } from '../../../test/serve';
import QrCodeDialog, { QR_SIZE } from './QrCodeDialog';

function openDialog(initial = connection({ id: 4, status: 'qrcode', qrcode: '2@first-code' })) {
  serveApi({ 'GET /api/whatsapp/4': () => jsonResponse(200, initial) });
  const live = fakeSocket();
  const onClose = vi.fn();
  renderWithApp(
    <SocketContext.Provider value={{ socket: live.socket, companyId: 3 }}>
      <QrCodeDialog connectionId={4} name="Comercial" onClose={onClose} />
    </SocketContext.Provider>,
    { user: sessionUser() },
  );
  const session = (id: number, fields: { status: string; qrcode: string; pairingCode?: string }) =>
    act(() => live.emit('company-3-whatsappSession', { action: 'update', session: { id, retries: 0, updatedAt: '2026-03-05T15:00:00.000Z', ...fields } }));
  return { onClose, session };
}

afterEach(() => vi.unstubAllGlobals());

describe('<QrCodeDialog>', () => {
  it('renders the connection’s QR code at 256 px', async () => {
    openDialog();
    const image = await screen.findByTestId('qrcode-image');
    expect(image.dataset.qrcode).toBe('2@first-code');
    const svg = image.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe(String(QR_SIZE));
    expect(QR_SIZE).toBe(256);
  });

  it('refreshes the code on a session update of the same connection only', async () => {
    const { session, onClose } = openDialog();
    await screen.findByTestId('qrcode-image');
    session(9, { status: 'qrcode', qrcode: '2@someone-else' });
    expect(screen.getByTestId('qrcode-image').dataset.qrcode).toBe('2@first-code');
    session(4, { status: 'qrcode', qrcode: '2@rotated-code' });
    await waitFor(() => expect(screen.getByTestId('qrcode-image').dataset.qrcode).toBe('2@rotated-code'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes itself when an update arrives with an empty qrcode', async () => {
    const { session, onClose } = openDialog();
    await screen.findByTestId('qrcode-image');
    session(9, { status: 'CONNECTED', qrcode: '' });
    expect(onClose).not.toHaveBeenCalled();
    session(4, { status: 'OPENING', qrcode: '' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the pairing code when the update brings one instead of a QR', async () => {
    const { session, onClose } = openDialog();
    await screen.findByTestId('qrcode-image');
    session(4, { status: 'PAIRING', qrcode: '', pairingCode: 'K7QW2M9X' });
    expect((await screen.findByTestId('qrcode-pairing-code')).textContent).toBe('K7QW2M9X');
    expect(screen.queryByTestId('qrcode-image')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('waits for a code when the connection shows none yet', async () => {
    openDialog(connection({ id: 4, status: 'OPENING', qrcode: '' }));
    expect(await screen.findByTestId('qrcode-waiting')).toBeTruthy();
  });
});
