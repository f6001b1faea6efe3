/** The sign-in's reads: an account with its stored password, and a user found by a portal's identifier. */

/** An account by its number, with its password hash (null hash: no password set). */
export const userByAccount = (db: D1Database, userNo: string) =>
  db
    .prepare("SELECT u.id, u.status, c.hash, c.salt, c.iterations FROM sys_user u LEFT JOIN sys_credential c ON c.user_id = u.id WHERE u.user_no = ?")
    .bind(userNo)
    .first<{ id: string; status: string; hash: string | null; salt: string; iterations: number }>();

/** A user by account number or id, as a portal names them. */
export const userBy = (db: D1Database, column: "user_no" | "id", value: string) =>
  db.prepare(`SELECT id, status FROM sys_user WHERE ${column} = ?`).bind(value).first<{ id: string; status: string }>();
