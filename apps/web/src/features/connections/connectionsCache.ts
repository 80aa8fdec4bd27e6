import {
  CONNECTION_PROBLEM_STATUSES,
  type Connection,
  type ConnectionEvent,
  type ConnectionSessionEvent,
  type ConnectionSummary,
} from '@atende/contract';

/**
 * A row of GET /whatsapp: admins get the full connection (QR, pairing code, token, Cloud settings),
 * everyone else the summary.
 */
export type ConnectionRow = ConnectionSummary & Partial<Pick<Connection, 'qrcode' | 'pairingCode' | 'token' | 'cloud'>>;

const time = (value: string | undefined) => {
  const parsed = value ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? 0 : parsed;
};

/** An answer or event older than what the row shows must not undo a newer status. */
const isOlder = (incoming: { updatedAt?: string }, current: { updatedAt?: string }) =>
  time(incoming.updatedAt) < time(current.updatedAt);

/** The QR and the pairing code only mean something in their own status; drop them otherwise. */
function withoutStaleCodes(row: ConnectionRow): ConnectionRow {
  const next = { ...row };
  if (next.status !== 'qrcode' && next.qrcode) next.qrcode = '';
  if (next.status !== 'PAIRING' && next.pairingCode !== undefined) delete next.pairingCode;
  return next;
}

/** `whatsappSession` update: patches status, updatedAt, qrcode, retries and the pairing code. */
export function applySessionUpdate(list: ConnectionRow[] | undefined, session: ConnectionSessionEvent['session']): ConnectionRow[] | undefined {
  if (!list) return list;
  let changed = false;
  const next = list.map((row) => {
    if (row.id !== session.id || isOlder(session, row)) return row;
    changed = true;
    const patched: ConnectionRow = {
      ...row,
      status: session.status,
      qrcode: session.qrcode ?? '',
      retries: session.retries,
      nextRetryAt: session.nextRetryAt ?? null,
      updatedAt: session.updatedAt,
    };
    if (session.pairingCode) patched.pairingCode = session.pairingCode;
    else delete patched.pairingCode;
    return withoutStaleCodes(patched);
  });
  return changed ? next : list;
}

/**
 * Puts a connection into the list, keeping what the incoming shape lacks (the company-wide event
 * carries no QR, token or credentials, which admins already hold).
 */
export function upsertConnection(list: ConnectionRow[] | undefined, incoming: ConnectionRow): ConnectionRow[] | undefined {
  if (!list) return list;
  const index = list.findIndex((row) => row.id === incoming.id);
  if (index === -1) return [...list, withoutStaleCodes(incoming)];
  const current = list[index];
  if (isOlder(incoming, current)) return list;
  const next = [...list];
  next[index] = withoutStaleCodes({ ...current, ...incoming });
  return next;
}

/** `whatsapp` event: create, update or delete one row without refetching. */
export function applyConnectionEvent(list: ConnectionRow[] | undefined, event: ConnectionEvent): ConnectionRow[] | undefined {
  if (!list) return list;
  if (event.action === 'delete') {
    return list.some((row) => row.id === event.whatsappId) ? list.filter((row) => row.id !== event.whatsappId) : list;
  }
  if (!event.whatsapp) return list;
  let next = upsertConnection(list, event.whatsapp) ?? list;
  // Only one connection is the default: a new default demotes the others at once.
  if (event.whatsapp.isDefault) {
    next = next.map((row) => (row.id !== event.whatsappId && row.isDefault ? { ...row, isDefault: false } : row));
  }
  return next;
}

/** The menu's red badge when any connection waits for a scan, pairs, opens or is down. */
export function hasConnectionProblem(list: readonly Pick<ConnectionRow, 'status'>[] | undefined): boolean {
  return (list ?? []).some((row) => CONNECTION_PROBLEM_STATUSES.includes(row.status));
}
