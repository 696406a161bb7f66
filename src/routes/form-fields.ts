/** A text field of a posted form (req.body, urlencoded): '' when absent or repeated. */
export function formText(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}
