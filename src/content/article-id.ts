/** Article ids in URLs: a positive integer in its plain decimal spelling, nothing else. */
export function parseArticleId(raw: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
