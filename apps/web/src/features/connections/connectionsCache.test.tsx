import { describe, expect, it } from 'vitest';
import { connection } from '../../test/connections';
import { applyConnectionEvent, applySessionUpdate, hasConnectionProblem, upsertConnection } from './connectionsCache';

const at = (minute: number) => `2026-03-05T15:${String(minute).padStart(2, '0')}:00.000Z`;

describe('the cached list of connections', () => {
  it('takes status, qrcode, retries, updatedAt and the pairing code from a session update', () => {
    const list = [connection({ id: 1, status: 'OPENING', updatedAt: at(0) }), connection({ id: 2, updatedAt: at(0) })];
    const next = applySessionUpdate(list, { id: 1, status: 'qrcode', qrcode: 'qr-1', retries: 2, updatedAt: at(1) });
    expect(next?.[0]).toMatchObject({ status: 'qrcode', qrcode: 'qr-1', retries: 2, updatedAt: at(1) });
    expect(next?.[1]).toBe(list[1]);
    const paired = applySessionUpdate(next, { id: 1, status: 'PAIRING', qrcode: '', retries: 2, updatedAt: at(2), pairingCode: 'ABCD' });
    expect(paired?.[0]).toMatchObject({ status: 'PAIRING', qrcode: '', pairingCode: 'ABCD' });
    const connected = applySessionUpdate(paired, { id: 1, status: 'CONNECTED', qrcode: '', retries: 0, updatedAt: at(3) });
    expect(connected?.[0]).not.toHaveProperty('pairingCode');
  });

  it('keeps the list as it is for an update of an unknown or older connection state', () => {
    const list = [connection({ id: 1, updatedAt: at(5) })];
    expect(applySessionUpdate(list, { id: 9, status: 'qrcode', qrcode: 'x', retries: 0, updatedAt: at(6) })).toBe(list);
    expect(applySessionUpdate(list, { id: 1, status: 'TIMEOUT', qrcode: '', retries: 1, updatedAt: at(4) })).toBe(list);
    expect(applySessionUpdate(undefined, { id: 1, status: 'TIMEOUT', qrcode: '', retries: 1, updatedAt: at(6) })).toBeUndefined();
  });

  it('keeps what admins hold (token, QR) when the company-wide summary arrives, and drops a QR out of its status', () => {
    const list = [connection({ id: 1, status: 'qrcode', qrcode: 'qr-1', token: 'secret', updatedAt: at(0) })];
    const { qrcode: _q, token: _t, ...summary } = connection({ id: 1, name: 'Novo nome', status: 'qrcode', updatedAt: at(1) });
    expect(upsertConnection(list, summary)?.[0]).toMatchObject({ name: 'Novo nome', qrcode: 'qr-1', token: 'secret' });
    expect(upsertConnection(list, { ...summary, status: 'CONNECTED' })?.[0]).toMatchObject({ status: 'CONNECTED', qrcode: '' });
  });

  it('adds, demotes the previous default and deletes from the whatsapp event', () => {
    const list = [connection({ id: 1, isDefault: true }), connection({ id: 2 })];
    const created = applyConnectionEvent(list, { action: 'create', whatsapp: connection({ id: 3, isDefault: true }), whatsappId: 3 });
    expect(created?.map((row) => [row.id, row.isDefault])).toEqual([[1, false], [2, false], [3, true]]);
    expect(applyConnectionEvent(created, { action: 'create', whatsapp: connection({ id: 3, isDefault: true }), whatsappId: 3 })).toHaveLength(3);
    expect(applyConnectionEvent(created, { action: 'delete', whatsappId: 2 })?.map((row) => row.id)).toEqual([1, 3]);
  });

  it('counts qrcode, PAIRING, DISCONNECTED, TIMEOUT and OPENING as problems', () => {
    expect(hasConnectionProblem(undefined)).toBe(false);
    expect(hasConnectionProblem([{ status: 'CONNECTED' }])).toBe(false);
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const) {
      expect(hasConnectionProblem([{ status: 'CONNECTED' }, { status }])).toBe(true);
    }
  });
});
