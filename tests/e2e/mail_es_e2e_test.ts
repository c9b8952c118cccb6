/**
 * Issue 24: Spanish mails as a mail client shows them. The HTML part of a sign-in link, an
 * admin's requests mail, team news, schedule changes and a weekly digest (built by the real job
 * for a parent whose account chose Spanish), each in Chromium at 390 and 1280 px: `lang="es"`,
 * no sideways scroll, no button whose label (about 25% longer in Spanish) overflows it, axe
 * clean, and the footer's links by their Spanish names. A mail needs no server: the pages are
 * set from the HTML, as a mail client sets them. MAIL_SHOTS=<dir> keeps screenshots.
 * (Built in this process on an in-memory database, so it needs neither the asset build nor a server.)
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser } from "./server.ts";
import { assertAccessible, readAxeSource } from "./page_checks.ts";
import { call, createTestApp } from "../helpers.ts";
import { queuedMail } from "../auth_helpers.ts";
import { adminWorld } from "../admin_helpers.ts";
import { setAccountLanguage } from "../../lib/accounts/mod.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { DEFAULT_TEAM_SETTINGS } from "../../lib/db/teams.ts";
import { adminRequestsMail, signInMail } from "../../lib/mail/templates.ts";
import {
  dueNewsJobs,
  missingAltText,
  newsMail,
  runNewsFanoutJob,
  runWeeklyDigests,
} from "../../lib/notifications/mod.ts";
import type { NewsFanoutJob } from "../../lib/notifications/news.ts";
import { scheduleChangeMail } from "../../lib/notifications/schedule_change_mail.ts";
import { englishLeftIn } from "../i18n_helpers.ts";

const SHOTS = Deno.env.get("MAIL_SHOTS") ?? "";
const APP = "https://goalmates.example";
const LONG_TEAM = "Riverside Thunderbolts Premier Girls U12 Blue (Spring)";
const LONG_WORD = "Supercalifragilisticexpialidocious-field-number-twelve-north-entrance";
const user = { id: "01JZ0000000000000000000001", firstName: "Guadalupe-Montserrat", email: "lupe@example.com" };
const spanish = { ...user, language: "es" as const };
const now = new Date("2026-12-01T15:00:00Z");
const at = (days: number, location: string | null) => ({
  startTime: new Date(now.getTime() + days * 86_400_000).toISOString(),
  location,
});
const team = {
  id: "team-1",
  name: LONG_TEAM,
  settings: { ...DEFAULT_TEAM_SETTINGS, timeZone: "America/Los_Angeles" },
};

/** Built as the jobs build them, with the longest texts a team can give them. */
const BUILT: Record<string, { html: string; notification: boolean }> = {
  "sign-in": {
    html: signInMail({ firstName: "Guadalupe", link: `${APP}/auth/magic?token=abc` }, "es").html,
    notification: false,
  },
  "admin requests": {
    html: adminRequestsMail({
      firstName: "Ada",
      teamName: LONG_TEAM,
      requests: [`Solicitud de a@example.com por #7 ${LONG_WORD}`],
      linkAsks: ["Luis (luis@example.com)"],
      more: 2,
      removalRequests: 1,
      claimsLink: `${APP}/admin/team-1/claims`,
      dashboardLink: `${APP}/admin/team-1`,
    }, "es").html,
    notification: false,
  },
  news: {
    html: newsMail({
      user: spanish,
      teams: [team],
      posts: [{ teamId: "team-1", authorFirstName: "Sam", createdAt: now.toISOString(), content: "Traigan agua." }],
      more: 3,
      appUrl: APP,
    }).html,
    notification: true,
  },
  "schedule changes": {
    html: scheduleChangeMail({
      user: spanish,
      team,
      zone: "America/Los_Angeles",
      changes: [
        { kind: "cancelled", eventId: "e1", title: `Game vs ${LONG_TEAM}`, at: at(2, LONG_WORD) },
        { kind: "moved", eventId: "e2", title: "Practice", from: at(3, "Field 2"), to: at(4, null) },
      ],
      more: 2,
      appUrl: APP,
      now,
    }).html,
    notification: true,
  },
};

/** The weekly digest the job writes for a parent who chose Spanish (an admin's news of the week in it). */
async function spanishDigest(): Promise<string> {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  await setAccountLanguage(t.kv, (await getUserByEmail(t.kv, "parent@example.com"))!.id, "es");
  const posted = await call(t.app, "POST", `/api/teams/${w.team.id}/posts`, {
    cookie: w.cookies.admin,
    body: { postType: "news", content: "El entrenamiento del sábado pasa a la cancha 3." },
  });
  assert.equal(posted.status, 201);
  await posted.body?.cancel();
  const fanouts = (await dueNewsJobs(t.kv)[0](Date.now(), { cursor: "", limit: 50 })).values as NewsFanoutJob[];
  for (const job of fanouts) await runNewsFanoutJob(t.kv, job, APP);
  await runWeeklyDigests(t.kv, { appUrl: APP, anyTime: true });
  const digest = (await queuedMail(t.kv)).map((m) => m.mail)
    .find((m) => m.to.address === "parent@example.com" && m.kind === "notification-weeklyDigest");
  assert.ok(digest, "the parent's digest was queued");
  return digest.html;
}

async function fitsAt(page: Page, width: number, name: string, axe: string) {
  await page.setViewportSize({ width, height: 900 });
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  assert.ok(scrollWidth <= width, `the ${name} mail does not scroll sideways at ${width} px (${scrollWidth} px)`);
  const overflowing = await page.locator("a").evaluateAll((links) =>
    links.filter((a) => a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent)
  );
  assert.deepEqual(overflowing, [], `no label overflows its button in the ${name} mail at ${width} px`);
  await assertAccessible(page, axe, `the Spanish ${name} mail at ${width} px`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/es-${name.replace(/\W+/g, "-")}-${width}.png`, fullPage: true });
}

Deno.test("[mail es e2e] Spanish mails fit 390 and 1280 px, axe clean, no button overflowing", async (t) => {
  const axe = await readAxeSource();
  const mails = { ...BUILT, "weekly digest": { html: await spanishDigest(), notification: true } };
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ locale: "es-MX" });
    for (const [name, mail] of Object.entries(mails)) {
      await t.step(name, async () => {
        assert.deepEqual(missingAltText(mail.html), []);
        assert.deepEqual(englishLeftIn(mail.html), [], `${name}: no English catalogue text`);
        const page = await context.newPage();
        await page.setContent(mail.html);
        assert.equal(await page.getAttribute("html", "lang"), "es");
        // An account mail's HTML (the same shape as in English) has no <title>: the client shows the subject.
        if (!mail.notification) await page.evaluate(() => document.title ||= "GoalMates");
        if (mail.notification) {
          assert.ok(await page.getByRole("link", { name: "Dejar de recibir estos correos" }).isVisible());
          assert.ok(await page.getByRole("link", { name: "Todas las opciones de notificación" }).isVisible());
        }
        for (const width of [390, 1280]) await fitsAt(page, width, name, axe);
        await page.close();
      });
    }
    await context.close();
  } finally {
    await browser.close();
  }
});
