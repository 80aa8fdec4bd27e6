/**
 * An in-process WhatsApp network for the demo, the e2e journeys and server tests: one simulated
 * business phone per connection, customers who write, call, edit and delete, and acks that advance
 * on a controllable clock. Faults reproduce what real networks do to us:
 * concurrent bursts, redeliveries and acks or messages out of order.
 */
import { createHash, randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../clock.js';
import { canonicalNumber, isPlausibleNumber, numberToJid } from '../numbers.js';
import type { AckLevel, Location, MessageKind } from '../provider.js';
import { PhoneLine, type OutboundEntryInput, type PhoneEntry, type SimulatorLink } from './phone-line.js';

/** Simulated numbers ending in this are not on WhatsApp. */
export const NOT_ON_WHATSAPP_SUFFIX = '404';

export type { OutboundEntryInput } from './phone-line.js';

export type { PhoneEntry, SimulatorLink } from './phone-line.js';

export type SimulatorFault = 'disconnect' | 'duplicate-next-inbound' | 'delay-acks' | 'reorder-acks' | 'fail-next-send';

export interface SimulatorNetworkOptions {
  clock?: Clock;
  /** After a send: delivered, then read (ms). */
  ackDelays?: { delivered: number; read: number };
  /** 'delay-acks' multiplies the ack delays by this. */
  slowAckFactor?: number;
}

export interface CustomerMessageInput {
  connectionId: number;
  from: string;
  name?: string;
  body?: string;
  mediaType?: 'image' | 'video' | 'audio' | 'voice' | 'document' | 'sticker';
  fileName?: string;
  mimeType?: string;
  dataBase64?: string;
  quotedId?: string;
  latitude?: number;
  longitude?: number;
  vcard?: string;
  /** The customer's LID: the session reports the phone/LID pair as an identity event. */
  lid?: string;
}

export class SimulatorNetwork {
  readonly clock: Clock;
  private readonly lines = new Map<number, PhoneLine>();
  private readonly notOnWhatsApp = new Set<string>();
  private seq = 0;
  /** Ids must not repeat after a restart, or new messages would be dropped as duplicates of old ones. */
  private readonly run = randomBytes(8).toString('hex');

  constructor(private readonly options: SimulatorNetworkOptions = {}) {
    this.clock = options.clock ?? systemClock;
  }

  line(connectionId: number): PhoneLine {
    let line = this.lines.get(connectionId);
    if (!line) {
      line = new PhoneLine(connectionId, this.clock, {
        ackDelays: this.options.ackDelays ?? { delivered: 1_000, read: 3_000 },
        slowAckFactor: this.options.slowAckFactor ?? 10,
      });
      this.lines.set(connectionId, line);
    }
    return line;
  }

  // ---- the session side -------------------------------------------------------------------

  attach(connectionId: number, link: SimulatorLink): void {
    this.line(connectionId).attach(link);
  }

  detach(connectionId: number, link: SimulatorLink): void {
    this.lines.get(connectionId)?.detach(link);
  }

  // ---- the people side (demo endpoints, tests) ---------------------------------------------

  /** The business owner scans the QR (or types the pairing code) on their phone. */
  scan(connectionId: number): void {
    this.line(connectionId).scan();
  }

  customerSends(input: CustomerMessageInput): { id: string } {
    const line = this.line(input.connectionId);
    const number = canonicalNumber(input.from);
    const id = this.nextId('IN', input.connectionId);
    const kind: MessageKind = input.mediaType
      ?? (input.latitude !== undefined && input.longitude !== undefined ? 'location' : input.vcard ? 'contact' : 'text');
    const data = input.dataBase64 ? Buffer.from(input.dataBase64, 'base64') : undefined;
    const media = input.mediaType
      ? { mimeType: input.mimeType ?? defaultMime(input.mediaType), fileName: input.fileName, data: data ?? Buffer.alloc(0) }
      : undefined;
    line.receiveFromCustomer({
      id, number, name: input.name ?? '', lid: input.lid, kind, body: input.body ?? '',
      quotedId: input.quotedId, media,
      location: kind === 'location' ? { latitude: input.latitude!, longitude: input.longitude! } : undefined,
      vcard: input.vcard,
    });
    return { id };
  }

  customerReacts(input: { connectionId: number; from: string; targetId: string; emoji: string }): { id: string } {
    const id = this.nextId('RE', input.connectionId);
    this.line(input.connectionId).receiveFromCustomer({
      id, number: canonicalNumber(input.from), name: '', kind: 'reaction', body: input.emoji,
      reaction: { targetId: input.targetId, emoji: input.emoji },
    });
    return { id };
  }

  customerEdits(input: { connectionId: number; from: string; id: string; body: string }): void {
    this.line(input.connectionId).customerEdits(canonicalNumber(input.from), input.id, input.body);
  }

  customerRevokes(input: { connectionId: number; from: string; id: string }): void {
    this.line(input.connectionId).customerRevokes(canonicalNumber(input.from), input.id);
  }

  /** A voice call the business does not answer: a call event, then a missed-call entry. */
  customerCalls(input: { connectionId: number; from: string; isVideo?: boolean }): { id: string } {
    const id = this.nextId('CL', input.connectionId);
    this.line(input.connectionId).customerCalls(canonicalNumber(input.from), id, input.isVideo ?? false);
    return { id };
  }

  /** The customer listens to a voice note we sent (ack 4). */
  customerPlays(input: { connectionId: number; from: string; id: string }): void {
    this.line(input.connectionId).customerPlays(canonicalNumber(input.from), input.id);
  }

  /** Everything the customer's phone has seen with this business, both directions, in order. */
  /** How many messages the connection has sent through the network (a repeated send counts again). */
  sendsOf(connectionId: number): number {
    return this.line(connectionId).businessSends;
  }

  conversation(connectionId: number, number: string): PhoneEntry[] {
    return this.line(connectionId).conversation(canonicalNumber(number));
  }

  fault(connectionId: number, fault: SimulatorFault, options: { failedReconnects?: number } = {}): void {
    this.line(connectionId).fault(fault, options);
  }

  clearFaults(connectionId: number): void {
    this.line(connectionId).clearFaults();
  }

  setOnWhatsApp(number: string, exists: boolean): void {
    const canonical = canonicalNumber(number);
    if (exists) this.notOnWhatsApp.delete(canonical);
    else this.notOnWhatsApp.add(canonical);
  }

  /**
   * Whether the simulated WhatsApp knows the number: a plausible number is on WhatsApp unless a
   * test said otherwise, or it ends in 404 (deterministic, so journeys and demos can show
   * numbers without WhatsApp).
   */
  numberExists(number: string): boolean {
    const canonical = canonicalNumber(number);
    return isPlausibleNumber(canonical) && !canonical.endsWith(NOT_ON_WHATSAPP_SUFFIX) && !this.notOnWhatsApp.has(canonical);
  }

  chatIdOf(number: string): string {
    return numberToJid(number);
  }

  ackOf(connectionId: number, number: string, id: string): AckLevel | undefined {
    return this.conversation(connectionId, number).find((e) => e.id === id)?.ack;
  }

  /** Cancels every pending simulated ack (tests, shutdown). */
  dispose(): void {
    for (const line of this.lines.values()) line.dispose();
  }

  private nextId(kind: string, connectionId: number): string {
    const hash = createHash('sha256').update(`${this.run}:${connectionId}:${kind}:${++this.seq}`).digest('hex').toUpperCase();
    return `SIM${kind}${hash.slice(0, 16)}`;
  }
}

function defaultMime(mediaType: NonNullable<CustomerMessageInput['mediaType']>): string {
  return {
    image: 'image/jpeg', video: 'video/mp4', audio: 'audio/mpeg', voice: 'audio/ogg; codecs=opus',
    document: 'application/pdf', sticker: 'image/webp',
  }[mediaType];
}

let shared: SimulatorNetwork | undefined;

/** The process-wide network the registry hands to simulator sessions and the demo endpoints. */
export function sharedSimulatorNetwork(options?: SimulatorNetworkOptions): SimulatorNetwork {
  shared ??= new SimulatorNetwork(options);
  return shared;
}
