/**
 * One error family for the whole worker. Each carries the envelope code and a catalogue message; the
 * app's onError renders it in the request's language as `{ code, msg, errors? }` with HTTP 200.
 */
import { t, type Lang, type MessageKey, type Text } from "../events/i18n.ts";

/** Envelope codes. 400 and 401 send the web app back to sign-in (spec section 8), so validation uses 422. */
export const codes = {
  ok: 0,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  concurrency: 409,
  validation: 422,
  locked: 423,
  tooManyRequests: 429,
  internal: 500,
} as const;

export class DomainError extends Error {
  readonly code: number;
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  constructor(code: number, key: MessageKey, params: Record<string, string | number> = {}) {
    super(key);
    this.code = code;
    this.key = key;
    this.params = params;
  }
  render(lang: Lang): { msg: string; errors?: Record<string, string> } {
    return { msg: t(this.key, lang, this.params) };
  }
}

/** One broken rule: the field, its label and the catalogue message. */
export interface FieldProblem {
  field: string;
  label: Text;
  key: MessageKey;
  params?: Record<string, string | number>;
}

export class ValidationError extends DomainError {
  readonly problems: FieldProblem[];
  constructor(problems: FieldProblem[]) {
    super(codes.validation, problems[0]?.key ?? "formatError");
    this.problems = problems;
  }
  override render(lang: Lang) {
    const errors: Record<string, string> = {};
    for (const p of this.problems) errors[p.field] ??= t(p.key, lang, { name: p.label[lang], ...p.params });
    return { msg: Object.values(errors).join("；"), errors };
  }
}

export class ConcurrencyError extends DomainError {
  constructor(expected: number, actual: number) {
    super(codes.concurrency, "changedMeanwhile", { expected, actual });
  }
}

/** A clash on a unique index, named by the fields behind it (the projection that owns the table names them). */
export class DuplicateError extends DomainError {
  readonly fields: { key: string; label: Text }[];
  constructor(fields: { key: string; label: Text }[]) {
    super(codes.validation, "alreadyExists");
    this.fields = fields;
  }
  override render(lang: Lang) {
    const msg = t("alreadyExists", lang, { fields: this.fields.map((f) => f.label[lang]).join(lang === "zh-CN" ? "、" : ", ") });
    return { msg, errors: Object.fromEntries(this.fields.map((f) => [f.key, msg])) };
  }
}

/** Not an error: the command was already handled under the same Idempotency-Key; carries its first answer. */
export class IdempotentReplay extends Error {
  readonly response: unknown;
  constructor(response: unknown) {
    super("idempotent replay");
    this.response = response;
  }
}

export const notFound = (name: Text) => new NamedError(codes.notFound, "notFound", name);

/** An error whose message names a record family in the request's language. */
export class NamedError extends DomainError {
  readonly subject: Text;
  constructor(code: number, key: MessageKey, subject: Text) {
    super(code, key);
    this.subject = subject;
  }
  override render(lang: Lang) {
    return { msg: t(this.key, lang, { name: this.subject[lang] }) };
  }
}
