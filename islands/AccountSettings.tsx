import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { OwnPlayer } from "../lib/dashboard/types.ts";
import { checkProfileWith, type ParentProfile } from "../lib/accounts/profile_check.ts";
import type { Checked } from "../lib/validation.ts";
import { api, type ApiResult } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.tsx";
import { signedOut } from "../lib/client/signed_out.ts";
import { keepTabInside } from "../lib/client/dialog_focus.ts";
import { AccountMenu } from "../components/AccountMenu.tsx";
import { useI18n } from "../lib/i18n/context.tsx";
import { messageParts } from "../lib/i18n/message_parts.tsx";

export interface AccountSettingsProps {
  teamId: string;
  teamName: string;
  /** The header's label for the person (their name, else e-mail). */
  label: string;
  /** The signed-in parent's profile; null for a team's shared login or a system administrator. */
  profile: {
    parentId: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    photoUrl: string | null;
    /** Optional "about" fields (`loadOwnProfile` in lib/accounts gives them). */
    occupation?: string;
    interests?: string[];
    funFacts?: string[];
    /** The new address a pending e-mail change waits for. */
    pendingEmail?: string | null;
  } | null;
  /**
   * The person's own children in this team (My Players). `photoUrl` is sent back unchanged
   * with each save (the call replaces every field): pass it, or a saved player loses its photo.
   */
  players: (OwnPlayer & { photoUrl?: string | null })[];
  /** The Team Admin Dashboard button's and the menu's Team admin target (team admins only). */
  adminHref: string | null;
}

type Profile = NonNullable<AccountSettingsProps["profile"]>;
type Player = AccountSettingsProps["players"][number];
type Errors = Record<string, string>;
type Values = Record<string, string>;

const TABS = ["profile", "players"] as const;
type Tab = typeof TABS[number];

const lines = (text: string) => text.split("\n").map((s) => s.trim()).filter(Boolean);
const enc = encodeURIComponent;

/** A text field with its label, hint and error (`rows`: a textarea). */
function Input(
  { id, label, hint, error, rows, ...rest }:
    & { id: string; label: string; hint?: string; error?: string; rows?: number }
    & Record<string, unknown>,
) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const props = { id, ...rest, "aria-invalid": error ? true : undefined, "aria-describedby": described };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} {...props} /> : <input {...props} />}
      {hint && <p className="field__hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

/**
 * One form's state: its values, each field's error, whether a call is under way; `bind` gives a
 * field its props, `submit` checks, calls and reports (401 ends the session; a refusal shows
 * the fields' messages and a destructive toast).
 */
function useForm(initial: () => Values, prefix: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const bind = (name: string) => ({
    id: prefix + name,
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });
  const submit = <T, R>(
    check: () => Checked<T>,
    call: (value: T) => Promise<ApiResult<R>>,
    failure: [string, string],
    done: (data: R) => void,
  ) =>
  async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const checked = check();
    if (!checked.ok) {
      setErrors(checked.fields);
      return form.querySelector<HTMLElement>(`[name="${Object.keys(checked.fields)[0]}"]`)?.focus();
    }
    setBusy(true);
    const reply = await call(checked.value);
    setBusy(false);
    setErrors(reply.ok ? {} : reply.fields);
    if (reply.ok) return done(reply.data);
    if (reply.status === 401) return signedOut();
    toast({ title: failure[0], description: reply.message || failure[1], variant: "destructive" });
  };
  return { values, setValues, busy, bind, submit };
}

const profileValues = (p: Profile): Values => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  phone: p.phone,
  occupation: p.occupation ?? "",
  interests: (p.interests ?? []).join("\n"),
  funFacts: (p.funFacts ?? []).join("\n"),
});

function SaveButton({ busy, label }: { busy: boolean; label: string }) {
  const { m } = useI18n();
  return (
    <div className="dialog__actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? m.accountSettings.saving : label}
      </button>
    </div>
  );
}

function ProfileForm(
  { teamId, profile, onSaved }: { teamId: string; profile: Profile; onSaved: (p: Profile) => void },
) {
  const { values, setValues, busy, bind, submit } = useForm(() => profileValues(profile), "acct-");
  const { m, lang } = useI18n();
  const texts = m.accountSettings.profile;
  const onSubmit = submit(
    () =>
      checkProfileWith({ texts: m.accountSettings.rules, lang }, {
        ...values,
        interests: lines(values.interests),
        funFacts: lines(values.funFacts),
      }),
    (body) =>
      api<{ message?: string; parent: ParentProfile; pendingEmail?: string }>(
        "PUT",
        `/api/teams/${enc(teamId)}/parents/${enc(profile.parentId)}`,
        body,
      ),
    [texts.failedTitle, texts.failed],
    ({ parent, pendingEmail, message }) => {
      const saved = { ...parent, parentId: parent.id, pendingEmail };
      setValues(profileValues(saved));
      onSaved(saved);
      toast({ title: texts.saved, description: message });
    },
  );
  return (
    <form className="acct__form" noValidate onSubmit={onSubmit}>
      <div className="acct__pair">
        <Input label={texts.firstName} autoComplete="given-name" {...bind("firstName")} />
        <Input label={texts.lastName} autoComplete="family-name" {...bind("lastName")} />
      </div>
      <Input label={texts.email} type="email" autoComplete="email" {...bind("email")} />
      {profile.pendingEmail && (
        <p className="notice acct__pending" role="status">
          {messageParts(texts.pending, { email: <strong>{profile.pendingEmail}</strong> })}
        </p>
      )}
      <Input label={texts.phone} type="tel" autoComplete="tel" {...bind("phone")} />
      <Input label={texts.occupation} {...bind("occupation")} />
      <Input label={texts.interests} rows={3} hint={texts.onePerLine} {...bind("interests")} />
      <Input label={texts.funFacts} rows={3} hint={texts.onePerLine} {...bind("funFacts")} />
      <SaveButton busy={busy} label={texts.save} />
    </form>
  );
}

function PlayerForm({ player, onSaved }: { player: Player; onSaved: (p: Player) => void }) {
  const prefix = `acct-${player.id}-`;
  const { values, busy, bind, submit } = useForm(() => ({
    firstName: player.firstName,
    lastName: player.lastName,
    jerseyNumber: String(player.jerseyNumber),
    position: player.position ?? "",
  }), prefix);
  const texts = useI18n().m.accountSettings.player;
  const onSubmit = submit(
    // The server checks the player (and words its refusals, shown by their fields and in the toast).
    () => ({ ok: true, value: { ...values, photoUrl: player.photoUrl ?? null } }),
    (body) => api<{ message?: string; player?: Player }>("PATCH", `/api/players/${enc(player.id)}`, body),
    [texts.failedTitle, texts.failed],
    (data) => {
      if (data.player) onSaved(data.player);
      toast({ title: data.message || texts.saved });
    },
  );
  return (
    <form className="acct__player" noValidate onSubmit={onSubmit} aria-labelledby={`${prefix}title`}>
      <h3 id={`${prefix}title`} className="acct__player-title">
        #{player.jerseyNumber} {player.firstName} {player.lastName}
      </h3>
      <div className="acct__pair">
        <Input label={texts.firstName} autoComplete="off" {...bind("firstName")} />
        <Input label={texts.lastName} autoComplete="off" {...bind("lastName")} />
      </div>
      <div className="acct__pair">
        <Input
          label={texts.jerseyNumber}
          type="number"
          inputMode="numeric"
          min={0}
          max={99}
          {...bind("jerseyNumber")}
        />
        <Input label={texts.position} {...bind("position")} />
      </div>
      <SaveButton busy={busy} label={texts.save} />
    </form>
  );
}

/**
 * The header's avatar menu (AccountMenu) and the Account Settings dialog. The menu's Account
 * Settings item is, server-rendered (and without JavaScript), a link to /account; hydrated, it
 * opens the dialog: My Profile (the person's own profile, `PUT /api/teams/{teamId}/parents/{parentId}`),
 * My Players (their own children, `PATCH /api/players/{id}`) and, for team admins, the Team Admin
 * Dashboard button. The menu's name and initial follow a saved profile without a reload.
 */
export default function AccountSettings(props: AccountSettingsProps) {
  const { teamId, teamName, adminHref } = props;
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>("profile");
  const [profile, setProfile] = useState(props.profile);
  const [label, setLabel] = useState(props.label);
  const [players, setPlayers] = useState(props.players);
  const trigger = useRef<HTMLAnchorElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const { m, t } = useI18n();
  const texts = m.accountSettings;

  useEffect(() => {
    const el = dialog.current;
    if (open && el && !el.open) {
      el.showModal();
      (el.querySelector<HTMLElement>("[aria-selected=true]") ?? el.querySelector<HTMLElement>("button"))?.focus();
    }
  }, [open]);

  const show = (e: { preventDefault(): void }) => {
    e.preventDefault();
    setOpen(true);
  };
  // Escape or the close button: the dialog closes and the menu's Account Settings item has the focus again.
  const onClose = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    // Two tabs: either arrow moves to the other one.
    const to = ({ ArrowRight: 2, ArrowLeft: 2, Home: 0, End: 1 } as Record<string, number>)[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = to === 2 ? (tab === "profile" ? "players" : "profile") : TABS[to];
    setTab(next);
    document.getElementById(`acct-tab-${next}`)?.focus();
  };

  const onSaved = (p: Profile) => {
    setProfile(p);
    setLabel(`${p.firstName} ${p.lastName}`.trim() || p.email);
  };

  return (
    <>
      <AccountMenu
        label={label}
        adminHref={adminHref}
        account={
          <a
            ref={trigger}
            className="acct-menu__item acct__trigger"
            href="/account"
            aria-haspopup="dialog"
            onClick={show}
            onKeyDown={(e) => e.key === " " && show(e)}
          >
            {texts.title}
          </a>
        }
      />
      {open && (
        <dialog
          ref={dialog}
          className="dialog acct"
          aria-labelledby="acct-title"
          onClose={onClose}
          onKeyDown={keepTabInside}
        >
          {/* Toasts shown while the dialog is open live here: the page behind it is inert. */}
          <div className="toast-region toast-region--dialog" aria-live="polite"></div>
          <div className="dialog__body">
            <div className="acct__head">
              <h2 id="acct-title" className="dialog__title">{texts.title}</h2>
              <button
                type="button"
                className="button button--ghost acct__close"
                aria-label={texts.close}
                onClick={() => dialog.current?.close()}
              >
                ×
              </button>
            </div>
            <p className="dialog__lead">{teamName}</p>
            {adminHref && (
              <a className="button button--secondary acct__admin" href={adminHref}>{texts.adminDashboard}</a>
            )}
            {profile
              ? (
                <>
                  <div role="tablist" aria-label={texts.title} className="tabs">
                    {TABS.map((id) => (
                      <button
                        key={id}
                        type="button"
                        role="tab"
                        id={`acct-tab-${id}`}
                        aria-selected={tab === id}
                        aria-controls={`acct-panel-${id}`}
                        tabIndex={tab === id ? 0 : -1}
                        className="tabs__tab"
                        onClick={() => setTab(id)}
                        onKeyDown={onTabKey}
                      >
                        {texts.tabs[id]}
                      </button>
                    ))}
                  </div>
                  {TABS.map((id) => (
                    <div
                      key={id}
                      role="tabpanel"
                      id={`acct-panel-${id}`}
                      aria-labelledby={`acct-tab-${id}`}
                      className="tabs__panel"
                      hidden={tab !== id}
                    >
                      {id === "profile"
                        ? <ProfileForm teamId={teamId} profile={profile} onSaved={onSaved} />
                        : players.length === 0
                        ? <p className="acct__empty">{t(texts.noPlayers, { team: teamName })}</p>
                        : players.map((p) => (
                          <PlayerForm
                            key={p.id}
                            player={p}
                            onSaved={(saved) => setPlayers((all) => all.map((q) => q.id === saved.id ? saved : q))}
                          />
                        ))}
                    </div>
                  ))}
                </>
              )
              : <p className="notice">{t(texts.noProfile, { label })}</p>}
          </div>
        </dialog>
      )}
    </>
  );
}
