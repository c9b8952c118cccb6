import type { ReactNode } from "react";
import { AdminLayout, AdminNotice } from "./AdminLayout.tsx";
import type { AdminPaths } from "./paths.ts";
import type { Notice } from "./ClaimsPage.tsx";
import type { AdminCampaign, CampaignResults } from "../../lib/campaigns/mod.ts";
import type { Page } from "../../lib/db/kv.ts";
import { SNOOZE_CHOICES, TEAM_CAMPAIGN_TYPES } from "../../lib/campaigns/rules.ts";
import { formatCampaignTime } from "../../lib/campaigns/display.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
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
  const { m } = useI18n();
  const T = m.adminCampaigns;
  const { values, errors } = form;
  return (
    <section className="card admin-card" aria-labelledby="new-campaign-heading">
      <h2 id="new-campaign-heading">{T.newCampaign}</h2>
      <p className="muted">{T.intro}</p>
      <form method="post" action={paths.campaigns} className="form campaign-form" noValidate>
        {form.message && <div className="notice notice--error" role="alert">{form.message}</div>}
        <TextField id="campaign-title" name="title" label={T.titleLabel} form={form} />
        <fieldset className="field" aria-describedby={errors.type ? "campaign-type-error" : undefined}>
          <legend>{T.typeLegend}</legend>
          <div className="campaign-form__choices">
            {TEAM_CAMPAIGN_TYPES.map((type) => (
              <label key={type} className="choice">
                <input type="radio" name="type" value={type} defaultChecked={values.type === type} />
                {m.campaigns.types[type]}
              </label>
            ))}
          </div>
          <FieldError id="campaign-type-error" message={errors.type} />
        </fieldset>
        <fieldset className="campaign-form__part campaign-form__poll">
          <legend>{m.campaigns.types.poll}</legend>
          <TextField id="campaign-poll-question" name="pollQuestion" label={T.pollQuestion} form={form} />
          <TextField id="campaign-option-1" name="pollOption1" label={T.option1} form={form} />
          <TextField id="campaign-option-2" name="pollOption2" label={T.option2} form={form} />
        </fieldset>
        <fieldset className="campaign-form__part campaign-form__question">
          <legend>{m.campaigns.types.question}</legend>
          <TextField id="campaign-question" name="questionText" label={T.questionText} form={form}>
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
                label={name === "publishAt" ? T.publishAt : T.expiresAt}
                hint={name === "publishAt" ? T.publishHint : T.expiresHint}
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
            <label htmlFor="campaign-active">{T.active}</label>
          </div>
          <div className="switch">
            <input
              id="campaign-snoozable"
              name="isSnoozable"
              type="checkbox"
              value="on"
              defaultChecked={values.isSnoozable}
            />
            <label htmlFor="campaign-snoozable">{T.snoozable}</label>
          </div>
          <div className="field select">
            <label htmlFor="campaign-snooze-days">{T.snoozeDays}</label>
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
          <button type="submit" className="button button--primary">{T.create}</button>
        </div>
      </form>
    </section>
  );
}

const percent = (part: number, whole: number) => whole === 0 ? 0 : Math.round((part / whole) * 100);

function Results({ campaign }: { campaign: CampaignWithResults }) {
  const { m, t } = useI18n();
  const T = m.adminCampaigns;
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
                {t(T.tally, {
                  votes: t(m.campaigns.results.votes, { count: poll[key] }),
                  percent: percent(poll[key], results.answered),
                })}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {results.answers && results.answers.length > 0 && (
        <details className="campaign-admin__answers">
          <summary>{t(T.showAnswers, { count: results.answers.length })}</summary>
          <ul>{results.answers.map((a, i) => <li key={i}>{a.text}</li>)}</ul>
        </details>
      )}
      <p className="muted">
        {[
          t(campaign.type === "poll" ? T.voted : T.answered, { count: results.answered }),
          t(T.dismissed, { count: results.dismissed }),
          t(T.snoozed, { count: results.snoozed }),
        ].join(" · ")}
      </p>
    </div>
  );
}

function CampaignItem({ campaign, paths }: { campaign: CampaignWithResults; paths: AdminPaths }) {
  const { m, t, lang } = useI18n();
  const T = m.adminCampaigns;
  const c = campaign;
  const headingId = `campaign-${c.id}-title`;
  const time = (iso: string) => formatCampaignTime(iso, lang);
  const when = [
    t(T.created, { when: time(c.createdAt) }),
    c.publishAt && t(T.publishes, { when: time(c.publishAt) }),
    c.expiresAt && t(T.expires, { when: time(c.expiresAt) }),
    c.isSnoozable ? t(T.snoozeFor, { count: c.snoozeDays }) : T.notSnoozable,
  ].filter(Boolean).join(" · ");
  return (
    <li className="campaign-admin">
      <div className="campaign-admin__head">
        <h3 id={headingId}>{c.title}</h3>
        <span className={`status campaign-status campaign-status--${c.status.toLowerCase()}`}>
          {T.statuses[c.status]}
        </span>
      </div>
      <p className="campaign-admin__text">
        <span className="badge badge--muted">{m.campaigns.types[c.type]}</span> {c.pollQuestion ?? c.questionText ??
          c.factText ?? c.newsText}
      </p>
      <p className="muted campaign-admin__when">{when}</p>
      <Results campaign={c} />
      <div className="admin-actions">
        <form method="post" action={`${paths.campaign(c.id)}/status`}>
          <input type="hidden" name="isActive" value={String(!c.isActive)} />
          <button type="submit" className="button button--secondary button--sm">
            {c.isActive ? T.deactivate : T.activate}
            <span className="visually-hidden">{` ${c.title}`}</span>
          </button>
        </form>
        <details className="campaign-admin__delete">
          <summary className="button button--ghost button--sm">
            {T.delete}
            <span className="visually-hidden">{` ${c.title}`}</span>
          </summary>
          <form method="post" action={`${paths.campaign(c.id)}/delete`} className="campaign-admin__confirm">
            <p>{m.campaigns.errors.deleteConfirm}</p>
            <button type="submit" className="button button--danger button--sm">
              {T.deleteCampaign}
              <span className="visually-hidden">{` ${c.title}`}</span>
            </button>
          </form>
        </details>
      </div>
    </li>
  );
}

/** `/admin/{teamId}/campaigns`: the team's own polls and questions, their status and results. */
export function CampaignsPage({ team, pendingCount, paths, campaigns, form, notice }: CampaignsPageProps) {
  const { m } = useI18n();
  const T = m.adminCampaigns;
  return (
    <AdminLayout team={team} paths={paths} current="campaigns" pendingCount={pendingCount} title={m.campaigns.title}>
      <AdminNotice notice={notice} />
      <div className="campaigns-admin">
        <CreateForm paths={paths} form={form} />
        <section className="card admin-card" aria-labelledby="team-campaigns-heading">
          <h2 id="team-campaigns-heading">{T.teamCampaigns}</h2>
          {campaigns.values.length === 0 ? <p className="muted">{T.empty}</p> : (
            <ul className="campaign-admin-list">
              {campaigns.values.map((c) => <CampaignItem key={c.id} campaign={c} paths={paths} />)}
            </ul>
          )}
          {campaigns.cursor && (
            <p>
              <a href={`${paths.campaigns}?cursor=${encodeURIComponent(campaigns.cursor)}`}>{T.older}</a>
            </p>
          )}
        </section>
      </div>
    </AdminLayout>
  );
}
