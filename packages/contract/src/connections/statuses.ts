/** Connection status. Kept apart from the schemas, so a screen that only reads statuses loads no validation code. */
export const CONNECTION_STATUSES = ['qrcode', 'PAIRING', 'OPENING', 'CONNECTED', 'TIMEOUT', 'DISCONNECTED'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Statuses that put the red badge on the connections menu entry. */
export const CONNECTION_PROBLEM_STATUSES: readonly ConnectionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];
