import assert from "node:assert/strict";
import {
  FEED_FETCH_DEFAULTS,
  FEED_FETCH_MESSAGES as F,
  FEED_USER_AGENT,
  fetchCalendarFeed,
  type FetchFeedOptions,
} from "../../lib/calendar/fetch_feed.ts";
import { CALENDAR_URL_MESSAGES as U } from "../../lib/calendar/url.ts";
import { CalendarSyncError, type FeedFetchResult } from "../../lib/calendar/types.ts";
import { calendarFixture, NO_VALIDATORS, startFeedServer } from "../calendar_feed_server.ts";

const TEAMSNAP = calendarFixture("teamsnap.ics");
const loopback: FetchFeedOptions = { allowPrivateHosts: true };

/** A `fetch` that records every URL it is asked for, then really fetches it. */
function recordingFetch(): { fetchImpl: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    urls.push(String(input));
    return fetch(input, init);
  };
  return { fetchImpl, urls };
}

/** A `fetch` that must never be reached: the refusal has to come before any connection. */
function unreachableFetch(): { fetchImpl: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  const fetchImpl: typeof fetch = (input) => {
    calls.push(String(input));
    return Promise.resolve(new Response(TEAMSNAP, { headers: { "content-type": "text/calendar" } }));
  };
  return { fetchImpl, calls };
}

async function failure(promise: Promise<FeedFetchResult>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof CalendarSyncError, `expected a CalendarSyncError, got ${error}`);
    for (const internal of ["127.0.0.1", "10.0.0.1", "169.254", "::1", "Error:", "    at "]) {
      assert.ok(!error.message.includes(internal), `${error.message} shows ${internal}`);
    }
    return error.message;
  }
  assert.fail("the fetch succeeded");
}

Deno.test("[calendar fetch] a feed is fetched with a fixed User-Agent, no credentials, and its validators kept", async () => {
  await using server = startFeedServer({
    "/team.ics": { body: TEAMSNAP, etag: '"v1"', lastModified: "Mon, 23 Nov 2026 11:00:00 GMT" },
  });
  const result = await fetchCalendarFeed(server.url("/team.ics"), NO_VALIDATORS, loopback);
  assert.deepEqual(result, {
    kind: "fetched",
    body: TEAMSNAP,
    validators: { etag: '"v1"', lastModified: "Mon, 23 Nov 2026 11:00:00 GMT" },
  });
  const headers = server.lastHeaders["/team.ics"];
  assert.equal(headers.get("user-agent"), FEED_USER_AGENT);
  assert.equal(headers.get("accept"), "text/calendar, text/plain;q=0.9");
  for (const name of ["cookie", "authorization", "if-none-match", "if-modified-since"]) {
    assert.equal(headers.get(name), null, name);
  }
  assert.deepEqual(FEED_FETCH_DEFAULTS, { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 });
});

Deno.test("[calendar fetch] a conditional GET answered 304 is not-modified (R35)", async () => {
  await using server = startFeedServer({
    "/etag.ics": { body: TEAMSNAP, etag: '"v1"' },
    "/date.ics": { body: TEAMSNAP, lastModified: "Mon, 23 Nov 2026 11:00:00 GMT" },
  });
  const byEtag = await fetchCalendarFeed(server.url("/etag.ics"), { etag: '"v1"', lastModified: null }, loopback);
  assert.deepEqual(byEtag, { kind: "not-modified" });
  assert.equal(server.lastHeaders["/etag.ics"].get("if-none-match"), '"v1"');
  const byDate = await fetchCalendarFeed(
    server.url("/date.ics"),
    { etag: null, lastModified: "Mon, 23 Nov 2026 11:00:00 GMT" },
    loopback,
  );
  assert.deepEqual(byDate, { kind: "not-modified" });
  assert.equal(server.lastHeaders["/date.ics"].get("if-modified-since"), "Mon, 23 Nov 2026 11:00:00 GMT");
  // A changed feed (another ETag) is fetched again, with its new validator.
  server.set("/etag.ics", { body: TEAMSNAP.replace("Hawks", "Owls"), etag: '"v2"' });
  const changed = await fetchCalendarFeed(server.url("/etag.ics"), { etag: '"v1"', lastModified: null }, loopback);
  assert.equal(changed.kind, "fetched");
  assert.ok(changed.kind === "fetched" && changed.body.includes("Owls"));
  assert.deepEqual(changed.kind === "fetched" && changed.validators, { etag: '"v2"', lastModified: null });
  assert.deepEqual(server.requests, { "/etag.ics": 2, "/date.ics": 1 });
  // A 304 to a request that sent no validator is not a calendar.
  server.set("/bare304.ics", () => new Response(null, { status: 304 }));
  assert.equal(await failure(fetchCalendarFeed(server.url("/bare304.ics"), NO_VALIDATORS, loopback)), F.status(304));
});

Deno.test("[calendar fetch] without allowPrivateHosts the loopback test server is refused before connecting (R34)", async () => {
  await using server = startFeedServer({ "/team.ics": { body: TEAMSNAP } });
  const { fetchImpl, calls } = unreachableFetch();
  const strict = { allowPrivateHosts: false, fetchImpl };
  assert.equal(await failure(fetchCalendarFeed(server.url("/team.ics"), NO_VALIDATORS, strict)), U.scheme);
  const https = server.url("/team.ics").replace("http:", "https:");
  assert.equal(await failure(fetchCalendarFeed(https, NO_VALIDATORS, strict)), U.port);
  assert.equal(await failure(fetchCalendarFeed("https://localhost/x.ics", NO_VALIDATORS, strict)), U.privateHost);
  assert.equal(await failure(fetchCalendarFeed("https://[::1]/x.ics", NO_VALIDATORS, strict)), U.ipAddress);
  assert.deepEqual(calls, []);
  assert.deepEqual(server.requests, { "/team.ics": 0 });
});

Deno.test("[calendar fetch] a public-looking name resolving to a private address is refused (R34)", async () => {
  const url = "https://calendar.example.com/team.ics";
  const cases: [answers: string[], allowPrivateHosts: boolean][] = [
    [["127.0.0.1"], false],
    [["10.0.0.1"], false],
    [["::ffff:127.0.0.1"], false],
    [["::1"], false],
    [["169.254.169.254"], false],
    [["93.184.216.34", "192.168.1.20"], false], // one bad answer among good ones
    [["2606:2800:220:1::1", "fd00::1"], false],
    // The test switch allows loopback only.
    [["10.0.0.1"], true],
    [["::ffff:127.0.0.1"], true],
    [["169.254.169.254"], true],
    [["127.0.0.1", "10.0.0.1"], true],
  ];
  for (const [answers, allowPrivateHosts] of cases) {
    const { fetchImpl, calls } = unreachableFetch();
    const resolved: string[] = [];
    const resolve = (host: string) => {
      resolved.push(host);
      return Promise.resolve(answers);
    };
    const message = await failure(fetchCalendarFeed(url, NO_VALIDATORS, { allowPrivateHosts, resolve, fetchImpl }));
    assert.equal(message, U.privateHost, `${answers} with allowPrivateHosts ${allowPrivateHosts}`);
    assert.deepEqual(resolved, ["calendar.example.com"]);
    assert.deepEqual(calls, [], `${answers}: no connection`);
  }
  // Loopback is what the test switch allows; public addresses always pass.
  for (const [answers, allowPrivateHosts] of [[["127.0.0.1", "::1"], true], [["93.184.216.34"], false]] as const) {
    const { fetchImpl, calls } = unreachableFetch();
    const resolve = () => Promise.resolve([...answers]);
    const result = await fetchCalendarFeed(url, NO_VALIDATORS, { allowPrivateHosts, resolve, fetchImpl });
    assert.equal(result.kind, "fetched");
    assert.deepEqual(calls, [url]);
  }
});

Deno.test("[calendar fetch] redirects are followed by hand, re-checked on every hop, at most 3 (R34)", async () => {
  await using server = startFeedServer({
    "/team.ics": { body: TEAMSNAP },
    "/moved": { redirect: "/moved-again", status: 301 },
    "/moved-again": { redirect: "/team.ics", status: 308 },
    "/to-private": { redirect: "https://10.0.0.1/x" },
    "/to-metadata": { redirect: "https://169.254.169.254/latest", status: 307 },
    "/to-file": { redirect: "file:///etc/passwd" },
    "/to-nowhere": { redirect: "https://exa mple.com:99999/" },
    "/loop": { redirect: "/loop" },
    "/no-location": () => new Response(null, { status: 302 }),
  });
  const followed = recordingFetch();
  const result = await fetchCalendarFeed(server.url("/moved"), NO_VALIDATORS, { ...loopback, ...followed });
  assert.equal(result.kind === "fetched" && result.body, TEAMSNAP);
  assert.deepEqual(followed.urls, [server.url("/moved"), server.url("/moved-again"), server.url("/team.ics")]);

  for (const path of ["/to-private", "/to-metadata", "/to-file", "/to-nowhere"]) {
    const { fetchImpl, urls } = recordingFetch();
    const message = await failure(fetchCalendarFeed(server.url(path), NO_VALIDATORS, { ...loopback, fetchImpl }));
    assert.equal(message, F.redirectRefused, path);
    assert.deepEqual(urls, [server.url(path)], `${path}: the redirect target is never connected to`);
  }

  const looping = recordingFetch();
  const loop = await failure(fetchCalendarFeed(server.url("/loop"), NO_VALIDATORS, { ...loopback, ...looping }));
  assert.equal(loop, F.tooManyRedirects);
  assert.equal(looping.urls.length, 4, "the first request and 3 redirects");
  const noMore = await failure(
    fetchCalendarFeed(server.url("/moved"), NO_VALIDATORS, { ...loopback, maxRedirects: 1 }),
  );
  assert.equal(noMore, F.tooManyRedirects);
  assert.equal(await failure(fetchCalendarFeed(server.url("/no-location"), NO_VALIDATORS, loopback)), F.status(302));
});

Deno.test("[calendar fetch] error statuses and other content types are plain-English sync errors", async () => {
  await using server = startFeedServer({
    "/broken.ics": { body: "Internal error at 10.0.0.1:5432", status: 500 },
    "/gone.ics": { body: "Gone", status: 410 },
    "/page.html": { body: "<!doctype html><p>Sign in", contentType: "text/html; charset=utf-8" },
    "/binary.ics": { body: "BEGIN:VCALENDAR", contentType: "application/octet-stream" },
    "/plain.ics": { body: TEAMSNAP, contentType: "text/plain" },
    "/untyped.ics": { body: TEAMSNAP, contentType: null },
    "/latin1.ics": () =>
      new Response(new Uint8Array([0x42, 0x45, 0x47, 0x49, 0x4e, 0x3a, 0xe9]), {
        headers: { "content-type": "text/calendar; charset=iso-8859-1" },
      }),
  });
  assert.equal(
    await failure(fetchCalendarFeed(server.url("/broken.ics"), NO_VALIDATORS, loopback)),
    "The calendar server answered 500",
  );
  assert.equal(await failure(fetchCalendarFeed(server.url("/gone.ics"), NO_VALIDATORS, loopback)), F.status(410));
  assert.equal(await failure(fetchCalendarFeed(server.url("/missing.ics"), NO_VALIDATORS, loopback)), F.status(404));
  assert.equal(await failure(fetchCalendarFeed(server.url("/page.html"), NO_VALIDATORS, loopback)), F.notCalendar);
  assert.equal(await failure(fetchCalendarFeed(server.url("/binary.ics"), NO_VALIDATORS, loopback)), F.notCalendar);
  for (const path of ["/plain.ics", "/untyped.ics"]) {
    const result = await fetchCalendarFeed(server.url(path), NO_VALIDATORS, loopback);
    assert.equal(result.kind === "fetched" && result.body, TEAMSNAP, path);
  }
  const latin1 = await fetchCalendarFeed(server.url("/latin1.ics"), NO_VALIDATORS, loopback);
  assert.equal(latin1.kind === "fetched" && latin1.body, "BEGIN:é");
});

Deno.test("[calendar fetch] a body past 2 MB is cut off, declared or not, without reading the rest (R35)", async () => {
  const fiftyMb = 50 * 1024 * 1024;
  await using server = startFeedServer({
    "/declared.ics": { generated: { bytes: fiftyMb, declareLength: true } },
    "/undeclared.ics": { generated: { bytes: fiftyMb } },
    "/endless.ics": { generated: { bytes: null } },
    "/just-fits.ics": { generated: { bytes: FEED_FETCH_DEFAULTS.maxBytes, declareLength: true } },
  });
  const tooLarge = "The calendar is larger than 2 MB";
  assert.equal(F.tooLarge(FEED_FETCH_DEFAULTS.maxBytes), tooLarge);
  for (const path of ["/declared.ics", "/undeclared.ics", "/endless.ics"]) {
    assert.equal(await failure(fetchCalendarFeed(server.url(path), NO_VALIDATORS, loopback)), tooLarge, path);
    // What the server made is the cap plus what sat in buffers, nowhere near 50 MB.
    assert.ok((server.sentBytes[path] ?? 0) < 16 * 1024 * 1024, `${path}: ${server.sentBytes[path]} bytes sent`);
  }
  const fits = await fetchCalendarFeed(server.url("/just-fits.ics"), NO_VALIDATORS, loopback);
  assert.equal(fits.kind === "fetched" && fits.body.length, FEED_FETCH_DEFAULTS.maxBytes);
  const small = await failure(
    fetchCalendarFeed(server.url("/just-fits.ics"), NO_VALIDATORS, { ...loopback, maxBytes: 512 * 1024 }),
  );
  assert.equal(small, "The calendar is larger than 0.5 MB");
});

Deno.test("[calendar fetch] a server that drips its body runs into the deadline (R35)", async () => {
  await using server = startFeedServer({ "/drip.ics": { drip: TEAMSNAP, intervalMs: 100 } });
  const started = performance.now();
  const message = await failure(
    fetchCalendarFeed(server.url("/drip.ics"), NO_VALIDATORS, { ...loopback, timeoutMs: 500 }),
  );
  assert.equal(message, "The calendar server did not answer within 0.5 seconds");
  assert.equal(F.timeout(10_000), "The calendar server did not answer within 10 seconds");
  assert.ok(performance.now() - started < 5_000);
  assert.ok((server.sentBytes["/drip.ics"] ?? 0) < 20, "a few bytes, not the whole body");
});

Deno.test("[calendar fetch] DNS failures, hanging lookups and closed ports", async () => {
  const url = "https://calendar.example.com/team.ics";
  const { fetchImpl, calls } = unreachableFetch();
  const notFound = () => Promise.reject(new Deno.errors.NotFound("no such host"));
  const noAnswers = () => Promise.resolve([]);
  const hanging = () => new Promise<string[]>(() => {});
  assert.equal(
    await failure(fetchCalendarFeed(url, NO_VALIDATORS, { allowPrivateHosts: false, resolve: notFound, fetchImpl })),
    F.notFound,
  );
  assert.equal(
    await failure(fetchCalendarFeed(url, NO_VALIDATORS, { allowPrivateHosts: false, resolve: noAnswers, fetchImpl })),
    F.notFound,
  );
  assert.equal(
    await failure(
      fetchCalendarFeed(url, NO_VALIDATORS, { allowPrivateHosts: false, resolve: hanging, fetchImpl, timeoutMs: 200 }),
    ),
    F.timeout(200),
  );
  assert.deepEqual(calls, []);

  // A port nothing listens on: take one from a server, then close it.
  const server = startFeedServer({});
  const closedUrl = server.url("/team.ics");
  await server.close();
  assert.equal(await failure(fetchCalendarFeed(closedUrl, NO_VALIDATORS, loopback)), F.unreachable);
});
