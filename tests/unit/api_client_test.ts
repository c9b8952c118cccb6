import assert from "node:assert/strict";
import { api, type ApiResult } from "../../lib/client/api.ts";
import { ENGLISH_CLIENT_TEXTS } from "../../lib/i18n/client_texts.ts";

interface Sent {
  url: string;
  init: RequestInit;
}

/** Runs `fn` with `fetch` answering `answer` (or throwing it), and returns what was sent. */
async function withFetch<T>(answer: () => Response, fn: () => Promise<T>): Promise<{ result: T; sent: Sent[] }> {
  const real = globalThis.fetch;
  const sent: Sent[] = [];
  globalThis.fetch = (input: string | URL | Request, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return Promise.resolve().then(answer);
  };
  try {
    return { result: await fn(), sent };
  } finally {
    globalThis.fetch = real;
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

Deno.test("[api client] success: typed data, JSON body with the session cookie", async () => {
  const { result, sent } = await withFetch(
    () => json({ player: { id: "p1", jerseyNumber: 7 } }),
    () => api<{ player: { id: string; jerseyNumber: number } }>("PATCH", "/api/players/p1", { jerseyNumber: "7" }),
  );
  assert.deepEqual(result, { ok: true, status: 200, data: { player: { id: "p1", jerseyNumber: 7 } } });
  if (result.ok) assert.equal(result.data.player.jerseyNumber, 7); // typed without a cast
  assert.equal(sent.length, 1);
  assert.equal(sent[0].url, "/api/players/p1");
  assert.equal(sent[0].init.method, "PATCH");
  assert.equal(sent[0].init.credentials, "same-origin");
  assert.deepEqual(sent[0].init.headers, { "Content-Type": "application/json" });
  assert.equal(sent[0].init.body, '{"jerseyNumber":"7"}');
});

Deno.test("[api client] no body: no content type; a Blob is sent as it is", async () => {
  const { sent } = await withFetch(() => json({ players: [] }), async () => {
    await api("GET", "/api/admin/t/players");
    await api("POST", "/api/admin/t/players/import", new Blob(["firstName\nA"], { type: "text/csv" }));
  });
  assert.deepEqual(sent[0].init.headers, {});
  assert.equal(sent[0].init.body, undefined);
  assert.deepEqual(sent[1].init.headers, {}, "fetch takes the type from the Blob");
  assert.ok(sent[1].init.body instanceof Blob);
  assert.equal(await (sent[1].init.body as Blob).text(), "firstName\nA");
});

Deno.test("[api client] a refusal carries the server's message, its field messages and the body", async () => {
  const body = { message: "Jersey number must be between 0 and 99", fields: { jerseyNumber: "Jersey number…", n: 3 } };
  const { result } = await withFetch(() => json(body, 400), () => api("POST", "/api/admin/t/players", {}));
  assert.deepEqual(result, {
    ok: false,
    status: 400,
    message: "Jersey number must be between 0 and 99",
    fields: { jerseyNumber: "Jersey number…" },
    data: body,
  });
});

Deno.test("[api client] a body that is not JSON: {} as data, no message on a refusal", async () => {
  const html = () => new Response("<h1>Bad Gateway</h1>", { status: 502, headers: { "content-type": "text/html" } });
  const { result: refused } = await withFetch(html, () => api("GET", "/api/x"));
  assert.deepEqual(refused, { ok: false, status: 502, message: "", fields: {}, data: {} });
  const { result: empty } = await withFetch(() => new Response(null, { status: 204 }), () => api("DELETE", "/api/x"));
  assert.deepEqual(empty, { ok: true, status: 204, data: {} });
  const { result: odd } = await withFetch(() => json(["not", "an", "object"], 409), () => api("POST", "/api/x"));
  assert.deepEqual(odd, { ok: false, status: 409, message: "", fields: {}, data: ["not", "an", "object"] });
});

Deno.test("[api client] no connection: status 0 and the one cannot-connect message, never a rejection", async () => {
  const { result } = await withFetch(() => {
    throw new TypeError("Failed to fetch");
  }, () => api("POST", "/api/team/magic-link", { email: "a@b.co" }));
  const expected: ApiResult<never> = {
    ok: false,
    status: 0,
    message: ENGLISH_CLIENT_TEXTS.cannotConnect,
    fields: {},
    data: {},
  };
  assert.deepEqual(result, expected);
  assert.equal(ENGLISH_CLIENT_TEXTS.cannotConnect, "Unable to connect to server");
});
