/**
 * Issue 24, item 3: a mail is in its recipient's language. A person whose account chose Spanish
 * (with the language switch) gets Spanish sign-in links, team news, schedule changes and weekly
 * digests, whatever the language of the request that caused them; someone without an account
 * gets the language of their own request (a signup, a claim from the public roster and the
 * claim's approval, decided later by an admin who reads English); everyone else, English as
 * before.
 */
import assert from "node:assert/strict";
import { call, createTestApp, requestJson, seedTeam, SIGNUP_BODY } from "../helpers.ts";
import { createAccount, queuedMail } from "../auth_helpers.ts";
import { adminWorld, signIn } from "../admin_helpers.ts";
import { setAccountLanguage } from "../../lib/accounts/mod.ts";
import { getUserByEmail } from "../../lib/db/users.ts";
import { addCalendar, type FeedEvent, type SyncDeps, syncTeamCalendar } from "../../lib/calendar/mod.ts";
import {
  dueNewsJobs,
  dueScheduleNoticeJobs,
  runNewsFanoutJob,
  runScheduleNoticeJob,
  runWeeklyDigests,
} from "../../lib/notifications/mod.ts";
import type { NewsFanoutJob } from "../../lib/notifications/news.ts";
import type { OutgoingMail } from "../../lib/mail/types.ts";
import { englishLeftIn } from "../i18n_helpers.ts";

const APP = "http://goalmates.test";
const SPANISH = { "accept-language": "es-MX,es;q=0.9,en;q=0.5" };
const ENGLISH = { "accept-language": "en-US,en;q=0.9" };

const mailsTo = async (kv: Deno.Kv, address: string, kind: string): Promise<OutgoingMail[]> =>
  (await queuedMail(kv)).map((m) => m.mail).filter((m) => m.to.address === address && m.kind === kind);

async function onlyMail(kv: Deno.Kv, address: string, kind: string): Promise<OutgoingMail> {
  const mails = await mailsTo(kv, address, kind);
  assert.equal(mails.length, 1, `one ${kind} mail to ${address}`);
  return mails[0];
}

function assertSpanish(mail: OutgoingMail, subject: string | RegExp) {
  if (typeof subject === "string") assert.equal(mail.subject, subject);
  else assert.match(mail.subject, subject);
  assert.match(mail.html, /<html lang="es">/);
  assert.match(mail.text, /^Hola[,:]/);
  assert.deepEqual(englishLeftIn(mail.html), [], `English left in "${mail.subject}"`);
}

const askForLink = async (t: { app: Parameters<typeof requestJson>[0] }, email: string, headers = {}) => {
  const res = await requestJson(t.app, "/api/team/magic-link", { body: { email }, headers });
  assert.equal(res.status, 200);
  await res.body?.cancel();
};

Deno.test("[mail language] sign-in links: the account's language first, else the request's, else English", async () => {
  await using t = await createTestApp();
  const { team } = await seedTeam(t.kv, { name: "Lions U10" });
  const maria = await createAccount(t.kv, { email: "maria@example.com", teamId: team.id, firstName: "María" });
  await setAccountLanguage(t.kv, maria.id, "es");
  await createAccount(t.kv, { email: "omar@example.com", teamId: team.id, firstName: "Omar" });
  await createAccount(t.kv, { email: "jo@example.com", teamId: team.id, firstName: "Jo" });

  // María chose Spanish: her link is Spanish even when asked for from an English browser.
  await askForLink(t, "maria@example.com", ENGLISH);
  const maría = await onlyMail(t.kv, "maria@example.com", "sign-in");
  assertSpanish(maría, "Su enlace para iniciar sesión en GoalMates");
  assert.match(maría.text, /^Hola, María:\n/);
  assert.match(maría.text, /^Iniciar sesión: http:\/\/goalmates\.test\/auth\/magic\?token=[\w-]{43}$/m, "the link");

  // Omar chose nothing: the request's language decides.
  await askForLink(t, "omar@example.com", SPANISH);
  assertSpanish(await onlyMail(t.kv, "omar@example.com", "sign-in"), "Su enlace para iniciar sesión en GoalMates");

  // Jo chose nothing and asks in English: the English mail, as it always was.
  await askForLink(t, "jo@example.com", ENGLISH);
  const jo = await onlyMail(t.kv, "jo@example.com", "sign-in");
  assert.equal(jo.subject, "Your GoalMates sign-in link");
  assert.match(jo.text, /^Hi Jo,\n/);
  assert.match(jo.html, /^<!DOCTYPE html><html><body/);

  // Jo picks Español with the footer switch: from then on the account's language wins.
  const cookie = await signIn(t, "jo@example.com");
  const switched = await call(t.app, "POST", "/language", { cookie, form: { language: "es", next: "/" } });
  assert.equal(switched.status, 303);
  assert.equal((await getUserByEmail(t.kv, "jo@example.com"))?.language, "es");
  await askForLink(t, "jo@example.com", ENGLISH);
  const afterSwitch = (await mailsTo(t.kv, "jo@example.com", "sign-in")).at(-1)!;
  assertSpanish(afterSwitch, "Su enlace para iniciar sesión en GoalMates");
});

Deno.test("[mail language] without an account: the signup's, the claim's and its approval's mail in the request's language", async () => {
  await using t = await createTestApp();
  // A signup in Spanish: the verification mail is Spanish; one in English stays English.
  const signedUp = await requestJson(t.app, "/api/signup/create-pending-intent", {
    body: SIGNUP_BODY,
    headers: SPANISH,
  });
  assert.equal(signedUp.status, 200, await signedUp.clone().text());
  assertSpanish(
    await onlyMail(t.kv, "jordan@example.com", "verification"),
    "Verifique su correo para crear Harbor Hawks en GoalMates",
  );
  const english = await requestJson(t.app, "/api/signup/create-pending-intent", {
    body: { ...SIGNUP_BODY, email: "casey@example.com", teamName: "Bay Otters" },
    headers: ENGLISH,
  });
  assert.equal(english.status, 200);
  assert.equal(
    (await onlyMail(t.kv, "casey@example.com", "verification")).subject,
    "Verify your e-mail to create Bay Otters on GoalMates",
  );

  // A claim from the public roster in Spanish; the admin reads English.
  const { team } = await seedTeam(t.kv, { name: "Lions U10" });
  await createAccount(t.kv, { email: "admin@example.com", teamId: team.id, role: "TEAM_ADMIN", firstName: "Ada" });
  const claim = async (email: string, jerseyNumber: number, headers: Record<string, string>) => {
    const res = await requestJson(t.app, `/api/teams/${team.slug}/claims`, {
      body: { mode: "jersey", jerseyNumber, email },
      headers,
    });
    assert.equal(res.status, 201, await res.clone().text());
    return (await res.json()).claimId as string;
  };
  const lucia = await claim("lucia@example.com", 4, SPANISH);
  const sam = await claim("sam@example.com", 7, ENGLISH);
  const adminMail = (await mailsTo(t.kv, "admin@example.com", "admin-requests"))[0];
  assert.match(adminMail.subject, /^1 new request for Lions U10$/, "the admin's own language (none chosen): English");

  // Asking for a sign-in link while the claim waits: the notice, in the asking request's language.
  await askForLink(t, "lucia@example.com", SPANISH);
  assertSpanish(
    await onlyMail(t.kv, "lucia@example.com", "request-pending"),
    "Su solicitud para unirse a Lions U10 espera al administrador del equipo",
  );

  // The admin approves both from an English browser: each claimant reads their own language.
  const cookie = await signIn(t, "admin@example.com");
  for (const id of [lucia, sam]) {
    const res = await requestJson(t.app, `/api/admin/${team.id}/claims/${id}/approve`, {
      method: "POST",
      headers: { cookie, ...ENGLISH },
    });
    assert.equal(res.status, 200, await res.clone().text());
    await res.body?.cancel();
  }
  const approved = await onlyMail(t.kv, "lucia@example.com", "claim-approved");
  assertSpanish(approved, "Se aprobó su solicitud por Sofia Okafor en Lions U10");
  assert.match(approved.text, /^Actualizar datos del jugador: http:\/\/goalmates\.test\/edit\?token=[\w-]{43}$/m);
  const english2 = await onlyMail(t.kv, "sam@example.com", "claim-approved");
  assert.equal(english2.subject, "Your claim for Maya Rodriguez on Lions U10 is approved");
});

Deno.test("[mail language] team news and the weekly digest in Spanish for an account that chose it, English for others", async () => {
  await using t = await createTestApp();
  const w = await adminWorld(t);
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  await setAccountLanguage(t.kv, parent.id, "es");
  const posted = await call(t.app, "POST", `/api/teams/${w.team.id}/posts`, {
    cookie: w.cookies.admin,
    body: { postType: "news", content: "Practice moves to Field 3 on Saturday." },
    headers: ENGLISH,
  });
  assert.equal(posted.status, 201, await posted.clone().text());
  const fanouts = (await dueNewsJobs(t.kv)[0](Date.now(), { cursor: "", limit: 500 })).values as NewsFanoutJob[];
  for (const job of fanouts) await runNewsFanoutJob(t.kv, job, APP);

  const news = await onlyMail(t.kv, "parent@example.com", "notification-teamNews");
  assertSpanish(news, `Noticias de ${w.team.name}`);
  assert.match(news.text, /^Ada · \S+, \d+ de \S+ · \d+:\d\d [ap]\.\s?m\. ET$/m, "the post's time, in Spanish");
  assert.match(news.text, /Practice moves to Field 3 on Saturday\./, "what the admin wrote stays as written");
  assert.match(news.text, /tiene activado “Noticias del equipo”/);
  assert.match(
    news.html,
    /<a href="http:\/\/goalmates\.test\/unsubscribe\/[^"]+"[^>]*>Dejar de recibir estos correos<\/a>/,
  );
  const english = await onlyMail(t.kv, "player@example.com", "notification-teamNews");
  assert.equal(english.subject, `News from ${w.team.name}`);
  assert.match(english.html, /<html lang="en">/);

  const run = await runWeeklyDigests(t.kv, { appUrl: APP, anyTime: true });
  assert.ok(run.sent >= 2, JSON.stringify(run));
  const digest = await onlyMail(t.kv, "parent@example.com", "notification-weeklyDigest");
  assertSpanish(digest, `Su semana con ${w.team.name}`);
  assert.match(digest.text, /^Publicaciones de esta semana:$/m);
  assert.match(digest.text, /^- Noticia de Ada [^:]*: Practice moves to Field 3 on Saturday\.$/m);
  assert.equal(
    (await onlyMail(t.kv, "player@example.com", "notification-weeklyDigest")).subject,
    `Your week with ${w.team.name}`,
  );
});

Deno.test("[mail language] a schedule change in Spanish for an account that chose it", async () => {
  const NOW = new Date("2026-11-30T12:00:00Z");
  await using t = await createTestApp({ now: () => NOW });
  const { team } = await seedTeam(t.kv, { name: "Lions U10" });
  const coach = await createAccount(t.kv, { email: "coach@example.com", teamId: team.id, role: "TEAM_ADMIN" });
  const maria = await createAccount(t.kv, { email: "maria@example.com", firstName: "María", teamId: team.id });
  await setAccountLanguage(t.kv, maria.id, "es");
  await addCalendar(t.kv, team.id, "https://calendar.example.org/lions.ics", { id: coach.id, label: "coach" }, NOW, {
    allowPrivateHosts: false,
  });
  const game: FeedEvent = {
    uid: "game@x",
    title: "Game vs Eagles",
    eventType: "game",
    status: "confirmed",
    startTime: "2026-12-05T15:00:00Z",
    endTime: "2026-12-05T16:30:00Z",
    allDay: false,
    opponent: null,
    isHome: null,
    location: "Field 1",
  };
  let events = [game];
  let version = 0;
  const deps: SyncDeps = {
    now: () => NOW,
    allowPrivateHosts: false,
    fetchFeed: () =>
      Promise.resolve({
        kind: "fetched",
        body: "BEGIN:VCALENDAR",
        validators: { etag: `"${++version}"`, lastModified: null },
      }),
    parseFeed: () => Promise.resolve({ events, truncated: false }),
  };
  await syncTeamCalendar(t.kv, team.id, deps);
  events = [{ ...game, status: "cancelled" }];
  await syncTeamCalendar(t.kv, team.id, deps);
  const { values } = await dueScheduleNoticeJobs(t.kv, NOW.getTime(), { cursor: "", limit: 10 });
  assert.equal(values.length, 1);
  for (const job of values) await runScheduleNoticeJob(t.kv, job, APP, NOW);

  const mail = await onlyMail(t.kv, "maria@example.com", "notification-scheduleChanges");
  assertSpanish(mail, "Cambio de horario de Lions U10");
  assert.match(mail.text, /^Hola, María:\n/);
  assert.match(
    mail.text.replaceAll("\u00a0", " "),
    /^- Cancelado: Game vs Eagles, sáb, 5 de dic · 10:00 a\.\s?m\. ET en Field 1$/m,
  );
  assert.match(mail.html, />Ver el horario<\/a>/);
  assert.equal(
    (await onlyMail(t.kv, "coach@example.com", "notification-scheduleChanges")).subject,
    "Schedule change for Lions U10",
  );
});
