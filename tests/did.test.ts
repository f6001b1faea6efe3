/**
 * The platform as a did:web issuer: its public DID document (an Ed25519 key, no private part), the
 * documents of enterprises and institutions, credentials in JWT form verified offline — with jose and
 * nothing but the public key from /.well-known/did.json and the public status list — before and after
 * revocation, and refused when tampered (a payload byte, another key, expired, not yet valid, another
 * issuer); the routes' and gateway methods' answers, permissions and bad input; issuing inside a caller's
 * own command.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SignJWT, calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, errors as joseErrors, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK } from "jose";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { issueCredential, revokeCredential, verifyCredential, enterpriseDid } from "../worker/did/index.ts";
import { documentOf } from "../worker/did/read.ts";
import { execute, principal } from "../worker/commands/execute.ts";
import { store } from "../worker/modules.ts";
import { DomainError } from "../worker/errors.ts";

const host = "localhost:8787";
const platform = "did:web:localhost%3A8787";
let admin: string;
const enterprise = { creditCode: creditCode(), entName: `DID测试${crypto.randomUUID().slice(0, 6)}有限公司` };
const institutionCode = creditCode("610200");

const open = (path: string) => SELF.fetch(`http://qifu.test${path}`);
const gateway = (method: string, params: unknown = {}, token = admin) => call("/gateway", { token, body: { method, params } });

interface DidDoc {
  id: string;
  controller?: string;
  alsoKnownAs?: string[];
  verificationMethod: { id: string; type: string; controller: string; publicKeyJwk: JWK }[];
  assertionMethod: string[];
  authentication: string[];
  service?: { id: string; type: string; serviceEndpoint: string }[];
}

async function platformDoc(): Promise<DidDoc> {
  const response = await open("/.well-known/did.json");
  expect(response.status).toBe(200);
  return (await response.json()) as DidDoc;
}

/** What a verifier does offline with a credential: the key named by `kid` from the issuer's document, then the signature and times. */
async function verifyOffline(jwt: string, doc: DidDoc) {
  const { kid } = decodeProtectedHeader(jwt);
  expect(doc.assertionMethod).toContain(kid);
  const method = doc.verificationMethod.find((m) => m.id === kid)!;
  const key = await importJWK(method.publicKeyJwk, "EdDSA");
  return jwtVerify(jwt, key, { issuer: doc.id, typ: "vc+jwt", algorithms: ["EdDSA"] });
}

/** The bit of a credential in the public status list, read as a verifier reads it (JWT, multibase base64url, GZIP). */
async function statusBit(doc: DidDoc, listUrl: string, index: number): Promise<boolean> {
  expect(listUrl).toBe(`https://${host}/credentials/status/1`);
  const response = await open(new URL(listUrl).pathname);
  expect(response.headers.get("content-type")).toBe("application/vc+jwt");
  const { payload } = await verifyOffline(await response.text(), doc);
  const subject = (payload as { credentialSubject: { type: string; statusPurpose: string; encodedList: string } }).credentialSubject;
  expect(subject).toMatchObject({ type: "BitstringStatusList", statusPurpose: "revocation" });
  expect(subject.encodedList[0]).toBe("u");
  const gz = Uint8Array.from(atob(subject.encodedList.slice(1).replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const bits = new Uint8Array(await new Response(new Response(gz).body!.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  expect(bits.length).toBe(131_072 / 8);
  return (bits[index >> 3]! & (0x80 >> (index % 8))) !== 0;
}

async function issue(body: Record<string, unknown> = {}) {
  const answer = await call("/did/issue", { token: admin, body: { kind: "enterprise", code: enterprise.creditCode, claims: { scope: "creditReport", grantee: "某银行" }, validFrom: "2026-01-01T00:00:00Z", validUntil: "2035-01-01T00:00:00Z", ...body } });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data as { id: string; jwt: string; subject: string; statusIndex: number };
}

/** The same credential with one character of its payload changed, signature kept. */
function tamper(jwt: string): string {
  const [h, p, s] = jwt.split(".");
  const json = new TextDecoder().decode(Uint8Array.from(atob(p!.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));
  const changed = json.replace("某银行", "某公司");
  expect(changed).not.toBe(json);
  const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(changed))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${h}.${b64}.${s}`;
}

beforeAll(async () => {
  admin = await login();
  expect((await call("/common/enenterprisebasicinfo/save", { token: admin, body: { ...enterprise, areaCode: "610100" } })).body.code).toBe(0);
  const dept = await call("/sys/department/save", { token: admin, body: { name: "西安市数据局", creditCode: institutionCode, orgId: "610100" } });
  expect(dept.body.code, JSON.stringify(dept.body)).toBe(0);
});

describe("the platform's DID document", () => {
  it("is public at /.well-known/did.json: did:web of the host, one Ed25519 key (public half only) named by its thumbprint", async () => {
    const response = await open("/.well-known/did.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/did+json");
    const doc = (await response.json()) as DidDoc;
    expect(doc.id).toBe(platform);
    expect(doc.verificationMethod).toHaveLength(1);
    const [vm] = doc.verificationMethod;
    expect(vm!.type).toBe("JsonWebKey2020");
    expect(vm!.controller).toBe(platform);
    expect(Object.keys(vm!.publicKeyJwk).sort()).toEqual(["crv", "kty", "x"]);
    expect(vm!.publicKeyJwk).toMatchObject({ kty: "OKP", crv: "Ed25519" });
    expect(vm!.publicKeyJwk.x).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(vm!.id).toBe(`${platform}#${await calculateJwkThumbprint(vm!.publicKeyJwk)}`);
    expect(doc.assertionMethod).toEqual([vm!.id]);
    expect(doc.authentication).toEqual([vm!.id]);
    expect(doc.service).toEqual([{ id: `${platform}#revocation`, type: "BitstringStatusList", serviceEndpoint: `https://${host}/credentials/status/1` }]);
    // the key is the Worker secret's public half
    const secret = JSON.parse(env.DID_SIGNING_KEY!) as JWK;
    expect(vm!.publicKeyJwk.x).toBe(secret.x);
    expect(JSON.stringify(doc)).not.toContain(secret.d!);
  });

  it("an enterprise's and an institution's documents exist for codes our data knows, controlled by the platform", async () => {
    const ent = (await (await open(`/enterprise/${enterprise.creditCode}/did.json`)).json()) as DidDoc;
    expect(ent).toMatchObject({ id: `${platform}:enterprise:${enterprise.creditCode}`, controller: platform, alsoKnownAs: [`urn:uscc:${enterprise.creditCode}`], verificationMethod: [] });
    expect(ent.assertionMethod).toEqual((await platformDoc()).assertionMethod);
    const inst = (await (await open(`/institution/${institutionCode}/did.json`)).json()) as DidDoc;
    expect(inst.id).toBe(`${platform}:institution:${institutionCode}`);
    expect((await open(`/enterprise/${creditCode()}/did.json`)).status).toBe(404);
    expect((await open(`/institution/${enterprise.creditCode}/did.json`)).status).toBe(404);
    expect((await open("/enterprise/not-a-code/did.json")).status).toBe(404);
  });

  it("the screen's document verb: by kind and credit code, with the name; bad input named", async () => {
    const ent = await call(`/did/document?kind=enterprise&code=${enterprise.creditCode}`, { token: admin });
    expect(ent.body.data).toMatchObject({ did: `${platform}:enterprise:${enterprise.creditCode}`, name: enterprise.entName, url: `https://${host}/enterprise/${enterprise.creditCode}/did.json` });
    const inst = await call(`/did/document?kind=institution&code=${institutionCode}`, { token: admin });
    expect(inst.body.data.name).toBe("西安市数据局");
    const missing = await call(`/did/document?kind=enterprise&code=${creditCode()}`, { token: admin, lang: "en-US" });
    expect(missing.body).toMatchObject({ code: 404 });
    expect(missing.body.msg).toMatch(/^No enterprise or institution has the credit code /);
    const bad = await call("/did/document?kind=enterprise&code=123", { token: admin });
    expect(bad.body.code).toBe(422);
    expect(Object.keys(bad.body.errors!)).toEqual(["code"]);
  });

  it("without the secret or with a bad one the issuer refuses clearly (never a half-made document)", async () => {
    await expect(documentOf({ ...env, DID_SIGNING_KEY: undefined }, "platform")).rejects.toMatchObject({ key: "didKeyMissing" });
    await expect(documentOf({ ...env, DID_SIGNING_KEY: '{"kty":"oct","k":"x"}' }, "platform")).rejects.toMatchObject({ key: "didKeyInvalid" });
    await expect(documentOf({ ...env, DID_HOST: "" }, "platform")).rejects.toBeInstanceOf(DomainError);
  });
});

describe("a credential verified offline against the DID document", () => {
  it("verifies with only the public key, its status bit clear; after revocation the bit is set and verify says revoked", async () => {
    const vc = await issue({ ref: `auth-${crypto.randomUUID()}` });
    const doc = await platformDoc();
    const { payload, protectedHeader } = await verifyOffline(vc.jwt, doc);
    expect(protectedHeader).toMatchObject({ alg: "EdDSA", typ: "vc+jwt" });
    const credential = payload as Record<string, any>;
    expect(credential).toMatchObject({
      iss: platform,
      sub: `${platform}:enterprise:${enterprise.creditCode}`,
      jti: vc.id,
      "@context": ["https://www.w3.org/ns/credentials/v2"],
      type: ["VerifiableCredential", "AuthorizationCredential"],
      issuer: platform,
      credentialSubject: { id: vc.subject, scope: "creditReport", grantee: "某银行" },
      credentialStatus: { type: "BitstringStatusListEntry", statusPurpose: "revocation", statusListIndex: String(vc.statusIndex) },
    });
    expect(credential.exp).toBe(Date.parse("2035-01-01T00:00:00Z") / 1000);
    expect(await statusBit(doc, credential.credentialStatus.statusListCredential, vc.statusIndex)).toBe(false);
    expect((await call("/did/verify", { token: admin, body: { jwt: vc.jwt } })).body.data).toMatchObject({ valid: true, reason: null, revokedAt: null });

    const revoked = await call("/did/revoke", { token: admin, body: { id: vc.id, reason: "授权已撤回" } });
    expect(revoked.body.code, JSON.stringify(revoked.body)).toBe(0);
    expect(await statusBit(doc, credential.credentialStatus.statusListCredential, vc.statusIndex)).toBe(true);
    const after = await call("/did/verify", { token: admin, body: { jwt: vc.jwt } });
    expect(after.body.data).toMatchObject({ valid: false, reason: "revoked", revokedAt: revoked.body.data.revokedAt });
    // the signature itself still holds: revocation lives in the status list
    await expect(verifyOffline(vc.jwt, doc)).resolves.toBeTruthy();
    const again = await call("/did/revoke", { token: admin, body: { id: vc.id } });
    expect(again.body).toMatchObject({ code: 422, msg: `凭证 ${vc.id} 已被吊销` });
    expect((await call("/did/revoke", { token: admin, body: { id: "urn:uuid:none" } })).body.code).toBe(404);
  });

  it("fails when a payload byte changes, when another key signs it, when expired or not yet valid, when another issuer claims it", async () => {
    const vc = await issue();
    const doc = await platformDoc();
    const tampered = tamper(vc.jwt);
    await expect(verifyOffline(tampered, doc)).rejects.toBeInstanceOf(joseErrors.JWSSignatureVerificationFailed);
    expect((await call("/did/verify", { token: admin, body: { jwt: tampered } })).body.data).toMatchObject({ valid: false, reason: "signature" });

    // the same payload and header (our kid) signed with a key that is not ours
    const other = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
    const forged = await new SignJWT(decodeJwt(vc.jwt)).setProtectedHeader(decodeProtectedHeader(vc.jwt) as { alg: string }).sign(other.privateKey);
    await expect(verifyOffline(forged, doc)).rejects.toBeInstanceOf(joseErrors.JWSSignatureVerificationFailed);
    expect((await call("/did/verify", { token: admin, body: { jwt: forged } })).body.data.reason).toBe("signature");
    // another issuer, signing with its own key under its own name
    const stranger = await new SignJWT({ ...decodeJwt(vc.jwt), iss: "did:web:elsewhere.example" }).setProtectedHeader({ alg: "EdDSA", typ: "vc+jwt", kid: `did:web:elsewhere.example#${await calculateJwkThumbprint(await exportJWK(other.publicKey))}` }).sign(other.privateKey);
    expect((await call("/did/verify", { token: admin, body: { jwt: stranger } })).body.data.reason).toBe("unknownIssuer");

    const expired = await issue({ validFrom: "2020-01-01T00:00:00Z", validUntil: "2021-01-01T00:00:00Z" });
    await expect(verifyOffline(expired.jwt, doc)).rejects.toBeInstanceOf(joseErrors.JWTExpired);
    expect((await call("/did/verify", { token: admin, body: { jwt: expired.jwt } })).body.data).toMatchObject({ valid: false, reason: "expired" });
    const later = await issue({ validFrom: "2099-01-01T00:00:00Z", validUntil: "2100-01-01T00:00:00Z" });
    expect((await verifyCredential(env, later.jwt)).reason).toBe("notYetValid");
    expect((await verifyCredential(env, later.jwt, new Date("2099-06-01T00:00:00Z"))).valid).toBe(true);

    expect((await call("/did/verify", { token: admin, body: { jwt: "not.a.jwt" } })).body.data).toMatchObject({ valid: false, reason: "malformed", payload: null });
    const empty = await call("/did/verify", { token: admin, body: { jwt: "" } });
    expect([empty.body.code, Object.keys(empty.body.errors!)]).toEqual([422, ["jwt"]]);
  });
});

describe("issuing for another module's command", () => {
  it("answers a signed credential and its write; nothing is stored until the caller appends it, then it verifies", async () => {
    const authId = `auth-${crypto.randomUUID()}`;
    const subject = enterpriseDid(env, enterprise.creditCode);
    const vc = await issueCredential(env, subject, { authId, grantee: "某银行", scope: "creditReport" }, { from: "2026-01-01T00:00:00Z", until: "2030-01-01T00:00:00Z" });
    expect((await verifyCredential(env, vc.jwt)).reason).toBe("unknownCredential");
    await execute({ name: "test.authorise", decide: () => ({ writes: [vc.write], answer: null }) }, principal("system"), { db: env.DB, store });
    expect(await verifyCredential(env, vc.jwt)).toMatchObject({ valid: true, reason: null, payload: { jti: vc.id, sub: subject } });
    // the authorisation's id is the credential's reference: check accredit VC finds it
    const checked = await gateway("did.checkAccreditVC", { authId });
    expect(checked.body).toMatchObject({ code: 200, data: { credentialId: vc.id, valid: true, reason: null } });
    const revocation = await revokeCredential(env, vc.id, "撤回");
    await execute({ name: "test.withdraw", decide: () => ({ writes: [revocation.write], answer: null }) }, principal("system"), { db: env.DB, store });
    expect((await gateway("did.checkAccreditVC", { authId })).body.data).toMatchObject({ valid: false, reason: "revoked" });
    expect((await gateway("did.checkAccreditVC", { authId: "no-such-auth" })).body.code).toBe(404);
  });

  it("refuses bad requests naming the field and the rule", async () => {
    const subject = enterpriseDid(env, enterprise.creditCode);
    await expect(issueCredential(env, subject, {}, { from: "2030-01-01T00:00:00Z", until: "2026-01-01T00:00:00Z" })).rejects.toMatchObject({ key: "didValidityOrder", problems: [{ field: "validUntil" }] });
    await expect(issueCredential(env, "no-uri", {}, { from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z" })).rejects.toMatchObject({ problems: [{ field: "subject" }] });
    await expect(issueCredential(env, subject, { id: "x" }, { from: "2026-01-01T00:00:00Z", until: "2027-01-01T00:00:00Z" })).rejects.toMatchObject({ problems: [{ field: "claims" }] });
    const bad = await call("/did/issue", { token: admin, body: { kind: "enterprise", code: enterprise.creditCode, validFrom: "2027-01-01T00:00:00Z", validUntil: "2026-01-01T00:00:00Z" } });
    expect(bad.body).toMatchObject({ code: 422, errors: { validUntil: "失效时间须晚于生效时间" } });
    const unknown = await call("/did/issue", { token: admin, body: { kind: "enterprise", code: creditCode(), validFrom: "2026-01-01T00:00:00Z", validUntil: "2027-01-01T00:00:00Z" } });
    expect(unknown.body.code).toBe(404);
  });

  it("gives every credential its own status-list slot", async () => {
    const many = await Promise.all(Array.from({ length: 6 }, () => issue()));
    expect(new Set(many.map((c) => c.statusIndex)).size).toBe(6);
  });
});

describe("lists and the gateway", () => {
  it("lists credentials by keyword and state, newest first, with their state", async () => {
    const vc = await issue({ ref: `list-${crypto.randomUUID()}` });
    const list = await call(`/did/credentials?keyword=${enterprise.creditCode}&state=valid&page=1&limit=100`, { token: admin });
    expect(list.body.total).toBeGreaterThan(0);
    expect(list.body.data[0]).toMatchObject({ id: vc.id, state: "valid", subject: vc.subject, claims: { scope: "creditReport" } });
    expect(list.body.data.every((r: { state: string }) => r.state === "valid")).toBe(true);
    const gone = await issue();
    await call("/did/revoke", { token: admin, body: { id: gone.id } });
    const revoked = await call(`/did/credentials?keyword=${enterprise.creditCode}&state=revoked&limit=100`, { token: admin });
    expect(revoked.body.data.map((r: { id: string }) => r.id)).toContain(gone.id);
    expect(revoked.body.data.every((r: { state: string; revokedAt: string | null }) => r.state === "revoked" && r.revokedAt)).toBe(true);
    const valid = await call(`/did/credentials?keyword=${enterprise.creditCode}&state=valid&limit=100`, { token: admin });
    expect(valid.body.data.map((r: { id: string }) => r.id)).not.toContain(gone.id);
    const expired = await call(`/did/credentials?keyword=${enterprise.creditCode}&state=expired`, { token: admin });
    expect(expired.body.total).toBeGreaterThan(0);
    expect(expired.body.data.every((r: { state: string; validUntil: string }) => r.state === "expired" && r.validUntil < new Date().toISOString())).toBe(true);
  });

  it("user_QueryDIDDoc answers the platform's or an enterprise's document; user_QueryDIDAccredit its credentials, paged", async () => {
    const mine = await gateway("user_QueryDIDDoc", { kind: "platform" });
    expect(mine.body).toMatchObject({ code: 200, data: { did: platform, name: null } });
    const ent = await gateway("user_QueryDIDDoc", { creditCode: enterprise.creditCode });
    expect(ent.body.data).toMatchObject({ did: `${platform}:enterprise:${enterprise.creditCode}`, name: enterprise.entName, document: { controller: platform } });
    expect((await gateway("user_QueryDIDDoc", {})).body.code).toBe(422);
    expect((await gateway("user_QueryDIDDoc", { creditCode: "x" })).body).toMatchObject({ code: 400, errors: { creditCode: expect.any(String) } });
    const accredit = await gateway("user_QueryDIDAccredit", { creditCode: enterprise.creditCode, page: 1, size: 2 });
    expect(accredit.body.code).toBe(200);
    expect(accredit.body.total).toBeGreaterThan(2);
    expect(accredit.body.data).toHaveLength(2);
    expect(accredit.body.data[0].subject).toBe(`${platform}:enterprise:${enterprise.creditCode}`);
  });
});

describe("the credentials' read model", () => {
  it("is emptied and rebuilt from the log with the same rows, revocations included", async () => {
    const rows = async () => (await env.DB.prepare("SELECT * FROM did_credential ORDER BY id").all()).results;
    const before = await rows();
    expect(before.some((r) => r.revoked_at !== null)).toBe(true);
    expect(before.some((r) => r.revoked_at === null)).toBe(true);
    await env.DB.prepare("DELETE FROM did_credential").run();
    await store.rebuild(env.DB);
    expect(await rows()).toEqual(before);
  });
});

describe("permissions", () => {
  it("the public documents need no sign-in; every other DID route and method needs its tag", async () => {
    expect((await open("/.well-known/did.json")).status).toBe(200);
    expect((await open("/credentials/status/1")).status).toBe(200);
    expect((await open("/credentials/status/2")).status).toBe(404);
    expect((await call("/did/verify", { body: { jwt: "x" } })).body.code).toBe(401);
    const viewer = await userWithPermissions(admin, ["bt:did:info"]);
    expect((await call("/did/document?kind=platform", { token: viewer.token })).body.code).toBe(0);
    expect((await call("/did/verify", { token: viewer.token, body: { jwt: "x" } })).body.code).toBe(403);
    expect((await call("/did/revoke", { token: viewer.token, body: { id: "x" } })).body.code).toBe(403);
    expect((await call("/did/issue", { token: viewer.token, body: {} })).body.code).toBe(403);
    expect((await gateway("user_QueryDIDAccredit", {}, viewer.token)).body.code).toBe(200);
    const refused = await gateway("did.checkAccreditVC", { authId: "x" }, viewer.token);
    expect([refused.status, refused.body.code]).toEqual([403, 403]);
    const nobody = await userWithPermissions(admin, ["sys:sysdict:list"]);
    expect((await gateway("user_QueryDIDDoc", { kind: "platform" }, nobody.token)).body.code).toBe(403);
    expect((await call("/did/credentials", { token: nobody.token })).body.code).toBe(403);
  });
});
