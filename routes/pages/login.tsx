import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { sendPage } from "../security_headers.ts";
import { loginTeamAdmin, parseLoginEmail, requestMagicLink } from "../../lib/auth/login.ts";
import { signInPerson } from "../auth_middleware.ts";
import { AppError } from "../../lib/errors.ts";
import { httpStatusOf, retryAfterHeader } from "../errors.ts";
import { formText, readForm, safeLocalPath } from "../http.ts";
import { authContext } from "../api/auth.ts";
import { TeamLoginPage } from "../../components/login/TeamLoginPage.tsx";
import { teamLoginHref } from "../../components/login/login_links.ts";
import type { TeamLoginProps } from "../../islands/TeamLogin.tsx";

/** The page can show an address someone typed: never cached. */
const PRIVATE: [string, string][] = [["cache-control", "no-store"]];

function loginState(tab: TeamLoginProps["tab"], next: string, changes: Partial<TeamLoginProps> = {}): TeamLoginProps {
  return {
    tab,
    next,
    magic: { email: "", sentTo: null, error: null },
    password: { email: "", error: null },
    ...changes,
  };
}

function sendLogin(c: Context<AppEnv>, login: TeamLoginProps, status = 200, headers: [string, string][] = []) {
  const { assets, config } = c.var.deps;
  // A page that needs a session sent the visitor here (`&reason=logged-out`): say why.
  const loggedOut = c.req.method === "GET" && c.req.query("reason") === "logged-out";
  const element = <TeamLoginPage login={login} development={config.env === "development"} loggedOut={loggedOut} />;
  const page = renderPage(assets, element, {
    title: "Team Login",
    description: "Sign in to your GoalMates team with a magic link or your team admin password.",
    status,
  });
  return sendPage(c, page, [...PRIVATE, ...headers]);
}

/** A refusal from lib/ (bad input, wrong password, throttling) as its status and the headers it needs. */
function refusal(error: unknown): { status: number; message: string; headers: [string, string][] } {
  if (!(error instanceof AppError)) throw error;
  const headers = retryAfterHeader(error);
  return { status: httpStatusOf(error), message: error.message, headers };
}

/** `/team-login` with its no-JavaScript posts, and `/admin-login`, which leads to it. */
export const loginPageRoutes = new Hono<AppEnv>()
  .get("/team-login", (c) => {
    const tab = c.req.query("tab") === "password" ? "password" : "magic";
    return sendLogin(c, loginState(tab, safeLocalPath(c.req.query("next"), "")));
  })
  .post("/team-login", async (c) => {
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
        const { status, message, headers } = refusal(error);
        return sendLogin(c, loginState("password", next, { password: { email, error: message } }), status, headers);
      }
      // The cookie rides on this redirect (post/redirect/get).
      c.header("Cache-Control", "no-store");
      return c.redirect(safeLocalPath(next, `/teams/${encodeURIComponent(teamId)}`), 303);
    }

    if (action === "magic") {
      try {
        await requestMagicLink(authContext(c), parseLoginEmail(email), { kind: "any" }, next);
      } catch (error) {
        const { status, message, headers } = refusal(error);
        const magic = { email, sentTo: null, error: message };
        return sendLogin(c, loginState("magic", next, { magic }), status, headers);
      }
      // The same page whether or not the address has an account.
      return sendLogin(c, loginState("magic", next, { magic: { email, sentTo: email, error: null } }));
    }

    // 'Change Email' (and anything unknown): the magic-link form again, filled in.
    return sendLogin(c, loginState("magic", next, { magic: { email, sentTo: null, error: null } }));
  })
  // DECISIONS.md: one sign-in page; the admin's way in is its Email & Password tab.
  .get("/admin-login", (c) => c.redirect(teamLoginHref("password", safeLocalPath(c.req.query("next"), "")), 303));
