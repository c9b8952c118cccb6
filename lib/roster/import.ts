/**
 * Roster CSV import (with a per-row preview) and export. Columns: firstName, lastName,
 * jerseyNumber, position, parentEmails (addresses separated by ';', ',' or spaces).
 *
 * An import saves only when every row is valid. It usually fits one atomic commit; a large
 * one (hundreds of rows with several parent e-mails each) is split by Deno KV's limits, and
 * then each commit checks the team revision the previous one wrote, so nothing else can change
 * the roster in between. If a later commit loses that check, the commits already made are
 * undone and the admin gets a 409: the import lands whole or not at all (a public visitor may
 * see part of it for the moment it takes). The audit entry rides in the last commit.
 */
import { buildPlayer, listPlayers, type Player, playerWrite } from "../db/players.ts";
import { getTeam } from "../db/teams.ts";
import { stageAuditEntry } from "../db/audit.ts";
import { commitTeamChange, commitTeamChangeOrConflict, revisionCheck } from "../db/team_revisions.ts";
import { CommitConflictError, retryOnConflict } from "../db/change.ts";
import { beginChange } from "../db/kv.ts";
import { applyWrites, type KvWrite, packWrites } from "../db/commit_batches.ts";
import { guardiansByPlayer } from "../db/guardians.ts";
import { listParentEmailInvites, parentEmailInviteWrites } from "../db/parent_emails.ts";
import { assertRoomFor, checkNewPlayer, readRosterState, type RosterChange } from "./manage.ts";
import { CsvError, type CsvRecord, parseCsv, stripFormulaGuard, toCsv } from "../csv.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { JERSEY_MESSAGES } from "./jerseys.ts";
import { foldName, isValidEmail, normalizeEmail } from "../text.ts";
import { messagesFor } from "../i18n/catalog.ts";
import { format } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { translateMessage } from "../i18n/translate.ts";

export const IMPORT_COLUMNS = ["firstName", "lastName", "jerseyNumber", "position", "parentEmails"] as const;
const REQUIRED_COLUMNS = ["firstName", "lastName", "jerseyNumber"] as const;
export const MAX_IMPORT_ROWS = 500;
export const MAX_PARENT_EMAILS_PER_PLAYER = 5;

const M = messagesFor("en").adminRosterPage.import;

/** The import's refusals and row problems: the English catalogue's (the routes answer in the request's language). */
export const IMPORT_MESSAGES = {
  notCsv: M.notCsv,
  noHeader: format("en", M.noHeader, { columns: IMPORT_COLUMNS.join(",") }),
  missingColumn: (name: string) => format("en", M.missingColumn, { name }),
  unknownColumn: (name: string) => format("en", M.unknownColumn, { name, columns: IMPORT_COLUMNS.join(", ") }),
  repeatedColumn: (name: string) => format("en", M.repeatedColumn, { name }),
  empty: M.empty,
  tooManyRows: format("en", M.tooManyRows, { max: String(MAX_IMPORT_ROWS) }),
  extraCells: M.extraCells,
  badEmail: (email: string) => format("en", M.badEmail, { email }),
  tooManyEmails: format("en", M.tooManyEmails, { max: String(MAX_PARENT_EMAILS_PER_PLAYER) }),
  alreadyOnRoster: M.alreadyOnRoster,
  repeatedRow: (line: number) => format("en", M.repeatedRow, { line: String(line) }),
  invalid: (n: number) => format("en", M.invalid, { count: n }),
  interrupted: M.interrupted,
} as const;

export interface ImportRow {
  /** The file line the row starts on (the header is line 1). */
  line: number;
  firstName: string;
  lastName: string;
  /** Null when the cell is not a valid jersey number. */
  jerseyNumber: number | null;
  position: string | null;
  parentEmails: string[];
  errors: string[];
  /** Worth a look but not a reason to refuse the row (a jersey number someone else wears). */
  warnings: string[];
}

export interface ImportPreview {
  rows: ImportRow[];
  valid: number;
  invalid: number;
}

/** Maps each known column to its index; file-level problems are a ValidationError. */
function readHeader(cells: string[]): Map<string, number> {
  const columns = new Map<string, number>();
  cells.forEach((raw, index) => {
    const cell = raw.trim();
    if (cell === "" && index === cells.length - 1 && index > 0) return; // a trailing comma
    const name = IMPORT_COLUMNS.find((c) => c.toLowerCase() === cell.toLowerCase());
    if (!name) throw new ValidationError(cell ? IMPORT_MESSAGES.unknownColumn(cell) : IMPORT_MESSAGES.noHeader);
    if (columns.has(name)) throw new ValidationError(IMPORT_MESSAGES.repeatedColumn(name));
    columns.set(name, index);
  });
  for (const name of REQUIRED_COLUMNS) {
    if (!columns.has(name)) throw new ValidationError(IMPORT_MESSAGES.missingColumn(name));
  }
  return columns;
}

function readEmails(cell: string, errors: string[]): string[] {
  const emails: string[] = [];
  for (const raw of cell.split(/[;,\s]+/).filter(Boolean)) {
    if (!isValidEmail(raw)) errors.push(IMPORT_MESSAGES.badEmail(raw));
    else if (!emails.includes(normalizeEmail(raw))) emails.push(normalizeEmail(raw));
  }
  if (emails.length > MAX_PARENT_EMAILS_PER_PLAYER) errors.push(IMPORT_MESSAGES.tooManyEmails);
  return emails;
}

const identity = (p: { firstName: string; lastName: string; jerseyNumber: number }) =>
  `${foldName(p.firstName)}|${foldName(p.lastName)}|${p.jerseyNumber}`;

/** One data row with its own errors (duplicates are judged across rows by the caller). */
function readRow({ line, cells }: CsvRecord, columns: Map<string, number>): { row: ImportRow; valid: boolean } {
  const cell = (name: string) => {
    const index = columns.get(name);
    return index === undefined ? undefined : stripFormulaGuard(cells[index] ?? "");
  };
  const errors: string[] = [];
  const checked = checkNewPlayer({
    firstName: cell("firstName"),
    lastName: cell("lastName"),
    jerseyNumber: cell("jerseyNumber"),
    ...(columns.has("position") ? { position: cell("position") } : {}),
  });
  if (!checked.ok) errors.push(...new Set([checked.message, ...Object.values(checked.fields)]));
  if (cells.slice(Math.max(...columns.values()) + 1).some((c) => c.trim() !== "")) {
    errors.push(IMPORT_MESSAGES.extraCells);
  }
  const parentEmails = readEmails(cell("parentEmails") ?? "", errors);
  // A row with errors still shows what was read, so the preview can point at it.
  const row: ImportRow = checked.ok
    ? { line, ...checked.value, position: checked.value.position ?? null, parentEmails, errors, warnings: [] }
    : {
      line,
      firstName: (cell("firstName") ?? "").trim(),
      lastName: (cell("lastName") ?? "").trim(),
      jerseyNumber: checked.fields.jerseyNumber ? null : Number(cell("jerseyNumber")),
      position: (cell("position") ?? "").trim() || null,
      parentEmails,
      errors,
      warnings: [],
    };
  return { row, valid: checked.ok };
}

function readRecords(text: string): CsvRecord[] {
  try {
    return parseCsv(text);
  } catch (e) {
    if (e instanceof CsvError) throw new ValidationError(e.message);
    throw e;
  }
}

/**
 * Reads a roster CSV into rows with their errors. Rows repeating a player already on the
 * roster (same names and jersey) are errors, so importing a file twice adds nobody twice.
 */
export function previewImport(text: string, existing: Player[]): ImportPreview {
  const records = readRecords(text);
  if (records.length === 0) throw new ValidationError(IMPORT_MESSAGES.noHeader);
  const columns = readHeader(records[0].cells);
  const body = records.slice(1);
  if (body.length === 0) throw new ValidationError(IMPORT_MESSAGES.empty);
  if (body.length > MAX_IMPORT_ROWS) throw new ValidationError(IMPORT_MESSAGES.tooManyRows);

  const onRoster = new Set(existing.map(identity));
  const firstLineOf = new Map<string, number>();
  const wearers = Map.groupBy(existing, (p) => p.jerseyNumber);
  const jerseyLine = new Map<number, number>();
  const rows = body.map((record) => {
    const { row, valid } = readRow(record, columns);
    if (!valid) return row;
    const jersey = row.jerseyNumber!;
    const id = identity(row as ImportRow & { jerseyNumber: number });
    if (onRoster.has(id)) row.errors.push(IMPORT_MESSAGES.alreadyOnRoster);
    else if (firstLineOf.has(id)) row.errors.push(IMPORT_MESSAGES.repeatedRow(firstLineOf.get(id)!));
    else firstLineOf.set(id, row.line);
    if (row.errors.length > 0) return row;
    const worn = (wearers.get(jersey) ?? []).map((p) => `${p.firstName} ${p.lastName}`);
    if (worn.length > 0) row.warnings.push(JERSEY_MESSAGES.shared(jersey, worn));
    else if (jerseyLine.has(jersey)) row.warnings.push(JERSEY_MESSAGES.sharedInFile(jersey, jerseyLine.get(jersey)!));
    if (!jerseyLine.has(jersey)) jerseyLine.set(jersey, row.line);
    return row;
  });
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return { rows, valid: rows.length - invalid, invalid };
}

/** The preview with its rows' errors and warnings in `lang` (lib writes them in English). */
export function translatePreview(preview: ImportPreview, lang: Language): ImportPreview {
  const inLang = (texts: string[]) => texts.map((text) => translateMessage(text, lang));
  return {
    ...preview,
    rows: preview.rows.map((r) => ({ ...r, errors: inLang(r.errors), warnings: inLang(r.warnings) })),
  };
}

export type ImportResult =
  | { kind: "preview"; preview: ImportPreview }
  | { kind: "invalid"; preview: ImportPreview }
  | { kind: "imported"; imported: number };

export interface ImportOptions {
  dryRun: boolean;
  /** Test seam: runs after each commit of a multi-commit import. */
  afterCommit?: (index: number) => Promise<void>;
}

/** Previews (dry run) or imports a roster CSV. */
export async function importRosterCsv(
  change: RosterChange,
  text: string,
  options: ImportOptions,
): Promise<ImportResult> {
  const preview = previewImport(text, await listPlayers(change.kv, change.teamId));
  if (options.dryRun) return { kind: "preview", preview };
  if (preview.invalid > 0) return { kind: "invalid", preview };
  return { kind: "imported", imported: await saveImport(change, preview.rows, options.afterCommit) };
}

function rowWrites(teamId: string, row: ImportRow, now: Date): KvWrite[] {
  const player = buildPlayer(teamId, {
    firstName: row.firstName,
    lastName: row.lastName,
    jerseyNumber: row.jerseyNumber!,
    position: row.position,
  }, now);
  return [
    playerWrite(player),
    ...row.parentEmails.flatMap((email) =>
      parentEmailInviteWrites({ teamId, playerId: player.id, email, invitedAt: now.toISOString() })
    ),
  ];
}

async function saveImport(
  change: RosterChange,
  rows: ImportRow[],
  afterCommit?: (index: number) => Promise<void>,
): Promise<number> {
  const { kv, teamId, actor, now } = change;
  return await retryOnConflict(async () => {
    const state = await readRosterState(kv, teamId);
    assertRoomFor(state.playerCount, rows.length);
    const batches = packWrites(rows.map((row) => rowWrites(teamId, row, now)));
    let revision: Deno.AtomicCheck = state.revision;
    const done: KvWrite[][] = [];
    try {
      for (const [index, batch] of batches.entries()) {
        const op = applyWrites(beginChange(kv).check(state.team).check(revision), batch);
        if (index === batches.length - 1) {
          stageAuditEntry(op, {
            teamId,
            action: "players.imported",
            targetId: teamId,
            actor,
            detail: `${rows.length} player${rows.length === 1 ? "" : "s"} from CSV`,
          }, now);
        }
        const result = await commitTeamChangeOrConflict(kv, op, teamId, IMPORT_MESSAGES.interrupted);
        done.push(batch);
        revision = revisionCheck(teamId, result.versionstamp);
        if (index < batches.length - 1) await afterCommit?.(index);
      }
    } catch (error) {
      // The first commit lost its check: nothing was written, so read again and retry. A later
      // one: what the earlier ones wrote goes, and the import is refused rather than retried.
      if (!(error instanceof CommitConflictError) || done.length === 0) throw error;
      await undoWrites(kv, teamId, done.flat());
      throw new ConflictError(IMPORT_MESSAGES.interrupted);
    }
    return rows.length;
  }, { attempts: 5 });
}

/** Removes what the earlier commits of an interrupted import wrote. */
async function undoWrites(kv: Deno.Kv, teamId: string, writes: KvWrite[]): Promise<void> {
  const deletes = writes.map((w): KvWrite[] => [{ type: "delete", key: w.key }]);
  for (const batch of packWrites(deletes)) await commitTeamChange(kv, applyWrites(beginChange(kv), batch), teamId);
}

/** The roster as CSV (the import's columns), by jersey number, safe to open in a spreadsheet. */
export async function exportRosterCsv(kv: Deno.Kv, teamId: string): Promise<{ filename: string; csv: string }> {
  const [team, players, guardians, invites] = await Promise.all([
    getTeam(kv, teamId),
    listPlayers(kv, teamId),
    guardiansByPlayer(kv, teamId),
    listParentEmailInvites(kv, teamId),
  ]);
  const rows = players
    .sort((a, b) => a.jerseyNumber - b.jerseyNumber || a.firstName.localeCompare(b.firstName, "en"))
    .map((p) => {
      const emails = new Set([
        ...(guardians.get(p.id) ?? []).map((u) => u.email),
        ...invites.filter((i) => i.playerId === p.id).map((i) => i.email),
      ]);
      return [p.firstName, p.lastName, p.jerseyNumber, p.position ?? "", [...emails].sort().join("; ")];
    });
  return { filename: `${team?.slug ?? "team"}-roster.csv`, csv: toCsv([[...IMPORT_COLUMNS], ...rows]) };
}
