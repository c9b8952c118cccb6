/**
 * A small RFC 4180 CSV reader and writer for roster import and export, dependency-free.
 * The reader accepts what spreadsheets actually save: a UTF-8 byte-order mark, CRLF, LF or
 * CR line ends, quoted fields holding commas, quotes ("") and line breaks, blank lines.
 */
import { messagesFor } from "./i18n/catalog.ts";
import { format } from "./i18n/format.ts";

const M = messagesFor("en").adminRosterPage.csv;

/** A file the reader cannot read, naming the line; in English, from the catalogue (the routes translate it). */
export class CsvError extends Error {
  constructor(problem: keyof typeof M, readonly line: number) {
    super(format("en", M[problem], { line: String(line) }));
    this.name = "CsvError";
  }
}

export interface CsvRecord {
  /** The file line the record starts on (1-based), for messages that point at it. */
  line: number;
  cells: string[];
}

/** Parses CSV text into records; blank lines are skipped. Throws CsvError on a broken quote. */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < source.length) {
    const start = line;
    const cells: string[] = [];
    let endOfRecord = false;
    while (!endOfRecord) {
      let cell = "";
      if (source[i] === '"') {
        const quoteLine = line;
        i++;
        for (;;) {
          if (i >= source.length) throw new CsvError("unclosedQuote", quoteLine);
          const ch = source[i];
          if (ch === '"') {
            if (source[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === "\n" || (ch === "\r" && source[i + 1] !== "\n")) line++;
          cell += ch;
          i++;
        }
        if (i < source.length && source[i] !== "," && source[i] !== "\n" && source[i] !== "\r") {
          throw new CsvError("textAfterQuote", line);
        }
      } else {
        while (i < source.length && source[i] !== "," && source[i] !== "\n" && source[i] !== "\r") cell += source[i++];
      }
      cells.push(cell);
      if (source[i] === ",") {
        i++;
      } else {
        // A line end (CRLF, LF or CR) or the end of the text closes the record.
        if (source[i] === "\r") i++;
        if (source[i] === "\n") i++;
        line++;
        endOfRecord = true;
      }
    }
    if (!(cells.length === 1 && cells[0] === "")) records.push({ line: start, cells });
  }
  return records;
}

/**
 * What a spreadsheet would run as a formula when the cell is opened (OWASP CSV injection),
 * and text that already looks guarded, so the guard can be removed again without ambiguity.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * One cell as written: text a spreadsheet would run as a formula gets a leading apostrophe,
 * and cells holding a comma, quote or line break are quoted.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends (RFC 4180). */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return rows.map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}

/** Undoes `csvCell`'s formula guard, so an exported file imports back unchanged. */
export function stripFormulaGuard(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
