/** Discord message payloads of answers: embed, buttons, the chart as an attached PNG, and never a mention. */
import { MessageFlags, type AttachmentPayload, type InteractionReplyOptions, type JSONEncodable } from 'discord.js';
import type { APIActionRowComponent, APIButtonComponent, APIEmbed, APIStringSelectComponent } from 'discord-api-types/v10';
import type { Answer } from '../../commands/answer.ts';
import type { Question } from '../../commands/understand/question.ts';
import type { Logger } from '../logger.ts';
import { renderChartPng } from '../render/chart-png.ts';
import { CHART_FILE, renderComponents, renderEmbed } from '../render/embed.ts';

/** Nobody is ever pinged by an answer, whatever its text holds. */
export const NO_MENTIONS = { parse: [], repliedUser: false } as const;

/** Already in Discord's wire format: handed to discord.js as is, not transformed again. */
const encoded = <T>(json: T): JSONEncodable<T> => ({ toJSON: () => json });

export interface AnswerPayload {
  embeds: Array<JSONEncodable<APIEmbed>>;
  components: Array<JSONEncodable<APIActionRowComponent<APIButtonComponent | APIStringSelectComponent>>>;
  allowedMentions: typeof NO_MENTIONS;
  /** The chart, uploaded with the message (multipart) and shown as the embed's image. */
  files?: AttachmentPayload[];
}

/** Answers are shared per snapshot (the memo), and so are their charts and renderings. */
const charts = new WeakMap<Answer, Promise<Buffer | undefined>>();
const rendered = new WeakMap<Answer, Map<string, Promise<AnswerPayload>>>();

/** The chart's PNG; a chart that cannot be drawn is logged and the answer goes without it. */
function chartPng(answer: Answer, logger?: Logger): Promise<Buffer | undefined> {
  const spec = answer.chart;
  if (!spec) return Promise.resolve(undefined);
  let png = charts.get(answer);
  if (!png) {
    png = renderChartPng(spec).catch((error: unknown) => {
      logger?.error({ err: error, chart: spec.title }, 'chart not drawn: answered without it');
      return undefined;
    });
    charts.set(answer, png);
  }
  return png;
}

async function render(answer: Answer, question: Question | undefined, logger?: Logger): Promise<AnswerPayload> {
  const png = await chartPng(answer, logger);
  return {
    embeds: [encoded(renderEmbed(answer, png ? { image: CHART_FILE } : {}))],
    components: renderComponents(answer, question).map(encoded),
    allowedMentions: NO_MENTIONS,
    ...(png ? { files: [{ attachment: png, name: CHART_FILE }] } : {}),
  };
}

/** An answer as a message, rendered once per answer and question (the buttons carry the question). */
export function answerPayload(answer: Answer, question?: Question, logger?: Logger): Promise<AnswerPayload> {
  const key = question ? JSON.stringify(question) : '';
  const byCall = rendered.get(answer) ?? new Map<string, Promise<AnswerPayload>>();
  const hit = byCall.get(key);
  if (hit) return hit;
  const payload = render(answer, question, logger);
  byCall.set(key, payload);
  rendered.set(answer, byCall);
  return payload;
}

export function ephemeral(content: string): InteractionReplyOptions & { flags: MessageFlags.Ephemeral } {
  return { content, flags: MessageFlags.Ephemeral, allowedMentions: NO_MENTIONS };
}
