/**
 * An answer as a Discord message: one embed (title, the figure, fields, notes, a footer with the
 * release and line, the chart as its image) and buttons ("Source", "vs prior year", Previous / Next
 * for an answer in pages), within every Discord limit.
 */
import type { APIActionRowComponent, APIButtonComponent, APIEmbed, APIEmbedField, APIStringSelectComponent } from 'discord-api-types/v10';
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { Answer, Paging } from '../../commands/answer.ts';
import type { Question } from '../../commands/understand/question.ts';
import { decodeQuestion, encodeQuestion, encodeUploadButton } from './payload.ts';
import { clip } from './clip.ts';
import { pageLabel } from './text.ts';

export const LIMITS = { title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024, footer: 2048, total: 6000, customId: 100 } as const;

const COLORS: Record<Answer['kind'], number> = {
  figure: 0x2e7d32, comparison: 0x2e7d32, trend: 0x2e7d32, quotes: 0x1565c0, contacts: 0x1565c0, events: 0x1565c0,
  definitions: 0x1565c0, sentences: 0x1565c0, sources: 0x546e7a, help: 0x546e7a, reload: 0x6a1b9a, unanswered: 0x6a1b9a, not_found: 0xef6c00, refusal: 0xc62828, clarify: 0xf9a825,
};

/**
 * What a button does with the question it carries: `run` answers it in a new message, `src` shows
 * its printed lines privately, `pg` answers it in place of the message it is on (another page).
 */
export type ButtonPrefix = 'run' | 'src' | 'pg';

/** A button's custom id: what it does and the question it asks. */
function buttonId(prefix: ButtonPrefix, question: Question): string | undefined {
  const id = encodeQuestion(question, LIMITS.customId - prefix.length - 1);
  return id && `${prefix}:${id}`;
}

export function parseButtonId(customId: string): { prefix: ButtonPrefix; question: Question } | undefined {
  const m = /^(run|src|pg):(.+)$/.exec(customId);
  const question = m && decodeQuestion(m[2] ?? '');
  return m && question ? { prefix: m[1] as ButtonPrefix, question } : undefined;
}

/** The ids of a disabled Previous or Next (at the first or last page): unique on the message, and no question. */
export const PAGE_END_IDS = { previous: 'pg-end:previous', next: 'pg-end:next' } as const;

/** The id of the menu that offers readings to choose from; each option's value is its question. */
export const PICK_ID = 'pick';

/** The first source, and which page this is of an answer in pages. */
function footerOf(a: Answer): string | undefined {
  const first = a.sources[0];
  const more = a.sources.length > 1 ? ` (+${a.sources.length - 1} more)` : '';
  const source = first ? `Source: ${first.release}, line ${first.line}${first.lineEnd ? `-${first.lineEnd}` : ''}${more}` : undefined;
  const page = a.paging ? pageLabel(a.paging) : undefined;
  const text = [page, source].filter(Boolean).join(' · ');
  return text ? clip(text, LIMITS.footer) : undefined;
}

/** Text shown as Discord markdown: its own markup characters escaped, so a release's "*" stays a "*". */
const escapeMarkdown = (text: string) => text.replace(/([\\*_~`|])/g, '\\$1');

/** The summary with its figures in bold. */
function emphasise(a: Answer): string {
  let text = escapeMarkdown(a.summary);
  for (const words of new Set(a.emphasis)) {
    const plain = escapeMarkdown(words);
    const at = text.indexOf(plain);
    if (plain && at >= 0) text = `${text.slice(0, at)}**${plain}**${text.slice(at + plain.length)}`;
  }
  return text;
}

/** The name a chart is uploaded under; the embed shows it as `attachment://chart.png`. */
export const CHART_FILE = 'chart.png';

/** `image`: the name of a file uploaded with the message, shown as the embed's picture. */
export function renderEmbed(a: Answer, attached: { image?: string } = {}): APIEmbed {
  const title = clip(a.title, LIMITS.title);
  const footer = footerOf(a);
  let budget = LIMITS.total - title.length - (footer?.length ?? 0);
  const notes = a.notes.length > 0 ? `\n\n${a.notes.map((n) => `• ${n}`).join('\n')}` : '';
  const description = clip(`${emphasise(a)}${notes}`, Math.min(LIMITS.description, budget - 200));
  budget -= description.length;
  const fields: APIEmbedField[] = [];
  for (const f of a.fields.slice(0, LIMITS.fields)) {
    const name = clip(f.name, LIMITS.fieldName);
    const value = clip(f.value || '—', LIMITS.fieldValue);
    if (name.length + value.length > budget) break;
    budget -= name.length + value.length;
    fields.push({ name, value, ...(f.inline ? { inline: true } : {}) });
  }
  return {
    title,
    description,
    color: COLORS[a.kind],
    ...(fields.length > 0 ? { fields } : {}),
    ...(attached.image ? { image: { url: `attachment://${attached.image}` } } : {}),
    ...(footer ? { footer: { text: footer } } : {}),
  };
}

/**
 * Components: Confirm and Cancel for an upload waiting for its admin; a select menu of the readings
 * when the answer asks back; else buttons, "Source" for any answer with sources (asks the question
 * again and shows the printed lines) and follow-ups.
 */
export function renderComponents(a: Answer, question: Question | undefined): Array<APIActionRowComponent<APIButtonComponent | APIStringSelectComponent>> {
  if (a.upload) {
    const { id } = a.upload;
    return [{
      type: ComponentType.ActionRow,
      components: [
        { type: ComponentType.Button, style: ButtonStyle.Success, label: 'Confirm', custom_id: encodeUploadButton({ action: 'confirm', id }) },
        { type: ComponentType.Button, style: ButtonStyle.Secondary, label: 'Cancel', custom_id: encodeUploadButton({ action: 'cancel', id }) },
      ],
    }];
  }
  const choices = (a.alternatives ?? []).slice(0, 25).flatMap((alt) => {
    const value = encodeQuestion(alt.question, 100);
    return value ? [{ label: clip(alt.label, 100), value }] : [];
  });
  if (choices.length > 0) {
    return [{ type: ComponentType.ActionRow, components: [{ type: ComponentType.StringSelect, custom_id: PICK_ID, placeholder: 'Choose what you meant', options: choices }] }];
  }
  const buttons: APIButtonComponent[] = [];
  const source = question && a.sources.length > 0 ? buttonId('src', question) : undefined;
  if (source) buttons.push({ type: ComponentType.Button, style: ButtonStyle.Secondary, label: 'Source', custom_id: source });
  for (const f of a.followUps.slice(0, 4)) {
    const id = buttonId('run', f.question);
    if (id) buttons.push({ type: ComponentType.Button, style: ButtonStyle.Primary, label: clip(f.label, 80), custom_id: id });
  }
  const paging = a.paging && pagingRow(a.paging);
  return [...(buttons.length > 0 ? [{ type: ComponentType.ActionRow as const, components: buttons }] : []), ...(paging ? [paging] : [])];
}

/**
 * Previous and Next, a row of their own, each carrying the question of its page: the one at an end
 * is shown disabled. When either page's question does not fit a custom id, the answer has no paging
 * buttons at all (its footer still says which page it is), never one that cannot work.
 */
function pagingRow(p: Paging): APIActionRowComponent<APIButtonComponent> | undefined {
  const previous = p.previous && buttonId('pg', p.previous);
  const next = p.next && buttonId('pg', p.next);
  if ((p.previous && !previous) || (p.next && !next)) return undefined;
  const button = (label: string, id: string | undefined, end: string): APIButtonComponent => ({
    type: ComponentType.Button,
    style: ButtonStyle.Secondary,
    label,
    custom_id: id ?? end,
    ...(id ? {} : { disabled: true }),
  });
  return { type: ComponentType.ActionRow, components: [button('Previous', previous, PAGE_END_IDS.previous), button('Next', next, PAGE_END_IDS.next)] };
}

/** The printed lines behind an answer, for the "Source" button: at most 2,000 characters. */
export function renderSourceLines(a: Answer): string {
  const blocks = a.sources.slice(0, 4).map((s) => `${s.release}, line ${s.line}${s.lineEnd ? `-${s.lineEnd}` : ''}:\n\`\`\`\n${clip(s.text.replace(/`/g, "'"), 400)}\n\`\`\``);
  return clip(blocks.join('\n') || 'This answer cites no printed line.', 2000);
}
