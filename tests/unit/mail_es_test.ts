/**
 * Issue 24, item 3: every mail in Spanish. Each template and each notification mail handed
 * "es" has a Spanish subject, text and HTML part (`<html lang="es">`), keeps its links, and
 * leaves no English catalogue text behind (`englishLeftIn`); handed nothing, it is the English
 * it always was. The family calendar feed names itself in the subscriber's language.
 */
import assert from "node:assert/strict";
import * as templates from "../../lib/mail/templates.ts";
import type { MailContent } from "../../lib/mail/types.ts";
import { newsMail, useUnsubscribeKey } from "../../lib/notifications/mod.ts";
import { changeTime, scheduleChangeMail } from "../../lib/notifications/schedule_change_mail.ts";
import { eventLine } from "../../lib/notifications/weekly_digest.ts";
import { digestSubject } from "../../lib/notifications/digest_week.ts";
import { familyCalendarName } from "../../lib/calendar/subscription.ts";
import { familyIcsEvent, writeIcs } from "../../lib/calendar/ics_writer.ts";
import { normalizeEvent } from "../../lib/db/events.ts";
import type { ScheduleChange } from "../../lib/db/schedule_notices.ts";
import { mailUtcTime } from "../../lib/mail/dates.ts";
import { clockTime, weekdayDate } from "../../lib/time_zone.ts";
import { formatEventWhen } from "../../lib/events/mod.ts";
import { englishLeftIn } from "../i18n_helpers.ts";

const APP = "https://goalmates.example";
const LINK = `${APP}/auth/magic?token=abc123`;
const AT = new Date("2026-03-14T21:30:45Z");
/** The Spanish footer every account mail ends with. */
const FOOTER_ES = "GoalMates · el equipo detrás del equipo.";

/** Checks one Spanish mail: subject, both parts, its links, and no English catalogue text left. */
function assertSpanish(name: string, mail: MailContent, subject: string, links: string[]) {
  assert.equal(mail.subject, subject, name);
  assert.ok(!/[\r\n]/.test(mail.subject), `${name}: one-line subject`);
  assert.match(mail.html, /^<!DOCTYPE html><html lang="es">/, `${name}: the HTML says its language`);
  assert.match(mail.text, /^Hola(, [^:]+)?:\n/, `${name}: a Spanish greeting`);
  for (const link of links) {
    assert.ok(mail.text.includes(link), `${name}: ${link} in the text part`);
    assert.ok(mail.html.includes(link.replaceAll("&", "&amp;")), `${name}: ${link} in the HTML part`);
  }
  assert.deepEqual(englishLeftIn(mail.html), [], `${name}: English left in the HTML`);
  assert.deepEqual(englishLeftIn(mail.text), [], `${name}: English left in the text`);
}

Deno.test("[mail es] every template in Spanish: subject, parts, links, no English left", () => {
  const privacy = `${APP}/account/privacy`;
  const cases: [string, MailContent, string, string[]][] = [
    [
      "verification",
      templates.verificationMail({ firstName: "Ana", teamName: "Lions U10", link: LINK }, "es"),
      "Verifique su correo para crear Lions U10 en GoalMates",
      [LINK],
    ],
    ["sign-in", templates.signInMail({ link: LINK }, "es"), "Su enlace para iniciar sesión en GoalMates", [LINK]],
    [
      "claim approved",
      templates.claimApprovedMail({ playerName: "Maya Rodriguez", teamName: "Lions U10", link: LINK }, "es"),
      "Se aprobó su solicitud por Maya Rodriguez en Lions U10",
      [LINK],
    ],
    [
      "join approved",
      templates.joinApprovedMail({ firstName: "Luis", teamName: "Lions U10", link: LINK }, "es"),
      "Le damos la bienvenida a Lions U10 en GoalMates",
      [LINK],
    ],
    [
      "test",
      templates.testMail({ kind: "magic-link", playerName: "Jugador de prueba", link: LINK }, "es"),
      "[Prueba] Su enlace para iniciar sesión en GoalMates",
      [LINK],
    ],
    [
      "co-admin",
      templates.coAdminInviteMail({ teamName: "Lions U10", invitedBy: "Ada Coach", link: LINK }, "es"),
      "Ahora puede administrar Lions U10 en GoalMates",
      [LINK],
    ],
    [
      "password set",
      templates.passwordChangedMail(
        { change: "set", at: AT, accountLink: `${APP}/account`, signInLink: `${APP}/team-login` },
        "es",
      ),
      "Se creó una contraseña para su cuenta de GoalMates",
      [`${APP}/account`, `${APP}/team-login`],
    ],
    [
      "password changed",
      templates.passwordChangedMail(
        { firstName: "Ana", change: "changed", at: AT, accountLink: `${APP}/account`, signInLink: `${APP}/team-login` },
        "es",
      ),
      "Se cambió la contraseña de su cuenta de GoalMates",
      [`${APP}/account`],
    ],
    [
      "e-mail change",
      templates.emailChangeConfirmMail({ firstName: "Ana", newEmail: "nueva@example.com", link: LINK }, "es"),
      "Confirme su nuevo correo para GoalMates",
      [LINK, "nueva@example.com"],
    ],
    [
      "e-mail taken",
      templates.emailChangeTakenMail({ newEmail: "nueva@example.com", signInLink: `${APP}/team-login` }, "es"),
      "Alguien intentó usar su correo en GoalMates",
      [`${APP}/team-login`],
    ],
    [
      "e-mail changed",
      templates.emailChangedMail({ newEmail: "nueva@example.com", at: AT, accountLink: `${APP}/account` }, "es"),
      "Se cambió el correo de su cuenta de GoalMates",
      [`${APP}/account`],
    ],
    [
      "admin requests",
      templates.adminRequestsMail({
        firstName: "Ada",
        teamName: "Lions U10",
        requests: ["Solicitud de a@example.com por #7 Rodriguez"],
        linkAsks: ["Luis (luis@example.com)"],
        more: 0,
        removalRequests: 1,
        claimsLink: `${APP}/admin/T1/claims`,
        dashboardLink: `${APP}/admin/T1`,
      }, "es"),
      "1 solicitud nueva y 1 pedido de un nuevo enlace de invitación para Lions U10",
      [`${APP}/admin/T1/claims`, `${APP}/admin/T1`],
    ],
    [
      "request pending",
      templates.requestPendingMail({ teamNames: ["Lions U10"] }, "es"),
      "Su solicitud para unirse a Lions U10 espera al administrador del equipo",
      [],
    ],
    [
      "member removed",
      templates.memberRemovedMail({ firstName: "Luis", teamName: "Lions U10" }, "es"),
      "Ya no es miembro de Lions U10 en GoalMates",
      [],
    ],
    [
      "child removal approved",
      templates.childRemovalApprovedMail(
        { firstName: "Ana", childName: "Maya", teamName: "Lions U10", privacyLink: privacy },
        "es",
      ),
      "Maya ya no está en Lions U10",
      [privacy],
    ],
    [
      "child removal denied",
      templates.childRemovalDeniedMail(
        { childName: "Maya", teamName: "Lions U10", reason: "Necesitamos hablar primero.", privacyLink: privacy },
        "es",
      ),
      "Su solicitud sobre Maya en Lions U10",
      [privacy],
    ],
    [
      "account deleted",
      templates.accountDeletedMail({ signUpLink: `${APP}/signup` }, "es"),
      "Se eliminó su cuenta de GoalMates",
      [`${APP}/signup`],
    ],
  ];
  for (const [name, mail, subject, links] of cases) {
    assertSpanish(name, mail, subject, links);
    assert.ok(mail.text.endsWith(`—\n${FOOTER_ES} Recibe este correo porque alguien usó esta dirección en GoalMates.`));
  }
  const withButton = cases.find(([name]) => name === "sign-in")![1];
  assert.match(withButton.html, />Iniciar sesión<\/a>/, "the button's label");
  assert.ok(withButton.html.includes(`Si el botón no funciona, abra esta dirección: ${LINK}`));
});

Deno.test("[mail es] plurals, lists and dates in Spanish", () => {
  const two = templates.adminRequestsMail({
    teamName: "Lions U10",
    requests: ["uno", "dos"],
    linkAsks: [],
    more: 1,
    removalRequests: 2,
    claimsLink: LINK,
    dashboardLink: LINK,
  }, "es");
  assert.equal(two.subject, "3 solicitudes nuevas para Lions U10");
  assert.match(two.text, /^3 solicitudes nuevas para unirse a Lions U10 esperan su revisión:$/m);
  assert.match(two.text, /^…y 1 más en la página de solicitudes\.$/m);
  assert.match(two.text, /^2 solicitudes de los padres para retirar a un jugador también esperan/m);
  const pending = templates.requestPendingMail({ teamNames: ["Lions", "Tigres", "Pumas"] }, "es");
  assert.equal(pending.subject, "Su solicitud para unirse a Lions, Tigres y Pumas espera al administrador del equipo");
  assert.match(pending.text, /sus solicitudes esperan al administrador de Lions, Tigres y Pumas\./);

  const password = templates.passwordChangedMail(
    { change: "changed", at: AT, accountLink: LINK, signInLink: LINK },
    "es",
  );
  assert.match(password.text, /el 14 de marzo de 2026, 9:30 p\.\s?m\. \(hora UTC\)\./, "Intl in Spanish, in UTC");
  assert.equal(mailUtcTime("en", AT), "2026-03-14 21:30", "English keeps its format");

  const LA = "America/Los_Angeles";
  assert.equal(weekdayDate(AT, LA, false, "es"), "sáb, 14 de mar");
  assert.equal(clockTime(AT, LA, "es").replace(/\s/g, " "), "2:30 p.m.");
  assert.equal(weekdayDate(AT, LA, false, "en"), "Sat, Mar 14");
  assert.equal(
    formatEventWhen({ startTime: "2026-03-14T16:00:00Z", endTime: "2026-03-15T01:00:00Z" }, AT, LA, false, "es"),
    "sáb, 14 de mar · 9:00 a.m. – 6:00 p.m.",
  );
});

Deno.test("[mail es] handed no language (or English), every template is the English it was", () => {
  const input = { firstName: "Ana", teamName: "Lions U10", link: LINK };
  assert.deepEqual(templates.verificationMail(input), templates.verificationMail(input, "en"));
  assert.equal(templates.signInMail({ link: LINK }).subject, "Your GoalMates sign-in link");
  assert.match(templates.signInMail({ link: LINK }).html, /^<!DOCTYPE html><html><body/, "the HTML as it was");
  assert.equal(
    templates.requestPendingMail({ teamNames: ["A", "B", "C"] }).subject,
    "Your request to join A, B and C is waiting for the team admin",
  );
  assert.equal(templates.recipientLanguage({ language: "es" }, "en"), "es", "the account's choice first");
  assert.equal(templates.recipientLanguage({}, "es"), "es", "then the request's");
  assert.equal(templates.recipientLanguage(null), "en");
});

Deno.test("[mail es] team news, schedule changes and the digest's lines in Spanish; the footer and links intact", () => {
  const restore = useUnsubscribeKey(new Uint8Array(32).fill(3));
  try {
    const team = { id: "T1", name: "Lions U10", settings: { timeZone: "America/Los_Angeles" } };
    const news = newsMail({
      user: { id: "U1", firstName: "María", email: "maria@example.com", language: "es" },
      teams: [team as never],
      posts: [{ teamId: "T1", authorFirstName: "Ada", createdAt: "2026-03-14T21:30:00Z", content: "Sin práctica." }],
      more: 2,
      appUrl: APP,
    });
    assert.equal(news.subject, "3 noticias de Lions U10");
    assert.match(news.text, /^Hola, María:\n/);
    assert.match(news.text, /^Ada · sáb, 14 de mar · 2:30 p\.\s?m\. PT$/m, "the team's clock, in Spanish");
    assert.match(news.text, /y 2 más en el panel del equipo/);
    assert.match(news.text, /Recibe este correo porque es miembro de Lions U10 y tiene activado “Noticias del equipo”/);
    assert.match(news.html, /^<!DOCTYPE html><html lang="es">/);
    assert.match(news.html, />Abrir el panel de Lions U10<\/a>/);
    assert.match(news.html, />Dejar de recibir estos correos<\/a>/);
    const stop = news.headers!["List-Unsubscribe"].slice(1, -1);
    assert.ok(news.text.includes(stop) && news.html.includes(stop), "the unsubscribe link in both parts");
    assert.ok(news.text.includes(`${APP}/account#notifications`));
    assert.deepEqual(englishLeftIn(news.html), []);

    const NOW = new Date("2026-11-30T12:00:00Z");
    const changes: ScheduleChange[] = [
      {
        kind: "cancelled",
        eventId: "g",
        title: "Game vs Eagles",
        at: { startTime: "2026-12-05T15:00:00Z", location: null },
      },
      {
        kind: "moved",
        eventId: "p",
        title: "Practice",
        from: { startTime: "2026-12-01T22:30:00Z", location: "Field 2" },
        to: { startTime: "2026-12-02T23:00:00Z", location: null },
      },
    ];
    const schedule = scheduleChangeMail({
      user: { id: "U1", firstName: "", email: "maria@example.com", language: "es" },
      team: { id: "T1", name: "Lions U10" },
      zone: "America/New_York",
      changes,
      more: 1,
      appUrl: APP,
      now: NOW,
    });
    assert.equal(schedule.subject, "3 cambios de horario de Lions U10");
    const lines = schedule.text.replaceAll("\u00a0", " ").replace(/p\. m\./g, "p.m.").split("\n");
    assert.equal(lines[0], "Hola:");
    assert.ok(lines.includes("El calendario de Lions U10 tiene 3 cambios en las próximas dos semanas:"));
    assert.ok(lines.includes("- Cancelado: Game vs Eagles, sáb, 5 de dic · 10:00 a.m. ET"), lines.join("\n"));
    assert.ok(
      lines.includes(
        "- Reprogramado: Practice, antes mar, 1 de dic · 5:30 p.m. ET en Field 2, ahora mié, 2 de dic · 6:00 p.m. ET (sin lugar indicado)",
      ),
      lines.join("\n"),
    );
    assert.ok(lines.includes("  y 1 cambio más: el panel muestra el nuevo horario"));
    assert.match(schedule.html, />Ver el horario<\/a>/);
    assert.deepEqual(englishLeftIn(schedule.html), []);
    assert.equal(
      changeTime("2026-12-05T15:00:00Z", "America/New_York", NOW).replaceAll("\u00a0", " "),
      "Sat, Dec 5 · 10:00 AM ET",
      "English unchanged",
    );

    const game = normalizeEvent({
      id: "e1",
      title: "Lions vs Hawks",
      eventType: "game",
      status: "cancelled",
      startTime: "2026-12-05T15:00:00Z",
      endTime: "2026-12-05T16:30:00Z",
      location: "Field 3",
      calendarId: "cal",
      uid: "e1",
    });
    assert.equal(
      eventLine(game, NOW, "America/New_York", "es").replace(/\s/g, " "),
      "CANCELADO: Lions vs Hawks (Partido) — sáb, 5 de dic · 10:00 a.m. – 11:30 a.m. ET, Field 3",
    );
    assert.equal(digestSubject(["Lions U10", "Tigres"], "es"), "Su semana con Lions U10 y Tigres");
  } finally {
    restore();
  }
});

Deno.test("[mail es] the family calendar feed names itself and its events in the subscriber's language", () => {
  assert.equal(familyCalendarName("Jordan", "es"), "GoalMates – Equipos de Jordan");
  assert.equal(familyCalendarName(" ", "es"), "GoalMates – Mis equipos");
  assert.equal(familyCalendarName("Jordan"), "GoalMates – Jordan's teams", "English unchanged");
  const event = normalizeEvent({
    id: "e1",
    title: "Game",
    eventType: "game",
    status: "cancelled",
    startTime: "2026-12-05T15:00:00Z",
    endTime: "2026-12-05T16:30:00Z",
    calendarId: "cal",
    uid: "e1",
  });
  const spanish = familyIcsEvent({ name: "Lions" }, event, { lang: "es" });
  assert.equal(spanish.summary, "CANCELADO: Lions: Game");
  assert.deepEqual(spanish.categories, ["Partido"]);
  const tentative = familyIcsEvent({ name: "Lions" }, { ...event, status: "tentative" }, { lang: "es" });
  assert.equal(tentative.description, "La hora o el lugar pueden cambiar");
  const ics = writeIcs({
    prodId: "-//GoalMates//Test//EN",
    name: familyCalendarName("Jordan", "es"),
    stamp: new Date("2026-12-01T00:00:00Z"),
    events: [spanish],
  });
  assert.match(ics, /\r\nX-WR-CALNAME:GoalMates – Equipos de Jordan\r\n/);
  assert.equal(familyIcsEvent({ name: "Lions" }, event).summary, "CANCELLED: Lions: Game", "English unchanged");
});
