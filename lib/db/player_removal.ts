/**
 * Removing a player with everything stored under them, each part staged by the module that
 * writes it. Apart from `players.ts` because those modules may read players (`families.ts`
 * names a new family after one), and `players.ts` imports none of them.
 */
import type { Player } from "./players.ts";
import { stageGuardianRemovals } from "./guardians.ts";
import { stagePlayerInviteRemovals } from "./parent_emails.ts";
import { stageFamilyMemberRemoval } from "./families.ts";
import { stageBlobRemovals } from "./blobs.ts";
import { stagePlayerUploadRemovals } from "./uploads.ts";
import { stageHeadshotConsentRemoval } from "./headshot_consents.ts";
import { stagePlayerRemovalRequestRemovals } from "./removal_requests.ts";
import { stagePlayerKudosRemovals } from "./posts.ts";

/**
 * Adds to `op` the removal of a player (checked unchanged since read) with its guardian links,
 * listed parent e-mails, family membership, photos (the headshot's blobs, headshot uploads of
 * them under way, and a guardian's consent to show it publicly), its parents' removal requests
 * and the kudos that name it; returns how many parent links go with it.
 */
export async function stagePlayerRemoval(kv: Deno.Kv, op: Deno.AtomicOperation, entry: Deno.KvEntry<Player>) {
  const { teamId, id } = entry.value;
  op.check(entry).delete(entry.key);
  const blobIds: string[] = [];
  for (const path of [entry.value.photoUrl, entry.value.photoUrlSmall, entry.value.photoUrlMedium]) {
    const blob = path ? /^\/objects\/([^/]+)\/([^/]+)$/.exec(path) : null;
    if (blob && blob[1] === teamId) blobIds.push(blob[2]);
  }
  await stageBlobRemovals(kv, op, teamId, blobIds);
  await stagePlayerUploadRemovals(kv, op, teamId, id);
  stageHeadshotConsentRemoval(op, teamId, id);
  await stagePlayerRemovalRequestRemovals(kv, op, teamId, id);
  await stagePlayerKudosRemovals(kv, op, teamId, id);
  await stagePlayerInviteRemovals(kv, op, teamId, id);
  await stageFamilyMemberRemoval(kv, op, teamId, "player", id);
  return await stageGuardianRemovals(kv, op, teamId, id);
}
