import type { ReactNode } from "react";
import { AdminLayout, AdminNotice } from "./AdminLayout.tsx";
import type { AdminPaths } from "./paths.ts";
import type { Notice } from "./ClaimsPage.tsx";
import type { AdminCampaign, CampaignResults } from "../../lib/campaigns/mod.ts";
import type { Page } from "../../lib/db/kv.ts";
import { CAMPAIGN_MESSAGES, CAMPAIGN_TYPE_LABELS } from "../../lib/campaigns/texts.ts";
import { SNOOZE_CHOICES, TEAM_CAMPAIGN_TYPES } from "../../lib/campaigns/rules.ts";
import { formatCampaignTime } from "../../lib/campaigns/display.ts";
import type { CampaignFormState } from "./campaigns/campaign_form.ts";

export type CampaignWithResults = AdminCampaign & { results: CampaignResults };

export interface CampaignsPageProps {
  team: { name: string; slug: string; season: string };
  pendingCount: number;
  paths: AdminPaths;
  campaigns: Page<CampaignWithResults>;
  form: CampaignFormState;
  notice: Notice;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? <p className="field__error" id={id}>{message}</p> : null;
}

/** aria-invalid and aria-describedby for a field with a hint and maybe an error. */
const described = (id: string, error: string | undefined, hint = false) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
});

function TextField(
  { id, name, label, form, hint, children }: {
    id: string;
    name: keyof CampaignFormState["values"];
    label: string;
    form: CampaignFormState;
    hint?: string;
    children?: ReactNode;
  },
) {
  const error = form.errors[name];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children ?? (
        <input
          id={id}
          name={name}
          type="text"
          defaultValue={String(form.values[name])}
          {...described(id, error, !!hint)}
        />
      )}
      {hint && <p className="field__hint" id={`${id}-hint`}>{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** New Campaign: a team poll or question. Without JavaScript, CSS shows only the chosen type's part. */
function CreateForm({ paths, form }: { paths: AdminPaths; form: CampaignFormState }) {
  const { values, errors } = form;
  return (
    <section className="card admin-card" aria-labelledby="new-campaign-heading">
      <h2 id="new-campaign-heading">New Campaign</h2>
      <p className="muted">
        Ask your team's families a quick poll or a question. It shows on the family dashboard until they answer it.
      </p>
      <form method="post" action={paths.campaigns} className="form campaign-form" noValidate>
        {form.message && <div className="notice notice--error" role="alert">{form.message}</div>}
        <TextField id="campaign-title" name="title" label="Title" form={form} />
        <fieldset className="field" aria-describedby={errors.type ? "campaign-type-error" : undefined}>
          <legend>Type</legend>
          <div className="campaign-form__choices">
            {TEAM_CAMPAIGN_TYPES.map((type) => (
              <label key={type} className="choice">
                <input type="radio" name="type" value={type} defaultChecked={values.type === type} />
                {CAMPAIGN_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
          <FieldError id="campaign-type-error" message={errors.type} />
        </fieldset>
        <fieldset className="campaign-form__part campaign-form__poll">
          <legend>Poll</legend>
          <TextField id="campaign-poll-question" name="pollQuestion" label="Poll question" form={form} />
          <TextField id="campaign-option-1" name="pollOption1" label="Option 1" form={form} />
          <TextField id="campaign-option-2" name="pollOption2" label="Option 2" form={form} />
        </fieldset>
        <fieldset className="campaign-form__part campaign-form__question">
          <legend>Question</legend>
          <TextField id="campaign-question" name="questionText" label="Question text" form={form}>
            <textarea
              id="campaign-question"
              name="questionText"
              rows={3}
              defaultValue={values.questionText}
              {...described("campaign-question", errors.questionText)}
            />
          </TextField>
        </fieldset>
        <div className="campaign-form__row">
          {(["publishAt", "expiresAt"] as const).map((name) => {
            const id = `campaign-${name}`;
            return (
              <TextField
                key={name}
                id={id}
                name={name}
                form={form}
                label={name === "publishAt" ? "Publish at (optional)" : "Expires at (optional)"}
                hint={name === "publishAt" ? "Eastern Time. Empty: at once." : "Eastern Time. Empty: never."}
              >
                <input
                  id={id}
                  name={name}
                  type="datetime-local"
                  defaultValue={values[name]}
                  {...described(id, errors[name], true)}
                />
              </TextField>
            );
          })}
        </div>
        <div className="campaign-form__row">
          <div className="switch">
            <input id="campaign-active" name="isActive" type="checkbox" value="on" defaultChecked={values.isActive} />
            <label htmlFor="campaign-active">Active</label>
          </div>
          <div className="switch">
            <input
              id="campaign-snoozable"
              name="isSnoozable"
              type="checkbox"
              value="on"
              defaultChecked={values.isSnoozable}
            />
            <label htmlFor="campaign-snoozable">Families may snooze it</label>
          </div>
          <div className="field select">
            <label htmlFor="campaign-snooze-days">Snooze days</label>
            <select
              id="campaign-snooze-days"
              name="snoozeDays"
              defaultValue={values.snoozeDays}
              {...described("campaign-snooze-days", errors.snoozeDays)}
            >
              {SNOOZE_CHOICES.map((days) => <option key={days} value={String(days)}>{days}</option>)}
            </select>
            <FieldError id="campaign-snooze-days-error" message={errors.snoozeDays} />
          </div>
        </div>
        <div>
          <button type="submit" className="button button--primary">Create Campaign</button>
        </div>
      </form>
    </section>
  );
}

const percent = (part: number, whole: number) => whole === 0 ? 0 : Math.round((part / whole) * 100);

function Results({ campaign }: { campaign: CampaignWithResults }) {
  const { results } = campaign;
  const poll = results.poll;
  return (
    <div className="campaign-admin__results">
      {poll && (
        <dl className="campaign-tally">
          {([["option1", campaign.pollOption1], ["option2", campaign.pollOption2]] as const).map(([key, label]) => (
            <div key={key} className="campaign-tally__row">
              <dt>{label}</dt>
              <dd>
                <meter min={0} max={Math.max(1, results.answered)} value={poll[key]} aria-hidden="true" />
                {`${poll[key]} ${poll[key] === 1 ? "vote" : "votes"} (${percent(poll[key], results.answered)}%)`}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {results.answers && results.answers.length > 0 && (
        <details className="campaign-admin__answers">
          <summary>Show answers ({results.answers.length})</summary>
          <ul>{results.answers.map((a, i) => <li key={i}>{a.text}</li>)}</ul>
        </details>
      )}
      <p className="muted">
        {`${results.answered} ${
          campaign.type === "poll" ? "voted" : "answered"
        } · ${results.dismissed} dismissed · ${results.snoozed} snoozed`}
      </p>
    </div>
  );
}

function CampaignItem({ campaign, paths }: { campaign: CampaignWithResults; paths: AdminPaths }) {
  const c = campaign;
  const headingId = `campaign-${c.id}-title`;
  const when = [
    `Created ${formatCampaignTime(c.createdAt)}`,
    c.publishAt && `Publishes ${formatCampaignTime(c.publishAt)}`,
    c.expiresAt && `Expires ${formatCampaignTime(c.expiresAt)}`,
    c.isSnoozable ? `Snooze ${c.snoozeDays} ${c.snoozeDays === 1 ? "day" : "days"}` : "Not snoozable",
  ].filter(Boolean).join(" · ");
  return (
    <li className="campaign-admin">
      <div className="campaign-admin__head">
        <h3 id={headingId}>{c.title}</h3>
        <span className={`status campaign-status campaign-status--${c.status.toLowerCase()}`}>{c.status}</span>
      </div>
      <p className="campaign-admin__text">
        <span className="badge badge--muted">{CAMPAIGN_TYPE_LABELS[c.type]}</span> {c.pollQuestion ?? c.questionText ??
          c.factText ?? c.newsText}
      </p>
      <p className="muted campaign-admin__when">{when}</p>
      <Results campaign={c} />
      <div className="admin-actions">
        <form method="post" action={`${paths.campaign(c.id)}/status`}>
          <input type="hidden" name="isActive" value={String(!c.isActive)} />
          <button type="submit" className="button button--secondary button--sm">
            {c.isActive ? "Deactivate" : "Activate"}
            <span className="visually-hidden">{` ${c.title}`}</span>
          </button>
        </form>
        <details className="campaign-admin__delete">
          <summary className="button button--ghost button--sm">
            Delete<span className="visually-hidden">{` ${c.title}`}</span>
          </summary>
          <form method="post" action={`${paths.campaign(c.id)}/delete`} className="campaign-admin__confirm">
            <p>{CAMPAIGN_MESSAGES.deleteConfirm}</p>
            <button type="submit" className="button button--danger button--sm">
              Delete Campaign<span className="visually-hidden">{` ${c.title}`}</span>
            </button>
          </form>
        </details>
      </div>
    </li>
  );
}

/** `/admin/{teamId}/campaigns`: the team's own polls and questions, their status and results. */
export function CampaignsPage({ team, pendingCount, paths, campaigns, form, notice }: CampaignsPageProps) {
  return (
    <AdminLayout team={team} paths={paths} current="campaigns" pendingCount={pendingCount} title="Campaigns">
      <AdminNotice notice={notice} />
      <div className="campaigns-admin">
        <CreateForm paths={paths} form={form} />
        <section className="card admin-card" aria-labelledby="team-campaigns-heading">
          <h2 id="team-campaigns-heading">Team Campaigns</h2>
          {campaigns.values.length === 0
            ? (
              <p className="muted">
                No campaigns yet. Create a poll or a question: families see it on the family dashboard.
              </p>
            )
            : (
              <ul className="campaign-admin-list">
                {campaigns.values.map((c) => <CampaignItem key={c.id} campaign={c} paths={paths} />)}
              </ul>
            )}
          {campaigns.cursor && (
            <p>
              <a href={`${paths.campaigns}?cursor=${encodeURIComponent(campaigns.cursor)}`}>Older campaigns</a>
            </p>
          )}
        </section>
      </div>
    </AdminLayout>
  );
}
