/**
 * The Team Calendar card in Chromium: the demo admin's link whose host cannot be found is
 * refused with the reason at the field; a TeamSnap-shaped feed served on loopback (the app runs
 * with CALENDAR_ALLOW_PRIVATE_HOSTS=1) connects and is Active at once; Sync now; the demo
 * parent's Upcoming Events then shows the feed's next five events instead of the demo's own. A
 * failing feed turns the card red with the reason and 'Try again' (which retries), and families
 * read 'The schedule could not be updated' above the last good events; Remove (confirmed)
 * empties the card, and the admin's family dashboard then offers to connect a calendar. All
 * without a reload, by keyboard and pointer; axe at 1280 and 390 px, no sideways scroll. A link
 * filled in before the island wakes is the one sent. Without JavaScript the plain form
 * connects a calendar and comes back with a notice.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { assertAccessible, hydrated, toastWith } from "./page_checks.ts";
import { startFeedServer } from "../calendar_feed_server.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const HOUR = 60 * 60 * 1000;
/** The feed's events, in start order; the family dashboard shows the first five. */
const FEED_TITLES = [
  "E2E Game vs. Lions",
  "E2E Practice",
  "E2E Scrimmage vs Bears",
  "E2E Game @ Tigers",
  "E2E Team Photo Day",
  "E2E Season Party",
];
/** A sync (and the check of a new link) may take a while on a busy machine. */
const SYNC_WAIT_MS = 45_000;

/** A TeamSnap-shaped export whose events start from an hour from now (the real clock), a day apart. */
function feedText(): string {
  const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const now = Date.now();
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TeamSnap//E2E//EN", "X-WR-CALNAME:Rockets"];
  FEED_TITLES.forEach((title, i) => {
    const start = new Date(now + HOUR + i * 24 * HOUR);
    lines.push(
      "BEGIN:VEVENT",
      `UID:e2e-${i}@teamsnap.test`,
      `DTSTAMP:${stamp(new Date(now))}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + HOUR))}`,
      `SUMMARY:${title}`,
      "LOCATION:Riverside Park\\, Field 3",
      "END:VEVENT",
    );
  });
  lines.push("END:VCALENDAR");
  return lines.join("\r\n") + "\r\n";
}

const noSideScroll = async (page: Page, where: string) =>
  assert.ok(
    await page.evaluate(() => document.scrollingElement!.scrollWidth <= globalThis.innerWidth),
    `no sideways scroll: ${where}`,
  );

const card = (page: Page) => page.locator("#team-calendar");
const badge = (page: Page) => card(page).locator(".calendar-badge");

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post("/api/dev/auto-login", { data: { email } });
  assert.equal(res.status(), 200, "dev auto-login");
}

e2eTest(
  "[calendar e2e] connect a feed, sync it, see it on the family dashboard; errors, remove; without JavaScript",
  { env: { CALENDAR_ALLOW_PRIVATE_HOSTS: "1" } },
  async ({ base, newPage, newContext, axeSource }, t) => {
    const axe = await axeSource();
    await using feed = startFeedServer({ "/teamsnap/rockets.ics": { body: feedText() } });
    const feedUrl = feed.url("/teamsnap/rockets.ics");
    // The blank Add is refused with 400: the browser reports it.
    const { page, context } = await newPage({ viewport: DESKTOP, allow: [/status of 400/] });
    await signInAsDemoAdmin(context);
    const teamId = (await (await context.request.get("/api/teams/demo/roster")).json()).team.id as string;

    await t.step("the empty card: one field, Add Calendar, the 30-minute note; accessible", async () => {
      await page.goto("/teams/demo");
      await card(page).getByRole("heading", { name: "Team Calendar" }).waitFor();
      assert.equal(await page.getByLabel("Calendar URL").isDisabled(), false);
      assert.equal(await card(page).getByRole("button", { name: "Add Calendar" }).isDisabled(), false);
      assert.ok((await card(page).textContent())!.includes("Syncs every 30 minutes."));
      await noSideScroll(page, "empty card at 1280");
      await assertAccessible(page, axe, "the dashboard with the empty calendar card");
    });

    await t.step("a blank link is refused with the spec's toast and the error at the field", async () => {
      await page.getByLabel("Calendar URL").focus();
      await hydrated(page, "TeamCalendarCard");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter"); // Add Calendar, by keyboard
      const toast = toastWith(page, "Error Adding Calendar");
      await toast.waitFor();
      assert.ok((await toast.textContent())!.includes("Calendar URL is required"));
      assert.equal(await page.locator("#calendar-url-error").textContent(), "Calendar URL is required");
      assert.equal(await page.getByLabel("Calendar URL").getAttribute("aria-invalid"), "true");
      assert.ok(await page.evaluate(() => document.activeElement?.id === "calendar-url"), "focus back on the field");
    });

    await t.step(
      "a link whose host cannot be found is refused with the reason at the field; nothing connects",
      async () => {
        await page.getByLabel("Calendar URL").fill("webcal://no-such-host.invalid/teamsnap/rockets.ics");
        await card(page).getByRole("button", { name: "Add Calendar" }).click();
        // The blank link's toast may still be up: this one names the host.
        const reason = "The calendar host could not be found";
        await toastWith(page, "Error Adding Calendar").filter({ hasText: reason }).waitFor({ timeout: SYNC_WAIT_MS });
        assert.equal(await page.locator("#calendar-url-error").textContent(), "The calendar host could not be found");
        assert.equal(await page.getByLabel("Calendar URL").getAttribute("aria-invalid"), "true");
        assert.equal(
          await page.getByLabel("Calendar URL").inputValue(),
          "webcal://no-such-host.invalid/teamsnap/rockets.ics",
        );
        assert.equal(await badge(page).count(), 0, "nothing connected");
        assert.deepEqual(await (await context.request.get(`/api/teams/${teamId}/calendars`)).json(), []);
        await assertAccessible(page, axe, "the calendar card with a refused link");
      },
    );

    await t.step("Add Calendar reads the feed once and connects it: Active at once", async () => {
      await page.getByLabel("Calendar URL").fill(feedUrl);
      await card(page).getByRole("button", { name: "Add Calendar" }).click();
      await toastWith(page, "Calendar added").waitFor({ timeout: SYNC_WAIT_MS });
      const connected = card(page).getByRole("button", { name: "Calendar Connected" });
      await connected.waitFor();
      assert.equal(await connected.isDisabled(), true);
      assert.equal(await page.getByLabel("Calendar URL").isDisabled(), true);
      assert.equal(await page.locator("#calendar-url-error").count(), 0);
      assert.equal(await badge(page).textContent(), "Active", "no Syncing wait: the check was the first sync");
      const text = (await card(page).textContent())!;
      assert.ok(text.includes("TeamSnap"), text);
      assert.ok(text.includes(`127.0.0.1:${new URL(feedUrl).port}/….ics`), "the masked link");
      assert.ok(!text.includes("rockets"), "never the whole link");
      assert.ok(text.includes("Just now") || /\d+ minutes? ago/.test(text), text);
      assert.equal(await card(page).locator(".calendar-card__facts dd").nth(2).textContent(), "6");
      assert.equal(feed.requests["/teamsnap/rockets.ics"], 1);
    });

    await t.step("Sync now fetches again and says so; accessible at 1280 and 390 px", async () => {
      await card(page).getByRole("button", { name: "Sync now" }).click();
      await toastWith(page, "Calendar synced").waitFor({ timeout: SYNC_WAIT_MS });
      assert.equal(await badge(page).textContent(), "Active");
      assert.equal(feed.requests["/teamsnap/rockets.ics"], 2);
      assert.ok(await page.evaluate(() => document.activeElement?.id === "calendar-sync"), "focus stays on Sync now");
      await assertAccessible(page, axe, "the connected calendar card");
      await page.setViewportSize(PHONE);
      await noSideScroll(page, "connected card at 390");
      assert.ok(await card(page).getByRole("button", { name: "Remove" }).isVisible());
      await assertAccessible(page, axe, "the connected calendar card at 390 px");
      await page.setViewportSize(DESKTOP);
    });

    await t.step("the demo parent sees the feed's next five events instead of the demo's", async () => {
      const parent = await newContext({ viewport: PHONE });
      await signIn(parent, "parent@example.com");
      const { page: family } = await newPage({ context: parent });
      await family.goto(`/family-dashboard/${teamId}`);
      const titles = await family.locator("#events .event__name").allTextContents();
      assert.deepEqual(titles, FEED_TITLES.slice(0, 5));
      assert.ok(!(await family.locator("#events").textContent())!.includes("Fall Cup tournament"), "demo events gone");
    });

    await t.step("a failing feed: a red card with the reason and Try again; no greyed Calendar Connected", async () => {
      feed.set("/teamsnap/rockets.ics", { body: "down for maintenance", status: 503 });
      await card(page).getByRole("button", { name: "Sync now" }).click();
      const toast = toastWith(page, "Error Syncing Calendar");
      await toast.waitFor({ timeout: SYNC_WAIT_MS });
      assert.ok((await toast.textContent())!.includes("503"));
      assert.equal(await badge(page).textContent(), "Error");
      assert.match((await card(page).getAttribute("class"))!, /\bcalendar-card--error\b/);
      const text = (await card(page).textContent())!;
      assert.ok(text.includes("The calendar could not be updated"), text);
      assert.ok(text.includes("Sync error:") && text.includes("The calendar server answered 503"), text);
      assert.ok(text.includes("Showing the schedule from"), text);
      assert.equal(await card(page).getByRole("button", { name: "Calendar Connected" }).count(), 0);
      assert.equal(await card(page).getByRole("button", { name: "Sync now" }).count(), 0);
      const tryAgain = card(page).getByRole("button", { name: "Try again" });
      assert.ok(await page.evaluate(() => document.activeElement?.id === "calendar-sync"), "focus on Try again");
      assert.equal(await tryAgain.isEnabled(), true);
      await assertAccessible(page, axe, "the calendar card with a sync error");
      await page.setViewportSize(PHONE);
      await noSideScroll(page, "error card at 390");
      assert.ok(await tryAgain.isVisible());
      await assertAccessible(page, axe, "the calendar card with a sync error at 390 px");
      await page.setViewportSize(DESKTOP);
    });

    await t.step("families read 'The schedule could not be updated' above the last good events", async () => {
      for (const viewport of [PHONE, DESKTOP]) {
        const parent = await newContext({ viewport });
        await signIn(parent, "parent@example.com");
        const { page: family } = await newPage({ context: parent });
        await family.goto(`/family-dashboard/${teamId}`);
        const status = family.locator("#events").getByRole("status");
        assert.match((await status.textContent())!, /^The schedule could not be updated\./);
        const titles = await family.locator("#events .event__name").allTextContents();
        assert.deepEqual(titles, FEED_TITLES.slice(0, 5), "the last good events");
        assert.ok(!(await family.locator("#events").textContent())!.includes("Ask your Team Admin"));
        await noSideScroll(family, `family dashboard with a failed calendar at ${viewport.width}`);
        await assertAccessible(family, axe, `the family dashboard with a failed calendar at ${viewport.width} px`);
      }
    });

    await t.step("Try again retries: still failing it stays red; once the feed is back, Active again", async () => {
      const before = feed.requests["/teamsnap/rockets.ics"];
      const synced = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/sync"), {
        timeout: SYNC_WAIT_MS,
      });
      await card(page).getByRole("button", { name: "Try again" }).click();
      assert.equal((await (await synced).json()).calendar.lastSyncStatus, "error");
      await card(page).getByRole("button", { name: "Try again" }).and(page.locator(":enabled")).waitFor();
      assert.equal(feed.requests["/teamsnap/rockets.ics"], before + 1, "Try again fetched the feed");
      assert.equal(await badge(page).textContent(), "Error");
      feed.set("/teamsnap/rockets.ics", { body: feedText() });
      await page.keyboard.press("Enter"); // focus stayed on Try again
      await toastWith(page, "Calendar synced").waitFor({ timeout: SYNC_WAIT_MS });
      assert.equal(await badge(page).textContent(), "Active");
      assert.doesNotMatch((await card(page).getAttribute("class"))!, /calendar-card--error/);
      assert.equal(await card(page).getByRole("button", { name: "Calendar Connected" }).isDisabled(), true);
      await card(page).getByRole("button", { name: "Sync now" }).waitFor();
      assert.ok(!(await card(page).textContent())!.includes("Sync error:"));
    });

    await t.step("Remove asks first, then empties the card without a reload", async () => {
      let asked = "";
      page.once("dialog", (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await card(page).getByRole("button", { name: "Remove" }).click();
      assert.match(asked, /Remove this calendar\?/);
      assert.equal(await badge(page).count(), 1, "dismissed: still connected");
      page.once("dialog", (dialog) => void dialog.accept());
      await card(page).getByRole("button", { name: "Remove" }).click();
      await toastWith(page, "Calendar removed").waitFor();
      await card(page).getByRole("button", { name: "Add Calendar" }).waitFor();
      assert.equal(await badge(page).count(), 0);
      assert.equal(await page.getByLabel("Calendar URL").isDisabled(), false);
      assert.ok(await page.evaluate(() => document.activeElement?.id === "calendar-url"), "focus on the field");
      const listed = await (await context.request.get(`/api/teams/${teamId}/calendars`)).json();
      assert.deepEqual(listed, []);
    });

    await t.step(
      "no calendar: the admin's family dashboard offers to connect one; a parent reads the spec's text",
      async () => {
        const { page: own } = await newPage({ context });
        await own.goto(`/family-dashboard/${teamId}`);
        const connect = own.locator("#events").getByRole("link", { name: "Connect your calendar" });
        assert.ok(!(await own.locator("#events").textContent())!.includes("Ask your Team Admin"));
        await assertAccessible(own, axe, "the admin's family dashboard without a calendar");
        await connect.click();
        await own.waitForURL(`${base}/teams/${teamId}#team-calendar`);
        await card(own).getByLabel("Calendar URL").waitFor();

        const parent = await newContext({ viewport: PHONE });
        await signIn(parent, "parent@example.com");
        const { page: family } = await newPage({ context: parent });
        await family.goto(`/family-dashboard/${teamId}`);
        const events = (await family.locator("#events").textContent())!;
        assert.ok(events.includes("No Events To Display") && events.includes("Ask your Team Admin"), events);
        assert.equal(await family.locator("#events").getByRole("link", { name: "Connect your calendar" }).count(), 0);
      },
    );

    await t.step(
      "a link filled in before the island wakes is kept by it and is the one Add Calendar sends",
      async () => {
        /** The dashboard with the card's bundle held back and `url` filled in meanwhile; resolves once Add was clicked. */
        async function addBeforeWake(url: string) {
          const { page: filled } = await newPage({ context, allow: [/status of 400/] });
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          await filled.route((u) => u.pathname.startsWith("/build/island-TeamCalendarCard-"), async (route) => {
            await held;
            await route.continue();
          });
          await filled.goto("/teams/demo");
          // What a password manager or a paste does: the value, and events nobody listens to yet.
          await filled.evaluate((value) => {
            const field = document.querySelector<HTMLInputElement>("#calendar-url")!;
            field.value = value;
            field.dispatchEvent(new Event("input", { bubbles: true }));
            field.dispatchEvent(new Event("change", { bubbles: true }));
          }, url);
          const answer = filled.waitForResponse((r) => new URL(r.url()).pathname === `/api/teams/${teamId}/calendar`);
          await card(filled).getByRole("button", { name: "Add Calendar" }).click(); // wakes the island
          await filled.locator('[data-island="TeamCalendarCard"][aria-busy="true"]').waitFor({ state: "attached" });
          release();
          const response = await answer;
          assert.deepEqual(response.request().postDataJSON(), { calendarUrl: url });
          return { filled, response };
        }

        // Refused: the field still holds the link the browser filled, next to the reason.
        const badLink = "https://no-such-host.invalid/rockets.ics";
        const refused = await addBeforeWake(badLink);
        assert.equal(refused.response.status(), 400);
        await refused.filled.locator("#calendar-url-error").filter({ hasText: "could not be found" }).waitFor();
        assert.equal(await refused.filled.getByLabel("Calendar URL").inputValue(), badLink, "not wiped by the island");

        const added = await addBeforeWake(feedUrl);
        assert.equal(added.response.status(), 201);
        await badge(added.filled).filter({ hasText: "Active" }).waitFor();
        added.filled.once("dialog", (dialog) => void dialog.accept());
        await card(added.filled).getByRole("button", { name: "Remove" }).click();
        await toastWith(added.filled, "Calendar removed").waitFor();
      },
    );

    await t.step("without JavaScript the plain form connects a calendar and comes back with a notice", async () => {
      feed.set("/teamsnap/rockets.ics", { body: feedText() });
      const noJs = await newContext({ viewport: PHONE, javaScriptEnabled: false });
      await signInAsDemoAdmin(noJs);
      const { page: plain, requests } = await newPage({ context: noJs });
      await plain.goto("/teams/demo");
      await plain.getByLabel("Calendar URL").fill(feedUrl);
      await plain.getByRole("button", { name: "Add Calendar" }).click();
      await plain.waitForURL(`${base}/teams/${teamId}?done=calendar-added`);
      assert.match((await plain.getByRole("status").first().textContent())!, /^Calendar added\./);
      assert.equal(await card(plain).getByRole("button", { name: "Calendar Connected" }).isDisabled(), true);
      await noSideScroll(plain, "no-JavaScript card at 390");
      assert.ok(!requests.some((r) => r.resourceType() === "script"), "no script ran");
    });
  },
);
