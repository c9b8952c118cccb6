import type { FormEvent, MouseEvent, Ref } from "react";
import type { KudosPlayer } from "../../../lib/feed/types.ts";
import { POST_MAX_LENGTH, POST_TYPE_ICONS, POST_TYPES } from "../../../lib/feed/post_rules.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

export interface PostComposerProps {
  teamId: string;
  players: KudosPlayer[];
  /** What the person typed (a refused plain form comes back with it). */
  values: Record<string, string>;
  errors: Record<string, string>;
  /** Characters typed so far (code points). */
  count: number;
  /** What the polite live region says (the counter near the limit, a post added). */
  announcement?: string;
  busy?: boolean;
  formRef?: Ref<HTMLFormElement>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onInput?: (event: FormEvent<HTMLTextAreaElement>) => void;
  onCancel?: (event: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * Create Post: the type (Give Kudos, Share News, Offer Advice), for a kudos an optional
 * player, the text (280 characters, with its counter), Cancel and Post. A plain form posting
 * to `/family-dashboard/{teamId}/posts` until the island takes it over.
 */
export function PostComposer(props: PostComposerProps) {
  const { teamId, players, values, errors, count, announcement = "", busy = false } = props;
  const { m } = useI18n();
  const near = POST_MAX_LENGTH - count <= 20;
  return (
    <form
      ref={props.formRef}
      className="feed-composer"
      method="post"
      action={`/family-dashboard/${encodeURIComponent(teamId)}/posts#feed`}
      aria-labelledby="feed-create-title"
      onSubmit={props.onSubmit}
      noValidate
    >
      <h3 id="feed-create-title" className="feed-composer__title">{m.feed.createPost}</h3>
      <fieldset
        className="feed-composer__types"
        aria-describedby={errors.postType ? "feed-type-error" : undefined}
      >
        <legend className="visually-hidden">{m.feed.typeLegend}</legend>
        {POST_TYPES.map((type) => (
          <label key={type} className="feed-type">
            <input
              type="radio"
              name="postType"
              value={type}
              defaultChecked={values.postType === type}
              aria-invalid={errors.postType ? true : undefined}
            />
            <span className="feed-type__face">
              <span aria-hidden="true">{POST_TYPE_ICONS[type]}</span> {m.feed.types[type].action}
            </span>
          </label>
        ))}
      </fieldset>
      {errors.postType && <p id="feed-type-error" className="field__error">{errors.postType}</p>}
      {players.length > 0 && (
        <div className="field select feed-composer__player">
          <label htmlFor="feed-player">{m.feed.kudosPlayer}</label>
          <select
            id="feed-player"
            name="playerId"
            defaultValue={values.playerId ?? ""}
            aria-invalid={errors.playerId ? true : undefined}
            aria-describedby={errors.playerId ? "feed-player-error" : undefined}
          >
            <option value="">{m.feed.wholeTeam}</option>
            {players.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
          {errors.playerId && <p id="feed-player-error" className="field__error">{errors.playerId}</p>}
        </div>
      )}
      <div className="field">
        <label htmlFor="feed-content">{m.feed.contentLabel}</label>
        <textarea
          id="feed-content"
          name="content"
          rows={3}
          maxLength={POST_MAX_LENGTH}
          defaultValue={values.content ?? ""}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? "feed-counter feed-content-error" : "feed-counter"}
          onInput={props.onInput}
        />
        {errors.content && <p id="feed-content-error" className="field__error">{errors.content}</p>}
      </div>
      <div className="feed-composer__foot">
        <p id="feed-counter" className={`feed-composer__counter${near ? " feed-composer__counter--near" : ""}`}>
          <span className="feed-composer__count">{`${count}/${POST_MAX_LENGTH}`}</span>{" "}
          <span className="visually-hidden">{m.feed.charactersUsed}</span>
        </p>
        <p className="visually-hidden" aria-live="polite">{announcement}</p>
        <div className="feed-composer__actions">
          <button type="reset" className="button button--ghost" onClick={props.onCancel}>{m.feed.cancel}</button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? m.feed.posting : m.feed.post}
          </button>
        </div>
      </div>
    </form>
  );
}
