/** Signing out: tell the server, then forget the menu and the session here (the header and the palette both offer it). */
import { post } from "./api/http.ts";
import { forgetNavigation } from "./navigation.ts";
import { clearSession } from "./session.ts";

export async function signOut() {
  try {
    await post("/auth/logout");
  } catch {
    // the session may already be gone; signing out locally is what matters
  }
  forgetNavigation();
  clearSession();
}
