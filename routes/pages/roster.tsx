import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { RosterNotFound, RosterPage } from "../../components/roster/RosterPage.tsx";
import { ClaimFormPage, type ClaimFormValues } from "../../components/roster/ClaimFormPage.tsx";
import { rosterHref, type RosterView } from "../../components/roster/links.ts";
import { loadPublicRoster } from "../../lib/roster/mod.ts";
import { GROUPINGS, MODES, pick, SORTS } from "../../lib/roster/mod.ts";
import { canonicalTeamKey, resolveTeam, type Team } from "../../lib/db/teams.ts";
import { checkClaim } from "../../lib/claims/mod.ts";
import { acceptClaim } from "../../lib/claims/mod.ts";
import { refusalOf } from "../errors.ts";
import { clientIp, formBody, formText, readForm } from "../http.ts";
import { getSessionUser, getSysadmin } from "../auth_middleware.ts";
import { headerAccount } from "../../components/SiteLayout.tsx";
import { shareWithEveryone } from "../fast_path.ts";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { format } from "../../lib/i18n/format.ts";
import { translateFields } from "../../lib/i18n/translate.ts";

const PLAYER_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

function readView(query: Record<string, string>): RosterView {
  return {
    mode: pick(query.mode, MODES, "game"),
    sort: pick(query.sort, SORTS, "name"),
    group: pick(query.group, GROUPINGS, "none"),
    player: PLAYER_ID.test(query.player ?? "") ? query.player : null,
  };
}

/** Longer than any token we issue (as `/edit` reads it). */
const MAX_TOKEN_LENGTH = 200;

/**
 * The header's account for the pages here that are rendered per request. The roster page
 * itself is cached for everyone and never shows who is signed in.
 */
async function accountOf(c: Context<AppEnv>) {
  const [user, sysadmin] = await Promise.all([getSessionUser(c), getSysadmin(c)]);
  return headerAccount(user, sysadmin?.email ?? null);
}

/** `/t/{slug}`: the public roster and the claim form that works without JavaScript. */
export const rosterPages = new Hono<AppEnv>()
  .get("/roster", async (c) => {
    const { kv, assets, now, rosterPages } = c.var.deps;
    const slug = c.req.param("slug") ?? "";
    // An edit link pasted onto the roster (`?token=…`) opens the edit page it belongs to; the
    // token is a secret, so the redirect is never cached and never sent on in a Referer.
    const token = (c.req.query("token") ?? "").trim().slice(0, MAX_TOKEN_LENGTH);
    if (token) {
      c.header("Cache-Control", "no-store");
      c.header("Referrer-Policy", "no-referrer");
      return c.redirect(`/edit?token=${encodeURIComponent(token)}`, 303);
    }
    // One spelling per team (R25): "/t/Demo/roster" moves to "/t/demo/roster", so the cache
    // below never holds a page per way of writing a slug.
    const canonical = canonicalTeamKey(slug);
    if (canonical !== slug) {
      const { search } = new URL(c.req.url);
      return c.redirect(`/t/${encodeURIComponent(canonical)}/roster${search}`, 301);
    }
    const view = readView(c.req.query());
    const claimed = c.req.query("claimed") === "1";
    const { lang, path } = await pageLanguage(c);
    const variant = `${lang}|${view.mode}|${view.sort}|${view.group}|${view.player ?? ""}|${claimed ? 1 : 0}`;
    const page = await rosterPages.getOrLoadEntry(slug, variant, async () => {
      const roster = await loadPublicRoster(kv, slug, now());
      if (!roster) return null;
      const { team, players, revision } = roster;
      const texts = messagesFor(lang).roster;
      const value = renderPage(
        assets,
        <RosterPage team={team} players={players} view={view} claimed={claimed} />,
        {
          title: format(lang, texts.title, { team: team.name }),
          description: format(lang, texts.description, { team: team.name, season: team.season }),
          noindex: true,
          shared: true,
          lang,
          path,
        },
      );
      return { teamId: team.id, revision, value };
    });
    if (page) {
      // The same bytes for everyone, until the team changes: the public response cache may keep it.
      shareWithEveryone(c, page);
      return sendPage(c, page.value);
    }
    const account = await accountOf(c);
    const notFound = <RosterNotFound account={account} />;
    return sendPage(
      c,
      renderPage(assets, notFound, {
        title: messagesFor(lang).roster.notFound.title,
        status: 404,
        noindex: true,
        lang,
        path,
      }),
      PRIVATE_PAGE,
    );
  })
  .get("/claim", async (c) => {
    const team = await resolveTeam(c.var.deps.kv, c.req.param("slug") ?? "");
    if (!team) return c.notFound();
    const jersey = c.req.query("jersey") ?? "";
    const values: ClaimFormValues = {
      mode: "jersey",
      jerseyNumber: /^\d{1,2}$/.test(jersey) ? jersey : "",
      childSurname: "",
      email: "",
      note: "",
    };
    return sendClaimForm(c, team, values, {}, 200);
  })
  .post("/claim", formBody, async (c) => {
    const { kv, now } = c.var.deps;
    const team = await resolveTeam(kv, c.req.param("slug") ?? "");
    if (!team) return c.notFound();
    const form = await readForm(c);
    const values: ClaimFormValues = {
      mode: formText(form, "mode") === "surname" ? "surname" : "jersey",
      jerseyNumber: formText(form, "jerseyNumber"),
      childSurname: formText(form, "childSurname"),
      email: formText(form, "email"),
      note: formText(form, "note"),
    };
    const check = checkClaim({ ...values, mode: formText(form, "mode") || "jersey" });
    if (!check.ok) return sendClaimForm(c, team, values, check.fields, 400);
    try {
      const { lang } = await pageLanguage(c);
      await acceptClaim(kv, team, check.value, clientIp(c), c.var.deps.config.appUrl, now(), lang);
    } catch (error) {
      const refused = refusalOf(error);
      return sendClaimForm(c, team, values, { _: refused.message }, refused.status, refused.headers);
    }
    return c.redirect(`${rosterHref(team.slug, {})}?claimed=1`, 303);
  });

async function sendClaimForm(
  c: Context<AppEnv>,
  team: Team,
  values: ClaimFormValues,
  errors: Record<string, string>,
  status: number,
  headers: [string, string][] = [],
) {
  const account = await accountOf(c);
  const { lang, path } = await pageLanguage(c);
  // lib refuses in English; the form shows each message in the page's language.
  const shown = translateFields(errors, lang);
  const page = renderPage(
    c.var.deps.assets,
    <ClaimFormPage team={team} values={values} errors={shown} account={account} />,
    {
      title: format(lang, messagesFor(lang).claims.form.pageTitle, { team: team.name }),
      status,
      noindex: true,
      lang,
      path,
    },
  );
  return sendPage(c, page, account ? [...PRIVATE_PAGE, ...headers] : headers);
}
