/** Placeholder replaced by the generic family list screen. */
export default function FamilyScreen() {
  return null;
}
