import type { Connection } from '@atende/contract';

/** A connection as an admin receives it from GET /whatsapp. */
export function connection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: 4,
    name: 'Comercial',
    isDefault: false,
    provider: 'simulator',
    status: 'CONNECTED',
    qrcode: '',
    retries: 0,
    nextRetryAt: null,
    number: '5511988887777',
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    token: 'api-token-4',
    queues: [],
    transferQueueId: null,
    promptId: null,
    integrationId: null,
    timeToTransfer: 0,
    expiresTicket: 0,
    expiresInactiveMessage: '',
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    updatedAt: '2026-03-05T14:07:00.000Z',
    ...overrides,
  };
}
