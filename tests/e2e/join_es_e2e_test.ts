/**
 * The join flow and the edit link in Spanish, in Chromium at 1280 and 390 px (issue 24): a
 * browser whose language is Spanish opens the team's invite link and goes through every step to
 * the success step, reading the island's own checks, the server's answers and its toasts in
 * Spanish; then a parent opens a mailed edit link and saves. At each step axe finds nothing
 * serious, nothing scrolls sideways and no text runs out of its button or card.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eTest, signInAsDemoAdmin } from "./harness.ts";
import { linkIn } from "./smtp_sink.ts";
import { assertAccessible, hydrated, overflowingText, sidewaysScroll, toastWith } from "./page_checks.ts";

const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
/** Where a person can see what each step looked like (not compared: they are for eyes). */
const SHOTS = "/tmp/shots";

/** Text wider than its box in the boxes these screens have. */
const overflowing = (page: Page) =>
  overflowingText(page, "button, .button, .card, .badge, .notice, .toast, .field, .choice, .info-box");

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

e2eTest("[e2e] join flow and edit link in Spanish at 1280 and 390 px", { smtp: true }, async (e2e, t) => {
  const { base, smtp, newContext, newPage, axeSource } = e2e;
  const axe = await axeSource();
  await Deno.mkdir(SHOTS, { recursive: true });
  const admin = await newContext();
  await signInAsDemoAdmin(admin);
  const teamId = (await (await admin.request.get("/api/teams/demo/roster")).json()).team.id as string;
  const { joinUrl } = await (await admin.request.get(`/api/teams/${teamId}/join-link`)).json();

  for (const viewport of VIEWPORTS) {
    const at = `${viewport.width} px`;
    // A Spanish browser (Accept-Language and navigator.language); the scan is an injected script,
    // so the context bypasses the page's CSP.
    const { page, context, problems } = await newPage({ viewport, locale: "es-US", bypassCSP: true });
    const check = async (where: string) => {
      await assertAccessible(page, axe, `${where} at ${at}`);
      assert.equal(await sidewaysScroll(page), false, `${where}: no sideways scroll at ${at}`);
      assert.deepEqual(await overflowing(page), [], `${where}: no text out of its box at ${at}`);
      await page.screenshot({ path: `${SHOTS}/join-es-${where}-${viewport.width}.png`, fullPage: true });
    };

    await t.step(`[e2e] join es: invite link to the success step (${at})`, async () => {
      await page.goto(joinUrl);
      assert.equal(await page.locator("html").getAttribute("lang"), "es");
      assert.equal(await page.title(), "Unirse a Riverside Rockets · GoalMates");
      await hydrated(page, "JoinFlow");
      await heading(page, "Verificar jugador").waitFor();
      await check("identify");

      // The island's own checks, in Spanish.
      const verify = page.getByRole("button", { name: "Verificar jugador" });
      await verify.click();
      await page.getByText("Indique si es jugador o padre/madre").waitFor();
      await page.getByText("El número de camiseta es obligatorio").waitFor();
      await check("identify-errors");

      // A parent sees the player's labels; the server's answer comes as a Spanish toast.
      await page.getByRole("radio", { name: "Padre o madre" }).check();
      await page.getByLabel("N.º de camiseta del jugador").fill("8");
      await page.getByLabel("Apellido del jugador").fill("Nobody");
      await verify.click();
      const notFound = toastWith(page, "Jugador no encontrado");
      await notFound.waitFor();
      assert.ok(
        (await notFound.innerText()).includes(
          "No encontramos a ningún jugador con ese número de camiseta y ese apellido.",
        ),
      );
      await check("player-not-found");

      await page.getByLabel("Apellido del jugador").fill("Kim");
      await verify.click();
      await heading(page, "Sus datos").waitFor();
      assert.ok((await page.locator(".join-step").innerText()).includes("Jugador encontrado: Noah K."));
      const send = page.getByRole("button", { name: "Enviar solicitud" });
      await send.click();
      await page.getByText("El nombre es obligatorio").waitFor();
      await page.getByText("Escriba un correo electrónico válido").first().waitFor();
      await check("account-errors");

      const address = `familia.join.${viewport.width}@example.com`;
      await page.getByLabel("Nombre", { exact: true }).fill("Jordan");
      await page.getByLabel("Apellido", { exact: true }).fill("Kim");
      await page.getByLabel("Correo electrónico", { exact: true }).fill(address);
      await page.getByLabel("Confirme el correo electrónico").fill(`otro.${address}`);
      await send.click();
      await page.getByText("Los correos electrónicos no coinciden").waitFor();
      await page.getByLabel("Confirme el correo electrónico").fill(address);
      await send.click();
      await heading(page, "¡Solicitud enviada!").waitFor();
      const success = await page.locator(".join-success").innerText();
      assert.ok(
        success.includes(`Le escribiremos a ${address} cuando el administrador del equipo apruebe su solicitud.`),
        success,
      );
      await page.getByRole("button", { name: "Enviar otra solicitud" }).waitFor();
      await check("success");
      await problems.assertNone(`the join flow in Spanish at ${at}`);
    });

    await t.step(`[e2e] join es: a mailed edit link opens the form in Spanish and saves (${at})`, async () => {
      const jersey = viewport.width === 1280 ? 9 : 5;
      const email = `familia.edit.${viewport.width}@example.com`;
      const claimed = await admin.request.post(`${base}/api/teams/demo/claims`, {
        data: { mode: "jersey", jerseyNumber: jersey, email },
      });
      assert.equal(claimed.status(), 201);
      const { claimId } = await claimed.json();
      const approved = await admin.request.post(`${base}/api/admin/${teamId}/claims/${claimId}/approve`, { data: {} });
      assert.equal(approved.status(), 200, await approved.text());
      const mail = await smtp.waitForMail(email, "/edit?token=");

      await page.goto(linkIn(mail, "/edit"));
      assert.equal(await page.title(), "Editar jugador · GoalMates");
      const name = viewport.width === 1280 ? "Isabella Haddad" : "Liam Novak";
      await heading(page, `Editar a ${name}`).waitFor();
      await page.getByRole("heading", { name: "Aviso de seguridad" }).waitFor();
      await check("edit");

      // The island's own check, in Spanish, then the server's confirmation.
      await page.getByLabel("Apellido", { exact: true }).fill("");
      await page.getByRole("button", { name: "Guardar cambios" }).click();
      await toastWith(page, "Error").filter({ hasText: "El apellido es obligatorio" }).waitFor();
      assert.equal(await page.getByLabel("Apellido", { exact: true }).getAttribute("aria-invalid"), "true");
      await check("edit-errors");
      await page.getByLabel("Apellido", { exact: true }).fill(name.split(" ")[1]);
      await page.getByRole("button", { name: "Guardar cambios" }).click();
      await toastWith(page, "Los datos del jugador se actualizaron").waitFor();
      await page.getByLabel("Agregar el correo de un padre o madre").fill(`co.${email}`);
      await page.getByRole("button", { name: "Agregar correo" }).click();
      await toastWith(page, "Correo agregado").waitFor();
      await check("edit-saved");
      await problems.assertNone(`the edit link in Spanish at ${at}`);
      await context.close();
    });
  }
});
