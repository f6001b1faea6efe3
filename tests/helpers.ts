/** Talking to the real worker from tests: requests through its fetch entry, sign-in with the real captcha. */
import { SELF, env } from "cloudflare:test";
import { demoAdminPassword } from "../worker/seed/index.ts";
import { usccCheck } from "../worker/seed/enterprise-demo/uscc.ts";

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data?: any; total?: number; errors?: Record<string, string> } & Record<string, any>;
}

export interface CallOptions {
  method?: "GET" | "POST";
  body?: unknown;
  token?: string;
  lang?: "zh-CN" | "en-US";
  headers?: Record<string, string>;
}

export async function call(path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers["x-hbi-token"] = options.token;
  if (options.lang) headers.cookie = `language=${options.lang}`;
  let body: string | FormData | undefined;
  // a form (an upload) goes as multipart, its boundary in the content type fetch sets
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  const separator = path.includes("?") ? "&" : "?";
  const response = await SELF.fetch(`http://qifu.test/api${path}${separator}t=${Date.now()}`, { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  // files and pages (xlsx, /api/docs) are not the envelope: their body is drained and stays empty here
  if (!(response.headers.get("content-type") ?? "").includes("json")) {
    await response.arrayBuffer();
    return { status: response.status, headers: response.headers, body: {} as ApiAnswer["body"] };
  }
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

/** Fetches a captcha image and reads its answer from D1, as only a test can. */
export async function solveCaptcha(uuid = crypto.randomUUID()): Promise<{ uuid: string; captcha: string }> {
  const image = await SELF.fetch(`http://qifu.test/api/auth/captcha.jpg?uuid=${uuid}`);
  await image.arrayBuffer();
  const row = await env.DB.prepare("SELECT answer FROM captchas WHERE uuid = ?").bind(uuid).first<{ answer: string }>();
  return { uuid, captcha: row!.answer };
}

export async function login(userNo = "admin", password = demoAdminPassword): Promise<string> {
  const answer = await call("/auth/account", { body: { userNo, password, ...(await solveCaptcha()) } });
  if (answer.body.code !== 0) throw new Error(`login ${userNo} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token as string;
}

/** Creates a user holding one new role with the given menus (by perms), and signs in as them. */
export async function userWithPermissions(admin: string, perms: string[], name = `u${crypto.randomUUID().slice(0, 8)}`): Promise<{ token: string; userId: string; roleId: string }> {
  const parentId = (await call("/sys/menu/select?maxLevel=1", { token: admin })).body.data[0].menuId;
  // a button's tag list has a bounded length: many tags take several buttons
  const menuIds: string[] = [];
  for (let i = 0; i < perms.length; i += 30) {
    const menu = await call("/sys/menu/save", { token: admin, body: { name: `perm-${name}-${i}`, type: 2, parentId, perms: perms.slice(i, i + 30).join(","), enabled: true } });
    if (menu.body.code !== 0) throw new Error(JSON.stringify(menu.body));
    menuIds.push(menu.body.data.menuId);
  }
  const role = await call("/sys/role/save", { token: admin, body: { name: `role-${name}`, type: "department", menuIdList: menuIds } });
  const created = await call("/sys/user/save", { token: admin, body: { userNo: name, name, status: "1", roleIdList: [role.body.data.roleId] } });
  const userId = created.body.data.id as string;
  const reset = await call("/sys/user/resetPass", { token: admin, body: { userId, password: "Passw0rd!x" } });
  if (reset.body.code !== 0) throw new Error(JSON.stringify(reset.body));
  return { token: await login(name, "Passw0rd!x"), userId, roleId: role.body.data.roleId };
}

/** A random valid unified social credit code (GB 32100-2015 check character) for an enterprise of `area`. */
export function creditCode(area = "610100"): string {
  const body = `91${area}MA${Array.from({ length: 7 }, () => Math.floor(Math.random() * 10)).join("")}`;
  return body + usccCheck(body);
}
