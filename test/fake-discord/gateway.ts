/**
 * The gateway: HELLO, heartbeats, IDENTIFY → READY + GUILD_CREATE, RESUME → replay + RESUMED,
 * and dispatching events to whichever session currently holds a shard.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayOpcodes,
  GatewayVersion,
  type GatewayIdentifyData,
  type GatewayResumeData,
  type GatewaySendPayload,
} from 'discord-api-types/v10';
import { type WebSocket, WebSocketServer } from 'ws';
import { apiUser, guildCreate, readyApplication } from './api-objects.ts';
import { type Dispatch, Session, send } from './session.ts';
import { KeyedWaitList } from './wait-list.ts';
import type { World } from './world.ts';

/** Short, so that heartbeats (which carry the client's last sequence) trim replay buffers often. */
const HEARTBEAT_INTERVAL_MS = 5_000;

interface ShardState {
  /** The session that receives this shard's events: the last one to IDENTIFY. */
  current: Session | null;
  identifies: number;
  resumes: number;
}

export class Gateway {
  readonly #server: WebSocketServer;
  readonly #world: World;
  readonly #url: string;
  readonly #shards: ShardState[];
  readonly #sessions = new Map<string, Session>();
  readonly #readiness = new KeyedWaitList<void>();
  /** Close codes to answer the next IDENTIFY of a shard with, instead of READY. */
  readonly #refuseIdentify = new Map<number, number>();

  constructor(httpServer: Server, world: World, url: string) {
    this.#world = world;
    this.#url = url;
    this.#shards = Array.from({ length: world.shardCount }, () => ({ current: null, identifies: 0, resumes: 0 }));
    this.#server = new WebSocketServer({ server: httpServer });
    this.#server.on('connection', (socket, request) => this.#accept(socket, request));
  }

  /** Resolves once the shard's current session has a socket that got READY (or RESUMED). */
  whenReady(shardId: number, timeoutMs: number): Promise<void> {
    if (this.#shard(shardId).current?.socket) return Promise.resolve();
    return this.#readiness.wait(String(shardId), () => true, timeoutMs, `shard ${shardId} to be ready`);
  }

  /**
   * Sends an event to the shard's session, or queues it there while its socket is down.
   * `build` gets the session's intents and returns `null` when they filter the event out.
   * Returns whether the event was dispatched.
   */
  dispatch(shardId: number, build: (intents: number) => Dispatch | null): boolean {
    const session = this.#shard(shardId).current;
    if (!session) throw new Error(`fake-discord: shard ${shardId} has no gateway session; await whenReady(${shardId}) first`);
    const dispatch = build(session.intents);
    if (dispatch) session.dispatch(dispatch);
    return dispatch !== null;
  }

  /** Drops the shard's connection as Discord would; codes 4000-4009 except 4004 make discord.js resume. */
  closeSocket(code: number, shardId: number): void {
    const socket = this.#shard(shardId).current?.detach();
    if (!socket) throw new Error(`fake-discord: shard ${shardId} has no open gateway socket`);
    socket.close(code, 'fake-discord closeSocket');
  }

  closeNextIdentify(code: number, shardId: number): void {
    this.#shard(shardId);
    this.#refuseIdentify.set(shardId, code);
  }

  identifyCount(shardId: number): number {
    return this.#shard(shardId).identifies;
  }

  resumeCount(shardId: number): number {
    return this.#shard(shardId).resumes;
  }

  close(): Promise<void> {
    this.#readiness.rejectAll(new Error('fake-discord: closed while waiting for a shard'));
    for (const socket of this.#server.clients) socket.terminate();
    return new Promise((resolve, reject) => this.#server.close((error) => (error ? reject(error) : resolve())));
  }

  #shard(shardId: number): ShardState {
    const shard = this.#shards[shardId];
    if (!shard) throw new RangeError(`fake-discord: no shard ${shardId}; the fake has ${this.#shards.length}`);
    return shard;
  }

  #accept(socket: WebSocket, request: IncomingMessage): void {
    const query = new URL(request.url ?? '/', this.#url).searchParams;
    if (query.get('v') !== GatewayVersion || query.get('encoding') !== 'json' || query.has('compress')) {
      socket.close(GatewayCloseCodes.InvalidAPIVersion, 'fake-discord speaks v=10&encoding=json, uncompressed');
      return;
    }
    let session: Session | null = null;
    socket.on('message', (data) => {
      const payload = parseClientPayload(data.toString());
      if (!payload) {
        socket.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
        return;
      }
      if (payload.op === GatewayOpcodes.Heartbeat) {
        if (typeof payload.d === 'number' && session?.socket === socket) session.acknowledge(payload.d);
        send(socket, { op: GatewayOpcodes.HeartbeatAck, d: undefined, s: null, t: null });
      } else if (payload.op === GatewayOpcodes.Identify || payload.op === GatewayOpcodes.Resume) {
        if (session) {
          socket.close(GatewayCloseCodes.AlreadyAuthenticated, 'You sent more than one identify payload.');
          return;
        }
        session = payload.op === GatewayOpcodes.Identify ? this.#identify(socket, payload.d) : this.#resume(socket, payload.d);
      } else if (!session) {
        socket.close(GatewayCloseCodes.NotAuthenticated, 'You sent a payload prior to identifying.');
      }
      // Presence, voice and member requests need no answer for what the fake is used for.
    });
    // A reset connection reports an error, then closes; the close is what matters here.
    socket.on('error', () => {});
    socket.on('close', () => {
      if (session?.socket === socket) session.detach();
    });
    send(socket, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: HEARTBEAT_INTERVAL_MS }, s: null, t: null });
  }

  #identify(socket: WebSocket, identify: GatewayIdentifyData): Session | null {
    const [shardId, shardCount] = identify.shard ?? [0, 1];
    if (shardCount !== this.#world.shardCount || !this.#shards[shardId]) {
      socket.close(GatewayCloseCodes.InvalidShard, `fake-discord has ${this.#world.shardCount} shards`);
      return null;
    }
    const refusal = this.#refuseIdentify.get(shardId);
    if (refusal !== undefined) {
      this.#refuseIdentify.delete(shardId);
      socket.close(refusal, 'fake-discord closeNextIdentify');
      return null;
    }
    const session = new Session(randomBytes(16).toString('hex'), shardId, identify.intents);
    this.#sessions.set(session.id, session);
    const shard = this.#shard(shardId);
    shard.current = session;
    shard.identifies += 1;
    session.attach(socket);

    const guilds = this.#world.guilds.filter((guild) => guild.shardId === shardId);
    session.dispatch({
      op: GatewayOpcodes.Dispatch,
      t: GatewayDispatchEvents.Ready,
      d: {
        v: Number(GatewayVersion),
        user: { ...apiUser(this.#world.bot), verified: true, mfa_enabled: false },
        guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
        session_id: session.id,
        resume_gateway_url: this.#url,
        shard: [shardId, shardCount],
        application: readyApplication(this.#world),
      },
    });
    for (const guild of guilds) {
      session.dispatch({ op: GatewayOpcodes.Dispatch, t: GatewayDispatchEvents.GuildCreate, d: guildCreate(this.#world, guild) });
    }
    this.#readiness.offer(String(shardId), undefined);
    return session;
  }

  #resume(socket: WebSocket, resume: GatewayResumeData): Session | null {
    const session = this.#sessions.get(resume.session_id);
    if (!session || !session.canResumeFrom(resume.seq)) {
      send(socket, { op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null });
      return null;
    }
    // A client resuming from a new socket has given up on the old one; so does the fake.
    session.detach()?.close(GatewayCloseCodes.SessionTimedOut);
    session.attach(socket);
    this.#shard(session.shardId).resumes += 1;
    session.replayAfter(resume.seq);
    session.dispatch({ op: GatewayOpcodes.Dispatch, t: GatewayDispatchEvents.Resumed, d: undefined });
    if (this.#shard(session.shardId).current === session) this.#readiness.offer(String(session.shardId), undefined);
    return session;
  }
}

/** The client is discord.js, so a payload that parses and has an opcode is trusted to match it. */
function parseClientPayload(text: string): GatewaySendPayload | null {
  try {
    const payload: unknown = JSON.parse(text);
    if (typeof payload === 'object' && payload !== null && 'op' in payload && typeof payload.op === 'number') {
      return payload as GatewaySendPayload;
    }
  } catch {
    // Falls through to the decode error the caller reports.
  }
  return null;
}
