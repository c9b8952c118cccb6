import { Hono } from "hono";
import type { AppEnv } from "../../app_env.ts";
import { actorOf, getSessionUser, requireTeamMember, teamViewer } from "../../auth_middleware.ts";
import { getTeam } from "../../../lib/db/teams.ts";
import { deleteGalleryPhoto, listGalleryPhotos, setHeadshotConsent } from "../../../lib/photos/mod.ts";
import { FAMILY_TEXTS, familyHref } from "../../../lib/families/mod.ts";
import { formBody, formText, readForm } from "../../http.ts";
import { canWrite } from "../../../lib/team_viewer.ts";
import { NotFoundError, ValidationError } from "../../../lib/errors.ts";
import { renderPage } from "../../../lib/render/page.tsx";
import { PRIVATE_PAGE, sendPage } from "../../security_headers.ts";
import { headerAccount } from "../../../components/SiteLayout.tsx";
import { PhotosPage } from "../../../components/dashboard/photos/PhotosPage.tsx";
import {
  MAX_OFFSET,
  parseOffset,
  VIEW_ALL_PAGE_SIZE,
  viewAllHref,
} from "../../../components/dashboard/photos/gallery_rules.ts";
import { redactLogText } from "../../../lib/log.ts";
import { pageLanguage } from "../../language.ts";
import { messagesFor } from "../../../lib/i18n/catalog.ts";
import { format } from "../../../lib/i18n/format.ts";

/**
 * `/family-dashboard/{teamId}`'s photos. View All: `GET …/photos?offset=N`, the team's photos newest first,
 * 24 a page, server-rendered (it is how the gallery pages without JavaScript). Members of the
 * team only (a system administrator reads); a malformed offset is a 400 page. The uploader of a
 * photo, or an admin, deletes it here with a plain form.
 */
export const photoPages = new Hono<AppEnv>()
  .get("/photos", requireTeamMember, async (c) => {
    const offset = parseOffset(c.req.query("offset"));
    if (offset === null) {
      // English, as lib/ words a refusal: the error page shows it in the request's language.
      const refusal = messagesFor("en").dashboard.viewAll.badOffset;
      throw new ValidationError(format("en", refusal, { max: String(MAX_OFFSET) }));
    }
    const { kv, assets } = c.var.deps;
    const viewer = teamViewer(c);
    const team = await getTeam(kv, viewer.teamId);
    if (!team) throw new NotFoundError(FAMILY_TEXTS.teamNotFound);
    let photos: Awaited<ReturnType<typeof listGalleryPhotos>> | null = null;
    try {
      photos = await listGalleryPhotos(kv, team.id, { offset, limit: VIEW_ALL_PAGE_SIZE, lang: viewer.language });
    } catch (error) {
      // SPEC.md section 8: 'Failed to load photos' on the page rather than an error page.
      console.error(
        JSON.stringify({ event: "photos_load_failed", teamId: team.id, error: redactLogText(String(error)) }),
      );
    }
    const language = await pageLanguage(c);
    const title = messagesFor(language.lang).dashboard.viewAll.title;
    const page = renderPage(
      assets,
      <PhotosPage
        team={{ id: team.id, name: team.name }}
        photos={photos}
        offset={offset}
        account={headerAccount(await getSessionUser(c))}
        canAdd={canWrite(viewer)}
        viewer={{ userId: viewer.userId, isAdmin: viewer.isAdmin, canWrite: canWrite(viewer) }}
      />,
      { title: format(language.lang, title, { team: team.name }), noindex: true, ...language },
    );
    // The team's photos: never cached, never indexed.
    return sendPage(c, page, PRIVATE_PAGE);
  })
  // Deleting without JavaScript: the uploader or an admin, back to the same page of View All.
  .post("/photos/:photoId/delete", formBody, requireTeamMember, async (c) => {
    const offset = parseOffset(formText(await readForm(c), "offset")) ?? 0;
    await deleteGalleryPhoto(c.var.deps.kv, teamViewer(c), c.req.param("photoId"), await actorOf(c), c.var.deps.now());
    return c.redirect(viewAllHref(teamViewer(c).teamId, offset), 303);
  })
  // A guardian's public-photo choice without JavaScript (R41): an unticked box is absent from the
  // post, so the form is the whole choice. Back to the child's dialog, which shows what is stored.
  .post("/players/:playerId/headshot-consent", formBody, requireTeamMember, async (c) => {
    const viewer = teamViewer(c);
    const playerId = c.req.param("playerId");
    const wanted = formText(await c.req.parseBody(), "public") === "on";
    await setHeadshotConsent(c.var.deps.kv, viewer, playerId, wanted, await actorOf(c), c.var.deps.now());
    return c.redirect(`/family-dashboard/${viewer.teamId}${familyHref.member(`player:${playerId}`)}`, 303);
  });
