/**
 * The engine's Directory on D1: users by id or account, roles by id or name, a role's members, a user's
 * leader (their department's `leader_id`), the administrators (holders of an admin role). Disabled users
 * (status other than "1") are nobody: a task is never given to them.
 */
import type { Directory, Person } from "./engine/types.ts";

const activeUser = "status = '1'";

export function d1Directory(db: D1Database): Directory {
  const users = new Map<string, Promise<Person | null>>();
  return {
    user(key) {
      // one lookup per key per command: multi-instance and candidate lists ask for the same people
      if (!users.has(key)) {
        users.set(
          key,
          db.prepare(`SELECT id, name FROM sys_user WHERE (id = ?1 OR user_no = ?1) AND ${activeUser} ORDER BY id = ?1 DESC LIMIT 1`).bind(key).first<Person>(),
        );
      }
      return users.get(key)!;
    },
    async role(key) {
      return db.prepare("SELECT role_id AS id, name FROM sys_role WHERE role_id = ?1 OR name = ?1 ORDER BY role_id = ?1 DESC LIMIT 1").bind(key).first<Person>();
    },
    async membersOf(roleId) {
      const { results } = await db
        .prepare(`SELECT u.id, u.name FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id WHERE ur.role_id = ? AND u.${activeUser} ORDER BY u.user_no`)
        .bind(roleId)
        .all<Person>();
      return results;
    },
    async leaderOf(userId) {
      return db
        .prepare(`SELECT l.id, l.name FROM sys_user u JOIN sys_department d ON d.id = u.dept_id JOIN sys_user l ON l.id = d.leader_id WHERE u.id = ? AND l.${activeUser}`)
        .bind(userId)
        .first<Person>();
    },
    async administrators() {
      const { results } = await db
        .prepare(
          `SELECT DISTINCT u.id, u.name FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.role_id = ur.role_id WHERE r.type = 'admin' AND u.${activeUser} ORDER BY u.user_no`,
        )
        .all<Person>();
      return results;
    },
  };
}
