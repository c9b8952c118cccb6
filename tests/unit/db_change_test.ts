import assert from "node:assert/strict";
import { commitChange, CommitConflictError, commitOrConflict, retryOnConflict } from "../../lib/db/change.ts";
import { beginChange } from "../../lib/db/kv.ts";
import { commitTeamChangeOrConflict, onTeamChange, readRevision } from "../../lib/db/team_revisions.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";

const KEY = ["counter"];
const DEFAULT_CONFLICT = new ConflictError().message;

/** A change that checks the entry it read, as the repositories' `stage…` helpers do. */
const checkedSet = (kv: Deno.Kv, read: Deno.KvEntryMaybe<number>, value: number) =>
  beginChange(kv).check(read).set(KEY, value);

Deno.test("[db change] commitChange commits and tells whether the checks held", async () => {
  using kv = await Deno.openKv(":memory:");
  const read = await kv.get<number>(KEY);
  const first = await commitChange(checkedSet(kv, read, 1));
  assert.equal(first.ok, true);
  assert.equal((await kv.get<number>(KEY)).versionstamp, (first as Deno.KvCommitResult).versionstamp);
  const stale = await commitChange(checkedSet(kv, read, 2));
  assert.equal(stale.ok, false);
  assert.equal((await kv.get<number>(KEY)).value, 1, "a failed check writes nothing");
});

Deno.test("[db change] commitOrConflict returns the commit, or throws a ConflictError when a check failed", async () => {
  using kv = await Deno.openKv(":memory:");
  const read = await kv.get<number>(KEY);
  const result = await commitOrConflict(checkedSet(kv, read, 1));
  assert.equal(result.versionstamp, (await kv.get(KEY)).versionstamp);

  await assert.rejects(commitOrConflict(checkedSet(kv, read, 2)), (error) => {
    assert.ok(error instanceof CommitConflictError);
    assert.ok(error instanceof ConflictError, "a 409 like any ConflictError");
    assert.equal(error.message, DEFAULT_CONFLICT);
    return true;
  });
  await assert.rejects(commitOrConflict(checkedSet(kv, read, 2), "Already processed."), {
    name: "CommitConflictError",
    message: "Already processed.",
  });
  assert.equal((await kv.get<number>(KEY)).value, 1);
});

Deno.test("[db change] retryOnConflict: a success returns at once, from one attempt", async () => {
  let calls = 0;
  const value = await retryOnConflict(async (index) => {
    calls++;
    return await Promise.resolve(`done on ${index}`);
  }, { attempts: 3 });
  assert.equal(value, "done on 0");
  assert.equal(calls, 1);
});

Deno.test("[db change] retryOnConflict: a conflict is retried, up to `attempts` times, then surfaces", async () => {
  const seen: number[] = [];
  await assert.rejects(
    retryOnConflict(async (index) => {
      seen.push(index);
      await Promise.resolve();
      throw new CommitConflictError();
    }, { attempts: 5 }),
    (error) => error instanceof ConflictError && error.message === DEFAULT_CONFLICT,
  );
  assert.deepEqual(seen, [0, 1, 2, 3, 4]);

  let calls = 0;
  const settled = await retryOnConflict(async () => {
    if (++calls < 3) throw new CommitConflictError();
    return await Promise.resolve("third time");
  }, { attempts: 3 });
  assert.equal(settled, "third time");
  assert.equal(calls, 3);
});

Deno.test("[db change] retryOnConflict: other errors, a rule's own ConflictError too, are thrown at once", async () => {
  for (const refusal of [new ConflictError("Already answered."), new NotFoundError(), new Error("disk full")]) {
    let calls = 0;
    await assert.rejects(
      retryOnConflict(async () => {
        calls++;
        await Promise.resolve();
        throw refusal;
      }, { attempts: 5 }),
      (error) => error === refusal,
    );
    assert.equal(calls, 1, `${refusal.message} is not retried`);
  }
});

Deno.test("[db change] retryOnConflict: onExhausted answers when every attempt lost", async () => {
  let calls = 0;
  const answer = await retryOnConflict(async () => {
    calls++;
    await Promise.resolve();
    throw new CommitConflictError();
  }, { attempts: 2, onExhausted: () => "left for the next run" });
  assert.equal(answer, "left for the next run");
  assert.equal(calls, 2);
});

Deno.test("[db change] retryOnConflict: a read-stage-commit loop reads again after losing to another writer", async () => {
  using kv = await Deno.openKv(":memory:");
  await kv.set(KEY, 0);
  let interfered = false;
  const total = await retryOnConflict(async () => {
    const read = await kv.get<number>(KEY);
    if (!interfered) {
      interfered = true;
      await kv.set(KEY, 10); // another instance writes between this read and the commit
    }
    await commitOrConflict(checkedSet(kv, read, read.value! + 1));
    return read.value! + 1;
  }, { attempts: 3 });
  assert.equal(total, 11, "the increment was applied to what the other writer left");
  assert.equal((await kv.get<number>(KEY)).value, 11);
});

Deno.test("[db change] commitTeamChangeOrConflict: a team change that retryOnConflict can read again", async () => {
  using kv = await Deno.openKv(":memory:");
  const heard: string[] = [];
  onTeamChange(kv, (teamId) => heard.push(teamId));
  const read = await kv.get<number>(KEY);
  const result = await commitTeamChangeOrConflict(kv, checkedSet(kv, read, 1), ["t1", "t2"]);
  assert.equal(await readRevision(kv, "t1"), result.versionstamp, "the team's revision is rewritten in the commit");
  assert.equal(await readRevision(kv, "t2"), result.versionstamp);
  assert.deepEqual(heard, ["t1", "t2"], "this process hears of the change at once");

  await assert.rejects(commitTeamChangeOrConflict(kv, checkedSet(kv, read, 2), "t1", "Saved meanwhile."), {
    name: "CommitConflictError",
    message: "Saved meanwhile.",
  });
  assert.equal((await kv.get<number>(KEY)).value, 1, "a failed check writes nothing");
  assert.equal(await readRevision(kv, "t1"), result.versionstamp, "nor a new revision");
  assert.deepEqual(heard, ["t1", "t2"], "and announces nothing");

  let interfered = false;
  const total = await retryOnConflict(async () => {
    const current = await kv.get<number>(KEY);
    if (!interfered) {
      interfered = true;
      await kv.set(KEY, 10);
    }
    await commitTeamChangeOrConflict(kv, checkedSet(kv, current, current.value! + 1), "t1");
    return current.value! + 1;
  }, { attempts: 2 });
  assert.equal(total, 11);
  assert.deepEqual(heard, ["t1", "t2", "t1"], "only the commit that got through is announced");
});
