/**
 * Uploads waiting for their admin's Confirm or Cancel. Kept here, server-side, with the bytes and
 * the summary the admin saw, keyed by an unguessable id (128 random bits) that the two buttons
 * carry: nothing about the file is trusted to the client, and Confirm stores exactly the bytes
 * summarised. Bounded (the oldest goes first), each kept 15 minutes, and taken only by the admin
 * who uploaded it; taking it (Confirm or Cancel) ends it. In memory, in the one process that
 * runs every shard. A restart forgets them,
 * and the admin attaches the file again.
 */
import { randomBytes } from 'node:crypto';
import type { UploadSummary } from '../knowledge/ingest.ts';

export interface PendingUpload {
  /** Who uploaded it: the only one who may confirm or cancel it. */
  user: string;
  summary: UploadSummary;
  bytes: Buffer;
}

export type Taken = { ok: true; upload: PendingUpload } | { ok: false; reason: 'unknown' | 'expired' | 'not yours' };

export interface PendingUploads {
  /** Keeps an upload; its id and when it expires (ms since the epoch). */
  add(upload: PendingUpload): { id: string; expiresAt: number };
  /** The upload, once: for its uploader only, and before it expires. */
  take(id: string, user: string): Taken;
  readonly size: number;
  /** How long an upload waits, in ms. */
  readonly ttlMs: number;
}

/** Uploads waiting at once: at 2 MB each, at most 20 MB held. */
export const PENDING_UPLOADS_KEPT = 10;
export const PENDING_UPLOAD_MS = 15 * 60_000;

/** Ids as the buttons carry them: 16 random bytes, base64url (22 characters). */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;

export function createPendingUploads(opts: { max?: number; ttlMs?: number; now?: () => number; newId?: () => string } = {}): PendingUploads {
  const max = opts.max ?? PENDING_UPLOADS_KEPT;
  const ttlMs = opts.ttlMs ?? PENDING_UPLOAD_MS;
  const now = opts.now ?? Date.now;
  const newId = opts.newId ?? (() => randomBytes(16).toString('base64url'));
  const byId = new Map<string, PendingUpload & { expiresAt: number }>();

  const sweep = () => {
    const t = now();
    for (const [id, upload] of byId) if (upload.expiresAt <= t) byId.delete(id);
  };

  return {
    ttlMs,
    get size() {
      sweep();
      return byId.size;
    },
    add(upload) {
      sweep();
      let id = newId();
      while (byId.has(id)) id = newId();
      const expiresAt = now() + ttlMs;
      byId.set(id, { ...upload, expiresAt });
      // The oldest first: a Map keeps insertion order.
      while (byId.size > max) byId.delete(byId.keys().next().value as string);
      return { id, expiresAt };
    },
    take(id, user) {
      const upload = byId.get(id);
      if (!upload) return { ok: false, reason: 'unknown' };
      if (upload.expiresAt <= now()) {
        byId.delete(id);
        return { ok: false, reason: 'expired' };
      }
      if (upload.user !== user) return { ok: false, reason: 'not yours' };
      byId.delete(id);
      const { expiresAt: _, ...rest } = upload;
      return { ok: true, upload: rest };
    },
  };
}
