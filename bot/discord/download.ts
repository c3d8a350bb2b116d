/**
 * Downloading an attachment for /ingest: the address was checked against the configured attachment
 * host(s) before this is called; here the download itself is bounded. No redirect is followed (it
 * could lead off the host), no credential is sent (the bot's token goes to the API only, through
 * discord.js), the size is checked against the response's declared length and again while reading
 * (a length can lie, and a compressed body grows), and the whole of it, body included, has a
 * deadline. The address is never put in a reason: its query is a signature.
 */

export interface DownloadLimits {
  maxBytes: number;
  timeoutMs: number;
}

export type Downloaded = { ok: true; bytes: Buffer } | { ok: false; reason: string };

const tooBig = (maxBytes: number) => `is larger than the ${maxBytes} bytes a release may have: download stopped`;

export async function downloadAttachment(url: URL, limits: DownloadLimits): Promise<Downloaded> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, { signal, redirect: 'error', credentials: 'omit', headers: { accept: 'text/plain, text/html, */*' } });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: `could not be downloaded: the attachment host answered ${response.status}` };
    }
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: tooBig(limits.maxBytes) };
    }
    const chunks: Buffer[] = [];
    let total = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > limits.maxBytes) {
          await reader.cancel().catch(() => undefined);
          return { ok: false, reason: tooBig(limits.maxBytes) };
        }
        chunks.push(Buffer.from(value));
      }
    }
    return { ok: true, bytes: Buffer.concat(chunks, total) };
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: `could not be downloaded within ${limits.timeoutMs / 1000} s` };
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const redirected = /redirect/i.test(cause?.message ?? '');
    return { ok: false, reason: redirected ? 'could not be downloaded: the attachment host redirected elsewhere, which is not followed' : `could not be downloaded (${cause?.code ?? (error as Error).name})` };
  }
}
