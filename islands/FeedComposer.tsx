import { type FormEvent, useEffect, useRef, useState } from "react";
import { api } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.tsx";
import { signedOut } from "../lib/client/signed_out.ts";
import type { KudosPlayer, TeamPost } from "../lib/feed/types.ts";
import {
  checkPostWith,
  mayDeletePost,
  POST_MAX_LENGTH,
  POST_NEAR_LIMIT,
  type PostDeleter,
  postLength,
  postMessages,
} from "../lib/feed/post_rules.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import type { Catalog } from "../lib/i18n/catalog.ts";
import type { Message, Params } from "../lib/i18n/format.ts";
import type { SectionForm } from "../components/dashboard/forms.ts";
import { PostComposer } from "../components/dashboard/feed/PostComposer.tsx";
import { PostList } from "../components/dashboard/feed/PostItem.tsx";

export interface FeedComposerProps {
  teamId: string;
  /** The page of posts the server read, newest first. */
  posts: TeamPost[];
  /** The kudos picker's players. */
  players: KudosPlayer[];
  viewer: PostDeleter;
  /** A plain form the server refused (typed text and the message per field), or null. */
  form: SectionForm | null;
  /** The server's time of rendering (ISO), so the relative times hydrate as rendered. */
  now: string;
  /** The team's time zone: posts' dates are on its calendar whatever the reader's zone. */
  timeZone: string;
}

type Fill = (message: Message, params?: Params) => string;

/** What the polite live region says about the counter: nothing until the limit is near. */
function counterAnnouncement(count: number, m: Catalog, t: Fill): string {
  const left = POST_MAX_LENGTH - count;
  if (left > POST_NEAR_LIMIT) return "";
  return left <= 0 ? m.feed.limitReached : t(m.feed.charactersLeft, { count: left });
}

/** Empties the composer (its fields are uncontrolled: text typed before hydration is kept). */
function clearForm(form: HTMLFormElement) {
  for (const radio of form.querySelectorAll<HTMLInputElement>("input[name=postType]")) radio.checked = false;
  const select = form.querySelector<HTMLSelectElement>("select[name=playerId]");
  if (select) select.value = "";
  form.querySelector<HTMLTextAreaElement>("textarea[name=content]")!.value = "";
}

/**
 * The Team Feed's composer and list: a live counter, Cancel, and Post through the API with the
 * new post put at the top without a reload; Delete (after confirming) removes it the same way.
 * The server renders both from these props, as plain forms that work before hydration.
 */
export default function FeedComposer(
  { teamId, posts: initial, players, viewer, form, now: rendered, timeZone }: FeedComposerProps,
) {
  const [posts, setPosts] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>(form?.errors ?? {});
  const [count, setCount] = useState(() => postLength(form?.values.content ?? ""));
  const [announcement, setAnnouncement] = useState("");
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(rendered);
  const formRef = useRef<HTMLFormElement>(null);
  const base = `/api/teams/${encodeURIComponent(teamId)}/posts`;
  const { m, t } = useI18n();
  const failed = (description: string, title: string = m.feed.postFailed) =>
    toast({ title, description: description || m.feed.tryAgain, variant: "destructive" });

  useEffect(() => {
    // Text typed while the island loaded, and relative times from this browser's clock.
    const text = formRef.current?.querySelector("textarea")?.value;
    if (text !== undefined) setCount(postLength(text));
    setNow(new Date().toISOString());
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const el = event.currentTarget;
    const data = new FormData(el);
    const checked = checkPostWith(postMessages(m.feed.errors, t), {
      postType: data.get("postType") ?? undefined,
      content: data.get("content") ?? "",
      playerId: data.get("playerId") ?? "",
    });
    if (!checked.ok) {
      setErrors(checked.fields);
      const first = checked.fields.postType ? "input[name=postType]" : "textarea";
      el.querySelector<HTMLElement>(first)?.focus();
      failed(checked.message);
      return;
    }
    const { postType, content, playerId } = checked.value;
    setBusy(true);
    const reply = await api<TeamPost>("POST", base, { postType, content, ...(playerId ? { playerId } : {}) });
    setBusy(false);
    if (reply.status === 401) return signedOut();
    if (!reply.ok) {
      setErrors(reply.fields);
      failed(reply.message);
      return;
    }
    setPosts((list) => [reply.data, ...list.filter((p) => p.id !== reply.data.id)]);
    clearForm(el);
    setCount(0);
    setErrors({});
    setNow(new Date().toISOString());
    setAnnouncement(m.feed.posted);
  };

  const remove = async (post: TeamPost, event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reply = await api("DELETE", `${base}/${encodeURIComponent(post.id)}`);
    if (reply.status === 401) return signedOut();
    // Already gone (404): the list catches up all the same.
    if (!reply.ok && reply.status !== 404) return failed(reply.message, m.feed.deleteFailed);
    setPosts((list) => list.filter((p) => p.id !== post.id));
    setAnnouncement(m.feed.deleted);
    document.getElementById("feed-title")?.focus();
  };

  return (
    <>
      {viewer.canWrite
        ? (
          <PostComposer
            teamId={teamId}
            players={players}
            values={form?.values ?? {}}
            errors={errors}
            count={count}
            announcement={announcement || counterAnnouncement(count, m, t)}
            busy={busy}
            formRef={formRef}
            onSubmit={submit}
            onInput={(event) => {
              setCount(postLength(event.currentTarget.value));
              setAnnouncement("");
            }}
            onCancel={(event) => {
              event.preventDefault();
              clearForm(event.currentTarget.form!);
              setCount(0);
              setErrors({});
              setAnnouncement("");
            }}
          />
        )
        : <p className="muted feed-readonly">{m.feed.readOnly}</p>}
      <PostList
        teamId={teamId}
        posts={posts}
        now={now}
        timeZone={timeZone}
        canDelete={(post) => mayDeletePost(viewer, post)}
        onDelete={remove}
      />
    </>
  );
}
