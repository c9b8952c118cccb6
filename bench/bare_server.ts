/**
 * The baseline of the roster benchmark: a plain `Deno.serve` that answers fixed bodies.
 *
 *   deno run --allow-net=127.0.0.1 --allow-read=<spec> bench/bare_server.ts <port> <spec.json>
 *
 * `spec.json` is `{ "routes": [{ "path": "/x", "contentType": "...", "bodyFile": "/abs/file" }] }`.
 * Each body is sent as the same bytes the app sent (as a string when it is valid UTF-8, as the
 * app sends its strings), with the same Content-Type; any other path is a 404. With `builtOnce`,
 * each Response is built once and every request gets a clone of it, as the app's public
 * response cache answers (a clone copies the header list without checking each header again).
 */

export interface BareRoute {
  path: string;
  contentType: string;
  bodyFile: string;
  /** Extra response headers (the app's security headers, for the "same headers" baseline). */
  headers?: [string, string][];
}

export interface BareSpec {
  routes: BareRoute[];
  builtOnce?: boolean;
}

interface Answer {
  body: string | Uint8Array;
  headers: [string, string][];
}

async function loadAnswers(spec: BareSpec): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  for (const route of spec.routes) {
    const bytes = await Deno.readFile(route.bodyFile);
    let body: string | Uint8Array;
    try {
      body = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      body = bytes;
    }
    answers.set(route.path, { body, headers: [["content-type", route.contentType], ...route.headers ?? []] });
  }
  return answers;
}

if (import.meta.main) {
  const [portArg, specFile] = Deno.args;
  const port = Number(portArg);
  if (!Number.isInteger(port) || port <= 0 || !specFile) {
    console.error("usage: bare_server.ts <port> <spec.json>");
    Deno.exit(2);
  }
  const spec = JSON.parse(await Deno.readTextFile(specFile)) as BareSpec;
  const answers = await loadAnswers(spec);
  if (spec.builtOnce) {
    const built = new Map(
      [...answers].map(([path, a]) => {
        const body = typeof a.body === "string" ? a.body : a.body.slice();
        return [path, new Response(body, { headers: a.headers })];
      }),
    );
    Deno.serve({ port, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
      return built.get(new URL(req.url).pathname)?.clone() ?? new Response("Not Found", { status: 404 });
    });
  } else {
    Deno.serve({ port, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
      const answer = answers.get(new URL(req.url).pathname);
      if (!answer) return new Response("Not Found", { status: 404 });
      // A fresh copy per response when the body is bytes, so no response can detach the original.
      const body = typeof answer.body === "string" ? answer.body : answer.body.slice();
      return new Response(body, { headers: answer.headers });
    });
  }
}
