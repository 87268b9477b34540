/** CSV cells as spreadsheets and CSV readers take them (RFC 4180). Pure. */

/** One CSV cell: quoted when it must be, defused when it could be read as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text =
    typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
