/**
 * An answer as a Discord message: one embed (title, the figure, fields, notes, a footer with the
 * release and line) and buttons ("Source", "vs prior year"), within every Discord limit.
 */
import type { APIActionRowComponent, APIButtonComponent, APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { Answer, CommandCall } from '../../commands/answer.ts';
import { clip } from '../../commands/format.ts';

export const LIMITS = { title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024, footer: 2048, total: 6000, customId: 100 } as const;

const COLORS: Record<Answer['kind'], number> = {
  figure: 0x2e7d32, comparison: 0x2e7d32, trend: 0x2e7d32, quotes: 0x1565c0, contacts: 0x1565c0, events: 0x1565c0,
  definitions: 0x1565c0, sentences: 0x1565c0, sources: 0x546e7a, help: 0x546e7a, reload: 0x6a1b9a, not_found: 0xef6c00, refusal: 0xc62828,
};

/** `name|key=value|...`, URI-encoded: a command call in a button's custom id. */
export function encodeCall(prefix: string, call: CommandCall): string | undefined {
  const parts = [call.name, ...Object.entries(call.options).map(([k, v]) => `${k}=${encodeURIComponent(v)}`)];
  const id = `${prefix}:${parts.join('|')}`;
  return id.length <= LIMITS.customId ? id : undefined;
}

export function decodeCall(customId: string): { prefix: string; call: CommandCall } | undefined {
  const m = /^([a-z]+):([a-z-]+)((?:\|[a-z-]+=[^|]*)*)$/.exec(customId);
  if (!m) return undefined;
  const options: Record<string, string> = {};
  for (const pair of (m[3] ?? '').split('|').filter(Boolean)) {
    const at = pair.indexOf('=');
    try {
      options[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1));
    } catch {
      return undefined;
    }
  }
  return { prefix: m[1] ?? '', call: { name: m[2] ?? '', options } };
}

function footerOf(a: Answer): string | undefined {
  const first = a.sources[0];
  if (!first) return undefined;
  const more = a.sources.length > 1 ? ` (+${a.sources.length - 1} more)` : '';
  return clip(`Source: ${first.release}, line ${first.line}${first.lineEnd ? `-${first.lineEnd}` : ''}${more}`, LIMITS.footer);
}

export function renderEmbed(a: Answer): APIEmbed {
  const title = clip(a.title, LIMITS.title);
  const footer = footerOf(a);
  let budget = LIMITS.total - title.length - (footer?.length ?? 0);
  const notes = a.notes.length > 0 ? `\n\n${a.notes.map((n) => `• ${n}`).join('\n')}` : '';
  const description = clip(`${a.summary}${notes}`, Math.min(LIMITS.description, budget - 200));
  budget -= description.length;
  const fields: APIEmbedField[] = [];
  for (const f of a.fields.slice(0, LIMITS.fields)) {
    const name = clip(f.name, LIMITS.fieldName);
    const value = clip(f.value || '—', LIMITS.fieldValue);
    if (name.length + value.length > budget) break;
    budget -= name.length + value.length;
    fields.push({ name, value, ...(f.inline ? { inline: true } : {}) });
  }
  return { title, description, color: COLORS[a.kind], ...(fields.length > 0 ? { fields } : {}), ...(footer ? { footer: { text: footer } } : {}) };
}

/** Buttons: "Source" for any answer with sources (re-runs the call, shows the printed lines), follow-ups. */
export function renderButtons(a: Answer, call: CommandCall | undefined): APIActionRowComponent<APIButtonComponent>[] {
  const buttons: APIButtonComponent[] = [];
  const source = call && a.sources.length > 0 ? encodeCall('src', call) : undefined;
  if (source) buttons.push({ type: ComponentType.Button, style: ButtonStyle.Secondary, label: 'Source', custom_id: source });
  for (const f of a.followUps.slice(0, 4)) {
    const id = encodeCall('run', f.call);
    if (id) buttons.push({ type: ComponentType.Button, style: ButtonStyle.Primary, label: clip(f.label, 80), custom_id: id });
  }
  return buttons.length > 0 ? [{ type: ComponentType.ActionRow, components: buttons }] : [];
}

/** The printed lines behind an answer, for the "Source" button: at most 2,000 characters. */
export function renderSourceLines(a: Answer): string {
  const blocks = a.sources.slice(0, 4).map((s) => `${s.release}, line ${s.line}${s.lineEnd ? `-${s.lineEnd}` : ''}:\n\`\`\`\n${clip(s.text.replace(/`/g, "'"), 400)}\n\`\`\``);
  return clip(blocks.join('\n') || 'This answer cites no printed line.', 2000);
}
