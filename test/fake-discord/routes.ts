/**
 * The REST routes a bot uses, answered the way Discord answers them, including the errors
 * that catch bot bugs: a second interaction response, a followup before the response, an
 * edit of a reply that does not exist.
 */
import {
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageReferenceType,
  MessageType,
  type APIMessage,
  type APIMessageReference,
  type RESTGetAPIGatewayBotResult,
  type RESTPostAPIInteractionCallbackWithResponseResult,
} from 'discord-api-types/v10';
import { apiUser, application } from './api-objects.ts';
import type { ChannelMessages } from './channel-messages.ts';
import type { CommandStore } from './commands.ts';
import type { InteractionRegistry, InteractionState } from './interactions.ts';
import { apiMessage, attachmentsFor, editedMessage, referencedMessageId } from './messages.ts';
import { type Route, type RouteRequest, type RouteResponse, discordError } from './rest.ts';
import type { SnowflakeFactory } from './snowflake.ts';
import { type World, allUsers } from './world.ts';

/** Route templates, as they appear in `RecordedRequest.route`. */
export const ROUTES = {
  gatewayBot: '/gateway/bot',
  currentUser: '/users/@me',
  currentApplication: '/applications/@me',
  globalCommands: '/applications/:applicationId/commands',
  guildCommands: '/applications/:applicationId/guilds/:guildId/commands',
  interactionCallback: '/interactions/:id/:token/callback',
  followup: '/webhooks/:applicationId/:token',
  webhookMessage: '/webhooks/:applicationId/:token/messages/:messageId',
  channelMessages: '/channels/:channelId/messages',
} as const;

export interface RouteDeps {
  readonly world: World;
  readonly ids: SnowflakeFactory;
  readonly interactions: InteractionRegistry;
  readonly commands: CommandStore;
  readonly channelMessages: ChannelMessages;
  readonly gatewayUrl: string;
}

const ok = (body: unknown): RouteResponse => ({ status: 200, body });
const unknownWebhook = discordError(404, 10015, 'Unknown Webhook');
const invalidForm = discordError(400, 50035, 'Invalid Form Body');

export function createRoutes(deps: RouteDeps): Route[] {
  const { world, commands } = deps;
  const foreignApplication = (applicationId: string | undefined) =>
    applicationId === world.applicationId
      ? null
      : discordError(403, 20012, 'You are not authorized to perform this action on this application');
  const listCommands = (guildId: string | null, { params }: RouteRequest): RouteResponse =>
    foreignApplication(params.applicationId) ?? ok(commands.list(guildId));
  const overwriteCommands = (guildId: string | null, { params, body }: RouteRequest): RouteResponse => {
    const refused = foreignApplication(params.applicationId);
    if (refused) return refused;
    const registered = commands.overwrite(guildId, body);
    return registered ? ok(registered) : invalidForm;
  };

  return [
    {
      method: 'GET',
      path: ROUTES.gatewayBot,
      auth: true,
      handle: () =>
        ok({
          url: deps.gatewayUrl,
          shards: world.shardCount,
          session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 16 },
        } satisfies RESTGetAPIGatewayBotResult),
    },
    { method: 'GET', path: ROUTES.currentUser, auth: true, handle: () => ok({ ...apiUser(world.bot), verified: true, mfa_enabled: false }) },
    { method: 'GET', path: ROUTES.currentApplication, auth: true, handle: () => ok(application(world)) },
    { method: 'GET', path: ROUTES.globalCommands, auth: true, handle: (r) => listCommands(null, r) },
    { method: 'PUT', path: ROUTES.globalCommands, auth: true, handle: (r) => overwriteCommands(null, r) },
    { method: 'GET', path: ROUTES.guildCommands, auth: true, handle: (r) => listCommands(r.params.guildId ?? null, r) },
    { method: 'PUT', path: ROUTES.guildCommands, auth: true, handle: (r) => overwriteCommands(r.params.guildId ?? null, r) },
    { method: 'POST', path: ROUTES.interactionCallback, auth: false, handle: (r) => interactionCallback(deps, r) },
    { method: 'POST', path: ROUTES.followup, auth: false, handle: (r) => followup(deps, r) },
    { method: 'PATCH', path: ROUTES.webhookMessage, auth: false, handle: (r) => editWebhookMessage(deps, r) },
    { method: 'POST', path: ROUTES.channelMessages, auth: true, handle: (r) => channelMessage(deps, r) },
  ];
}

function interactionCallback(deps: RouteDeps, { params, query, body, files }: RouteRequest): RouteResponse {
  const state = deps.interactions.byToken(params.token ?? '');
  if (!state || state.issued.id !== params.id) return discordError(404, 10062, 'Unknown interaction');
  if (state.acknowledged) return discordError(400, 40060, 'Interaction has already been acknowledged.');
  const callback = callbackOf(body);
  if (!callback) return invalidForm;
  state.acknowledged = true;

  const message = originalMessage(deps, state, callback.type, callback.data, files);
  if (message) {
    state.remember(message);
    state.originalId = message.id;
  }
  if (query.get('with_response') !== 'true') return { status: 204 };
  const result: RESTPostAPIInteractionCallbackWithResponseResult = {
    interaction: {
      id: state.issued.id,
      type: state.issued.type,
      ...(message && {
        response_message_id: message.id,
        response_message_loading: callback.type === InteractionResponseType.DeferredChannelMessageWithSource,
        response_message_ephemeral: ((message.flags ?? 0) & MessageFlags.Ephemeral) !== 0,
      }),
    },
    resource: { type: callback.type, ...(message && { message }) },
  };
  return ok(result);
}

/** The message `@original` refers to after this callback, or `null` if it makes none. */
function originalMessage(
  deps: RouteDeps,
  state: InteractionState,
  type: InteractionResponseType,
  data: unknown,
  files: RouteRequest['files'],
): APIMessage | null {
  const { issued } = state;
  switch (type) {
    case InteractionResponseType.ChannelMessageWithSource:
    case InteractionResponseType.DeferredChannelMessageWithSource:
      return interactionMessage(deps, state, data, files);
    case InteractionResponseType.DeferredMessageUpdate:
      return issued.sourceMessage && (currentMessage(deps, issued.sourceMessage) ?? issued.sourceMessage);
    case InteractionResponseType.UpdateMessage: {
      // The message the component is on, edited in place: where the bot posted it, too.
      const source = issued.sourceMessage && (currentMessage(deps, issued.sourceMessage) ?? issued.sourceMessage);
      if (!source) return null;
      const edited = editedMessage(source, data, attachmentsFor(issued.channelId, files, deps.ids));
      stored(deps, edited);
      return edited;
    }
    default:
      return null;
  }
}

function followup(deps: RouteDeps, { params, query, body, files }: RouteRequest): RouteResponse {
  const state = deps.interactions.byToken(params.token ?? '');
  // Until the interaction is acknowledged its webhook does not exist.
  if (!state || params.applicationId !== deps.world.applicationId || !state.acknowledged) return unknownWebhook;
  const message = interactionMessage(deps, state, body, files);
  state.remember(message);
  return query.get('wait') === 'true' ? ok(message) : { status: 204 };
}

function editWebhookMessage(deps: RouteDeps, { params, body, files }: RouteRequest): RouteResponse {
  const state = deps.interactions.byToken(params.token ?? '');
  if (!state || params.applicationId !== deps.world.applicationId) return unknownWebhook;
  const message = state.message(params.messageId ?? '');
  if (!message) return discordError(404, 10008, 'Unknown Message');
  const edited = editedMessage(message, body, attachmentsFor(message.channel_id, files, deps.ids));
  state.remember(edited);
  stored(deps, edited);
  return ok(edited);
}

/** A message of the bot as last edited, wherever it was posted (a channel, an interaction's reply or followup). */
export function currentMessage(deps: Pick<RouteDeps, 'interactions' | 'channelMessages'>, message: Pick<APIMessage, 'id' | 'channel_id'>): APIMessage | undefined {
  return [...deps.channelMessages.in(message.channel_id), ...deps.interactions.messagesIn(message.channel_id)].find((m) => m.id === message.id);
}

/** An edit, kept wherever the message is kept. */
function stored(deps: RouteDeps, edited: APIMessage): void {
  deps.interactions.replace(edited);
  deps.channelMessages.replace(edited);
}

function channelMessage(deps: RouteDeps, { params, body, files }: RouteRequest): RouteResponse {
  const { world, ids } = deps;
  const channelId = params.channelId ?? '';
  const guildChannel = world.channels.get(channelId);
  const isDm = allUsers(world).some((user) => user.dmChannelId === channelId);
  if (!guildChannel && !isDm) return discordError(404, 10003, 'Unknown Channel');
  const again = deps.channelMessages.existing(world.bot.id, body);
  if (again) return ok(again);
  const reference = referenceOf(body, channelId, guildChannel?.guildId);
  const message = apiMessage({
    id: ids.next(),
    channelId,
    author: apiUser(world.bot),
    type: reference ? MessageType.Reply : MessageType.Default,
    body,
    attachments: attachmentsFor(channelId, files, ids),
    ...(reference && { reference }),
  });
  deps.channelMessages.add(message, body);
  return ok(message);
}

/** A reply or followup, posted through the application's webhook. */
function interactionMessage(deps: RouteDeps, state: InteractionState, body: unknown, files: RouteRequest['files']): APIMessage {
  const { issued } = state;
  const metadata = { id: issued.id, user: apiUser(issued.user), authorizing_integration_owners: {} };
  return apiMessage({
    id: deps.ids.next(),
    channelId: issued.channelId,
    author: apiUser(deps.world.bot),
    type: issued.sourceMessage ? MessageType.Default : MessageType.ChatInputCommand,
    body,
    attachments: attachmentsFor(issued.channelId, files, deps.ids),
    applicationId: deps.world.applicationId,
    interactionMetadata: issued.sourceMessage
      ? { ...metadata, type: InteractionType.MessageComponent, interacted_message_id: issued.sourceMessage.id }
      : { ...metadata, type: InteractionType.ApplicationCommand },
  });
}

function callbackOf(body: unknown): { type: InteractionResponseType; data: unknown } | null {
  if (typeof body !== 'object' || body === null || !('type' in body) || typeof body.type !== 'number') return null;
  if (!Object.values(InteractionResponseType).includes(body.type)) return null;
  return { type: body.type, data: 'data' in body ? body.data : undefined };
}

function referenceOf(body: unknown, channelId: string, guildId: string | undefined): APIMessageReference | null {
  const messageId = referencedMessageId(body);
  if (messageId === null) return null;
  return { type: MessageReferenceType.Default, message_id: messageId, channel_id: channelId, ...(guildId && { guild_id: guildId }) };
}
