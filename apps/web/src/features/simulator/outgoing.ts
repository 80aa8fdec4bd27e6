import type { SimulatorMessageInput } from '@atende/contract';

/** What the customer sends; the page adds the connection, the number and the name. */
export type OutgoingMessage = Omit<SimulatorMessageInput, 'whatsappId' | 'from' | 'name' | 'quotedId'>;
