import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../security_headers.ts";
import { loginTeamAdmin, parseLoginEmail, requestMagicLink } from "../../lib/auth/login.ts";
import { signInPerson } from "../auth_middleware.ts";
import { refusalOf, signInRoute } from "../errors.ts";
import { formBody, formText, readForm, safeLocalPath } from "../http.ts";
import { authContext } from "../contexts.ts";
import { TeamLoginPage } from "../../components/login/TeamLoginPage.tsx";
import { teamLoginHref } from "../../components/login/login_links.ts";
import type { TeamLoginProps } from "../../islands/TeamLogin.tsx";
import { pageLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";
import { translateMessage } from "../../lib/i18n/translate.ts";

function loginState(tab: TeamLoginProps["tab"], next: string, changes: Partial<TeamLoginProps> = {}): TeamLoginProps {
  return {
    tab,
    next,
    magic: { email: "", sentTo: null, error: null },
    password: { email: "", error: null },
    ...changes,
  };
}

async function sendLogin(
  c: Context<AppEnv>,
  login: TeamLoginProps,
  status = 200,
  headers: [string, string][] = [],
) {
  const { assets, config } = c.var.deps;
  const language = await pageLanguage(c);
  const texts = messagesFor(language.lang).auth.teamLogin;
  // lib refuses in English: the form shows it in the page's language.
  const inLanguage = (error: string | null) => error && translateMessage(error, language.lang);
  const shown: TeamLoginProps = {
    ...login,
    magic: { ...login.magic, error: inLanguage(login.magic.error) },
    password: { ...login.password, error: inLanguage(login.password.error) },
  };
  // A page that needs a session sent the visitor here (`&reason=logged-out`): say why.
  const loggedOut = c.req.method === "GET" && c.req.query("reason") === "logged-out";
  const element = <TeamLoginPage login={shown} development={config.env === "development"} loggedOut={loggedOut} />;
  const page = renderPage(assets, element, { title: texts.title, description: texts.description, status, ...language });
  // The page can show an address someone typed: never cached.
  return sendPage(c, page, [...PRIVATE_PAGE, ...headers]);
}

/** `/team-login` with its no-JavaScript posts. */
export const teamLoginPage = new Hono<AppEnv>()
  .get("/", async (c) => {
    const tab = c.req.query("tab") === "password" ? "password" : "magic";
    return await sendLogin(c, loginState(tab, safeLocalPath(c.req.query("next"), "")));
  })
  .post("/", formBody, signInRoute("password"), async (c) => {
    const form = await readForm(c);
    const next = safeLocalPath(form.next, "");
    const email = formText(form, "email").trim();
    const action = formText(form, "action");

    if (action === "password") {
      let teamId: string;
      try {
        const login = await loginTeamAdmin(authContext(c), email, formText(form, "password"));
        await signInPerson(c, login.user.id, login.teamId);
        teamId = login.teamId;
      } catch (error) {
        const { status, message, headers } = refusalOf(error);
        return await sendLogin(
          c,
          loginState("password", next, { password: { email, error: message } }),
          status,
          headers,
        );
      }
      // The cookie rides on this redirect (post/redirect/get).
      c.header("Cache-Control", "no-store");
      return c.redirect(safeLocalPath(next, `/teams/${encodeURIComponent(teamId)}`), 303);
    }

    if (action === "magic") {
      try {
        await requestMagicLink(authContext(c), parseLoginEmail(email), { kind: "any" }, next);
      } catch (error) {
        const { status, message, headers } = refusalOf(error);
        const magic = { email, sentTo: null, error: message };
        return await sendLogin(c, loginState("magic", next, { magic }), status, headers);
      }
      // The same page whether or not the address has an account.
      return await sendLogin(c, loginState("magic", next, { magic: { email, sentTo: email, error: null } }));
    }

    // 'Change Email' (and anything unknown): the magic-link form again, filled in.
    return await sendLogin(c, loginState("magic", next, { magic: { email, sentTo: null, error: null } }));
  });

/** `/admin-login`. DECISIONS.md: one sign-in page; the admin's way in is its Email & Password tab. */
export const adminLoginPage = new Hono<AppEnv>()
  .get("/", (c) => c.redirect(teamLoginHref("password", safeLocalPath(c.req.query("next"), "")), 303));
