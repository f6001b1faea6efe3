/**
 * What the browser keeps of a sign-in: the token and user name in cookies (x-tr-token, username), menu and
 * permissions in session storage (menuList, permissions), and the flag that dynamic routes are loaded.
 */
export const storageKeys = { menuList: "menuList", permissions: "permissions", dynamicMenuRoutes: "dynamicMenuRoutes" } as const;
export const tokenCookie = "x-tr-token";
export const usernameCookie = "username";
export const languageCookie = "language";

export function readCookie(name: string): string | undefined {
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export function writeCookie(name: string, value: string, days = 30) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${days * 86400}; SameSite=Lax`;
}

export function deleteCookie(name: string) {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}

export const getToken = () => readCookie(tokenCookie);

let leavingOnPurpose = false;
/** Called just before the app itself leaves the page (language reload, sign-out), so the close prompt stays quiet. */
export const leaveOnPurpose = () => {
  leavingOnPurpose = true;
};
export const isLeavingOnPurpose = () => leavingOnPurpose;

export function saveSignIn(token: string, username: string) {
  writeCookie(tokenCookie, token, 1);
  writeCookie(usernameCookie, username, 1);
  // the sign-in's own bookmark: the next request must see the session it just wrote, whichever replica it reaches
  if (bookmark) localStorage.setItem(bookmarkKey, bookmark);
}

/**
 * Read-your-writes across the nearest D1 replica: the server answers its session's bookmark and every request
 * sends back the newest one seen, so a replica behind the user's last write is never read. Bookmarks of one
 * database order as strings. Kept in memory and, while signed in, in localStorage for the other tabs; an
 * answer that arrives after sign-out is not written back into the cleared storage.
 */
const bookmarkKey = "qifu.d1Bookmark";
let bookmark: string | null = null;

export function lastBookmark(): string | null {
  const stored = localStorage.getItem(bookmarkKey);
  return stored && (!bookmark || stored > bookmark) ? stored : bookmark;
}

export function keepBookmark(answered: string | null) {
  if (!answered) return;
  const known = lastBookmark();
  if (known && answered <= known) return;
  bookmark = answered;
  if (getToken()) localStorage.setItem(bookmarkKey, answered);
}

/** Sign-out: cookies, stores, local and session storage, and the routes flag. */
export function clearSession() {
  deleteCookie(tokenCookie);
  deleteCookie(usernameCookie);
  const language = readCookie(languageCookie);
  localStorage.clear();
  sessionStorage.clear();
  bookmark = null;
  if (language) writeCookie(languageCookie, language, 365);
  window.dispatchEvent(new Event("qifu:signed-out"));
}

const signInNoticeKey = "qifu.signInNotice";

/** Why the user was sent to sign in (an ended session, a refused ticket), kept across the reload to /login. */
export function leaveSignInNotice(message: string) {
  sessionStorage.setItem(signInNoticeKey, message);
}

/** The reason left for the sign-in screen, read once. */
export function takeSignInNotice(): string | null {
  const message = sessionStorage.getItem(signInNoticeKey);
  sessionStorage.removeItem(signInNoticeKey);
  return message;
}

export function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const text = storage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** Whether a permission tag (or any of several comma-separated ones) is held. */
export function hasPermission(tag: string | undefined | null): boolean {
  if (!tag) return true;
  const held = new Set(readJson<string[]>(sessionStorage, storageKeys.permissions) ?? []);
  return tag.split(",").some((t) => held.has(t.trim()));
}
