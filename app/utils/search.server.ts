/** ILIKE pattern for a case-insensitive substring search; the user's %, _ and \ are literal. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
