/**
 * Request bodies as discord.js sends them: JSON, or multipart/form-data with the JSON in a
 * `payload_json` field when the message carries files.
 */

export interface UploadedFile {
  /** Form field, e.g. `files[0]`. */
  readonly field: string;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  /** The bytes uploaded, so tests can read what the bot attached (a chart's PNG). */
  readonly data: Buffer;
}

export interface ParsedBody {
  /** The JSON payload; `undefined` when the request had none. */
  readonly json: unknown;
  readonly files: readonly UploadedFile[];
}

export async function parseBody(contentType: string | undefined, raw: Buffer): Promise<ParsedBody> {
  if (raw.length === 0) return { json: undefined, files: [] };
  if (contentType?.startsWith('multipart/form-data')) return parseMultipart(contentType, raw);
  return { json: JSON.parse(raw.toString('utf8')), files: [] };
}

async function parseMultipart(contentType: string, raw: Buffer): Promise<ParsedBody> {
  // The fetch API's multipart parser saves writing one; it only needs the boundary from the header.
  const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  const files: UploadedFile[] = [];
  let json: unknown;
  for (const [field, value] of form) {
    if (typeof value !== 'string') {
      files.push({ field, filename: value.name, contentType: value.type, size: value.size, data: Buffer.from(await value.arrayBuffer()) });
    } else if (field === 'payload_json') {
      json = JSON.parse(value);
    }
  }
  return { json, files };
}
