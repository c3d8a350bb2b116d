/**
 * One gateway session: its sequence numbers and the dispatches the client may not have seen yet.
 * The session outlives its socket so that a client can RESUME and get what it missed.
 */
import type { GatewayDispatchPayload, GatewayReceivePayload } from 'discord-api-types/v10';
import type { WebSocket } from 'ws';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A dispatch before the session numbers it. */
export type Dispatch = DistributiveOmit<GatewayDispatchPayload, 's'>;

type SequencedDispatch = Dispatch & { s: number };

export function send(socket: WebSocket, payload: GatewayReceivePayload | SequencedDispatch): void {
  socket.send(JSON.stringify(payload));
}

export class Session {
  #seq = 0;
  /** Dispatches the client has not acknowledged, oldest first; the replay source for RESUME. */
  #unacknowledged: SequencedDispatch[] = [];
  #socket: WebSocket | null = null;

  constructor(
    readonly id: string,
    readonly shardId: number,
    readonly intents: number,
  ) {}

  get socket(): WebSocket | null {
    return this.#socket;
  }

  attach(socket: WebSocket): void {
    this.#socket = socket;
  }

  /** Stops sending; later dispatches wait for a RESUME. Returns the socket that was attached. */
  detach(): WebSocket | null {
    const socket = this.#socket;
    this.#socket = null;
    return socket;
  }

  dispatch(dispatch: Dispatch): void {
    this.#seq += 1;
    const sequenced: SequencedDispatch = { ...dispatch, s: this.#seq };
    this.#unacknowledged.push(sequenced);
    if (this.#socket) send(this.#socket, sequenced);
  }

  /**
   * A heartbeat carries the last sequence the client received, and a later RESUME can only ask
   * from there on, so everything up to it can be forgotten.
   */
  acknowledge(seq: number): void {
    const firstKept = this.#unacknowledged.findIndex((d) => d.s > seq);
    this.#unacknowledged = firstKept === -1 ? [] : this.#unacknowledged.slice(firstKept);
  }

  /** False when events after `seq` were already forgotten (or `seq` is from the future). */
  canResumeFrom(seq: number): boolean {
    const oldest = this.#unacknowledged[0]?.s ?? this.#seq + 1;
    return seq >= oldest - 1 && seq <= this.#seq;
  }

  /** Sends, on the attached socket, every dispatch numbered after `seq`. */
  replayAfter(seq: number): void {
    const socket = this.#socket;
    if (!socket) return;
    for (const dispatch of this.#unacknowledged) {
      if (dispatch.s > seq) send(socket, dispatch);
    }
  }
}
