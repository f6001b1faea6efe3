/**
 * /file: multipart upload to R2 (type by extension AND leading bytes, 40 MB cap, one file per call),
 * download of the very same bytes, metadata by ids and by business, delete of record and object, and
 * that refused uploads write nothing — through the worker's fetch entry with real FormData bodies.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { t, type Lang } from "../events/i18n.ts";
import { call, login, userWithPermissions } from "./helpers.ts";

const langs: Lang[] = ["zh-CN", "en-US"];
const MB = 1024 * 1024;

let admin: string;
beforeAll(async () => {
  admin = await login();
});

interface UploadOptions {
  token?: string;
  lang?: Lang;
  fields?: Record<string, string>;
  /** "/file/upload" (token in the header) or "/file/uploads" (token in the query) */
  path?: "/file/upload" | "/file/uploads";
}

async function upload(files: File | File[], options: UploadOptions = {}) {
  const form = new FormData();
  for (const file of [files].flat()) form.append("file", file);
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  return send(form, options);
}

async function send(form: FormData, { token, lang, path = "/file/upload" }: UploadOptions = {}) {
  const headers: Record<string, string> = {};
  if (lang) headers.cookie = `language=${lang}`;
  let url = `http://qifu.test/api${path}`;
  if (token && path === "/file/upload") headers["x-hbi-token"] = token;
  if (token && path === "/file/uploads") url += `?token=${token}`;
  const response = await SELF.fetch(url, { method: "POST", body: form, headers });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data?: any; errors?: Record<string, string> } };
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
/** `head` followed by `total - head.length` filler bytes (never NUL for text). */
function bytes(head: number[], total = 256, fill = 0x20): Uint8Array {
  const out = new Uint8Array(Math.max(total, head.length)).fill(fill);
  out.set(head, 0);
  return out;
}
const utf8 = (text: string) => new TextEncoder().encode(text);

/** Real leading bytes of each allowed format. */
const samples: Record<string, Uint8Array> = {
  bmp: bytes([...ascii("BM"), 0x36, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x00, 0x36, 0x00, 0x00, 0x00, 0x28, 0x00]),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii("JFIF"), 0x00]),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x18, ...ascii("Exif"), 0x00, 0x00]),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, ...ascii("IHDR")]),
  xls: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00]),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00, 0x3e, 0x00]),
  xlsx: bytes([...ascii("PK"), 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, ...ascii("[Content_Types].xml")]),
  docx: bytes([...ascii("PK"), 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, ...ascii("word/document.xml")]),
  zip: bytes([...ascii("PK"), 0x03, 0x04, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00]),
  pdf: bytes([...ascii("%PDF-1.7\n"), 0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]),
  mp4: bytes([0x00, 0x00, 0x00, 0x18, ...ascii("ftypisom"), 0x00, 0x00, 0x02, 0x00, ...ascii("isomiso2")]),
  wmv: bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]),
  txt: utf8("企业综合服务平台说明\nplain text line 2\n"),
  csv: utf8("城市,电话\n西安市,029-12345\n宝鸡市,0917-12345\n"),
};
const contentTypes: Record<string, string> = {
  bmp: "image/bmp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
  mp4: "video/mp4",
  wmv: "video/x-ms-wmv",
  zip: "application/zip",
  txt: "text/plain",
  csv: "text/csv",
};

const fileCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM sys_file").first<{ n: number }>())!.n;
const objectKeys = async () => {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
};

async function download(id: string, token = admin) {
  const response = await SELF.fetch(`http://qifu.test/api/file/fileDown?uuid=${id}&token=${token}`);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("accepted uploads", () => {
  it.each(Object.keys(samples))("a .%s file with its real leading bytes", async (ext) => {
    const content = samples[ext]!;
    const name = `样例文件.${ext}`;
    const answer = await upload(new File([content], name), { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0, msg: t("created", "zh-CN") });
    const data = answer.body.data;
    expect(data).toMatchObject({ id: expect.any(String), name, ext, size: content.byteLength, url: `/api/file/fileDown?uuid=${data.id}` });
    expect(data.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(data.contentType.startsWith(contentTypes[ext]!)).toBe(true);
    // the metadata is a record, the bytes an R2 object
    const info = await call(`/file/info/${data.id}`, { token: admin });
    expect(info.body.data).toMatchObject({ id: data.id, name, ext, size: content.byteLength });
    const object = await env.FILES.get(data.objectKey);
    expect(object).not.toBeNull();
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(content);
  });

  it("an upper-case extension (.PNG)", async () => {
    const answer = await upload(new File([samples.png!], "SCREEN.PNG"), { token: admin });
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toMatchObject({ name: "SCREEN.PNG", ext: "png", size: samples.png!.byteLength, contentType: "image/png" });
  });

  it("POST /file/uploads with the token only in the query", async () => {
    const answer = await upload(new File([samples.pdf!], "query-token.pdf"), { token: admin, path: "/file/uploads" });
    expect(answer.body).toMatchObject({ code: 0, data: { name: "query-token.pdf", ext: "pdf" } });
    expect((await upload(new File([samples.pdf!], "no-token.pdf"), { path: "/file/uploads" })).body.code).toBe(401);
  });

  it("exactly 40 MB is accepted", { timeout: 180_000 }, async () => {
    const content = bytes(ascii("%PDF-1.4\n"), 40 * MB, 0x41);
    const answer = await upload(new File([content], "forty.pdf"), { token: admin });
    expect(answer.body, answer.body.msg).toMatchObject({ code: 0, data: { size: 40 * MB, ext: "pdf" } });
    const object = await env.FILES.head(answer.body.data.objectKey);
    expect(object?.size).toBe(40 * MB);
  });
});

describe("refused uploads", () => {
  describe.each(langs)("%s", (lang) => {
    it.each(["tool.exe", "page.html", "image.svg", "README"])("%s → uploadType", async (name) => {
      const answer = await upload(new File([utf8("MZ or <html> or <svg> — not an allowed type")], name), { token: admin, lang });
      expect(answer.body).toEqual({ code: 422, msg: t("uploadType", lang) });
    });

    it("a .png whose bytes are not PNG → uploadType", async () => {
      expect((await upload(new File([samples.pdf!], "fake.png"), { token: admin, lang })).body).toEqual({ code: 422, msg: t("uploadType", lang) });
      expect((await upload(new File([utf8("just text")], "fake.docx"), { token: admin, lang })).body).toEqual({ code: 422, msg: t("uploadType", lang) });
    });

    it("a binary .txt (NUL bytes / invalid UTF-8) → uploadType", async () => {
      expect((await upload(new File([new Uint8Array([0x41, 0x00, 0x42])], "nul.txt"), { token: admin, lang })).body).toEqual({ code: 422, msg: t("uploadType", lang) });
      expect((await upload(new File([new Uint8Array([0x41, 0xff, 0xfe, 0x42])], "bad.csv"), { token: admin, lang })).body).toEqual({ code: 422, msg: t("uploadType", lang) });
    });

    it("two files in one call → uploadMultiple", async () => {
      const answer = await upload([new File([samples.png!], "a.png"), new File([samples.pdf!], "b.pdf")], { token: admin, lang });
      expect(answer.body).toEqual({ code: 422, msg: t("uploadMultiple", lang) });
      if (lang === "zh-CN") expect(answer.body.msg).toBe("不支持多文件上传");
    });

    it("no file → uploadMissing", async () => {
      const form = new FormData();
      form.append("businessType", "x");
      expect((await send(form, { token: admin, lang })).body).toEqual({ code: 422, msg: t("uploadMissing", lang) });
      const json = await SELF.fetch("http://qifu.test/api/file/upload", { method: "POST", headers: { "x-hbi-token": admin, "content-type": "application/json", cookie: `language=${lang}` }, body: "{}" });
      expect(await json.json()).toEqual({ code: 422, msg: t("uploadMissing", lang) });
    });

    it("an empty file → uploadEmpty", async () => {
      expect((await upload(new File([], "empty.txt"), { token: admin, lang })).body).toEqual({ code: 422, msg: t("uploadEmpty", lang) });
    });
  });

  it.each(langs)("41 MB → uploadTooLarge (%s)", { timeout: 180_000 }, async (lang) => {
    const content = bytes(ascii("%PDF-1.4\n"), 41 * MB, 0x41);
    const answer = await upload(new File([content], "big.pdf"), { token: admin, lang });
    expect(answer.body).toEqual({ code: 422, msg: t("uploadTooLarge", lang) });
  });

  it("refusals write nothing: no record, no R2 object", { timeout: 180_000 }, async () => {
    const records = await fileCount();
    const keys = await objectKeys();
    const events = (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
    const refused = [
      upload(new File([samples.png!], "x.exe"), { token: admin }),
      upload(new File([samples.pdf!], "x.png"), { token: admin }),
      upload([new File([samples.png!], "a.png"), new File([samples.png!], "b.png")], { token: admin }),
      upload(new File([], "e.pdf"), { token: admin }),
      upload(new File([bytes(ascii("%PDF"), 40 * MB + 1)], "over.pdf"), { token: admin }),
    ];
    for (const answer of refused) expect((await answer).body.code).toBe(422);
    expect(await fileCount()).toBe(records);
    expect(await objectKeys()).toEqual(keys);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n).toBe(events);
  });
});

describe("idempotent retries", () => {
  it("a repeated Idempotency-Key answers the first upload and leaves no second object in R2", async () => {
    const key = crypto.randomUUID();
    const records = await fileCount();
    const keys = await objectKeys();
    const once = async () => {
      const form = new FormData();
      form.append("file", new File([samples.png!], "retry.png"));
      const response = await SELF.fetch("http://qifu.test/api/file/upload", { method: "POST", body: form, headers: { "x-hbi-token": admin, "Idempotency-Key": key } });
      return (await response.json()) as { code: number; data: { id: string; objectKey: string } };
    };
    const first = await once();
    const second = await once();
    expect(first.code).toBe(0);
    expect(second).toEqual(first);
    expect(await fileCount()).toBe(records + 1);
    // only the first upload's object may exist: the retry's bytes must not be left behind unreferenced
    expect(await objectKeys()).toEqual([...keys, first.data.objectKey].sort());
  });
});

describe("download, lists and delete", () => {
  it("GET /file/fileDown returns the very same bytes, the type's content-type and a UTF-8 file name", async () => {
    const content = new Uint8Array(5000).map((_, i) => (i * 31 + 7) & 0xff);
    content.set([0x25, 0x50, 0x44, 0x46, 0x2d], 0);
    const name = "年度报告 2026.pdf";
    const id = (await upload(new File([content], name), { token: admin })).body.data.id;
    const { response, bytes: body } = await download(id);
    expect(response.status).toBe(200);
    expect(body.byteLength).toBe(content.byteLength);
    expect(body).toEqual(content);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const disposition = response.headers.get("content-disposition")!;
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(disposition).toMatch(/^attachment;/);
    // a text file keeps its Chinese content byte for byte
    const textId = (await upload(new File([samples.csv!], "联系电话.csv"), { token: admin })).body.data.id;
    const text = await download(textId);
    expect(text.bytes).toEqual(samples.csv);
    expect(text.response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(new TextDecoder().decode(text.bytes)).toContain("西安市");
  });

  it("GET /file/fileDown of an unknown id is 404; without a token 401", async () => {
    const missing = await SELF.fetch(`http://qifu.test/api/file/fileDown?uuid=00000000-0000-4000-8000-000000000000&token=${admin}`);
    expect(await missing.json()).toEqual({ code: 404, msg: t("notFound", "zh-CN", { name: "文件" }) });
    const id = (await upload(new File([samples.png!], "a.png"), { token: admin })).body.data.id;
    const anonymous = await SELF.fetch(`http://qifu.test/api/file/fileDown?uuid=${id}`);
    expect(await anonymous.json()).toMatchObject({ code: 401 });
  });

  it("GET /file/list?ids=a,b answers both files' metadata", async () => {
    const a = (await upload(new File([samples.png!], "甲.png"), { token: admin })).body.data;
    const b = (await upload(new File([samples.docx!], "乙.docx"), { token: admin })).body.data;
    const answer = await call(`/file/list?ids=${a.id},${b.id}`, { token: admin });
    expect(answer.body.code).toBe(0);
    const rows = [...answer.body.data].sort((x: { name: string }, y: { name: string }) => (x.name === "甲.png" ? -1 : y.name === "甲.png" ? 1 : 0));
    expect(rows).toEqual([expect.objectContaining({ id: a.id, name: "甲.png", ext: "png", size: a.size }), expect.objectContaining({ id: b.id, name: "乙.docx", ext: "docx", size: b.size })]);
  });

  it("GET /file/getlistByParams answers only the files of that business", async () => {
    const businessType = `contract-${crypto.randomUUID().slice(0, 6)}`;
    const mine = [];
    for (const name of ["合同.pdf", "附件.zip"]) {
      const ext = name.split(".").pop()!;
      const answer = await upload(new File([samples[ext]!], name), { token: admin, fields: { businessType, businessId: "B-1" } });
      expect(answer.body.data).toMatchObject({ businessType, businessId: "B-1" });
      mine.push(answer.body.data.id);
    }
    await upload(new File([samples.pdf!], "other-id.pdf"), { token: admin, fields: { businessType, businessId: "B-2" } });
    await upload(new File([samples.pdf!], "other-type.pdf"), { token: admin, fields: { businessType: "other", businessId: "B-1" } });
    const answer = await call(`/file/getlistByParams?businessType=${businessType}&businessId=B-1`, { token: admin });
    expect(answer.body.code).toBe(0);
    expect(answer.body.data.map((f: { id: string }) => f.id).sort()).toEqual([...mine].sort());
    expect(answer.body.data.every((f: { businessType: string; businessId: string }) => f.businessType === businessType && f.businessId === "B-1")).toBe(true);
  });

  it("GET /file/delete removes the record and the R2 object", async () => {
    const data = (await upload(new File([samples.jpg!], "删除我.jpg"), { token: admin })).body.data;
    expect(await env.FILES.get(data.objectKey)).not.toBeNull();
    const answer = await call(`/file/delete?id=${data.id}`, { token: admin });
    expect(answer.body).toEqual({ code: 0, msg: t("deleted", "zh-CN"), data: null });
    expect((await call(`/file/info/${data.id}`, { token: admin })).body).toEqual({ code: 404, msg: t("notFound", "zh-CN", { name: "文件" }) });
    expect(await env.FILES.get(data.objectKey)).toBeNull();
    expect((await download(data.id)).response.headers.get("content-type")).toMatch(/json/);
    expect((await call(`/file/delete?id=${data.id}`, { token: admin })).body.code).toBe(404);
  });
});

describe("access", () => {
  it.each(langs)("a user without sys:file:upload is forbidden (%s)", async (lang) => {
    const { token } = await userWithPermissions(admin, ["sys:file:list"]);
    const before = await fileCount();
    for (const path of ["/file/upload", "/file/uploads"] as const) {
      const answer = await upload(new File([samples.png!], "a.png"), { token, lang, path });
      expect(answer.body).toEqual({ code: 403, msg: t("forbidden", lang, { perm: "sys:file:upload" }) });
    }
    expect(await fileCount()).toBe(before);
  });

  it.each(langs)("without a token: 401 (%s)", async (lang) => {
    const answer = await upload(new File([samples.png!], "a.png"), { lang });
    expect(answer.body).toEqual({ code: 401, msg: t("notLoggedIn", lang) });
  });

  it("a holder of sys:file:upload (not an administrator) may upload", async () => {
    const { token } = await userWithPermissions(admin, ["sys:file:upload"]);
    expect((await upload(new File([samples.png!], "ok.png"), { token })).body.code).toBe(0);
  });
});
