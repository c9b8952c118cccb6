// The request log's line is written by hand (lib/log.ts: a public-cache hit cannot afford a
// JSON.stringify and a Date per line): it must still be the line JSON.stringify would write.
import assert from "node:assert/strict";
import { logJob, logRequest, logWorker, setLogSink } from "../../lib/log.ts";

function captured(write: () => void): string[] {
  const lines: string[] = [];
  const restore = setLogSink((line) => lines.push(line));
  try {
    write();
  } finally {
    restore();
  }
  return lines;
}

Deno.test("[log] a request's line is the JSON of its fields, in their order, whatever the route's characters", () => {
  const cases: [string, string | null, number, number][] = [
    ["GET", "/api/teams/:teamKey/roster", 200, 0.04],
    ["HEAD", null, 404, 12.345],
    ["POST", '/odd/"quoted"\\/\u2028/é', 500, 1e21],
    ["GET", "/x", 200, Number.NaN],
  ];
  const lines = captured(() => cases.forEach(([method, route, status, ms]) => logRequest(method, route, status, ms)));
  assert.equal(lines.length, cases.length);
  lines.forEach((line, i) => {
    const [method, route, status, ms] = cases[i];
    const { time } = JSON.parse(line);
    assert.ok(Math.abs(Date.parse(time) - Date.now()) < 5_000, time);
    const expected = { time, method, route, status, ms: Math.round(ms * 10) / 10, worker: logWorker() };
    assert.equal(line, JSON.stringify(expected));
  });
});

Deno.test("[log] lines written in one millisecond share one toISOString", () => {
  const realNow = Date.now;
  const realIso = Date.prototype.toISOString;
  let isoCalls = 0;
  const fixed = realNow();
  Date.now = () => fixed;
  Date.prototype.toISOString = function () {
    isoCalls++;
    return realIso.call(this);
  };
  try {
    const lines = captured(() => {
      for (let i = 0; i < 100; i++) logRequest("GET", "/", 200, 0.1);
      logJob("a job", "ok", 1);
    });
    assert.equal(lines.length, 101);
    assert.ok(isoCalls <= 1, `${isoCalls} toISOString calls for 101 lines in one millisecond`);
    assert.ok(lines.every((line) => JSON.parse(line).time === new Date(fixed).toISOString()));
  } finally {
    Date.now = realNow;
    Date.prototype.toISOString = realIso;
  }
});
