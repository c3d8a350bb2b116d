/**
 * @discordjs/rest forgets the token after any 401 to a request made with it, and every later request
 * that needs it fails: channel replies stop while interactions, which carry their own token, go on.
 * One 401 can be Discord's hiccup, so the token is set again and checked (GET /users/@me); only if
 * Discord refuses that too is the token revoked, and the bot gives up.
 */
import { DiscordAPIError, type REST, RESTEvents, Routes } from 'discord.js';

export const isUnauthorized = (error: unknown) => error instanceof DiscordAPIError && error.status === 401;

/** Returns a check that resolves true once the token works again, false when it is revoked. */
export function guardToken(rest: REST, token: string, onRevoked: () => void): () => Promise<boolean> {
  let checking: Promise<boolean> | undefined;
  let revoked = false;
  const check = () => {
    if (revoked) return Promise.resolve(false);
    checking ??= (async () => {
      rest.setToken(token);
      try {
        await rest.get(Routes.user());
        return true;
      } catch (error) {
        if (!isUnauthorized(error)) return true;
        revoked = true;
        onRevoked();
        return false;
      }
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  };
  rest.on(RESTEvents.Response, (request, response) => {
    // The token is dropped right after this event: set it again once that has happened.
    if (response.status === 401 && request.data.auth) setImmediate(() => void check());
  });
  return check;
}
