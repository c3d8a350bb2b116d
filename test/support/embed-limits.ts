/**
 * Discord's embed limits, checked on the transport-free Answer before any embed renderer exists:
 * whatever the renderer does, it must be able to draw the answer without cutting the answer itself.
 *
 * Mapping assumed: title -> embed title, summary -> description, fields -> fields, and the footer
 * is the sources line as the text renderer writes it. Notes must fit somewhere too: each must fit
 * a field value, and they count towards the 6,000-character total.
 * https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
import type { APIActionRowComponent, APIButtonComponent, APIEmbed, APIStringSelectComponent } from 'discord-api-types/v10';
import type { Answer } from '../../commands/answer.ts';

export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  total: 6000,
} as const;

/** The footer an embed would carry: the sources, as the text renderer names them. */
export function sourcesFooter(a: Answer): string {
  const sources = a.sources.slice(0, 4).map((s) => `${s.release} line ${s.line}${s.lineEnd ? `-${s.lineEnd}` : ''}`);
  if (sources.length === 0) return '';
  return `Source: ${sources.join('; ')}${a.sources.length > 4 ? `; and ${a.sources.length - 4} more` : ''}`;
}

/** The limits the answer breaks, in words; empty when it fits an embed. */
export function embedProblems(a: Answer): string[] {
  const problems: string[] = [];
  const L = EMBED_LIMITS;
  const footer = sourcesFooter(a);
  if (a.title.trim() === '') problems.push('empty title');
  if (a.title.length > L.title) problems.push(`title ${a.title.length} > ${L.title}`);
  if (a.summary.length > L.description) problems.push(`summary ${a.summary.length} > ${L.description}`);
  if (a.fields.length > L.fields) problems.push(`${a.fields.length} fields > ${L.fields}`);
  a.fields.forEach((f, i) => {
    // Discord refuses a field with an empty name or value.
    if (f.name.trim() === '') problems.push(`field ${i} has an empty name`);
    if (f.value.trim() === '') problems.push(`field ${i} (${f.name.slice(0, 40)}) has an empty value`);
    if (f.name.length > L.fieldName) problems.push(`field ${i} name ${f.name.length} > ${L.fieldName}`);
    if (f.value.length > L.fieldValue) problems.push(`field ${i} value ${f.value.length} > ${L.fieldValue}`);
  });
  a.notes.forEach((n, i) => {
    if (n.length > L.fieldValue) problems.push(`note ${i} ${n.length} > ${L.fieldValue}`);
  });
  if (footer.length > L.footer) problems.push(`footer ${footer.length} > ${L.footer}`);
  const total =
    a.title.length + a.summary.length + a.fields.reduce((n, f) => n + f.name.length + f.value.length, 0) + footer.length;
  if (total > L.total) problems.push(`total ${total} > ${L.total}`);
  const withNotes = total + a.notes.reduce((n, note) => n + note.length, 0);
  if (withNotes > L.total) problems.push(`total with notes ${withNotes} > ${L.total}`);
  return problems;
}

export function withinEmbedLimits(a: Answer): boolean {
  return embedProblems(a).length === 0;
}

/** The limits a rendered Discord message breaks: its embed, and its buttons' custom ids. */
export function renderedProblems(embed: APIEmbed, rows: ReadonlyArray<APIActionRowComponent<APIButtonComponent | APIStringSelectComponent>>): string[] {
  const L = EMBED_LIMITS;
  const problems: string[] = [];
  const fields = embed.fields ?? [];
  const total = (embed.title ?? '').length + (embed.description ?? '').length + (embed.footer?.text ?? '').length +
    fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
  if ((embed.title ?? '').length > L.title) problems.push('title');
  if ((embed.description ?? '').length > L.description) problems.push('description');
  if (fields.length > L.fields) problems.push('fields');
  if (fields.some((f) => f.name.length > L.fieldName || f.value.length > L.fieldValue || !f.name.trim() || !f.value.trim())) problems.push('a field');
  if ((embed.footer?.text ?? '').length > L.footer) problems.push('footer');
  if (total > L.total) problems.push(`total ${total}`);
  if (rows.length > 5 || rows.some((r) => r.components.length > 5)) problems.push('components');
  const id = (c: APIButtonComponent | APIStringSelectComponent) => ('custom_id' in c ? c.custom_id : '');
  const label = (c: APIButtonComponent | APIStringSelectComponent) => ('label' in c ? (c.label ?? '') : '');
  if (rows.some((r) => r.components.some((c) => id(c).length > 100 || label(c).length > 80))) problems.push('a button');
  return problems;
}
