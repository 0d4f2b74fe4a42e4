/** The web address inside a citation ("Source name — https://…"); null when it has none. */
export function citationUrl(citation: string): string | null {
  const match = /https?:\/\/[^\s<>"']+/.exec(citation)?.[0];
  // A sentence may end right after the address.
  return match ? match.replace(/[.,;)]+$/, '') : null;
}
