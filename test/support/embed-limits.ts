/**
 * Discord's embed limits, checked on what the renderer draws: the renderer owns them (handlers
 * return answers of any size).
 * https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
import type { APIActionRowComponent, APIButtonComponent, APIEmbed, APIStringSelectComponent } from 'discord-api-types/v10';

export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  total: 6000,
} as const;

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
