/**
 * The activity log in words (lib/sysadmin/activity_text.ts): each recorded action as a sentence
 * with the names the loader found now, falling back to what the entry recorded; the actor by
 * name or role; the filter's action labels.
 */
import assert from "node:assert/strict";
import {
  ACTION_LABELS,
  actionLabel,
  activitySentence,
  actorName,
  type EntryNames,
} from "../../lib/sysadmin/activity_text.ts";
import { AUDIT_ACTIONS } from "../../lib/sysadmin/admin_home_types.ts";
import type { AuditEntry } from "../../lib/db/audit.ts";

const entry = (action: string, detail = "", teamId: string | null = "team-1"): AuditEntry => ({
  id: "01J0000000000000000000000",
  teamId,
  action,
  targetId: "target",
  actor: "dana@example.com",
  detail,
  createdAt: "2026-03-01T12:00:00.000Z",
});
const names = (more: Partial<EntryNames> = {}): EntryNames => ({
  actor: "Dana Reyes",
  player: null,
  claimant: null,
  asPlayer: false,
  person: null,
  calendarType: null,
  ...more,
});

Deno.test("[activity text] claims and join requests: who decided, whose claim, by whom", () => {
  const leo = names({ player: "Leo Park", claimant: "Maria Park" });
  assert.equal(
    activitySentence(entry("claim.approved", "maria@example.com as a parent of Leo Prk"), leo),
    "Dana Reyes approved Leo Park's claim by Maria Park.",
    "the player's name of today, not the one recorded",
  );
  assert.equal(
    activitySentence(
      entry("claim.denied", "x@example.com for an unmatched player"),
      names({ claimant: "x@example.com" }),
    ),
    "Dana Reyes denied a claim by x@example.com that named no single player.",
  );
  assert.equal(
    activitySentence(entry("claim.denied", "x@example.com for Chris Jones"), names({ claimant: "Kim" })),
    "Dana Reyes denied Chris Jones' claim by Kim.",
    "a player since removed: as the entry recorded them",
  );
  assert.equal(
    activitySentence(entry("join-request.approved"), leo),
    "Dana Reyes approved Maria Park's request to join as a parent of Leo Park.",
  );
  assert.equal(
    activitySentence(entry("join-request.denied"), names({ player: "Leo Park", claimant: "Leo", asPlayer: true })),
    "Dana Reyes denied Leo's request to join as Leo Park.",
  );
});

Deno.test("[activity text] player changes name the player, in words rather than field codes", () => {
  const leo = names({ player: "Leo Park" });
  assert.equal(
    activitySentence(entry("player.created", "Leo Park #7"), leo),
    "Dana Reyes added Leo Park to the roster.",
  );
  assert.equal(
    activitySentence(entry("player.updated", "Leo Park #7: firstName, jerseyNumber, stats"), leo),
    "Dana Reyes changed Leo Park's details (first name, jersey number, season stats).",
  );
  assert.equal(
    activitySentence(entry("player.deleted", "Leo Park #7 (2 parent links removed)"), names()),
    "Dana Reyes removed Leo Park from the roster, with 2 parent links.",
  );
  assert.equal(
    activitySentence(entry("player.photo_consent", "Photo on the public roster: withdrawn"), leo),
    "Dana Reyes withdrew the yes to Leo Park's photo on the public roster.",
  );
  assert.equal(
    activitySentence(entry("parent-email.added", "paul@example.com"), leo),
    "Dana Reyes added paul@example.com as a parent of Leo Park.",
  );
});

Deno.test("[activity text] the rest of the log: settings, calendar, campaigns, links, posts, teams", () => {
  const n = names({ person: "Sam Lee" });
  const cases: [AuditEntry, string][] = [
    [
      entry("settings.updated", "name, showParentNames, timeZone"),
      "Dana Reyes changed the team settings: team name, parent names on the public roster, time zone.",
    ],
    [entry("calendar.added", "generic"), "Dana Reyes connected the team calendar (Calendar link (ICS))."],
    [entry("calendar.removed"), "Dana Reyes removed the team calendar."],
    [entry("campaign.created", 'poll "Snack day?" created'), 'Dana Reyes created the poll "Snack day?".'],
    [entry("campaign.updated", "fun_fact deactivated", null), "Dana Reyes deactivated a global fun fact."],
    [entry("join-link.generated"), "Dana Reyes generated a new invite link."],
    [entry("post.deleted", "kudos by Leo's parent"), "Dana Reyes deleted a kudos post by Leo's parent."],
    [entry("photo.deleted", "photo by Maria Park"), "Dana Reyes deleted a gallery photo by Maria Park."],
    [entry("admin.added", "sam@example.com"), "Dana Reyes made Sam Lee a team admin."],
    [entry("access.updated", "username rockets"), "Dana Reyes set the team login's username to rockets."],
    [entry("something.new", "x"), "Dana Reyes: something.new (x)."],
  ];
  const withType = (e: AuditEntry) => e.action === "calendar.added" ? { ...n, calendarType: "Calendar link (ICS)" } : n;
  for (const [e, sentence] of cases) assert.equal(activitySentence(e, withType(e)), sentence, e.action);
});

Deno.test("[activity text] the actor: their name, else their e-mail; the team login and the system administrator by role", () => {
  assert.equal(actorName("dana@example.com", "Dana Reyes"), "Dana Reyes");
  assert.equal(actorName("dana@example.com", null), "dana@example.com");
  assert.equal(actorName("team:rockets", null), "The team login (rockets)");
  assert.equal(actorName("sysadmin:root@example.com", null), "System administrator root@example.com");
  assert.equal(actorName("anonymous", null), "Someone");
  assert.equal(actorName("system", null), "GoalMates");
  assert.equal(actorName("demo", null), "The demo set-up");
  assert.equal(actorName("Team calendar", null), "Team calendar");
});

Deno.test("[activity text] every action the filter lists has words", () => {
  for (const action of AUDIT_ACTIONS) assert.ok(Object.hasOwn(ACTION_LABELS, action), action);
  assert.equal(actionLabel("claim.approved"), "Claim approved");
  assert.equal(actionLabel("made.up"), "made.up");
});

Deno.test("[activity text] in Spanish: the same entries as sentences a Spanish reader reads, names as they are", () => {
  const leo = names({ player: "Leo Park", claimant: "Maria Park" });
  const cases: [AuditEntry, EntryNames, string][] = [
    [
      entry("claim.approved", "maria@example.com as a parent of Leo Prk"),
      leo,
      "Dana Reyes aprobó la solicitud de Leo Park hecha por Maria Park.",
    ],
    [
      entry("join-request.approved"),
      leo,
      "Dana Reyes aprobó la solicitud de Maria Park para unirse como padre o madre de Leo Park.",
    ],
    [
      entry("claim.denied", "x@example.com for an unmatched player"),
      names({ claimant: "x@example.com" }),
      "Dana Reyes rechazó una solicitud de x@example.com que no nombraba a un solo jugador.",
    ],
    [
      entry("player.updated", "Leo Park #7: firstName, jerseyNumber, stats"),
      leo,
      "Dana Reyes cambió los datos de Leo Park (nombre, número de camiseta, estadísticas de la temporada).",
    ],
    [
      entry("player.deleted", "Leo Park #7 (1 parent link removed)"),
      names(),
      "Dana Reyes quitó a Leo Park de la plantilla, con 1 vínculo de padre o madre.",
    ],
    [entry("players.imported", "12 players from CSV"), names(), "Dana Reyes importó 12 jugadores desde un CSV."],
    [entry("player.photo_changed", "Leo Park #7"), names(), "Dana Reyes cambió la foto de Leo Park."],
    [
      entry("campaign.created", 'poll "¿Merienda?" created'),
      names(),
      "Dana Reyes creó la campaña «¿Merienda?» (encuesta).",
    ],
    [
      entry("campaign.updated", "fun_fact deactivated", null),
      names(),
      "Dana Reyes desactivó una campaña global (dato curioso).",
    ],
    [
      entry("post.deleted", "kudos by Familia de Leo"),
      names(),
      "Dana Reyes eliminó una publicación (felicitación) de Familia de Leo.",
    ],
    [
      entry("calendar.added", "teamsnap"),
      names({ calendarType: "TeamSnap" }),
      "Dana Reyes conectó el calendario del equipo (TeamSnap).",
    ],
    [
      entry("settings.updated", "showPhotos"),
      names(),
      "Dana Reyes cambió la configuración del equipo: fotos en la plantilla pública.",
    ],
    [entry("something.new", "x"), names(), "Dana Reyes: something.new (x)."],
  ];
  for (const [e, n, sentence] of cases) assert.equal(activitySentence(e, n, "es"), sentence, e.action);
  assert.equal(actorName("team:rockets", null, "es"), "El acceso del equipo (rockets)");
  assert.equal(actorName("anonymous", null, "es"), "Alguien");
  assert.equal(
    activitySentence(entry("admin.removed"), names({ actor: actorName("demo", null, "es") }), "es"),
    "La configuración de demostración quitó a alguien como administrador del equipo.",
  );
});
