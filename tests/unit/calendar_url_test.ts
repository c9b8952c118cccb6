import assert from "node:assert/strict";
import { ValidationError } from "../../lib/errors.ts";
import { CALENDAR_URL_MESSAGES as M, maskCalendarUrl, normalizeCalendarUrl } from "../../lib/calendar/url.ts";

const strict = { allowPrivateHosts: false };
const tests = { allowPrivateHosts: true };

function refusal(raw: unknown, options = strict): string {
  try {
    normalizeCalendarUrl(raw, options);
  } catch (error) {
    assert.ok(error instanceof ValidationError, `${String(raw)} threw ${error}`);
    assert.deepEqual(error.fields, { calendarUrl: error.message });
    return error.message;
  }
  assert.fail(`${String(raw)} was accepted`);
}

Deno.test("[calendar url] R33's list, and every other way to reach a private address, is refused", () => {
  const table: [string, string][] = [
    // R33's table.
    ["http://127.0.0.1/", M.scheme],
    ["https://[::1]/", M.ipAddress],
    ["https://169.254.169.254/", M.ipAddress],
    ["https://2130706433/", M.ipAddress],
    ["https://0x7f.1/", M.ipAddress],
    ["https://127.1/", M.ipAddress],
    ["https://user:pw@host/", M.credentials],
    ["file:///etc/passwd", M.scheme],
    ["gopher://example.com:70/1", M.scheme],
    ["https://host:22/", M.port],
    // IPv4 in other notations, IPv6 literals.
    ["https://017700000001/", M.ipAddress],
    ["https://0x7f000001/", M.ipAddress],
    ["https://0177.0.0.1/", M.ipAddress],
    ["https://127.0.0.1./x.ics", M.ipAddress],
    ["https://10.0.0.1/x", M.ipAddress],
    ["https://8.8.8.8/calendar.ics", M.ipAddress],
    ["https://[::ffff:127.0.0.1]/", M.ipAddress],
    ["https://[fe80::1]/", M.ipAddress],
    ["webcal://127.0.0.1/x.ics", M.ipAddress],
    // Local names.
    ["https://localhost/", M.privateHost],
    ["https://LOCALHOST./x", M.privateHost],
    ["https://calendar.localhost/x", M.privateHost],
    ["https://printer.local/x.ics", M.privateHost],
    ["https://metadata.google.internal/computeMetadata/v1/", M.privateHost],
    ["https://nas.home.arpa/x.ics", M.privateHost],
    ["https://intranet/x.ics", M.privateHost],
    // Other schemes and credentials.
    ["http://calendar.google.com/calendar/ical/x/basic.ics", M.scheme],
    ["javascript:alert(1)", M.scheme],
    ["data:text/calendar,BEGIN:VCALENDAR", M.scheme],
    ["ftp://example.com/x.ics", M.scheme],
    ["calendar.google.com/calendar/ical/x/basic.ics", M.scheme],
    ["https://user@calendar.example.com/x.ics", M.credentials],
    ["https://:secret@calendar.example.com/x.ics", M.credentials],
    ["https://calendar.example.com:8443/x.ics", M.port],
    ["https://calendar.example.com:80/x.ics", M.port],
    // Empty and oversized.
    ["", M.required],
    ["   \t ", M.required],
    ["https://calendar.example.com/" + "a".repeat(2048), M.tooLong],
  ];
  for (const [url, message] of table) assert.equal(refusal(url), message, url);
  for (const notText of [undefined, null, 42, {}, ["https://calendar.example.com/x.ics"]]) {
    assert.equal(refusal(notText), M.required);
  }
});

Deno.test("[calendar url] a normal https or webcal link is accepted, cleaned and typed", () => {
  assert.deepEqual(
    normalizeCalendarUrl(
      "  https://calendar.google.com/calendar/ical/abc%40group.calendar.google.com/private-x/basic.ics ",
      strict,
    ),
    {
      url: "https://calendar.google.com/calendar/ical/abc%40group.calendar.google.com/private-x/basic.ics",
      calendarType: "generic",
    },
  );
  assert.deepEqual(normalizeCalendarUrl("webcal://ical.teamsnap.com/team_schedule/abc.ics", strict), {
    url: "https://ical.teamsnap.com/team_schedule/abc.ics",
    calendarType: "teamsnap",
  });
  assert.deepEqual(normalizeCalendarUrl("WEBCALS://api.playmetrics.com/calendar/123.ics?token=x#frag", strict), {
    url: "https://api.playmetrics.com/calendar/123.ics?token=x",
    calendarType: "playmetrics",
  });
  assert.deepEqual(normalizeCalendarUrl("HTTPS://Example.COM./feeds/teamsnap-export.ics", strict), {
    url: "https://example.com/feeds/teamsnap-export.ics",
    calendarType: "teamsnap",
  });
  assert.equal(normalizeCalendarUrl("https://example.com:443/x.ics", strict).url, "https://example.com/x.ics");
  assert.equal(
    normalizeCalendarUrl("https://calendar.example.com/" + "a".repeat(2000), strict).calendarType,
    "generic",
  );
});

Deno.test("[calendar url] allowPrivateHosts lets a test server on loopback through, nothing else", () => {
  for (
    const url of [
      "http://127.0.0.1:8123/team.ics",
      "http://localhost:9/x",
      "http://[::1]:4000/x",
      "https://127.0.0.1/x",
    ]
  ) {
    assert.equal(normalizeCalendarUrl(url, tests).url, url, url);
    assert.notEqual(refusal(url), "", url);
  }
  assert.equal(refusal("http://10.0.0.1/x", tests), M.scheme);
  assert.equal(refusal("https://10.0.0.1/x", tests), M.ipAddress);
  assert.equal(refusal("https://169.254.169.254/latest", tests), M.ipAddress);
  assert.equal(refusal("https://127.0.0.2/x", tests), M.ipAddress);
  assert.equal(refusal("https://printer.local/x", tests), M.privateHost);
  assert.equal(refusal("http://calendar.example.com/x", tests), M.scheme);
  assert.equal(refusal("https://calendar.example.com:8443/x", tests), M.port);
  assert.equal(refusal("http://user:pw@127.0.0.1:8000/x", tests), M.credentials);
  assert.equal(refusal("file:///etc/passwd", tests), M.scheme);
});

Deno.test("[calendar url] a masked link shows the host and the last 4 characters only", () => {
  assert.equal(
    maskCalendarUrl("https://calendar.google.com/calendar/ical/abc/private-5f3e2a/basic.ics"),
    "https://calendar.google.com/….ics",
  );
  assert.equal(
    maskCalendarUrl("https://api.playmetrics.com/calendar/123.ics?token=s3cr3tXYZ9"),
    "https://api.playmetrics.com/…XYZ9",
  );
  assert.equal(maskCalendarUrl("http://127.0.0.1:8123/t.ics"), "http://127.0.0.1:8123/….ics");
  assert.equal(maskCalendarUrl("https://example.com/"), "https://example.com/…");
  assert.equal(maskCalendarUrl("not a url"), "…");
});
