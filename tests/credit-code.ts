/** A valid unified social credit code from its first 17 characters: the check character as GB 32100 computes it. */
export function withCheckCharacter(body: string): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...body].reduce((acc, ch, i) => acc + chars.indexOf(ch) * weights[i]!, 0);
  return body + chars[(31 - (sum % 31)) % 31];
}
