/**
 * One simulated business phone: its link to our session, the conversations its customers see,
 * pending events while the link is down (delivered on reconnect, like WhatsApp's offline queue)
 * and the faults currently switched on.
 */
import type { Clock, TimerHandle } from '../clock.js';
import { Ack, type AckLevel, type Location, type MessageKind } from '../provider.js';

/** What the business sends to a simulated phone. */
export interface OutboundEntryInput {
  id: string;
  to: string;
  kind: MessageKind;
  body: string;
  quotedId?: string;
  media?: { mimeType: string; fileName?: string; data: Buffer };
  location?: Location;
  vcard?: string;
}

export interface PhoneEntry {
  id: string;
  direction: 'in' | 'out';
  number: string;
  kind: MessageKind;
  body: string;
  timestamp: number;
  /** Outbound only: what the customer's phone reported. */
  ack?: AckLevel;
  /** Inbound only: the business marked it read. */
  seenByBusiness?: boolean;
  quotedId?: string;
  media?: { mimeType: string; fileName?: string; size: number };
  location?: Location;
  vcard?: string;
  reaction?: { targetId: string; emoji: string };
  edited: boolean;
  deleted: boolean;
}

export interface SimInbound {
  id: string;
  number: string;
  name: string;
  lid?: string;
  kind: MessageKind;
  body: string;
  timestamp: number;
  quotedId?: string;
  media?: { mimeType: string; fileName?: string; data: Buffer };
  location?: Location;
  vcard?: string;
  reaction?: { targetId: string; emoji: string };
}

/** What the network calls on the session attached to a line. */
export interface SimulatorLink {
  onScanned(): void;
  onLinkDown(): void;
  onInbound(message: SimInbound): void;
  onAck(id: string, number: string, ack: AckLevel): void;
  onEdit(id: string, number: string, body: string, timestamp: number): void;
  onRevoke(id: string, number: string, timestamp: number): void;
  onCall(number: string, timestamp: number, isVideo: boolean, callId: string): void;
}

type Delivery = (link: SimulatorLink) => void;

export class PhoneLine {
  private link: SimulatorLink | undefined;
  private online = false;
  private pending: Delivery[] = [];
  private readonly chats = new Map<string, PhoneEntry[]>();
  private readonly mediaStore = new Map<string, { data: Buffer; mimeType: string; fileName?: string }>();
  private readonly timers = new Set<TimerHandle>();
  private faults = { duplicateNext: false, delayAcks: false, reorderAcks: false, failNextSend: false };
  private failedReconnectsLeft = 0;

  constructor(
    readonly connectionId: number,
    private readonly clock: Clock,
    private readonly config: { ackDelays: { delivered: number; read: number }; slowAckFactor: number },
  ) {}

  attach(link: SimulatorLink): void {
    this.link = link;
  }

  detach(link: SimulatorLink): void {
    if (this.link !== link) return;
    this.link = undefined;
    this.online = false;
  }

  scan(): void {
    if (!this.link) throw new Error(`no session of connection ${this.connectionId} is waiting for a scan`);
    this.link.onScanned();
  }

  /** A connection attempt; false while a 'disconnect' fault still refuses reconnects. */
  acceptConnection(): boolean {
    if (this.failedReconnectsLeft > 0) {
      this.failedReconnectsLeft--;
      return false;
    }
    return true;
  }

  /** The link is up: what queued up while it was down flows now, in order. */
  goOnline(): void {
    this.online = true;
    const queued = this.pending;
    this.pending = [];
    for (const deliver of queued) this.deliver(deliver);
  }

  goOffline(): void {
    this.online = false;
  }

  get isOnline(): boolean {
    return this.online;
  }

  receiveFromCustomer(message: Omit<SimInbound, 'timestamp'>): void {
    const inbound: SimInbound = { ...message, timestamp: this.clock.now() };
    if (message.media) this.mediaStore.set(message.id, message.media);
    this.record({
      id: inbound.id, direction: 'in', number: inbound.number, kind: inbound.kind, body: inbound.body,
      timestamp: inbound.timestamp, quotedId: inbound.quotedId, location: inbound.location, vcard: inbound.vcard,
      reaction: inbound.reaction, seenByBusiness: false, edited: false, deleted: false,
      media: message.media && { mimeType: message.media.mimeType, fileName: message.media.fileName, size: message.media.data.length },
    });
    this.deliver((link) => link.onInbound(inbound));
    if (this.faults.duplicateNext) {
      this.faults.duplicateNext = false;
      this.deliver((link) => link.onInbound(inbound));
    }
  }

  customerEdits(number: string, id: string, body: string): void {
    const entry = this.find(number, id, 'in');
    entry.body = body;
    entry.edited = true;
    const at = this.clock.now();
    this.deliver((link) => link.onEdit(id, number, body, at));
  }

  customerRevokes(number: string, id: string): void {
    this.find(number, id, 'in').deleted = true;
    const at = this.clock.now();
    this.deliver((link) => link.onRevoke(id, number, at));
  }

  customerCalls(number: string, callId: string, isVideo: boolean): void {
    const at = this.clock.now();
    this.deliver((link) => link.onCall(number, at, isVideo, callId));
    this.receiveFromCustomer({ id: callId, number, name: '', kind: 'call_log', body: isVideo ? 'video' : 'voice' });
  }

  customerPlays(number: string, id: string): void {
    this.setAck(this.find(number, id, 'out'), Ack.PLAYED);
  }

  /** Messages the business sent to this line, each counted however many times it was the same. */
  businessSends = 0;

  sendFromBusiness(input: OutboundEntryInput & { number: string }): number {
    if (this.faults.failNextSend) {
      this.faults.failNextSend = false;
      throw new Error('simulated network refused the message');
    }
    if (!this.online) throw new Error('the simulated phone is offline');
    // Like WhatsApp: every send is a message on the phone. Sending once is the sender's job.
    this.businessSends++;
    if (input.media) this.mediaStore.set(input.id, input.media);
    const entry: PhoneEntry = {
      id: input.id, direction: 'out', number: input.number, kind: input.kind, body: input.body,
      timestamp: this.clock.now(), ack: Ack.SENT, quotedId: input.quotedId, location: input.location,
      vcard: input.vcard, edited: false, deleted: false,
      media: input.media && { mimeType: input.media.mimeType, fileName: input.media.fileName, size: input.media.data.length },
    };
    this.record(entry);
    this.scheduleAcks(entry);
    return entry.timestamp;
  }

  editByBusiness(number: string, id: string, body: string): void {
    const entry = this.find(number, id, 'out');
    entry.body = body;
    entry.edited = true;
  }

  deleteByBusiness(number: string, id: string): void {
    this.find(number, id, 'out').deleted = true;
  }

  markReadByBusiness(number: string, ids: string[]): void {
    for (const entry of this.chats.get(number) ?? []) {
      if (entry.direction === 'in' && ids.includes(entry.id)) entry.seenByBusiness = true;
    }
  }

  media(id: string): { data: Buffer; mimeType: string; fileName?: string } | undefined {
    return this.mediaStore.get(id);
  }

  fault(fault: string, options: { failedReconnects?: number }): void {
    if (fault === 'disconnect') {
      this.online = false;
      this.failedReconnectsLeft = options.failedReconnects ?? 0;
      this.link?.onLinkDown();
    } else if (fault === 'duplicate-next-inbound') this.faults.duplicateNext = true;
    else if (fault === 'delay-acks') this.faults.delayAcks = true;
    else if (fault === 'reorder-acks') this.faults.reorderAcks = true;
    else if (fault === 'fail-next-send') this.faults.failNextSend = true;
    else throw new Error(`unknown simulator fault ${fault}`);
  }

  clearFaults(): void {
    this.faults = { duplicateNext: false, delayAcks: false, reorderAcks: false, failNextSend: false };
    this.failedReconnectsLeft = 0;
  }

  conversation(number: string): PhoneEntry[] {
    return (this.chats.get(number) ?? []).map((e) => structuredClone(e));
  }

  /** Cancels pending ack timers (tests and shutdown). */
  dispose(): void {
    for (const timer of this.timers) this.clock.clearTimeout(timer);
    this.timers.clear();
  }

  private scheduleAcks(entry: PhoneEntry): void {
    const factor = this.faults.delayAcks ? this.config.slowAckFactor : 1;
    const delivered = this.config.ackDelays.delivered * factor;
    const read = this.config.ackDelays.read * factor;
    const [first, second] = this.faults.reorderAcks ? [Ack.READ, Ack.DELIVERED] : [Ack.DELIVERED, Ack.READ];
    this.later(delivered, () => this.setAck(entry, first));
    this.later(read, () => this.setAck(entry, second));
  }

  /** The phone's own record only moves forward; the raw receipt still goes out as it came. */
  private setAck(entry: PhoneEntry, ack: AckLevel): void {
    entry.ack = Math.max(entry.ack ?? 0, ack) as AckLevel;
    this.deliver((link) => link.onAck(entry.id, entry.number, ack));
  }

  private later(ms: number, fn: () => void): void {
    const timer = this.clock.setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private deliver(delivery: Delivery): void {
    if (this.online && this.link) delivery(this.link);
    else this.pending.push(delivery);
  }

  private record(entry: PhoneEntry): void {
    const chat = this.chats.get(entry.number) ?? [];
    chat.push(entry);
    this.chats.set(entry.number, chat);
  }

  private find(number: string, id: string, direction: 'in' | 'out'): PhoneEntry {
    const entry = this.chats.get(number)?.find((e) => e.id === id && e.direction === direction);
    if (!entry) throw new Error(`no ${direction} message ${id} with ${number}`);
    return entry;
  }
}
