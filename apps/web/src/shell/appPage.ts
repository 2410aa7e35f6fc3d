/**
 * The /app child a path shows ('merge-pdf', 'chat-pdf', 'home' for /app itself), ignoring the
 * language prefix; null outside /app.
 */
export function appPageOf(pathname: string): string | null {
  const match = /^(?:\/(?:de|es|fr|jp|pt))?\/app(?:\/([^/?#]+))?\/?$/.exec(pathname);
  if (!match) return null;
  return match[1] ?? 'home';
}
