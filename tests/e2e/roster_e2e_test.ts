import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest } from "./harness.ts";

const ROSTER = "/t/demo/roster";
/** The demo team's jerseys (lib/seed.ts), ascending. */
const DEMO_JERSEYS = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 21, 22];

/** Jersey, name and position of every detail row, in page order. */
async function detailRows(page: Page) {
  return await page.locator(".player-row > summary").evaluateAll((summaries) =>
    summaries.map((s) => ({
      jersey: Number(s.querySelector(".jersey")?.textContent),
      name: s.querySelector(".player-row__name")?.textContent ?? "",
      position: s.querySelector(".player-row__position")?.textContent ?? null,
    }))
  );
}

const isAscending = (values: string[]) =>
  values.every((v, i) => i === 0 || values[i - 1].localeCompare(v, "en", { sensitivity: "base" }) <= 0);

e2eTest(
  "[e2e] roster: views, player cards, claims with and without JavaScript",
  {},
  async ({ base, newPage }, t) => {
    const { page, problems, requests, islandsRequested } = await newPage();

    await t.step("[e2e] roster: game mode loads only the boot module", async () => {
      const res = await page.goto(`${base}${ROSTER}`);
      assert.equal(res?.status(), 200);
      const scripts = requests.filter((r) => r.resourceType() === "script").map((r) => new URL(r.url()).pathname);
      assert.equal(scripts.length, 1, `expected one script, got ${scripts.join(", ")}`);
      assert.match(scripts[0], /^\/build\/boot-[^/]+\.js$/);
      assert.ok(
        !requests.some((r) => r.url().includes("/build/island-") || r.url().includes("/build/chunk-")),
        "no island bundle or chunk before any interaction",
      );
      await problems.assertNone("roster (game)");
    });

    await t.step("[e2e] roster: game mode is the default with 14 tiles", async () => {
      const tiles = page.getByRole("list", { name: "Players" }).getByRole("listitem");
      assert.equal(await tiles.count(), 14);
      assert.equal((await page.locator(".badge").textContent())?.trim(), "14 Players");
      assert.equal(await page.getByRole("link", { name: "Game" }).getAttribute("aria-current"), "page");
      const jerseys = await page.locator(".tile .jersey").allTextContents();
      assert.deepEqual(jerseys.map(Number), DEMO_JERSEYS);
    });

    await t.step("[e2e] roster: a game tile opens the player card", async () => {
      await page.locator(".tile").filter({ hasText: "Maya" }).click();
      await page.waitForURL(/[?&]player=[0-9A-Z]{26}/);
      const card = page.getByRole("dialog", { name: "Maya R." });
      await card.waitFor();
      assert.match(await card.innerText(), /Jersey\s+#7/);
      assert.match(await card.innerText(), /Forward/);
      await card.getByRole("link", { name: "Close" }).click();
      await page.waitForURL(`${base}${ROSTER}`);
      assert.equal(await page.getByRole("dialog").count(), 0);
      await problems.assertNone("player card (game)");
    });

    await t.step("[e2e] roster: Detail switches to detail mode", async () => {
      await page.getByRole("navigation", { name: "Roster view" }).getByRole("link", { name: "Detail" }).click();
      await page.waitForURL(/[?&]mode=detail/);
      await page.getByRole("heading", { name: "All Players (14)" }).waitFor();
      assert.equal(await page.locator(".player-row").count(), 14);
      const rows = await detailRows(page);
      assert.ok(isAscending(rows.map((r) => r.name)), `sorted by name: ${rows.map((r) => r.name).join(", ")}`);
      await problems.assertNone("roster (detail)");
    });

    await t.step("[e2e] roster: sort by jersey and by position", async () => {
      await page.getByRole("combobox", { name: "Sort players" }).selectOption({ label: "Sort by Jersey" });
      await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/[?&]sort=jersey/);
      assert.deepEqual((await detailRows(page)).map((r) => r.jersey), DEMO_JERSEYS);
      await problems.assertNone("roster sorted by jersey");

      await page.getByRole("combobox", { name: "Sort players" }).selectOption({ label: "Sort by Position" });
      await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/[?&]sort=position/);
      const rows = await detailRows(page);
      assert.equal(rows.length, 14);
      const positions = rows.map((r) => r.position);
      assert.equal(positions.at(-1), null, "the player without a position comes last");
      assert.equal(positions.filter((p) => p === null).length, 1);
      assert.ok(isAscending(positions.slice(0, -1) as string[]), `sorted by position: ${positions.join(", ")}`);
      assert.equal(await page.getByRole("combobox", { name: "Sort players" }).inputValue(), "position");
      await problems.assertNone("roster sorted by position");
    });

    await t.step("[e2e] roster: group by position", async () => {
      await page.getByRole("combobox", { name: "Group players" }).selectOption({ label: "Group by Position" });
      await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/[?&]group=position/);
      const headings = await page.locator(".player-group__title").allInnerTexts();
      assert.deepEqual(headings.map((h) => h.replace(/\s+/g, " ").trim()), [
        "Defender (4)",
        "Forward (3)",
        "Goalkeeper (2)",
        "Midfielder (4)",
        "No Position (1)",
      ]);
      const noPosition = page.getByRole("region", { name: "No Position (1)" });
      assert.match(await noPosition.innerText(), /Chloe/);
      await problems.assertNone("roster grouped by position");
    });

    await t.step("[e2e] roster: a detail row expands and links to the player card", async () => {
      const row = page.locator("details.player-row").filter({ hasText: "Lucas" });
      assert.equal(await row.evaluate((d) => (d as HTMLDetailsElement).open), false);
      await row.locator("summary").click();
      assert.equal(await row.evaluate((d) => (d as HTMLDetailsElement).open), true);
      for (const text of ["Parent Information:", "Contact via claim system", "Player Details:"]) {
        await row.getByText(text, { exact: true }).waitFor();
      }
      await row.getByText("Jersey #10 · Midfielder").waitFor();
      const link = row.getByRole("link", { name: "View Player Card" });
      await link.waitFor();
      await link.click();
      await page.waitForURL(/[?&]player=[0-9A-Z]{26}/);
      assert.match(page.url(), /mode=detail/);
      const card = page.getByRole("dialog", { name: "Lucas S." });
      await card.waitFor();
      const text = await card.innerText();
      assert.match(text, /Jersey\s+#10/);
      assert.match(text, /Midfielder/);
      await problems.assertNone("player card (detail)");
      await card.getByRole("link", { name: "Close" }).click();
      await page.waitForURL((url) => !url.searchParams.has("player") && url.searchParams.get("mode") === "detail");
      assert.equal(await page.getByRole("dialog").count(), 0);
      await page.getByRole("heading", { name: "No Position (1)" }).waitFor();
      await problems.assertNone("roster after closing the card");
    });

    await t.step("[e2e] roster: the claim dialog opens on the first click", async () => {
      requests.length = 0;
      await page.goto(`${base}${ROSTER}`);
      assert.ok(!requests.some((r) => r.url().includes("/build/island-")), "no island bundle before the click");
      const island = page.locator('[data-island="ClaimDialog"]');
      const claimLink = island.getByRole("link", { name: "Claim or update this player" });
      assert.equal(await claimLink.getAttribute("href"), "/t/demo/claim");
      const islandLoaded = page.waitForRequest((r) => /\/build\/island-ClaimDialog-[^/]+\.js$/.test(r.url()));
      await claimLink.click();
      await islandLoaded;
      assert.deepEqual(islandsRequested(), ["ClaimDialog"], "the click loads only the claim island");
      const dialog = page.getByRole("dialog", { name: "Claim Player" });
      await dialog.waitFor();
      assert.equal(await dialog.evaluate((d) => d.matches(":modal")), true, "the dialog is modal");
      assert.equal(new URL(page.url()).pathname, ROSTER, "the click did not follow the link");
      await dialog.getByRole("tab", { name: "By Jersey Number" }).waitFor();
      await dialog.getByRole("tab", { name: "By Child Surname" }).waitFor();
      assert.equal(
        await dialog.getByRole("tab", { name: "By Jersey Number" }).getAttribute("aria-selected"),
        "true",
      );
      await dialog.getByRole("heading", { name: "How it works" }).waitFor();
      await problems.assertNone("claim dialog");
    });

    const dialog = page.getByRole("dialog", { name: "Claim Player" });
    const toastRegion = page.locator("#toast-region");
    const dismissToast = async () => {
      const dismiss = toastRegion.getByRole("button", { name: "Dismiss notification" });
      if (await dismiss.count() > 0) {
        await dismiss.click();
        await dismiss.waitFor({ state: "detached" });
      }
    };
    const openDialog = async () => {
      await page.getByRole("link", { name: "Claim or update this player" }).click();
      await dialog.waitFor();
    };

    await t.step("[e2e] roster: the claim dialog validates its fields", async () => {
      await dialog.getByRole("button", { name: "Submit Claim" }).click();
      await dialog.getByText("Please enter a valid email address").waitFor();
      assert.equal(await dialog.getByLabel("Your Email", { exact: true }).getAttribute("aria-invalid"), "true");
      await dialog.getByLabel("Jersey Number", { exact: true }).fill("100");
      await dialog.getByRole("button", { name: "Submit Claim" }).click();
      await dialog.getByText("Jersey number must be between 0 and 99").waitFor();
      assert.equal(await dialog.getByLabel("Jersey Number", { exact: true }).getAttribute("aria-invalid"), "true");
      await problems.assertNone("claim dialog validation");
    });

    await t.step("[e2e] roster: a valid jersey claim is submitted", async () => {
      await dialog.getByLabel("Jersey Number", { exact: true }).fill("7");
      await dialog.getByText("Claiming #7 Maya R.").waitFor();
      await dialog.getByLabel("Your Email", { exact: true }).fill("parent.e2e@example.com");
      assert.equal(await dialog.getByText("Jersey number must be between 0 and 99").count(), 0);
      await dialog.getByRole("button", { name: "Submit Claim" }).click();
      // 'Submitting...' shows while the request runs; it may be over before we look.
      const toast = toastRegion.getByRole("status");
      await toast.waitFor();
      assert.match(await toast.innerText(), /Claim Submitted\s+Your claim has been submitted successfully\./);
      await dialog.waitFor({ state: "hidden" });
      assert.equal(await page.locator("dialog[open]").count(), 0);
      await problems.assertNone("claim submitted");
    });

    await t.step("[e2e] roster: a duplicate claim gives an error toast", async () => {
      await dismissToast();
      await openDialog();
      assert.equal(await dialog.getByLabel("Jersey Number", { exact: true }).inputValue(), "", "the form was reset");
      await dialog.getByLabel("Jersey Number", { exact: true }).fill("7");
      await dialog.getByLabel("Your Email", { exact: true }).fill("parent.e2e@example.com");
      await dialog.getByRole("button", { name: "Submit Claim" }).click();
      // The open modal makes the page inert, so the error toast shows inside the dialog,
      // where it can be read, heard and dismissed.
      const toast = dialog.getByRole("alert");
      await toast.waitFor();
      assert.match(await toast.innerText(), /Error\s+You already have a pending claim for this player\./);
      assert.match((await toast.getAttribute("class")) ?? "", /toast--destructive/);
      await toast.getByRole("button", { name: "Dismiss notification" }).click();
      await toast.waitFor({ state: "detached" });
      assert.equal(await dialog.isVisible(), true, "the dialog stays open after an error");
      assert.equal(await dialog.getByRole("button", { name: "Submit Claim" }).isEnabled(), true);
      // The refused request is a 409, which Chromium reports as a console error.
      await problems.assertNone("duplicate claim", [/status of 409 \(Conflict\).*\/api\/teams\/demo\/claims/]);
    });

    await t.step("[e2e] roster: the surname tab submits a claim", async () => {
      // The dialog is still open after the error; the new toast replaces the error toast.
      const surnameTab = dialog.getByRole("tab", { name: "By Child Surname" });
      await surnameTab.click();
      assert.equal(await surnameTab.getAttribute("aria-selected"), "true");
      await dialog.getByLabel("Child's Surname", { exact: true }).fill("Chen");
      await dialog.getByLabel("Your Email", { exact: true }).fill("other.parent.e2e@example.com");
      await dialog.getByRole("button", { name: "Submit Claim" }).click();
      const toast = toastRegion.getByRole("status");
      await toast.waitFor();
      assert.match(await toast.innerText(), /Claim Submitted\s+Your claim has been submitted successfully\./);
      await dialog.waitFor({ state: "hidden" });
      await problems.assertNone("surname claim");
    });

    await t.step("[e2e] roster: Cancel and Escape close the claim dialog", async () => {
      await dismissToast();
      await openDialog();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      await openDialog();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      // The dialog can still be opened after closing it with Escape.
      await openDialog();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      await problems.assertNone("claim dialog closed");
    });

    await t.step("[e2e] roster: the claim dialog opened from a player card prefills the jersey", async () => {
      await dismissToast();
      await page.goto(`${base}${ROSTER}`);
      await page.locator(".tile").filter({ hasText: "Noah" }).click();
      await page.getByRole("dialog", { name: "Noah K." }).waitFor();
      const claimLink = page.getByRole("link", { name: "Claim or update this player" });
      assert.equal(await claimLink.getAttribute("href"), "/t/demo/claim?jersey=8");
      await claimLink.click();
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel("Jersey Number", { exact: true }).inputValue(), "8");
      await dialog.getByText("Claiming #8 Noah K.").waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await problems.assertNone("claim dialog from a player card");
    });

    await t.step("[e2e] roster: an unknown team shows Roster Not Found", async () => {
      const res = await page.goto(`${base}/t/nope/roster`);
      assert.equal(res?.status(), 404);
      await page.getByRole("heading", { name: "Roster Not Found" }).waitFor();
      await page.getByText("The requested team roster could not be found.").waitFor();
      const home = page.getByRole("link", { name: "Go Home" });
      assert.equal(await home.getAttribute("href"), "/");
      // Chromium reports the document's own 404 status as a console error.
      await problems.assertNone("roster not found", [/status of 404 \(Not Found\).*\/t\/nope\/roster/]);
    });

    await t.step("[e2e] roster: claims work without JavaScript", async () => {
      // The refused claim answers 400, which the browser reports in the console.
      const { page: p, context: noJs } = await newPage({ javaScriptEnabled: false, allow: [/status of 400/] });
      try {
        await p.goto(`${base}${ROSTER}`);
        const link = p.locator('[data-island="ClaimDialog"]').getByRole("link", {
          name: "Claim or update this player",
        });
        await link.click();
        await p.waitForURL(`${base}/t/demo/claim`);
        await p.getByRole("heading", { name: "Claim a player on Riverside Rockets" }).waitFor();

        // A bad e-mail shows the form again with the message and the typed values.
        await p.getByLabel("Jersey Number", { exact: true }).fill("8");
        await p.getByLabel("Your Email", { exact: true }).fill("not-an-email");
        const [refused] = await Promise.all([
          p.waitForResponse((r) => r.request().method() === "POST"),
          p.getByRole("button", { name: "Submit Claim" }).click(),
        ]);
        assert.equal(refused.status(), 400);
        await p.getByText("Please enter a valid email address").waitFor();
        assert.equal(await p.getByLabel("Jersey Number", { exact: true }).inputValue(), "8");
        assert.equal(await p.getByLabel("Your Email", { exact: true }).getAttribute("aria-invalid"), "true");

        await p.getByLabel("Your Email", { exact: true }).fill("nojs.parent.e2e@example.com");
        await p.getByRole("button", { name: "Submit Claim" }).click();
        await p.waitForURL(`${base}${ROSTER}?claimed=1`);
        const notice = p.getByRole("status").filter({ hasText: "Claim Submitted" });
        await notice.waitFor();
        assert.match(await notice.innerText(), /Your claim has been submitted successfully\./);
      } finally {
        await noJs.close();
      }
    });
  },
);
