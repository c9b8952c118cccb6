/**
 * The feed's rules with their messages in English, for the server (lib/, routes, tests): the
 * rules themselves are post_rules.ts, which the FeedComposer island shares; the messages are the
 * English catalogue's (lib/i18n/en/feed.ts), put into the request's language by the routes.
 */
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import { checkPostWith, type PostInput, postMessages } from "./post_rules.ts";
import type { Checked } from "../validation.ts";

export * from "./post_rules.ts";

export const POST_MESSAGES = postMessages(
  messagesFor("en").feed.errors,
  (message, params) => format("en", message, params),
);

/** post_rules.ts's check with the English messages. */
export const checkPost = (input: { postType?: unknown; content?: unknown; playerId?: unknown }): Checked<PostInput> =>
  checkPostWith(POST_MESSAGES, input);
