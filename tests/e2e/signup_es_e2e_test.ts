/**
 * The signup wizard in Spanish, in Chromium at 1280 and 390 px (issue 24): a browser whose
 * language is Spanish goes through every step, reads the island's own checks and its toasts in
 * Spanish, opens the mailed link and lands on the success step, then sees the celebration. At
 * each step axe finds nothing serious, nothing scrolls sideways and no text runs out of its
 * button or card.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";
import { assertAccessible, hydrated, overflowingText, sidewaysScroll, toastWith } from "./page_checks.ts";

const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
/** Where a person can see what each step looked like (not compared: they are for eyes). */
const SHOTS = "/tmp/shots";

/** Text wider than its box in the boxes these screens have. */
const overflowing = (page: Page) => overflowingText(page, "button, .button, .card, .notice, .toast, .field, .choice");

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });
const continueButton = (page: Page) => page.getByRole("button", { name: "Continuar", exact: true });

e2eTest("[e2e] signup wizard in Spanish at 1280 and 390 px", { smtp: true }, async (e2e, t) => {
  const { smtp, newPage, axeSource } = e2e;
  const axe = await axeSource();
  await Deno.mkdir(SHOTS, { recursive: true });

  for (const viewport of VIEWPORTS) {
    const at = `${viewport.width} px`;
    // A Spanish browser (Accept-Language and navigator.language); the scan is an injected script,
    // so the context bypasses the page's CSP. Reduced motion: no confetti over the celebration's checks.
    const { page, problems } = await newPage({ viewport, locale: "es-US", bypassCSP: true, reducedMotion: "reduce" });
    const check = async (where: string) => {
      await assertAccessible(page, axe, `${where} at ${at}`);
      assert.equal(await sidewaysScroll(page), false, `${where}: no sideways scroll at ${at}`);
      assert.deepEqual(await overflowing(page), [], `${where}: no text out of its box at ${at}`);
      await page.screenshot({ path: `${SHOTS}/signup-es-${where}-${viewport.width}.png`, fullPage: true });
    };
    const email = `lupe.${viewport.width}@example.com`;
    const teamName = `Halcones ${viewport.width}`;

    await t.step(`[e2e] signup es: the wizard to 'Revise su correo' (${at})`, async () => {
      await page.goto("/signup");
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      assert.equal(await page.title(), "Cree su equipo · GoalMates");
      await page.getByLabel("Nombre", { exact: true }).focus();
      await hydrated(page, "SignupWizard");
      await heading(page, "Sus datos").waitFor();
      await check("account");

      // The island's own checks, in Spanish.
      await continueButton(page).click();
      await toastWith(page, "Complete todos los campos obligatorios").waitFor();
      await page.getByText("El nombre es obligatorio.").waitFor();
      assert.equal(await page.getByLabel("Nombre", { exact: true }).getAttribute("aria-invalid"), "true");
      await check("account-errors");

      await page.getByLabel("Nombre", { exact: true }).fill("Lupe");
      await page.getByLabel("Apellido", { exact: true }).fill("Ramírez");
      await page.getByLabel("Correo electrónico", { exact: true }).fill(email);
      await page.getByLabel("Confirmo que tengo 18 años o más").check();
      await continueButton(page).click();
      await heading(page, "Su equipo").waitFor();
      await check("team");

      await page.getByLabel("Nombre del equipo", { exact: true }).fill(teamName);
      await page.getByLabel("Categoría", { exact: true }).selectOption("U10");
      await page.getByLabel("Tipo de equipo", { exact: true }).selectOption({ label: "Mixto" });
      await continueButton(page).click();
      await heading(page, "Su jugador").waitFor();
      await check("player");

      await page.getByLabel("Número de camiseta (1–99)").fill("100");
      await continueButton(page).click();
      await toastWith(page, "Complete todos los datos del jugador").waitFor();
      await page.getByLabel("Nombre del jugador").fill("Mateo");
      await page.getByLabel("Apellido del jugador").fill("Ramírez");
      await continueButton(page).click();
      await page.getByText("El número de camiseta debe estar entre 1 y 99.").first().waitFor();
      await check("player-errors");
      await page.getByLabel("Número de camiseta (1–99)").fill("10");
      await continueButton(page).click();
      await heading(page, "Verifique sus datos").waitFor();
      const review = await page.locator(".signup-review").innerText();
      for (const shown of ["Lupe Ramírez", email, teamName, "U10", "Mixto", "Mateo Ramírez", "10"]) {
        assert.ok(review.includes(shown), `the review lacks ${shown}`);
      }
      await check("review");

      await page.getByRole("button", { name: "Terminar y verificar por correo" }).click();
      await heading(page, "Revise su correo").waitFor();
      await toastWith(page, "¡Correo enviado!").waitFor();
      assert.ok(
        (await page.locator(".signup-verify").innerText()).includes(`Enviamos un enlace de verificación a ${email}.`),
      );
      await check("verify");
      await problems.assertNone(`the wizard in Spanish at ${at}`);
    });

    await t.step(`[e2e] signup es: the mailed link, the success step and the celebration (${at})`, async () => {
      const mail = await smtp.waitForMail(email, "/signup/verify");
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/signup/verify-token"));
      await page.goto(linkIn(mail, "/signup/verify"));
      const { teamId } = await (await answer).json();
      await toastWith(page, "¡Correo verificado!").waitFor();
      await page.getByText(`${teamName} está listo. Falta un paso para terminar su registro.`).waitFor();
      await check("link");

      await page.getByRole("link", { name: "Continuar el registro" }).click();
      await heading(page, "Equipo creado").waitFor();
      assert.ok((await page.locator(".signup-success").innerText()).includes("¡Equipo creado con éxito!"));
      await check("success");

      await page.goto(`/signup-success?teamName=${encodeURIComponent(teamName)}&teamId=${teamId}`);
      await page.getByRole("heading", { name: `¡${teamName} ya está en GoalMates!` }).waitFor();
      await toastWith(page, "¡Equipo creado con éxito!").waitFor();
      await page.getByText(/Lo llevamos a su panel familiar en [1-5] segundos?/).waitFor();
      // Stopped first: the checks take longer than the countdown.
      await page.getByRole("button", { name: "Quedarme aquí" }).click();
      await page.getByText("Se queda en esta página. Use el botón cuando esté listo.").waitFor();
      await check("celebration");
      await problems.assertNone(`the link and the celebration in Spanish at ${at}`);
    });
  }
});
