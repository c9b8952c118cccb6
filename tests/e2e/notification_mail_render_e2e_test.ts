/**
 * Every kind of notification mail as a mail client shows it (issue 23 item 6): its HTML part in
 * Chromium at 390 and 1280 px, with the longest texts a team can give it. It never scrolls
 * sideways, every image has its alt text, axe finds nothing serious, and the button and the
 * footer's two links are on the page. The news and schedule-change builders meet their worst
 * case here; the weekly digest is the demo team's, as the dev call sends it through SMTP.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { partOf } from "./smtp_sink.ts";
import { assertAccessible, readAxeSource } from "./page_checks.ts";
import { missingAltText, newsMail } from "../../lib/notifications/mod.ts";
import { scheduleChangeMail } from "../../lib/notifications/schedule_change_mail.ts";
import type { OutgoingMail } from "../../lib/mail/types.ts";
import { DEFAULT_TEAM_SETTINGS } from "../../lib/db/teams.ts";

const SHOTS = Deno.env.get("MAIL_SHOTS") ?? "";
const APP = "https://goalmates.example";
const LONG_TEAM = "Riverside Thunderbolts Premier Girls U12 Blue (Spring)";
const LONG_WORD = "Supercalifragilisticexpialidocious-field-number-twelve-north-entrance";
const user = { id: "01JZ0000000000000000000001", firstName: "Guadalupe-Montserrat", email: "lupe@example.com" };
const settings = (timeZone: string) => ({ ...DEFAULT_TEAM_SETTINGS, timeZone });
const team = { id: "team-1", name: LONG_TEAM, settings: settings("America/Los_Angeles") };
const now = new Date("2026-12-01T15:00:00Z");
const at = (days: number, location: string | null) => ({
  startTime: new Date(now.getTime() + days * 86_400_000).toISOString(),
  location,
});

const MAILS: Record<string, Pick<OutgoingMail, "html">> = {
  news: newsMail({
    user,
    teams: [team, { id: "team-2", name: "Tigers U10", settings: settings("America/New_York") }],
    posts: [
      {
        teamId: "team-1",
        authorFirstName: "Sam",
        createdAt: now.toISOString(),
        content: `Bring water and shin guards.\nMeet at ${LONG_WORD} ${"before warm-up ".repeat(20)}`,
      },
      { teamId: "team-2", authorFirstName: "Ana", createdAt: now.toISOString(), content: "Pictures are up!" },
    ],
    more: 3,
    appUrl: APP,
  }),
  "schedule changes": scheduleChangeMail({
    user,
    team,
    zone: "America/Los_Angeles",
    changes: [
      { kind: "cancelled", eventId: "e1", title: `Game vs ${LONG_TEAM}`, at: at(2, LONG_WORD) },
      { kind: "moved", eventId: "e2", title: "Practice", from: at(3, "Field 2"), to: at(4, `${LONG_WORD} (lower)`) },
      { kind: "removed", eventId: "e3", title: "Team photo day", at: at(5, null) },
    ],
    more: 2,
    appUrl: APP,
    now,
  }),
};

async function fitsAt(page: Page, width: number, name: string, axe: string) {
  await page.setViewportSize({ width, height: 900 });
  const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  assert.ok(scrollWidth <= width, `the ${name} mail does not scroll sideways at ${width} px (${scrollWidth} px)`);
  await assertAccessible(page, axe, `the ${name} mail at ${width} px`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name.replace(/\W+/g, "-")}-${width}.png`, fullPage: true });
}

e2eTest(
  "[notification mail e2e] each kind's HTML fits 390 and 1280 px, with alt text and axe clean",
  { smtp: true },
  async ({ newContext, smtp, base }, t) => {
    const axe = await readAxeSource();
    const run = await fetch(`${base}/api/dev/digests/run`, { method: "POST", headers: { Origin: base } });
    assert.equal(run.status, 200, await run.text());
    const digest = await smtp.waitForMail("parent@example.com", "Your week with");
    const mails = { ...MAILS, "weekly digest": { html: partOf(digest, "text/html") } };
    const appOf = (name: string) => name === "weekly digest" ? base : APP;
    // The mails hold no script; the page's own is axe's.
    const context = await newContext({});
    for (const [name, mail] of Object.entries(mails)) {
      await t.step(name, async () => {
        assert.deepEqual(missingAltText(mail.html), []);
        const page = await context.newPage();
        await page.setContent(mail.html);
        assert.equal(await page.getAttribute("html", "lang"), "en");
        assert.ok(await page.getByRole("link", { name: "Stop these e-mails" }).isVisible());
        assert.ok(await page.getByRole("link", { name: "All notification choices" }).isVisible());
        const hrefs = await page.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        for (const href of hrefs) assert.ok(href?.startsWith(`${appOf(name)}/`), `only the app's own links: ${href}`);
        for (const width of [390, 1280]) await fitsAt(page, width, name, axe);
        await page.close();
      });
    }
  },
);
