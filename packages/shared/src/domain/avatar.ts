/** What the avatar rule reads from a profile. */
export interface AvatarSource {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  username?: string | null;
}

/**
 * Up to two initials from the name, else from the e-mail, else from the username, else 'U'
 *. An e-mail or username gives the initials of its first two words
 * (`mary.jane@x` -> 'MJ'), or one letter when it is one word.
 */
export function avatarInitials(source: AvatarSource): string {
  const name = [source.firstName, source.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .map((part) => part.charAt(0));
  if (name.length > 0) return name.slice(0, 2).join('').toUpperCase();
  for (const handle of [source.email?.split('@')[0], source.username]) {
    const words = (handle ?? '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (words.length > 0)
      return words
        .slice(0, 2)
        .map((w) => w.charAt(0))
        .join('')
        .toUpperCase();
  }
  return 'U';
}
