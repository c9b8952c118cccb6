import { Island } from "../../lib/render/island.tsx";
import { MIN_PASSWORD_LENGTH } from "../../lib/auth/password_policy.ts";
import { AdminLayout, AdminNotice } from "./AdminLayout.tsx";
import type { AdminPaths } from "./paths.ts";
import type { AccessData } from "../../lib/teams/admin_area.ts";
import type { Notice } from "./ClaimsPage.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";

/** What a refused Access form shows again: its field errors and what was typed (never the password). */
export interface AccessFormState {
  login: { username: string; errors: Record<string, string> };
  invite: { email: string; error: string | null };
}

export const EMPTY_ACCESS_FORMS: AccessFormState = {
  login: { username: "", errors: {} },
  invite: { email: "", error: null },
};

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? <p className="field__error" id={id}>{message}</p> : null;
}

/** A message with one placeholder shown in bold (a name the reader must type exactly). */
function WithBold({ message, name, bold }: { message: string; name: string; bold: string }) {
  const [before, after = ""] = message.split(`{${name}}`);
  return (
    <>
      {before}
      <strong>{bold}</strong>
      {after}
    </>
  );
}

function TeamLoginForm({ data, paths, form }: { data: AccessData; paths: AdminPaths; form: AccessFormState }) {
  const { errors } = form.login;
  const username = form.login.username || data.access.username || "";
  const { m, t } = useI18n();
  const texts = m.adminAccess.login;
  return (
    <section className="card admin-card" aria-labelledby="team-login-heading">
      <h2 id="team-login-heading">{texts.heading}</h2>
      <p className="muted">
        {data.access.username
          ? <WithBold message={texts.current} name="username" bold={data.access.username} />
          : texts.none}
      </p>
      <form method="post" action={`${paths.access}/login`} className="form" noValidate>
        <div className="field">
          <label htmlFor="access-username">{texts.username}</label>
          <input
            id="access-username"
            name="username"
            type="text"
            autoComplete="off"
            defaultValue={username}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? "access-username-error" : undefined}
          />
          <FieldError id="access-username-error" message={errors.username} />
        </div>
        <div className="field">
          <label htmlFor="access-password">{texts.password}</label>
          <input
            id="access-password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={`access-password-hint${errors.password ? " access-password-error" : ""}`}
          />
          <p className="field__hint" id="access-password-hint">
            {t(texts.passwordHint, { min: String(MIN_PASSWORD_LENGTH) })}
          </p>
          <FieldError id="access-password-error" message={errors.password} />
        </div>
        <button type="submit" className="button button--primary">{texts.save}</button>
      </form>
    </section>
  );
}

function CoAdmins({ data, paths, form }: { data: AccessData; paths: AdminPaths; form: AccessFormState }) {
  const { admins } = data.access;
  const { error } = form.invite;
  const { m, t } = useI18n();
  const texts = m.adminAccess.admins;
  return (
    <section className="card admin-card" aria-labelledby="admins-heading">
      <h2 id="admins-heading">{texts.heading}</h2>
      <ul className="admin-list">
        {admins.map((a) => {
          const name = `${a.firstName} ${a.lastName}`.trim() || a.email;
          return (
            <li key={a.userId} className="admin-list__item">
              <div>
                <p className="admin-list__name">{name}{a.isYou && <span className="badge">{texts.you}</span>}</p>
                <p className="muted">{a.email}</p>
              </div>
              {admins.length > 1 && (
                <form method="post" action={`${paths.access}/admins/${encodeURIComponent(a.userId)}/remove`}>
                  <button
                    type="submit"
                    className="button button--secondary"
                    aria-label={t(texts.removeName, { name })}
                  >
                    {texts.remove}
                  </button>
                </form>
              )}
            </li>
          );
        })}
      </ul>
      {admins.length <= 1 && <p className="muted">{texts.lastAdmin}</p>}
      <form method="post" action={`${paths.access}/admins`} className="form admin-invite" noValidate>
        <div className="field">
          <label htmlFor="invite-email">{texts.inviteLabel}</label>
          <input
            id="invite-email"
            name="email"
            type="email"
            autoComplete="off"
            defaultValue={form.invite.email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "invite-email-error" : undefined}
          />
          <FieldError id="invite-email-error" message={error ?? undefined} />
        </div>
        <button type="submit" className="button button--primary">{texts.invite}</button>
      </form>
    </section>
  );
}

/**
 * The team's parents and players, a page at a time, each with Remove behind a confirmation
 * (a `<details>`, so it works without JavaScript). An admin is listed under Team Admins.
 */
function Members({ data, paths }: { data: AccessData; paths: AdminPaths }) {
  const { members } = data;
  const next = members.cursor ? `${paths.access}?members=${encodeURIComponent(members.cursor)}` : null;
  const { m: messages, t } = useI18n();
  const texts = messages.adminAccess.members;
  return (
    <section className="card admin-card" aria-labelledby="members-heading">
      <h2 id="members-heading">{texts.heading}</h2>
      <p className="muted">{texts.intro}</p>
      {members.values.length === 0 ? <p>{members.from ? texts.noMore : texts.none}</p> : (
        <ul className="admin-list">
          {members.values.map((m) => (
            <li key={m.userId} className="admin-list__item">
              <div>
                <p className="admin-list__name">
                  {m.name}
                  <span className="badge badge--muted">{texts.roles[m.role]}</span>
                </p>
                <p className="muted">{m.email}</p>
                {m.players.length > 0 && (
                  <p className="muted">
                    {t(m.role === "PLAYER" ? texts.roster : texts.parentOf, { players: m.players.join(", ") })}
                  </p>
                )}
              </div>
              <details className="member-remove">
                <summary className="button button--secondary button--sm">
                  {texts.remove}
                  <span className="visually-hidden">{` ${m.name}`}</span>
                </summary>
                <form
                  method="post"
                  action={`${paths.access}/members/${encodeURIComponent(m.userId)}/remove`}
                  className="member-remove__confirm"
                >
                  <p>{t(texts.confirm, { name: m.name, team: data.team.name })}</p>
                  <button type="submit" className="button button--danger button--sm">
                    {texts.removeFromTeam}
                    <span className="visually-hidden">{`: ${m.name}`}</span>
                  </button>
                </form>
              </details>
            </li>
          ))}
        </ul>
      )}
      {(next || members.from) && (
        <p className="pager">
          {members.from && (
            <a className="button button--ghost" href={`${paths.access}#members-heading`}>{texts.firstPage}</a>
          )}
          {next && <a className="button button--ghost" href={`${next}#members-heading`}>{texts.nextPage}</a>}
        </p>
      )}
    </section>
  );
}

/** Access: the invite link, the team's shared username and password, its admins, its parents and players. */
export function AccessPage(
  { data, paths, notice, form }: { data: AccessData; paths: AdminPaths; notice: Notice; form: AccessFormState },
) {
  const { team, link } = data;
  const { m } = useI18n();
  return (
    <AdminLayout
      team={team}
      paths={paths}
      current="access"
      pendingCount={data.pendingCount}
      title={m.adminAccess.title}
    >
      <AdminNotice notice={notice} />
      <Island
        name="InviteLinkCard"
        hydrate="interaction"
        props={{ teamId: team.id, teamName: team.name, link, regenerateAction: `${paths.access}/invite-link` }}
      />
      <div className="admin-columns">
        <TeamLoginForm data={data} paths={paths} form={form} />
        <CoAdmins data={data} paths={paths} form={form} />
      </div>
      <Members data={data} paths={paths} />
    </AdminLayout>
  );
}
