import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';

/**
 * Live events between the API replicas: PostgreSQL NOTIFY on one channel, one LISTEN connection
 * per process. Every replica hears every event and hands it to its own open streams, which pick
 * what their person may see. A NOTIFY sent inside a transaction is delivered at its commit (never
 * for a rolled-back one), so a stream never shows what did not happen. Payloads carry ids and
 * names only (NOTIFY allows 8,000 bytes); the browser fetches the rest through the usual routes.
 */
export const LIVE_CHANNEL = 'courier_live';

export interface LiveEvent {
  courierId: number;
  topic: 'ticket';
  /** message: a new message; status: staff changed it; typing: someone is writing; read: someone read up to `messageId`. */
  kind: 'message' | 'status' | 'typing' | 'read';
  ticketId: number;
  /** The ticket's customer: the one customer whose stream may carry it. */
  customerId: number;
  by: { kind: 'staff' | 'customer'; id: number; name: string };
  messageId?: number;
}

/**
 * What a stream is told: an event, or `lost` when the listener lost its connection (events may be
 * missing): the stream then ends, and the browser reconnects and fetches what it missed.
 */
export type LiveSignal = { type: 'event'; event: LiveEvent } | { type: 'lost' };
type Listener = (signal: LiveSignal) => void;

/** Publishes an event; inside a transaction (pass its `tx`) it leaves at the commit. */
export async function publishLive(db: Db, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}

export class LiveBus {
  private readonly listeners = new Set<Listener>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly url: string | undefined) {}

  /** Whether this process can listen (a PostgreSQL connection string; PGlite has none). */
  get available(): boolean {
    return this.url !== undefined && !this.closed;
  }

  /** Adds a listener; the LISTEN connection opens with the first. Resolves once listening. */
  async subscribe(listener: Listener): Promise<() => void> {
    if (!this.available) throw new Error('live events are not available');
    this.listeners.add(listener);
    try {
      await this.connect();
    } catch (error) {
      this.listeners.delete(listener);
      throw error;
    }
    return () => {
      this.listeners.delete(listener);
    };
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    if (this.connecting) return this.connecting;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (message) => {
        if (message.channel !== LIVE_CHANNEL || !message.payload) return;
        let event: LiveEvent;
        try {
          event = JSON.parse(message.payload) as LiveEvent;
        } catch {
          return;
        }
        this.emit({ type: 'event', event });
      });
      const lost = () => {
        if (this.client !== client) return;
        this.client = null;
        client.end().catch(() => {});
        // The next stream to subscribe opens a new connection.
        this.emit({ type: 'lost' });
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
        await client.query(`LISTEN ${LIVE_CHANNEL}`);
      } catch (error) {
        client.end().catch(() => {});
        throw error;
      }
      if (this.closed) {
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private emit(signal: LiveSignal): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(signal);
      } catch {
        // One broken stream never stops the others.
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
