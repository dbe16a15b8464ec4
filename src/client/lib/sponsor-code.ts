/** A sponsor's code as the packages page asks for its name (`auth.sponsorByCode` takes at most 36 characters). */
export function sponsorCodeOf(ref: string | null): string | null {
  return ref && ref.length <= 36 ? ref : null;
}
