/**
 * The API document against the route table: every route documented with its method and permission and
 * nothing documented that is not served, family verbs described from their declarations, own verbs from
 * their zod schemas, every component schema named; one document per module (/api/openapi/<module>.json,
 * listed by /api/openapi/index.json) holding exactly that module's operations; /api/openapi.json, the
 * module documents and /api/docs for signed-in administrators only.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { buildRoutes } from "../worker/app.ts";
import { z } from "zod";
import { buildDocument, openApiPath } from "../worker/openapi/document.ts";
import { RouteTable } from "../worker/http/routes.ts";
import { families } from "../events/families/index.ts";
import { call, login, userWithPermissions } from "./helpers.ts";

type Json = Record<string, any>;
const routes = buildRoutes().routes;
const methods = ["get", "post", "put", "patch", "delete"];

let admin: string;
let doc: Json;
beforeAll(async () => {
  admin = await login();
  const answer = await call("/openapi.json", { token: admin, lang: "en-US" });
  expect(answer.status).toBe(200);
  doc = answer.body;
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) => Object.entries(item).filter(([m]) => methods.includes(m)).map(([method, op]) => ({ path, method, op: op as Json })));
const operation = (method: string, path: string) => doc.paths[openApiPath(path).path]?.[method.toLowerCase()] as Json | undefined;
const requestSchema = (op: Json) => {
  const schema = op.requestBody.content["application/json"].schema;
  return schema.$ref ? doc.components.schemas[schema.$ref.split("/").pop()] : schema;
};

describe("the document", () => {
  it("is OpenAPI 3.1 with info, server, paths, components and unique operation ids", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.servers).toEqual([{ url: "/api" }]);
    expect(doc.components.securitySchemes.token).toEqual({ type: "apiKey", in: "header", name: "x-hbi-token" });
    expect(doc.components.schemas.Error.properties.code.enum).toEqual([401, 403, 404, 409, 422, 423, 500]);
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations()) {
      expect(op.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(op.responses["200"].content, `${method} ${path}`).toBeTruthy();
      expect(op.tags).toHaveLength(1);
      // every {param} of the path is a declared path parameter, and no other
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(op.parameters.filter((p: Json) => p.in === "path").map((p: Json) => p.name)).toEqual(inPath);
      for (const p of op.parameters) expect(p).toMatchObject({ name: expect.any(String), in: expect.stringMatching(/^(query|path|header|cookie)$/), schema: expect.any(Object) });
    }
  });

  it("resolves every $ref to a schema in components", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.split("/").pop()!], ref).toBeTruthy();
    }
  });

  it("has every route of the route table, with its method and access rule, and documents no other", () => {
    // where a method and path is registered twice, the first is the one served (and documented)
    const served = new Map<string, (typeof routes)[number]>();
    for (const r of routes) if (!served.has(`${r.method.toLowerCase()} ${openApiPath(r.path).path}`)) served.set(`${r.method.toLowerCase()} ${openApiPath(r.path).path}`, r);
    for (const r of served.values()) {
      const op = operation(r.method, r.path);
      expect(op, `${r.method} ${r.path}`).toBeTruthy();
      expect(op!["x-permission"]).toBe(r.access);
      expect(op!.security).toEqual(r.access === "public" ? [] : expect.arrayContaining([{ token: [] }]));
    }
    for (const { path, method } of operations()) expect(served.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
    expect(operations()).toHaveLength(served.size);
    expect(operation("GET", "/file/list")!["x-permission"]).toBe("signedIn");
  });

  it("lists the error codes a route can answer", () => {
    expect(operation("GET", "/sys/sysdict/list")!["x-error-codes"]).toEqual([401, 403, 422, 500]);
    expect(operation("POST", "/auth/account")!["x-error-codes"]).toEqual(expect.arrayContaining([422, 423, 500]));
    expect(operation("POST", "/auth/account")!["x-error-codes"]).not.toContain(401);
    expect(operation("POST", "/sys/sysdict/update")!["x-error-codes"]).toEqual(expect.arrayContaining([404, 409, 422]));
  });
});

describe("family verbs, from their declarations", () => {
  // families whose list is the engine's (the file family's /file/list is an own verb registered first)
  const listed = families.filter((f) => routes.find((r) => r.method === "GET" && r.path === `${f.path}/list`)?.doc?.family === f);

  it("documents each family's list with paging, its declared filters, its sort keys and keyword when it has search fields", () => {
    expect(listed.length).toBeGreaterThan(5);
    for (const family of listed) {
      const op = operation("GET", `${family.path}/list`)!;
      const params = Object.fromEntries(op.parameters.map((p: Json) => [p.name, p]));
      expect(Object.keys(params)).toEqual(expect.arrayContaining(["page", "limit", "orderField", "order", ...Object.keys(family.filters)]));
      expect(params.orderField.schema.enum).toEqual(family.sorts);
      for (const [key, op] of Object.entries(family.filters)) expect(params[key]["x-filter"], `${family.path} ${key}`).toBe(op);
      expect("keyword" in params, family.path).toBe(family.search.length > 0);
      expect(op.tags).toEqual([family.path.slice(1)]);
    }
  });

  it("types filters by field kind and answers rows of the family's record schema", () => {
    const op = operation("GET", "/sys/sysdict/list")!;
    const params = Object.fromEntries(op.parameters.map((p: Json) => [p.name, p.schema]));
    expect(params.type).toMatchObject({ type: "string" });
    const success = op.responses["200"].content["application/json"].schema.oneOf[0];
    expect(success.required).toEqual(["code", "msg", "total", "data"]);
    expect(success.properties.data.items.$ref).toBe("#/components/schemas/SysSysdict");
    const record = doc.components.schemas.SysSysdict;
    expect(Object.keys(record.properties)).toEqual(expect.arrayContaining(["id", "type", "value", "name", "version", "createTime", "updateTime", "createBy", "updateBy"]));
    expect(record.properties.number.type).toEqual(["integer", "null"]);
  });

  it("documents save from the create schema (required fields) and update from the patch schema (id key required)", () => {
    const save = requestSchema(operation("POST", "/sys/sysdict/save")!);
    expect(save.required).toEqual(expect.arrayContaining(["type", "value", "name", "status"]));
    expect(save.properties.type.title).toBe("Type");
    const update = requestSchema(operation("POST", "/sys/sysdict/update")!);
    expect(update.required).toEqual(["id"]);
    expect(Object.keys(update.properties)).toEqual(expect.arrayContaining(["name", "version"]));
    const role = requestSchema(operation("POST", "/sys/role/save")!);
    expect(role.properties.roleId).toBeTruthy();
  });

  it("names the record id as a path parameter of info and history", () => {
    const info = operation("GET", "/sys/role/info/:id")!;
    expect(info.parameters[0]).toMatchObject({ name: "id", in: "path", required: true });
    expect(info.parameters[0].description).toContain("roleId");
    expect(info.parameters.map((p: Json) => p.name)).toContain("version");
  });
});

describe("every family verb, from a table of its own", () => {
  const family = families.find((f) => f.path === "/sys/sysdict")!;
  const table = new RouteTable();
  const handler = async () => new Response(null);
  const verbs = ["revert/:id", "restore/:id", "deleted", "excel/template", "excel/export", "excel/result/:id"];
  for (const verb of verbs) table[verb === "deleted" || verb.startsWith("excel/t") || verb.startsWith("excel/r") ? "get" : "post"](`${family.path}/${verb}`, family.tags.update, handler, { doc: { family, verb: verb.replace("/:id", "") } });
  const rowsBody = z.object({ importId: z.string(), chunk: z.number().int(), rows: z.array(z.record(z.string(), z.unknown())) });
  table.post(`${family.path}/excel/import`, family.tags.import, handler, { doc: { family, verb: "excel/import", body: rowsBody } });
  table.get("/undocumented/:key", "signedIn", handler);
  const own = buildDocument(table, "zh-CN") as Json;
  const op = (method: string, path: string) => own.paths[openApiPath(path).path][method] as Json;

  it("describes revert, restore and the recycle bin", () => {
    expect(op("post", "/sys/sysdict/revert/:id").requestBody.content["application/json"].schema.required).toEqual(["version"]);
    expect(op("post", "/sys/sysdict/restore/:id").responses["200"].content["application/json"].schema.oneOf[0].properties.data.required).toEqual(["id", "version"]);
    const bin = op("get", "/sys/sysdict/deleted");
    expect(bin.parameters.map((p: Json) => p.name)).toEqual(["page", "limit"]);
    expect(bin.responses["200"].content["application/json"].schema.oneOf[0].properties.data.items.properties.record.$ref).toBe("#/components/schemas/SysSysdict");
    expect(bin.summary).toBe("字典：回收站");
  });

  it("describes spreadsheets: files for template, export and result, JSON rows or a file for import", () => {
    for (const path of ["/sys/sysdict/excel/template", "/sys/sysdict/excel/result/:id"]) {
      expect(Object.keys(op("get", path).responses["200"].content)).toContain("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    }
    expect(Object.keys(op("post", "/sys/sysdict/excel/export").responses["200"].content)).toEqual(expect.arrayContaining(["text/csv", "application/json"]));
    expect(op("post", "/sys/sysdict/excel/export").requestBody.content["application/json"].schema.properties.sort.properties.field.enum).toEqual(family.sorts);
    const body = op("post", "/sys/sysdict/excel/import").requestBody.content;
    expect(body["application/json"].schema.required).toEqual(["importId", "chunk", "rows"]);
    expect(body["multipart/form-data"].schema.properties.file).toMatchObject({ type: "string", format: "binary" });
  });

  it("documents a route registered without a doc from what the table knows", () => {
    const bare = op("get", "/undocumented/:key");
    expect(bare).toMatchObject({ summary: "GET /undocumented/:key", "x-permission": "signedIn", tags: ["undocumented"], security: [{ token: [] }] });
    expect(bare.parameters).toEqual([expect.objectContaining({ name: "key", in: "path", required: true })]);
  });
});

describe("own verbs, from their zod schemas", () => {
  it("documents the required properties of a zod body", () => {
    expect(requestSchema(operation("POST", "/sys/wxuser/examData")!)).toMatchObject({ required: ["id", "examStatus"], properties: { examStatus: { enum: ["1", "2"] } } });
    expect(requestSchema(operation("POST", "/auth/account")!).required).toEqual(["userNo", "password", "uuid", "captcha"]);
    const rebuild = requestSchema(operation("POST", "/sys/store/rebuild")!);
    expect(rebuild.required ?? []).toEqual([]);
    expect(rebuild.properties.maxEvents).toMatchObject({ type: "integer", maximum: 200_000 });
  });

  it("documents query parameters, optional ones as optional, and multipart uploads", () => {
    const log = Object.fromEntries(operation("GET", "/log/list")!.parameters.map((p: Json) => [p.name, p]));
    expect(log.page).toMatchObject({ in: "query", required: false });
    expect(log.from.schema.pattern).toBeTruthy();
    expect(operation("GET", "/sys/store/verify")!.parameters[0]).toMatchObject({ name: "stream", required: true });
    const upload = operation("POST", "/file/upload")!.requestBody.content["multipart/form-data"].schema;
    expect(upload).toMatchObject({ required: ["file"], properties: { file: { type: "string", format: "binary" } } });
    expect(Object.keys(operation("GET", "/file/fileDown")!.responses["200"].content)).toContain("application/octet-stream");
  });

  it("gives every own verb of auth, sys and file a summary of its own", () => {
    const own = routes.filter((r) => !r.doc?.family && /^\/(auth|sys|file|log|common|weixin)\//.test(r.path));
    expect(own.length).toBeGreaterThan(30);
    for (const r of own) expect(r.doc?.summary, `${r.method} ${r.path}`).toMatchObject({ "zh-CN": expect.any(String), "en-US": expect.any(String) });
  });

  it("writes summaries in the request's language", async () => {
    const zh = (await call("/openapi.json", { token: admin, lang: "zh-CN" })).body;
    expect(zh.paths["/auth/logout"].post.summary).toBe("退出登录");
    expect(doc.paths["/auth/logout"].post.summary).toBe("Sign out");
    expect(zh.paths["/sys/sysdict/list"].get.summary).toContain("字典");
  });
});

describe("one document per module", () => {
  let index: { name: string; title: string; url: string; operations: number }[];
  const moduleDoc = async (url: string, lang: "zh-CN" | "en-US" = "en-US") => (await SELF.fetch(`http://qifu.test${url}`, { headers: { "x-hbi-token": admin, "accept-language": lang } })).json() as Promise<Json>;
  beforeAll(async () => {
    index = (await call("/openapi/index.json", { token: admin, lang: "en-US" })).body.data;
  });

  it("lists the modules in registration order, titled in the request's language, with their operation counts", async () => {
    expect(index.map((m) => m.name).slice(0, 3)).toEqual(["auth", "sys", "files"]);
    expect(index.map((m) => m.name)).toEqual(expect.arrayContaining(["flow", "msg", "enterprise", "services", "casework", "datamodel", "forms", "reports", "webhooks", "jobs", "sync"]));
    expect(index.find((m) => m.name === "sys")).toMatchObject({ title: "System", url: "/api/openapi/sys.json" });
    expect((await call("/openapi/index.json", { token: admin, lang: "zh-CN" })).body.data.find((m: Json) => m.name === "sys").title).toBe("系统管理");
    expect(index.reduce((n, m) => n + m.operations, 0)).toBe(operations().length);
  });

  it("splits the whole document: each operation in exactly one module's document, with the same access rule", async () => {
    const seen = new Map<string, string>();
    for (const m of index) {
      const part = await moduleDoc(m.url);
      expect(part.openapi, m.name).toBe("3.1.0");
      const ops = Object.entries(part.paths as Record<string, Json>).flatMap(([path, item]) => Object.entries(item).filter(([m]) => methods.includes(m)).map(([method, op]) => ({ key: `${method} ${path}`, op: op as Json })));
      expect(ops, m.name).toHaveLength(m.operations);
      for (const { key, op } of ops) {
        expect(seen.get(key), `${key} in ${m.name} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, m.name);
        const [method, path] = key.split(" ");
        expect(op["x-permission"], key).toBe(doc.paths[path!][method!]["x-permission"]);
      }
      // every $ref resolves inside the module's own document
      for (const ref of new Set([...JSON.stringify(part).matchAll(/"\$ref":"([^"]+)"/g)].map((x) => x[1]!))) expect(part.components.schemas[ref.split("/").pop()!], `${m.name}: ${ref}`).toBeTruthy();
    }
    expect(seen.size).toBe(operations().length);
    // own routes by the module that registered them, family routes by their family's module
    expect(seen.get("get /sys/sysdict/list")).toBe("sys");
    expect(seen.get("get /msg/detail/list")).toBe("msg");
    expect(seen.get("get /job/schedule/list")).toBe("jobs");
    expect(seen.get("get /datamodel/form/list")).toBe("forms");
  });

  it("a route outside /api (the did:web documents) names its own server", () => {
    expect(doc.paths["/.well-known/did.json"].servers).toEqual([{ url: "/" }]);
    expect(doc.paths["/.well-known/did.json"].get["x-permission"]).toBe("public");
    expect(doc.paths["/did/verify"].servers).toBeUndefined();
  });

  it("is far smaller than the whole document", async () => {
    const whole = JSON.stringify(doc).length;
    const sys = JSON.stringify(await moduleDoc("/api/openapi/sys.json")).length;
    expect(sys).toBeLessThan(whole / 5);
  });

  it("answers an unknown module with 404", async () => {
    expect((await call("/openapi/nosuch.json", { token: admin })).body.code).toBe(404);
    expect((await call("/openapi/sys", { token: admin })).body.code).toBe(404);
  });

  it("names every component schema: no Schema<n> and no zod __schema<n>; a tree's node by its id", async () => {
    const names = Object.keys(doc.components.schemas);
    expect(names.filter((n) => /^Schema\d+|_?_schema\d+/.test(n))).toEqual([]);
    expect(doc.components.schemas.MenuNode.properties.children.items.$ref).toBe("#/components/schemas/MenuNode");
    const sys = await moduleDoc("/api/openapi/sys.json");
    expect(sys.components.schemas.MenuNode).toBeTruthy();
  });
});

describe("access", () => {
  let clerk: string;
  beforeAll(async () => {
    clerk = (await userWithPermissions(admin, ["sys:sysdict:list"])).token;
  });

  it("refuses the signed-out (401) and users who are not administrators (403)", async () => {
    for (const path of ["/openapi.json", "/docs", "/openapi/index.json", "/openapi/sys.json"]) {
      expect((await call(path)).body.code, path).toBe(401);
      expect((await call(path, { token: clerk })).body, path).toMatchObject({ code: 403 });
    }
    const page = await SELF.fetch("http://qifu.test/api/docs", { headers: { cookie: `x-tr-token=${clerk}` } });
    expect(await page.json()).toMatchObject({ code: 403 });
  });

  it("serves /api/docs as HTML loading Swagger UI and the document from our own origin, under a strict CSP", async () => {
    const page = await SELF.fetch("http://qifu.test/api/docs", { headers: { "x-hbi-token": admin } });
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('src="/docs-assets/swagger-ui-bundle.js"');
    expect(html).toContain('href="/docs-assets/swagger-ui.css"');
    // the modules to pick from, each by its own document; none is the whole document
    expect(html).toContain('<option value="/api/openapi/sys.json" data-module="sys">');
    expect(html).not.toContain("/api/openapi.json");
    expect(html).not.toMatch(/https?:\/\//);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    // the one inline script is allowed by its hash
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const hash = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(inline)))));
    expect(csp).toContain(`'sha256-${hash}'`);
  });

  it("accepts the web app's cookie on /api/docs and /api/openapi.json only", async () => {
    const cookie = `language=en-US; x-tr-token=${encodeURIComponent(admin)}`;
    const page = await SELF.fetch("http://qifu.test/api/docs", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("swagger-ui");
    const spec = await SELF.fetch("http://qifu.test/api/openapi.json", { headers: { cookie } });
    expect(((await spec.json()) as Json).openapi).toBe("3.1.0");
    const elsewhere = await SELF.fetch("http://qifu.test/api/sys/user/info", { headers: { cookie } });
    expect(((await elsewhere.json()) as Json).code).toBe(401);
  });
});
