/**
 * The plain forms of a parent's privacy controls for their child (issue 22), for browsers without
 * JavaScript: `POST /account/privacy/children/{playerId}/removal-request` (field `reason`) and
 * `…/privacy` (checkboxes `hideLastName`, `hidePhoto`). Post/redirect/get back to /account/privacy
 * with `?child=<code>` or `?child-error=<code>` (CHILD_NOTICES), or to the child's card on the
 * family dashboard with `back=dashboard`. Who may: as the JSON calls (routes/api/child_privacy.ts).
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { requireUser } from "../auth_middleware.ts";
import { formBody, formText, readForm } from "../http.ts";
import { refusalOf } from "../errors.ts";
import { parentActOf } from "../api/child_privacy.ts";
import {
  CHILD_NOTICES,
  CHILD_PRIVACY_FIELDS as FIELDS,
  type ChildNoticeCode,
  familyHref,
  type ParentAct,
  requestChildRemoval,
  setChildPrivacy,
} from "../../lib/families/mod.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";

type Ctx = Context<AppEnv>;
type Form = Record<string, unknown>;

const PRIVACY_PAGE = "/account/privacy";

function backTo(act: ParentAct, form: Form, query: string): string {
  if (formText(form, FIELDS.back) === "dashboard") {
    return `/family-dashboard/${act.teamId}${familyHref.member(`player:${act.playerId}`)}`;
  }
  return `${PRIVACY_PAGE}?${query}#child-${act.playerId}`;
}

/**
 * Runs a parent's change and answers with a redirect: a refusal the page can show (a reason too
 * long, a request already waiting) goes back with its code; anything else (not their child, not
 * signed in) is the error page, as for the JSON call.
 */
function parentForm(done: ChildNoticeCode, change: (act: ParentAct, form: Form) => Promise<unknown>) {
  return async (c: Ctx) => {
    const act = await parentActOf(c);
    const form = await readForm(c);
    try {
      await change(act, form);
    } catch (error) {
      const refused = refusalOf(error, ValidationError, ConflictError);
      const code = (Object.keys(CHILD_NOTICES) as ChildNoticeCode[]).find((k) => CHILD_NOTICES[k] === refused.message);
      if (!code) throw error;
      return c.redirect(backTo(act, form, `child-error=${code}`), 303);
    }
    return c.redirect(backTo(act, form, `child=${done}`), 303);
  };
}

export const childPrivacyForms = new Hono<AppEnv>()
  .post(
    "/:playerId/removal-request",
    formBody,
    requireUser,
    parentForm("requested", (act, form) => requestChildRemoval(act, formText(form, FIELDS.reason))),
  )
  .post(
    "/:playerId/privacy",
    formBody,
    requireUser,
    parentForm("saved", (act, form) =>
      setChildPrivacy(act, {
        hideLastName: formText(form, FIELDS.hideLastName) === "on",
        hidePhoto: formText(form, FIELDS.hidePhoto) === "on",
      })),
  );
